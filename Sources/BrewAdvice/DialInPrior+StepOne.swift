import Foundation

extension DialInPrior {
    /// One earlier bag's step-1 terms (see the type): for each `τ_h` of ``peakSDs`` (outer), curvature `k` and
    /// noise `σ` of the grid (index `it · K·G + ik · G + iσ`),
    /// `log (1/C) Σ_s ∫ Πᵢ N(yᵢ + k(uᵢ − s)²; h, σ²)·N(h; h̄, τ_h²) dh` over the `C` points of the coarse grid of
    /// `s` (every other grid point when the grid has more than 60, else every one): the flat-prior integral
    /// ``Gauss/logFlatMean(n:ss:sigma:)`` plus ``Gauss/logDensity(_:mean:variance:)`` of the residuals' mean,
    /// `N(r̄; h̄, τ_h² + σ²/n)`, at each `s`.
    ///
    /// They depend on the bag's moments `m`, the mean peak `h̄` = `peakMean` and the grid alone; ``DialInTerms``
    /// keeps them. `m` must hold a brew (`n > 0`).
    static func stepOneTerms(grid: DialInGrid, moments m: RatingMoments, peakMean: Double) -> [Double] {
        let K = grid.k.count, S = grid.s.count, G = grid.sigma.count, TG = K * G
        let coarse = Swift.stride(from: 0, to: S, by: S > 60 ? 2 : 1).map { grid.s[$0] }
        let logCoarse = log(Double(coarse.count))
        var row = [Double](repeating: 0, count: coarse.count)
        // Hoisted out of the innermost loop (the same sums as term by term): the residuals depend on (s, k) only,
        // the normalising logs on (σ, τ_h) only.
        var sums = [Double](repeating: 0, count: coarse.count), sss = sums, flat = sums
        var terms = [Double](repeating: 0, count: peakSDs.count * TG)
        let halfLogN = 0.5 * log(m.n)
        for ik in 0..<K {
            for (is_, s) in coarse.enumerated() {
                let r = m.residuals(s: s, k: grid.k[ik])
                let d = r.sum / m.n - peakMean
                sums[is_] = d * d
                sss[is_] = r.ss
            }
            for ig in 0..<G {
                let v = grid.sigma[ig] * grid.sigma[ig]
                let flatConstant = -(m.n - 1) / 2 * (Gauss.logTwoPi + log(v)) - halfLogN
                for is_ in coarse.indices { flat[is_] = flatConstant - sss[is_] / (2 * v) }
                for (it, th) in peakSDs.enumerated() {
                    let variance = th * th + v / m.n
                    let c = -0.5 * (Gauss.logTwoPi + log(variance)), inv2 = 1 / (2 * variance)
                    // The row and its largest term in one pass (the largest as `Array.max()` finds it).
                    var top = flat[0] + c - sums[0] * inv2
                    row[0] = top
                    for is_ in 1..<coarse.count {
                        let term = flat[is_] + c - sums[is_] * inv2
                        row[is_] = term
                        if top < term { top = term }
                    }
                    terms[it * TG + ik * G + ig] = Gauss.logSumExp(row, largest: top) - logCoarse
                }
            }
        }
        return terms
    }
}
