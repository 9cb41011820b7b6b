import Foundation

extension DialInPosterior {
    /// `log w(s, k, σ)` of every cell before normalising (see the type), index `(is · K + ik) · G + iσ`.
    ///
    /// The terms that depend on σ alone are hoisted out of the (s, k) loops: the same expressions as
    /// ``Gauss/logFlatMean(n:ss:sigma:)`` and ``Gauss/logDensity(_:mean:variance:)`` evaluate, split where they
    /// subtract their data term last, so every weight is the same number as computed term by term.
    static func logWeights(grid: DialInGrid, prior: DialInPrior, bag m: RatingMoments, cues: [Double]?) -> [Double] {
        let S = grid.s.count, K = grid.k.count, G = grid.sigma.count
        let hv = prior.peakSD * prior.peakSD, hm = prior.peakMean
        var logw = [Double](repeating: 0, count: S * K * G)
        let n = m.n
        let variance = grid.sigma.map { $0 * $0 }
        let flatConstant = variance.map { v in -(n - 1) / 2 * (Gauss.logTwoPi + log(v)) - 0.5 * log(n) }
        let meanVariance = variance.map { v in hv + v / n }
        let meanConstant = meanVariance.map { -0.5 * (Gauss.logTwoPi + log($0)) }
        for is_ in 0..<S {
            for ik in 0..<K {
                let r = n > 0 ? m.residuals(s: grid.s[is_], k: grid.k[ik]) : (sum: 0, ss: 0)
                for ig in 0..<G {
                    var l = prior.logS[is_] + prior.logKS[ik * G + ig] + (cues?[is_] ?? 0)
                    if n > 0 {
                        let v = variance[ig]
                        let d = r.sum / n - hm
                        l += (flatConstant[ig] - r.ss / (2 * v)) + (meanConstant[ig] - d * d / (2 * meanVariance[ig]))
                    }
                    logw[(is_ * K + ik) * G + ig] = l
                }
            }
        }
        return logw
    }

    /// The heavy cells of the posterior, gathered — `gather(heavyCells(tail:limit:))` of
    /// `DialInPosterior(grid:prior:bag:cues:)`, the same numbers — without the rest of the posterior: the robust
    /// step (``DialInRobust``) reads only the expected rating at one setting, up to 64 times a fit.
    ///
    /// A cell's weight is computed only when it can reach the cut of ``heavyCells(tail:limit:)``
    /// (`tail / (2 · cells)`): a cell whose log-weight lies more than one below the cut's log weighs less than the cut
    /// and is left out either way; the peak rating's posterior only in the heavy cells. When the cells above the cut do
    /// not hold `1 − tail` (in floating point; then every cell is sorted), the whole posterior is computed.
    static func heavyCells(grid: DialInGrid, prior: DialInPrior, bag m: RatingMoments, cues: [Double]? = nil,
                           tail: Double = 1e-3, limit: Int = 4000) -> HeavyCells {
        let logw = logWeights(grid: grid, prior: prior, bag: m, cues: cues)
        let z = Gauss.logSumExp(logw)
        let cut = tail / (2 * Double(max(1, logw.count)))
        let below = z + log(cut) - 1
        var weights = [Double](repeating: 0, count: logw.count)
        var kept: [Int] = []
        for c in logw.indices where logw[c] > below {
            let w = exp(logw[c] - z)
            weights[c] = w
            if w >= cut { kept.append(c) }
        }
        guard let cells = heaviest(kept, weights: weights, tail: tail, limit: limit, all: false) else {
            let post = DialInPosterior(grid: grid, prior: prior, bag: m, cues: cues)
            return post.gather(post.heavyCells(tail: tail, limit: limit))
        }
        let K = grid.k.count, G = grid.sigma.count
        let hm = prior.peakMean, hv = prior.peakSD * prior.peakSD
        var peakMean = [Double](repeating: hm, count: cells.count),
            peakVariance = [Double](repeating: hv, count: cells.count)
        if m.n > 0 {
            let peak = PeakTerms(grid: grid, prior: prior, bag: m)
            for (i, c) in cells.enumerated() {
                let r = m.residuals(s: grid.s[c / (K * G)], k: grid.k[(c / G) % K])
                (peakMean[i], peakVariance[i]) = peak.posterior(sum: r.sum, sigma: c % G)
            }
        }
        return HeavyCells(weight: cells.map { weights[$0] }, peakMean: peakMean, peakVariance: peakVariance,
                          s: cells.map { grid.s[$0 / (K * G)] }, k: cells.map { grid.k[($0 / G) % K] })
    }
}

/// The conjugate normal posterior of the peak rating `h` in a cell: prior `N(h̄, τ_h²)`, `n` residuals with sum
/// `Σr` and noise `σ²`: precision `n/σ² + 1/τ_h²`, mean `(Σr/σ² + h̄/τ_h²) / precision`. `n > 0`.
struct PeakTerms {
    let hm: Double, hv: Double
    let variance: [Double]
    let precision: [Double]

    init(grid: DialInGrid, prior: DialInPrior, bag m: RatingMoments) {
        hv = prior.peakSD * prior.peakSD; hm = prior.peakMean
        variance = grid.sigma.map { $0 * $0 }
        let n = m.n, hv = hv
        precision = variance.map { v in n / v + 1 / hv }
    }

    /// The mean and variance of `h` at noise level `sigma` (an index into the grid's σ) for residuals summing to `sum`.
    @inline(__always)
    func posterior(sum: Double, sigma ig: Int) -> (mean: Double, variance: Double) {
        ((sum / variance[ig] + hm / hv) / precision[ig], 1 / precision[ig])
    }
}
