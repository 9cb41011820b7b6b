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

    /// - Parameter cues: The log-likelihood of the bag's grind cues at every grid point of `s` (``DialInCues``), or
    ///   `nil`: added to every cell of that sweet spot.
    init(grid: DialInGrid, prior: DialInPrior, bag m: RatingMoments, cues: [Double]? = nil) {
        self.grid = grid
        let S = grid.s.count, K = grid.k.count, G = grid.sigma.count
        let hv = prior.peakSD * prior.peakSD, hm = prior.peakMean
        let logw = Self.logWeights(grid: grid, prior: prior, bag: m, cues: cues)
        var pm = [Double](repeating: hm, count: S * K * G), pv = [Double](repeating: hv, count: S * K * G)
        if m.n > 0 {
            let peak = PeakTerms(grid: grid, prior: prior, bag: m)
            for is_ in 0..<S {
                for ik in 0..<K {
                    let r = m.residuals(s: grid.s[is_], k: grid.k[ik])
                    for ig in 0..<G {
                        let c = (is_ * K + ik) * G + ig
                        (pm[c], pv[c]) = peak.posterior(sum: r.sum, sigma: ig)
                    }
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

    /// The posterior mass of the sweet spot below `u` (model units), each grid point's mass spread evenly over its
    /// cell as in ``quantile(_:)``.
    func massBelow(_ u: Double) -> Double {
        let h = grid.spacing / 2
        var acc = 0.0
        for i in grid.s.indices {
            let lo = max(0, grid.s[i] - h), hi = min(grid.span, grid.s[i] + h)
            if u >= hi { acc += sMarginal[i] } else if u > lo, hi > lo { acc += sMarginal[i] * (u - lo) / (hi - lo) }
        }
        return acc
    }

    /// Cells holding all but a `tail` of the posterior mass, heaviest first (at most `limit`).
    ///
    /// Only the cells of weight at least `tail / (2 · cells)` are sorted: the others hold at most half the tail
    /// together, so the heaviest cells reach `1 − tail` before any of them. They would sort after every cell kept,
    /// and the sort is stable, so the list is the same as from sorting all cells (which is done when the kept cells
    /// do not reach `1 − tail` in floating point).
    func heavyCells(tail: Double = 1e-3, limit: Int = 4000) -> [Int] {
        let cut = tail / (2 * Double(max(1, weights.count)))
        let kept = weights.indices.filter { weights[$0] >= cut }
        if let cells = Self.heaviest(kept, weights: weights, tail: tail, limit: limit, all: false) { return cells }
        return Self.heaviest(Array(weights.indices), weights: weights, tail: tail, limit: limit, all: true) ?? []
    }

    /// The heaviest of `cells` by `weights`, until they hold `1 − tail` of the mass or number `limit`; when
    /// `cells` run out first, all of them if `all`, else `nil`.
    static func heaviest(_ cells: [Int], weights: [Double], tail: Double, limit: Int, all: Bool) -> [Int]? {
        let order = cells.sorted { weights[$0] > weights[$1] }
        var out: [Int] = [], acc = 0.0
        for c in order {
            out.append(c); acc += weights[c]
            if acc >= 1 - tail || out.count >= limit { return out }
        }
        return all ? out : nil
    }

    /// The values of `cells` that ``expectedRating(at:cells:)`` and ``expectedImprovement(at:over:cells:)`` read,
    /// gathered once: an estimate evaluates the same heavy cells at every candidate setting and every point of its
    /// curve, and finding each cell's sweet spot and curvature from its index costs two integer divisions a time.
    func gather(_ cells: [Int]) -> HeavyCells {
        let K = grid.k.count, G = grid.sigma.count
        return HeavyCells(weight: cells.map { weights[$0] }, peakMean: cells.map { peakMean[$0] },
                          peakVariance: cells.map { peakVariance[$0] }, s: cells.map { grid.s[$0 / (K * G)] },
                          k: cells.map { grid.k[($0 / G) % K] })
    }

    /// The posterior mean and standard deviation of the expected rating `h − k(u − s)²` at `u` (model units),
    /// over `cells` (renormalised).
    func expectedRating(at u: Double, cells: [Int]) -> (mean: Double, sd: Double) {
        expectedRating(at: u, cells: gather(cells))
    }

    /// ``expectedRating(at:cells:)`` over cells already gathered.
    func expectedRating(at u: Double, cells: HeavyCells) -> (mean: Double, sd: Double) {
        cells.expectedRating(at: u)
    }

    /// ``expectedRating(at:cells:)`` of the curve held up by a floor: the posterior mean and standard deviation of
    /// `max(floor, h − k(u − s)²)`. Far from the sweet spot the parabola falls without end, while a cup brewed far
    /// off is rated what the grinder × method's poor cups are rated (``DialInModel/ratingFloor``), not 0. Per cell,
    /// with `X = h − k(u − s)² ~ N(μ, v)`, `z = (μ − f)/√v`: `E[max(f, X)] = f + (μ − f)·Φ(z) + √v·φ(z)` and
    /// `E[max(f, X)²] = f²·(1 − Φ(z)) + (μ² + v)·Φ(z) + (μ + f)·√v·φ(z)`; a cell with `z > 8` is `X` itself, one with
    /// `z < −8` the floor.
    func expectedRating(at u: Double, cells: HeavyCells, floor f: Double) -> (mean: Double, sd: Double) {
        var w = 0.0, m1 = 0.0, m2 = 0.0
        for i in cells.weight.indices {
            let d = u - cells.s[i]
            let mu = cells.peakMean[i] - cells.k[i] * d * d
            let v = cells.peakVariance[i]
            let weight = cells.weight[i]
            w += weight
            let sd = v.squareRoot()
            if mu - f > 8 * sd {
                m1 += weight * mu; m2 += weight * (v + mu * mu)
            } else if f - mu > 8 * sd {
                m1 += weight * f; m2 += weight * f * f
            } else {
                let z = (mu - f) / sd, cdf = Gauss.cdf(z), pdf = Gauss.pdf(z)
                m1 += weight * (f + (mu - f) * cdf + sd * pdf)
                m2 += weight * (f * f * (1 - cdf) + (mu * mu + v) * cdf + (mu + f) * sd * pdf)
            }
        }
        let mean = m1 / w
        return (mean, max(0, m2 / w - mean * mean).squareRoot())
    }

    /// Expected improvement at `u` over the incumbent value `best` (Jones, Schonlau & Welch 1998): the posterior
    /// expectation of `max(0, f(u) − best)` for the mean rating `f(u) = h − k(u − s)²`, exact per cell (normal in
    /// `h`) and summed over `cells`.
    func expectedImprovement(at u: Double, over best: Double, cells: [Int]) -> Double {
        expectedImprovement(at: u, over: best, cells: gather(cells))
    }

    /// ``expectedImprovement(at:over:cells:)`` over cells already gathered.
    func expectedImprovement(at u: Double, over best: Double, cells: HeavyCells) -> Double {
        var ei = 0.0, w = 0.0
        for i in cells.weight.indices {
            let d = u - cells.s[i]
            let mu = cells.peakMean[i] - cells.k[i] * d * d
            let sd = cells.peakVariance[i].squareRoot()
            let z = (mu - best) / sd
            let weight = cells.weight[i]
            ei += weight * ((mu - best) * Gauss.cdf(z) + sd * Gauss.pdf(z))
            w += weight
        }
        return ei / w
    }
}

/// Cells of a ``DialInPosterior`` with the values its expectations read, in the cells' order
/// (``DialInPosterior/gather(_:)``).
struct HeavyCells: Sendable {
    let weight: [Double]
    let peakMean: [Double]
    let peakVariance: [Double]
    /// The cell's sweet spot and curvature.
    let s: [Double]
    let k: [Double]

    /// ``DialInPosterior/expectedRating(at:cells:)`` over these cells.
    func expectedRating(at u: Double) -> (mean: Double, sd: Double) {
        var w = 0.0, m1 = 0.0, m2 = 0.0
        for i in weight.indices {
            let d = u - s[i]
            let mu = peakMean[i] - k[i] * d * d
            let cellWeight = weight[i]
            w += cellWeight; m1 += cellWeight * mu; m2 += cellWeight * (peakVariance[i] + mu * mu)
        }
        let mean = m1 / w
        return (mean, max(0, m2 / w - mean * mean).squareRoot())
    }
}
