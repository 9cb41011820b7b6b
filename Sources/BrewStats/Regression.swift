/// An ordinary-least-squares line `y = intercept + slope·x`.
public struct LinearFit: Sendable, Equatable {
    /// The number of points fitted.
    public let n: Int
    public let slope: Double
    public let intercept: Double
    /// The coefficient of determination r² (0 when y is constant, as `scipy.stats.linregress` reports).
    public let rSquared: Double
    /// The standard error of the slope, `√((1 − r²)·Syy ÷ Sxx ÷ (n − 2))`; `nil` when n ≤ 2.
    public let slopeStandardError: Double?

    /// The line's value at `x`.
    public func callAsFunction(_ x: Double) -> Double { intercept + slope * x }
}

/// A least-squares parabola `y = a + b·x + c·x²`.
public struct QuadraticFit: Sendable, Equatable {
    public let n: Int
    public let a: Double
    public let b: Double
    public let c: Double
    /// The vertex `−b ÷ 2c`, computed in centred coordinates for accuracy.
    public let vertex: Double

    public func callAsFunction(_ x: Double) -> Double { a + b * x + c * x * x }
}

/// Correlation and regression of paired samples.
///
/// All functions take equally long arrays of finite values (the caller drops missing pairs) and return `nil`
/// where the statistic is undefined, never NaN. "Constant" means every value equal to the first, tested
/// exactly, so a column of identical settings never produces a rounding-noise correlation.
public enum Regression {
    /// Centred sums: means and Σ(x−x̄)², Σ(y−ȳ)², Σ(x−x̄)(y−ȳ), each summed pairwise.
    static func moments(_ x: [Double], _ y: [Double]) -> (
        mx: Double, my: Double, sxx: Double, syy: Double, sxy: Double
    ) {
        let n = Double(x.count)
        let mx = pairwiseSum(x) / n, my = pairwiseSum(y) / n
        var dxx = [Double](repeating: 0, count: x.count), dyy = dxx, dxy = dxx
        for i in 0..<x.count {
            let dx = x[i] - mx, dy = y[i] - my
            dxx[i] = dx * dx; dyy[i] = dy * dy; dxy[i] = dx * dy
        }
        return (mx, my, pairwiseSum(dxx), pairwiseSum(dyy), pairwiseSum(dxy))
    }

    static func isConstant(_ v: [Double]) -> Bool { v.allSatisfy { $0 == v[0] } }

