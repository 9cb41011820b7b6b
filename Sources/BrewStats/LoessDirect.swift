/// LOESS point by point: statsmodels' `_lowess` (0.15) transcribed loop for loop.
///
/// This is the reference the tie-compressed path (``LoessTies``) is tested against, and the path
/// ``loess(x:y:frac:iterations:delta:)`` takes when x has few ties. Each local fit walks its whole window of
/// k points, so a pass costs O(fitted points × k).
///
/// - Returns: the curve over the finite pairs sorted by (x, y); see ``loess(x:y:frac:iterations:delta:)``.
func loessDirect(x: [Double], y: [Double], frac: Double = 2.0 / 3.0, iterations: Int = 3,
                 delta: Double? = nil) -> LoessCurve {
    precondition(x.count == y.count, "loess: length mismatch")
    let (xs, ys) = loessSortedPairs(x, y)
    guard !xs.isEmpty else { return LoessCurve(x: [], y: []) }
    let d = delta ?? 0.01 * (xs[xs.count - 1] - xs[0])
    return LoessCurve(x: xs, y: loessDirectFits(xs, ys, frac: frac, iterations: iterations, delta: d))
}

/// The fitted values at the sorted points `xs`, `ys` (non-empty), statsmodels' loops verbatim.
func loessDirectFits(_ xs: [Double], _ ys: [Double], frac: Double, iterations: Int, delta d: Double) -> [Double] {
    let n = xs.count
    let k = loessWindowSize(frac: frac, count: n)
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
        for j in 0..<n { robust[j] = loessBisquare(res[j], median: med) }
    }
    return fit
}
