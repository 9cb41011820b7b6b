/// A LOESS (locally weighted scatterplot smoothing) curve: the fitted value at each input point, sorted by x.
public struct LoessCurve: Sendable, Equatable {
    /// The input x values, ascending (ties kept).
    public let x: [Double]
    /// The smoothed y at each x.
    public let y: [Double]
}

/// LOESS smoothing as Cleveland (1979) defines it and `statsmodels.nonparametric.lowess` (0.15) computes it.
///
/// Points are sorted by x (then y). For each point, the k = ⌊frac·n + 10⁻¹⁰⌋ nearest x (clamped to 2…n)
/// form a window that slides right while the point lies right of the window's midpoint; weights are the
/// tricube `(1 − (d/r)³)³` of the distance d over the window radius r, times the robustness weights; a
/// weighted linear fit is evaluated at the point. Fewer than two weights above 10⁻¹² (e.g. r = 0, all window
/// points tied) leave the point's own y. Points within `delta` of the last fitted x are linearly interpolated
/// instead of fitted, and points tied with it copy its value. After each pass, robustness weights are the
/// bisquare `(1 − u²)²` of u = |residual| ÷ (6·median|residual|), u capped at 1; when the median residual
/// is 0, points with a non-zero residual get weight 0 and the others 1. `iterations` robustifying passes
/// follow the first.
///
/// - Parameters:
///   - frac: the span, in (0, 1]; default 2/3.
///   - iterations: robustifying passes; default 3.
///   - delta: interpolation distance; `nil` means 0.01 × (max x − min x).
/// - Returns: the curve; empty when no pair is finite. Non-finite pairs are dropped first.
///
/// Edge cases: one point → its own y; all x tied → the first point (smallest y) keeps its own y and the
/// tied points copy it, as statsmodels does.
public func loess(x: [Double], y: [Double], frac: Double = 2.0 / 3.0, iterations: Int = 3,
                  delta: Double? = nil) -> LoessCurve {
    precondition(x.count == y.count, "loess: length mismatch")
    var pairs = [(Double, Double)]()
    for i in 0..<x.count where x[i].isFinite && y[i].isFinite { pairs.append((x[i], y[i])) }
    pairs.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
    let xs = pairs.map(\.0), ys = pairs.map(\.1)
    let n = xs.count
    guard n > 0 else { return LoessCurve(x: [], y: []) }
    let d = delta ?? 0.01 * (xs[n - 1] - xs[0])
    var k = Int(frac * Double(n) + 1e-10)
    k = min(max(k, 2), n)

    var fit = [Double](repeating: 0, count: n)
    var robust = [Double](repeating: 1, count: n)
    var weights = [Double](repeating: 0, count: n)
    for pass in 0...max(iterations, 0) {
        var i = 0, lastFit = -1, left = 0, right = k
        for j in 0..<n { fit[j] = 0 }
        while true {
            let xv = xs[i]
            // Slide the window [left, right) while xv lies right of its midpoint.
            while right < n && (xv > (xs[left] + xs[right]) / 2) { left += 1; right += 1 }
            let radius = max(xv - xs[left], xs[right - 1] - xv)
            // Tricube × robustness weights; 0/0 (radius 0) gives NaN, which counts as no weight.
            var nonzero = 0
            for j in left..<right {
                let u = abs(xs[j] - xv) / radius
                let t = 1 - u * u * u
                let w = t * t * t * robust[j]
                weights[j] = w
                if w > 1e-12 { nonzero += 1 }
            }
            if nonzero < 2 {
                fit[i] = ys[i]
            } else {
                let total = weights[left..<right].withUnsafeBufferPointer { pairwiseSum($0) }
                for j in left..<right { weights[j] /= total }
                var mean = 0.0
                for j in left..<right { mean += weights[j] * xs[j] }
                var sq = 0.0
                for j in left..<right { let e = xs[j] - mean; sq += weights[j] * e * e }
                sq = max(sq, 1e-12)
                var v = 0.0
                for j in left..<right {
                    v += weights[j] * (1 + (xv - mean) * (xs[j] - mean) / sq) * ys[j]
                }
                fit[i] = v
            }
            // Interpolate points skipped by delta.
            if lastFit < i - 1 {
                let denom = xs[i] - xs[lastFit]
                for j in (lastFit + 1)..<i {
                    let a = (xs[j] - xs[lastFit]) / denom
                    fit[j] = a * fit[i] + (1 - a) * fit[lastFit]
                }
            }
            // Next point to fit: copy ties, skip points within delta.
            lastFit = i
            var kk = lastFit
            let cut = xs[lastFit] + d
            var probe = lastFit + 1
            while probe < n {
                kk = probe
                if xs[probe] > cut { break }
                if xs[probe] == xs[lastFit] { fit[probe] = fit[lastFit]; lastFit = probe }
                probe += 1
            }
            i = max(kk - 1, lastFit + 1)
            if lastFit >= n - 1 { break }
        }
        if pass == max(iterations, 0) { break }
        // Robustness weights from the residuals.
        var res = [Double](repeating: 0, count: n)
        for j in 0..<n { res[j] = abs(ys[j] - fit[j]) }
        let med = median(res) ?? 0
        for j in 0..<n {
            var u: Double
            if med == 0 { u = res[j] > 0 ? 1 : 0 } else { u = res[j] / (6 * med) }
            if u > 1 { u = 1 }
            let t = 1 - u * u
            robust[j] = t * t
        }
    }
    return LoessCurve(x: xs, y: fit)
}