    /// Pearson's r = Sxy ÷ √(Sxx·Syy), clamped to [−1, 1].
    ///
    /// Edge cases: `nil` when n < 2 or either sample is constant. Agrees with `scipy.stats.pearsonr`.
    public static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
        precondition(x.count == y.count, "pearson: length mismatch")
        guard x.count >= 2, !isConstant(x), !isConstant(y) else { return nil }
        let m = moments(x, y)
        let r = m.sxy / (m.sxx * m.syy).squareRoot()
        return min(1, max(-1, r))
    }

    /// Spearman's ρ: Pearson's r of the average ranks (tied values share the mean of their ranks).
    ///
    /// Edge cases: `nil` when n < 2 or either sample is constant. Agrees with `scipy.stats.spearmanr`.
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
        precondition(x.count == y.count, "spearman: length mismatch")
        guard x.count >= 2, !isConstant(x), !isConstant(y) else { return nil }
        return pearson(averageRanks(x), averageRanks(y))
    }

    /// Ranks 1…n in ascending order; a run of t tied values all get the mean of the t ranks they span
    /// (`scipy.stats.rankdata(method="average")`).
    public static func averageRanks(_ v: [Double]) -> [Double] {
        var pairs = [(value: Double, index: Int)]()
        pairs.reserveCapacity(v.count)
        for (i, x) in v.enumerated() { pairs.append((x, i)) }
        pairs.sort { $0.value < $1.value }
        var ranks = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < pairs.count {
            var j = i
            while j + 1 < pairs.count, pairs[j + 1].value == pairs[i].value { j += 1 }
            let r = Double(i + j) / 2 + 1
            for k in i...j { ranks[pairs[k].index] = r }
            i = j + 1
        }
        return ranks
    }

    /// Ordinary least squares of y on x: slope = Sxy ÷ Sxx, intercept = ȳ − slope·x̄.
    ///
    /// Edge cases: `nil` when n < 2 or x is constant; r² = 0 when y is constant; the slope's standard error
    /// is `nil` when n ≤ 2. Agrees with `scipy.stats.linregress` (`slope`, `intercept`, `rvalue²`, `stderr`).
    public static func ols(_ x: [Double], _ y: [Double]) -> LinearFit? {
        precondition(x.count == y.count, "ols: length mismatch")
        guard x.count >= 2, !isConstant(x) else { return nil }
        let m = moments(x, y)
        let slope = m.sxy / m.sxx
        var r = isConstant(y) ? 0 : m.sxy / (m.sxx * m.syy).squareRoot()
        r = min(1, max(-1, r))
        let n = x.count
        let se: Double? = n > 2 ? ((1 - r * r) * m.syy / m.sxx / Double(n - 2)).squareRoot() : nil
        return LinearFit(n: n, slope: slope, intercept: m.my - slope * m.mx, rSquared: r * r, slopeStandardError: se)
    }

    /// The Theil–Sen slope: the median of the slopes `(yⱼ − yᵢ) ÷ (xⱼ − xᵢ)` over pairs with xⱼ > xᵢ, and the
    /// intercept median(y) − slope·median(x).
    ///
    /// Edge cases: `nil` when no pair has distinct x (n < 2 or x constant). O(n²) pairs: meant for short
    /// series (weekly trends). Agrees with `scipy.stats.theilslopes` (`method="separate"`).
    public static func theilSen(_ x: [Double], _ y: [Double]) -> (slope: Double, intercept: Double)? {
        precondition(x.count == y.count, "theilSen: length mismatch")
        var slopes = [Double]()
        for i in 0..<x.count {
            for j in 0..<x.count where x[j] > x[i] {
                slopes.append((y[j] - y[i]) / (x[j] - x[i]))
            }
        }
        guard let s = median(slopes), let mx = median(x), let my = median(y) else { return nil }
        return (s, my - s * mx)
    }

    /// Least-squares parabola y = a + b·x + c·x².
    ///
    /// Solved in centred, scaled coordinates u = (x − x̄) ÷ s (normal equations with partial pivoting, well
    /// conditioned there), then mapped back. Edge cases: `nil` when n < 3 or fewer than 3 distinct x.
    /// Agrees with `numpy.polyfit(x, y, 2)`.
    public static func quadratic(_ x: [Double], _ y: [Double]) -> QuadraticFit? {
        precondition(x.count == y.count, "quadratic: length mismatch")
        guard x.count >= 3, distinctCount(x, atLeast: 3) else { return nil }
        var lo = x[0], hi = x[0]
        for v in x { lo = min(lo, v); hi = max(hi, v) }
        var scratch = [Double](repeating: 0, count: 6 * x.count)
        return x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                scratch.withUnsafeMutableBufferPointer { s in
                    quadratic(xs, ys, mean: pairwiseSum(xs) / Double(xs.count), low: lo, high: hi, scratch: s)
                }
            }
        }
    }

    /// ``quadratic(_:_:)`` on buffers whose checks (n ≥ 3, ≥ 3 distinct x), mean (pairwise) and extremes
    /// the caller has done; `scratch` holds at least 6n slots.
    static func quadratic(_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, mean mx: Double,
                          low lo: Double, high hi: Double,
                          scratch: UnsafeMutableBufferPointer<Double>) -> QuadraticFit? {
        let count = x.count
        precondition(scratch.count >= 6 * count, "quadratic: scratch too small")
        let n = Double(count)
        let s = max(hi - mx, mx - lo)
        // Normal equations M·β = v for the columns 1, u, u²: the sums of u, u², u³, u⁴, u·y, u²·y.
        for i in 0..<count {
            let u = (x[i] - mx) / s, u2 = u * u
            scratch[i] = u; scratch[count + i] = u2; scratch[2 * count + i] = u2 * u
            scratch[3 * count + i] = u2 * u2; scratch[4 * count + i] = u * y[i]; scratch[5 * count + i] = u2 * y[i]
        }
        func sum(_ k: Int) -> Double {
            pairwiseSum(UnsafeBufferPointer(rebasing: scratch[(k * count)..<((k + 1) * count)]))
        }
        let s1 = sum(0), s2 = sum(1), s3 = sum(2), s4 = sum(3)
        var m: [[Double]] = [[n, s1, s2, pairwiseSum(y)],
                             [s1, s2, s3, sum(4)],
                             [s2, s3, s4, sum(5)]]
        guard let beta = solve3(&m) else { return nil }
        let (alpha, b1, g) = (beta[0], beta[1], beta[2])
        // y = α + β·u + γ·u², u = (x − m)/s.
        let c = g / (s * s)
        let b = b1 / s - 2 * g * mx / (s * s)
        let a = alpha - b1 * mx / s + g * mx * mx / (s * s)
        let vertex = g != 0 ? mx + s * (-b1 / (2 * g)) : .nan
        return QuadraticFit(n: count, a: a, b: b, c: c, vertex: vertex)
    }

    /// Whether `v` holds at least `k` distinct values (stops scanning once it has seen them).
    static func distinctCount(_ v: [Double], atLeast k: Int) -> Bool {
        var seen = [Double]()
        for x in v where !seen.contains(x) {
            seen.append(x)
            if seen.count >= k { return true }
        }
        return false
    }

    /// Gaussian elimination with partial pivoting on a 3×4 augmented matrix; `nil` when singular.
    static func solve3(_ m: inout [[Double]]) -> [Double]? {
        for col in 0..<3 {
            var p = col
            for r in col + 1..<3 where abs(m[r][col]) > abs(m[p][col]) { p = r }
            guard m[p][col] != 0 else { return nil }
            m.swapAt(col, p)
            for r in col + 1..<3 {
                let f = m[r][col] / m[col][col]
                for k in col..<4 { m[r][k] -= f * m[col][k] }
            }
        }
        var out = [0.0, 0.0, 0.0]
        for r in stride(from: 2, through: 0, by: -1) {
            var acc = m[r][3]
            for k in r + 1..<3 { acc -= m[r][k] * out[k] }
            out[r] = acc / m[r][r]
        }
        return out
    }
}
