/// All-null columns of one length that share their storage: every float column made here holds the same zero-filled
/// values array, every `Int32` column another, every string column the same zero offsets, and all of them the same
/// all-clear validity words.
///
/// **Why.** A column's values must have one slot per brew even when every slot is null (kernels run over `values`
/// without branching, ``PrimitiveColumn``), so a column left out of an import (``BrewColumnSet``) or never given a
/// value would still cost 8 bytes a brew — 8 MB per column for a 1,000,000-brew journal. Arrays are copy-on-write and
/// the columns immutable, so sharing is invisible: each column reads as its own run of nulls. The shared buffers are
/// made at the first column that needs them and live as long as any column holding them.
///
/// The columns equal those a builder makes of `count` nulls: placeholder values (0), a bitmap with no bit set, null
/// count `count`, sorted (no valid value is out of order). For `count == 0` they are empty columns without a bitmap.
struct NullColumns {
    let count: Int
    private var zeros: [Double]?
    private var codeZeros: [Int32]?
    private var offsets: [UInt32]?
    private var validity: Bitmap?

    init(count: Int) { self.count = count }

    private mutating func bitmap() -> Bitmap? {
        guard count > 0 else { return nil }
        if validity == nil { validity = Bitmap(words: [UInt64](repeating: 0, count: (count + 63) >> 6), count: count) }
        return validity
    }

    /// A float column of `count` nulls.
    mutating func float() -> Float64Column {
        if zeros == nil { zeros = [Double](repeating: 0, count: count) }
        return PrimitiveColumn(allNull: zeros!, validity: bitmap())
    }

    /// An `Int32` column of `count` nulls (entity codes, days).
    mutating func codes() -> Int32Column {
        if codeZeros == nil { codeZeros = [Int32](repeating: 0, count: count) }
        return PrimitiveColumn(allNull: codeZeros!, validity: bitmap())
    }

    /// A string column of `count` nulls.
    mutating func string() -> StringColumn {
        if offsets == nil { offsets = [UInt32](repeating: 0, count: count + 1) }
        return StringColumn(bytes: [], offsets: offsets!, validity: bitmap())
    }
}

extension PrimitiveColumn {
    /// A column whose every slot is null: `values` are placeholders, `validity` has no bit set (`nil` only when
    /// `values` is empty). The null count and sorted flag are known, so nothing is scanned.
    init(allNull values: [Element], validity: Bitmap?) {
        precondition(validity.map { $0.count == values.count && $0.setCount == 0 } ?? values.isEmpty,
                     "PrimitiveColumn: not an all-null bitmap")
        self.values = values
        self.validity = validity
        self.nullCount = values.count
        self.isSorted = true
    }
}
