import BrewColumns

/// Row kernels the report layer asks instead of walking rows itself: each reads one column, over every row or over
/// a ``Selection``, and returns values, a flag or a range — never a row loop left to the caller.
///
/// Definitions follow pandas on a nullable column: a *valid* slot is a non-null one; a *present* value of a
/// ``Float64Column`` is a valid slot that is not NaN (pandas `notna`). An empty column or selection gives `false`,
/// `nil` or an empty array.
extension Kernel {
    /// The values of `column` at `rows`, in selection order, whatever their validity (Arrow's `take`; pandas
    /// `s.to_numpy()[rows]`): for a selection whose rows are known valid, such as
    /// ``BrewAnalysis/controlChartRows(espresso:in:)``, so the arrays of several columns stay aligned row for row.
    public static func take<E>(_ column: PrimitiveColumn<E>, _ rows: Selection) -> [E] {
        column.values.withUnsafeBufferPointer { v in
            // SAFETY: a selection's indices are rows of the column's table, below `v.count`.
            rows.indices.map { v[Int($0)] }
        }
    }

    /// The codes of `column` at `rows`, in selection order, `-1` for a null code (a chart's "no group").
    public static func takeCodes(_ column: DictionaryColumn, _ rows: Selection) -> [Int32] {
        rows.indices.map { column.code(Int($0)) ?? -1 }
    }

    /// Whether `column` holds a present value: a valid slot that is not NaN (pandas `s.notna().any()`).
    public static func anyPresent(_ column: Float64Column) -> Bool {
        for i in 0..<column.count where column.isValid(i) && !column.values[i].isNaN { return true }
        return false
    }

    /// Whether any slot of `column` is valid (pandas `s.notna().any()` for a column that holds no NaN, such as
    /// ``DerivedColumns/extractionYield``, whose valid slots are plausible yields).
    public static func anyValid<E>(_ column: PrimitiveColumn<E>) -> Bool {
        !column.isAllNull
    }

    /// The smallest and largest valid value of `column` among `rows` (every row when `nil`); `nil` when none is
    /// valid (pandas `s.min()`, `s.max()`, nulls skipped).
    public static func validRange<E>(_ column: PrimitiveColumn<E>, _ rows: Selection? = nil) -> ClosedRange<E>? {
        var lo: E?, hi: E?
        func visit(_ i: Int) {
            guard column.isValid(i) else { return }
            let v = column.values[i]
            if lo.map({ v < $0 }) ?? true { lo = v }
            if hi.map({ v > $0 }) ?? true { hi = v }
        }
        if let rows { for i in rows.indices { visit(Int(i)) } } else { for i in 0..<column.count { visit(i) } }
        guard let lo, let hi else { return nil }
        return lo...hi
    }

    /// The distinct valid values of `column`, ascending (pandas `sorted(s.dropna().unique())`).
    public static func distinctValues<E: Hashable>(_ column: PrimitiveColumn<E>) -> [E] {
        var seen = Set<E>()
        for i in 0..<column.count where column.isValid(i) { seen.insert(column.values[i]) }
        return seen.sorted()
    }

    /// The codes `column` uses (nulls skipped), ascending, each once: which entries of its dictionary the rows name.
    public static func distinctCodes(_ column: DictionaryColumn) -> [Int32] {
        distinctValues(column.codes)
    }
}
