import BrewColumns

/// Rows split into groups by an integer code, stored flat: the rows of group `g` are
/// `rows[offsets[g] ..< offsets[g+1]]`, in increasing row order.
///
/// Built by one counting sort over the codes (two passes, no per-row dictionaries): the way to group by a
/// ``DictionaryColumn`` (its codes), a time bucket (week indices minus the first week) or a combination of
/// codes (`a × countB + b`). Rows with a null or negative code, or outside the selection, are in no group.
public struct GroupIndex: Sendable {
    /// The number of groups; groups may be empty.
    public let groupCount: Int
    /// `groupCount + 1` offsets into ``rows``.
    public let offsets: [Int]
    /// Row indices ordered by group, then by row.
    public let rows: [Int32]

    /// Groups the rows of `selection` (every row when `nil`) by `codes`, which must be below `groupCount`.
    ///
    /// - Precondition: every valid code is `< groupCount`.
    public init(codes: [Int32], validity: Bitmap?, groupCount: Int, selection: Selection? = nil) {
        self.groupCount = groupCount
        var counts = [Int](repeating: 0, count: groupCount + 1)
        func code(_ i: Int) -> Int {
            if let v = validity, !v.isSet(i) { return -1 }
            return Int(codes[i])
        }
        if let selection {
            for r in selection.indices { let c = code(Int(r)); if c >= 0 { counts[c + 1] += 1 } }
        } else {
            for i in 0..<codes.count { let c = code(i); if c >= 0 { counts[c + 1] += 1 } }
        }
        for g in 0..<groupCount { counts[g + 1] += counts[g] }
        var cursor = counts
        var rows = [Int32](repeating: 0, count: counts[groupCount])
        if let selection {
            for r in selection.indices {
                let c = code(Int(r))
                if c >= 0 { rows[cursor[c]] = r; cursor[c] += 1 }
            }
        } else {
            for i in 0..<codes.count {
                let c = code(i)
                if c >= 0 { rows[cursor[c]] = Int32(i); cursor[c] += 1 }
            }
        }
        self.offsets = counts
        self.rows = rows
    }

    /// Groups by a dictionary column's codes; `groupCount` defaults to the dictionary's size.
    public init(_ column: DictionaryColumn, groupCount: Int? = nil, selection: Selection? = nil) {
        self.init(codes: column.codes.values, validity: column.codes.validity,
                  groupCount: groupCount ?? column.dictionary.count, selection: selection)
    }

    /// Groups by an `Int32Column` of codes.
    public init(_ column: Int32Column, groupCount: Int, selection: Selection? = nil) {
        self.init(codes: column.values, validity: column.validity, groupCount: groupCount, selection: selection)
    }

    /// The number of rows in group `g`.
    public func count(of g: Int) -> Int { offsets[g + 1] - offsets[g] }

    /// The rows of group `g`, as a selection.
    public func selection(of g: Int) -> Selection { Selection(Array(rows[offsets[g]..<offsets[g + 1]])) }

    /// The rows of group `g`, without copying.
    public func rows(of g: Int) -> ArraySlice<Int32> { rows[offsets[g]..<offsets[g + 1]] }

    /// Summaries of `column` in every group (see ``ColumnSummary``; the variance only when `withVariance`),
    /// computed across cores when large.
    ///
    /// Each group's valid, non-NaN values are gathered into a scratch buffer (sorted only when quantiles are
    /// asked for) and reduced with ``ColumnSummary/init(values:quantiles:)``.
    public func summarize(_ column: Float64Column, quantiles ps: [Double] = [],
                          withVariance: Bool = false) -> [ColumnSummary] {
        let rows = self.rows, offsets = self.offsets
        return parallelMap(groupCount, work: rows.count) { g in
            var scratch = [Double]()
            scratch.reserveCapacity(offsets[g + 1] - offsets[g])
            gather(column, rows[offsets[g]..<offsets[g + 1]], into: &scratch)
            return ColumnSummary(values: &scratch, quantiles: ps, withVariance: withVariance)
        }
    }
}

/// Appends the valid, non-NaN values of `column` at `rows` to `out`.
func gather<C: Collection>(_ column: Float64Column, _ rows: C, into out: inout [Double]) where C.Element == Int32 {
    let values = column.values
    if let bits = column.validity {
        for r in rows {
            let i = Int(r)
            if bits.isSet(i) { let v = values[i]; if !v.isNaN { out.append(v) } }
        }
    } else {
        for r in rows { let v = values[Int(r)]; if !v.isNaN { out.append(v) } }
    }
}
