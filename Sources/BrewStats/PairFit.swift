/// Every statistic of one grind-versus-rating group, computed together over contiguous buffers.
///
/// The results are those of ``Regression/pearson(_:_:)``, ``Regression/spearman(_:_:)``,
/// ``Regression/ols(_:_:)`` and ``Regression/quadratic(_:_:)`` on the same points, bit for bit (the same
/// centred sums, pairwise summation order and rank arithmetic), but the shared work is done once: the means
/// and centred sums serve Pearson and OLS, the ranks come from counting distinct values rather than sorting
/// (grind settings and ratings take few distinct values), and every intermediate lives in one reusable scratch
/// buffer instead of fresh arrays per statistic.
struct PairFit {
    var pearson: Double?
    var spearman: Double?
    var line: LinearFit?
    var quadratic: QuadraticFit?
    /// Smallest and largest x (`nil` when there are no points).
    var xRange: ClosedRange<Double>?

    /// Fits `x` and `y` (equally long, finite), using `scratch` (grown as needed) for intermediates.
    init(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, scratch: inout [Double]) {
        precondition(x.count == y.count, "PairFit: length mismatch")
        let n = x.count
        guard n > 0 else { return }
        var xlo = x[0], xhi = x[0], ylo = y[0], yhi = y[0]
        for i in 0..<n {
            let a = x[i], b = y[i]
            if a < xlo { xlo = a }; if a > xhi { xhi = a }
            if b < ylo { ylo = b }; if b > yhi { yhi = b }
        }
        xRange = xlo...xhi
        // "Constant" = every value equal to the first; for NaN-free values that is min == max.
        let xConstant = xlo == xhi, yConstant = ylo == yhi
        guard n >= 2, !xConstant else { return }
        if scratch.count < 7 * n { scratch = [Double](repeating: 0, count: 7 * n) }
        scratch.withUnsafeMutableBufferPointer { s in
            // SAFETY: `s` holds at least 7n slots; the slices below are disjoint n-slot windows of it.
            let m = Self.moments(x, y, s)
            let slope = m.sxy / m.sxx
            var r = yConstant ? 0 : m.sxy / (m.sxx * m.syy).squareRoot()
            r = min(1, max(-1, r))
            let se: Double? = n > 2 ? ((1 - r * r) * m.syy / m.sxx / Double(n - 2)).squareRoot() : nil
            line = LinearFit(n: n, slope: slope, intercept: m.my - slope * m.mx, rSquared: r * r,
                             slopeStandardError: se)
            var distinctX = 0
            if !yConstant {
                pearson = r
                let rx = UnsafeMutableBufferPointer(rebasing: s[(3 * n)..<(4 * n)])
                let ry = UnsafeMutableBufferPointer(rebasing: s[(4 * n)..<(5 * n)])
                distinctX = averageRanks(x, into: rx)
                _ = averageRanks(y, into: ry)
                let q = Self.moments(UnsafeBufferPointer(rx), UnsafeBufferPointer(ry), s)
                spearman = min(1, max(-1, q.sxy / (q.sxx * q.syy).squareRoot()))
            } else {
                distinctX = Regression.distinctCount(Array(x), atLeast: 3) ? 3 : 2
            }
            if n >= 3 && distinctX >= 3 {
                quadratic = Regression.quadratic(x, y, mean: m.mx, low: xlo, high: xhi, scratch: s)
            }
        }
    }

    /// Means and centred sums Σ(x−x̄)², Σ(y−ȳ)², Σ(x−x̄)(y−ȳ), each summed pairwise, using the first 3n slots
    /// of `s` — ``Regression`` `moments` on buffers.
    static func moments(_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>,
                        _ s: UnsafeMutableBufferPointer<Double>)
        -> (mx: Double, my: Double, sxx: Double, syy: Double, sxy: Double) {
        let n = x.count
        let mx = pairwiseSum(x) / Double(n), my = pairwiseSum(y) / Double(n)
        for i in 0..<n {
            let dx = x[i] - mx, dy = y[i] - my
            s[i] = dx * dx; s[n + i] = dy * dy; s[2 * n + i] = dx * dy
        }
        func sum(_ k: Int) -> Double { pairwiseSum(UnsafeBufferPointer(rebasing: s[(k * n)..<((k + 1) * n)])) }
        return (mx, my, sum(0), sum(1), sum(2))
    }
}

/// Average ranks (1…n; ties share the mean of the ranks they span) of `v` into `out`; returns the number of
/// distinct values. The same ranks as ``Regression/averageRanks(_:)``.
///
/// Values are counted in a small open-addressing table keyed by their bit pattern (−0 folded into +0, since
/// they compare equal); the distinct values are sorted, and each gets rank `start + (count + 1) ÷ 2` where
/// `start` counts the smaller values — exactly `(i + j) ÷ 2 + 1` for the run `i…j` of a sort. With more than
/// 1,024 distinct values it falls back to sorting.
func averageRanks(_ v: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>) -> Int {
    let n = v.count
    let capacity = 4096, mask = capacity - 1, limit = 1024
    var keys = [UInt64](repeating: 0, count: capacity)
    var used = [Int32](repeating: -1, count: capacity)   // slot → distinct index
    var distinct = [Double](), counts = [Int]()
    var overflow = false
    keys.withUnsafeMutableBufferPointer { k in
        used.withUnsafeMutableBufferPointer { u in
            // SAFETY: slots are `hash & mask` < capacity = k.count = u.count; `out` has n slots like `v`.
            // Each element's distinct index is parked in `out` as a Double (exact below 2^53) until ranked.
            for i in 0..<n {
                let x = v[i] == 0 ? 0.0 : v[i]
                let bits = x.bitPattern
                var h = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 52) & mask
                while true {
                    let d = u[h]
                    if d < 0 {
                        if distinct.count == limit { overflow = true; return }
                        u[h] = Int32(distinct.count); k[h] = bits
                        out[i] = Double(distinct.count)
                        distinct.append(x); counts.append(1)
                        break
                    }
                    if k[h] == bits { out[i] = Double(d); counts[Int(d)] += 1; break }
                    h = (h + 1) & mask
                }
            }
        }
    }
    if overflow {
        let ranks = Regression.averageRanks(Array(v))
        for i in 0..<n { out[i] = ranks[i] }
        return Set(ranks).count   // equal values share a rank, distinct values get distinct ranks
    }
    let order = distinct.indices.sorted { distinct[$0] < distinct[$1] }
    var rank = [Double](repeating: 0, count: distinct.count)
    var start = 0
    for d in order {
        let c = counts[d]
        rank[d] = Double(start + start + c - 1) / 2 + 1
        start += c
    }
    for i in 0..<n { out[i] = rank[Int(out[i])] }
    return distinct.count
}
