import BrewColumns

/// One group code per row (`-1`: the row is in no group) with the groups' row counts: the input of the
/// one-pass grouped reductions the summaries use.
///
/// Where ``GroupIndex`` lists each group's rows (a counting sort of row numbers), `GroupCodes` scatters a
/// column's values straight into one flat buffer, group after group and in row order within a group
/// (``summarize(_:quantiles:)``): one sequential read of the column, no row list and no per-group
/// allocation. Group `g` owns the slots `offsets[g] ..< offsets[g + 1]` of that buffer, as many as it has rows.
struct GroupCodes: Sendable {
    /// Per-row group, `-1` for none; every other code is `< groupCount`.
    let codes: [Int32]
    let groupCount: Int
    /// `groupCount + 1` prefix sums of the groups' row counts.
    let offsets: [Int]

    /// Groups by `codes` (negative: no group).
    ///
    /// - Precondition: every code is `< groupCount`.
    init(codes: [Int32], groupCount: Int) {
        var counts = [Int](repeating: 0, count: groupCount + 1)
        codes.withUnsafeBufferPointer { c in
            counts.withUnsafeMutableBufferPointer { k in
                // SAFETY: `c` and `k` are the arrays' own buffers, alive for the closure; `g + 1 ≤ groupCount`
                // by the precondition, and `k` has `groupCount + 1` slots.
                for g in c where g >= 0 {
                    precondition(Int(g) < groupCount, "GroupCodes: code out of range")
                    k[Int(g) + 1] += 1
                }
            }
        }
        for g in 0..<groupCount { counts[g + 1] += counts[g] }
        self.codes = codes
        self.groupCount = groupCount
        self.offsets = counts
    }

    /// Groups by a dictionary column's codes (null codes: no group), one group per dictionary entry.
    init(_ column: DictionaryColumn) {
        var codes = column.codes.values
        if let bits = column.codes.validity {
            codes.withUnsafeMutableBufferPointer { c in
                bits.words.withUnsafeBufferPointer { w in
                    // SAFETY: the bitmap has `(count + 63) / 64` words for `count == c.count` slots.
                    for i in 0..<c.count where (w[i >> 6] >> UInt64(i & 63)) & 1 == 0 { c[i] = -1 }
                }
            }
        }
        self.init(codes: codes, groupCount: column.dictionary.count)
    }

    /// The number of rows in group `g`.
    func count(of g: Int) -> Int { offsets[g + 1] - offsets[g] }

    /// The present (valid, non-NaN) values of `column`, grouped: `values[offsets[g] ..< offsets[g] + filled[g]]`
    /// holds group `g`'s values in row order; the rest of its slots are unused.
    func scatter(_ column: Float64Column) -> (values: [Double], filled: [Int]) {
        let n = codes.count
        precondition(column.count == n, "GroupCodes: column length mismatch")
        var out = [Double](repeating: 0, count: offsets[groupCount])
        var cursor = Array(offsets.dropLast())
        codes.withUnsafeBufferPointer { c in
            column.values.withUnsafeBufferPointer { v in
                out.withUnsafeMutableBufferPointer { o in
                    cursor.withUnsafeMutableBufferPointer { cur in
                        // SAFETY: every row of group g writes once, at cursor[g], which advances at most once per
                        // row of g: it stays below offsets[g + 1] ≤ o.count. Rows are read below n = c.count =
                        // v.count, and the bitmap has a word for every 64 rows.
                        if let bits = column.validity {
                            bits.words.withUnsafeBufferPointer { w in
                                for i in 0..<n {
                                    let g = Int(c[i])
                                    if g < 0 { continue }
                                    let x = v[i]
                                    let keep = (w[i >> 6] >> UInt64(i & 63)) & 1 == 1 && !x.isNaN
                                    o[cur[g]] = x
                                    cur[g] &+= keep ? 1 : 0
                                }
                            }
                        } else {
                            for i in 0..<n {
                                let g = Int(c[i])
                                if g < 0 { continue }
                                let x = v[i]
                                o[cur[g]] = x
                                cur[g] &+= x.isNaN ? 0 : 1
                            }
                        }
                    }
                }
            }
        }
        let filled = (0..<groupCount).map { cursor[$0] - offsets[$0] }
        return (out, filled)
    }

    /// Summaries of `column` in every group (``ColumnSummary``, without the variance), from one scatter;
    /// the same results as ``GroupIndex/summarize(_:quantiles:withVariance:)`` on the same groups.
    func summarize(_ column: Float64Column, quantiles ps: [Double] = []) -> [ColumnSummary] {
        var (values, filled) = scatter(column)
        return values.withUnsafeMutableBufferPointer { all in
            (0..<groupCount).map { g in
                // SAFETY: offsets[g] + filled[g] ≤ offsets[g + 1] ≤ all.count (see `scatter`).
                let slice = UnsafeMutableBufferPointer(rebasing: all[offsets[g]..<(offsets[g] + filled[g])])
                return ColumnSummary(buffer: slice, quantiles: ps)
            }
        }
    }

    /// Earliest and latest valid value of `column` per group (`nil` where the group has none).
    func range(_ column: Int64Column) -> [(first: Int64, last: Int64)?] {
        var lo = [Int64](repeating: .max, count: groupCount), hi = [Int64](repeating: .min, count: groupCount)
        codes.withUnsafeBufferPointer { c in
            column.values.withUnsafeBufferPointer { v in
                for i in 0..<c.count where c[i] >= 0 && column.isValid(i) {
                    let g = Int(c[i]), t = v[i]
                    if t < lo[g] { lo[g] = t }
                    if t > hi[g] { hi[g] = t }
                }
            }
        }
        return (0..<groupCount).map { lo[$0] <= hi[$0] ? (lo[$0], hi[$0]) : nil }
    }

    /// The number of distinct valid codes of `column` (a dictionary column with `codeCount` entries) per group.
    func distinctCount(_ column: Int32Column, codeCount: Int) -> [Int] {
        var out = [Int](repeating: 0, count: groupCount)
        guard codeCount > 0 else { return out }
        // One bit per (group, code) pair seen.
        var seen = [UInt64](repeating: 0, count: (groupCount * codeCount + 63) >> 6)
        codes.withUnsafeBufferPointer { c in
            column.values.withUnsafeBufferPointer { v in
                for i in 0..<c.count where c[i] >= 0 && column.isValid(i) {
                    let g = Int(c[i])
                    let bit = g * codeCount + Int(v[i])
                    let mask: UInt64 = 1 << UInt64(bit & 63)
                    if seen[bit >> 6] & mask == 0 { seen[bit >> 6] |= mask; out[g] += 1 }
                }
            }
        }
        return out
    }
}
