import Foundation

/// The posterior of one bag's curve on the grid: weights over `(s, k, σ)` cells, each with the normal posterior
/// of the peak rating `h` given the cell (conjugate, so `h` is integrated exactly).
///
/// `log w(s, k, σ) = log p(s) + log p(k, σ | earlier bags) + log p(ratings | s, k, σ)`, where the last term is
/// `log ∫ Πᵢ N(yᵢ + k(uᵢ − s)²; h, σ²)·N(h; h̄, τ_h²) dh` — the flat-prior integral times the predictive density of
/// the residuals' mean, `N(r̄; h̄, τ_h² + σ²/n)`. With no brews the weights are the prior.
struct DialInPosterior: Sendable {
    let grid: DialInGrid
    /// Normalised weights, index `(is · K + ik) · G + iσ`.
    let weights: [Double]
    /// Posterior mean and variance of `h` per cell.
    let peakMean: [Double]
    let peakVariance: [Double]
    /// `log p(ratings | peaked model)` and `log p(ratings | flat model)` (rating independent of grind).
    let logEvidence: Double
    let logEvidenceFlat: Double
    /// Marginal posterior of `s` per grid point.
    let sMarginal: [Double]

    init(grid: DialInGrid, prior: DialInPrior, bag m: RatingMoments) {
        self.grid = grid
        let S = grid.s.count, K = grid.k.count, G = grid.sigma.count
        let hv = prior.peakSD * prior.peakSD, hm = prior.peakMean
        var logw = [Double](repeating: 0, count: S * K * G)
        var pm = [Double](repeating: hm, count: S * K * G), pv = [Double](repeating: hv, count: S * K * G)
        for is_ in 0..<S {
            for ik in 0..<K {
                let r = m.n > 0 ? m.residuals(s: grid.s[is_], k: grid.k[ik]) : (sum: 0, ss: 0)
                for ig in 0..<G {
                    let c = (is_ * K + ik) * G + ig
                    var l = prior.logS[is_] + prior.logKS[ik * G + ig]
                    if m.n > 0 {
                        let v = grid.sigma[ig] * grid.sigma[ig]
                        l += Gauss.logFlatMean(n: m.n, ss: r.ss, sigma: grid.sigma[ig])
                            + Gauss.logDensity(r.sum / m.n, mean: hm, variance: hv + v / m.n)
                        let precision = m.n / v + 1 / hv
                        pv[c] = 1 / precision
                        pm[c] = (r.sum / v + hm / hv) / precision
                    }
                    logw[c] = l
                }
            }
        }
        let z = Gauss.logSumExp(logw)
        logEvidence = z
        weights = logw.map { exp($0 - z) }
        peakMean = pm; peakVariance = pv
        var marginal = [Double](repeating: 0, count: S)
        for c in weights.indices { marginal[c / (K * G)] += weights[c] }
        sMarginal = marginal
        // Flat model: the same h and σ priors, k = 0, s irrelevant.
        if m.n > 0 {
            let f = m.flat
            var terms = [Double](repeating: 0, count: G)
            for ig in 0..<G {
                var logSigma = -Double.infinity
                for ik in 0..<K { logSigma = Gauss.logSumExp([logSigma, prior.logKS[ik * G + ig]]) }
                let v = grid.sigma[ig] * grid.sigma[ig]
                terms[ig] = logSigma + Gauss.logFlatMean(n: m.n, ss: f.ss, sigma: grid.sigma[ig])
                    + Gauss.logDensity(f.sum / m.n, mean: hm, variance: hv + v / m.n)
            }
            logEvidenceFlat = Gauss.logSumExp(terms)
        } else {
            logEvidenceFlat = 0
        }
    }

    /// The `p`-quantile of the sweet spot, in model units: each grid point's mass spread evenly over its cell
    /// (half cells at the ends of the range), read off the cumulative distribution by linear interpolation.
    func quantile(_ p: Double) -> Double {
        let S = grid.s.count, h = grid.spacing / 2
        guard S > 1 else { return grid.s[0] }
        var acc = 0.0
        for i in 0..<S {
            let lo = max(0, grid.s[i] - h), hi = min(grid.span, grid.s[i] + h)
            let mass = sMarginal[i]
            if acc + mass >= p, mass > 0 {
                return lo + (hi - lo) * (p - acc) / mass
            }
            acc += mass
        }
        return grid.span
    }

    /// Cells holding all but a `tail` of the posterior mass, heaviest first (at most `limit`).
    func heavyCells(tail: Double = 1e-3, limit: Int = 4000) -> [Int] {
        let order = weights.indices.sorted { weights[$0] > weights[$1] }
        var out: [Int] = [], acc = 0.0
        for c in order {
            out.append(c); acc += weights[c]
            if acc >= 1 - tail || out.count >= limit { break }
        }
        return out
    }

    /// The posterior mean and standard deviation of the expected rating `h − k(u − s)²` at `u` (model units),
    /// over `cells` (renormalised).
    func expectedRating(at u: Double, cells: [Int]) -> (mean: Double, sd: Double) {
        let K = grid.k.count, G = grid.sigma.count
        var w = 0.0, m1 = 0.0, m2 = 0.0
        for c in cells {
            let d = u - grid.s[c / (K * G)]
            let mu = peakMean[c] - grid.k[(c / G) % K] * d * d
            w += weights[c]; m1 += weights[c] * mu; m2 += weights[c] * (peakVariance[c] + mu * mu)
        }
        let mean = m1 / w
        return (mean, max(0, m2 / w - mean * mean).squareRoot())
    }

    /// Expected improvement at `u` over the incumbent value `best` (Jones, Schonlau & Welch 1998): the posterior
    /// expectation of `max(0, f(u) − best)` for the mean rating `f(u) = h − k(u − s)²`, exact per cell (normal in
    /// `h`) and summed over `cells`.
    func expectedImprovement(at u: Double, over best: Double, cells: [Int]) -> Double {
        let K = grid.k.count, G = grid.sigma.count
        var ei = 0.0, w = 0.0
        for c in cells {
            let d = u - grid.s[c / (K * G)]
            let mu = peakMean[c] - grid.k[(c / G) % K] * d * d
            let sd = peakVariance[c].squareRoot()
            let z = (mu - best) / sd
            ei += weights[c] * ((mu - best) * Gauss.cdf(z) + sd * Gauss.pdf(z))
            w += weights[c]
        }
        return ei / w
    }
}
