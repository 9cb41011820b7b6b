import Foundation
import Synchronization

/// What earlier bags on the same grinder × method say about a new bag, fitted by empirical Bayes on the grid.
///
/// Each earlier bag `j` follows the bag model `rating = h_j − k·(u − s_j)² + ε`, `ε ~ N(0, σ²)`, with its own
/// peak rating `h_j` and sweet spot `s_j` and the curvature `k` and noise `σ` shared by the grinder × method.
/// The fit, one group of parameters at a time:
/// 1. **Peak rating** `h_j ~ N(h̄, τ_h²)`: `h̄` is the mean of the bags' best ratings and of
///    ``DialInOptions/peakRatingMean`` counted as one more bag (a pseudo-observation: one bag alone does not set it).
/// 2. **Curvature, noise and τ_h**: every bag's likelihood with `h_j` integrated out in closed form under
///    `N(h̄, τ_h²)` and `s_j` averaged over the grinder's range (every other grid point), for each
///    `τ_h ∈ {0.3, 0.5, 0.75, 1}`; `τ_h` is the maximum-likelihood value, and the posterior of `(k, σ)` on the grid
///    is the one under that `τ_h`.
/// 3. **Sweet spots**: each bag's likelihood of `s_j` (averaged over that `(k, σ)` posterior), then the posterior
///    of the population's mean `μ` and spread `τ` of sweet spots (`s_j ~ N(μ, τ²)`, truncated to the range) on a
///    41 × 9 grid, `μ` flat over the range and `τ` half-Cauchy with scale ``DialInOptions/spreadScale`` (Gelman,
///    "Prior distributions for variance parameters in hierarchical models", 2006) — the hierarchical normal model
///    of Gelman et al., *Bayesian Data Analysis*, ch. 5, evaluated exactly on the grid. The new bag's prior on its
///    sweet spot is the posterior predictive `Σ p(μ, τ | bags)·N(s; μ, τ²)`: wide when the bags disagree or are few.
///    When the new bag's roast level is known and the earlier bags support an effect of it, this step is
///    ``AttributePrior``'s instead: sweet spots `s_j ~ N(μ + β_{a(j)}, τ²)` with each value's effect shrunk towards 0.
///
/// Without earlier bags the priors are the weak defaults: `s` uniform over the range, `(k, σ)` from
/// ``DialInGrid``, `h ~ N(peakRatingMean, peakRatingSD²)`.
struct DialInPrior: Sendable {
    /// `log p(k, σ | earlier bags)`, index `ik * sigma.count + iσ`.
    let logKS: [Double]
    /// `log p(s)` for the new bag, per grid point of `s` (normalised).
    let logS: [Double]
    let peakMean: Double
    let peakSD: Double
    /// The candidate spreads of peak ratings between bags, τ_h.
    static let peakSDs = [0.3, 0.5, 0.75, 1.0]

    /// Earlier bags that informed the fit (at least one rated brew).
    let bags: Int
    /// The attribute's effect on the new bag's sweet spot when ``AttributePrior`` applied; `nil` otherwise.
    private(set) var effect: AttributeEffect?

    /// - Parameters:
    ///   - cues: Per earlier bag (same order as `history`), the log-likelihood of its grind cues (taste words, shot
    ///     times: ``DialInCues``) at every grid point of `s`, or `[]` for none. A bag with cues and no usable rating
    ///     informs the population of sweet spots through its cues alone.
    ///   - window: Added to the new bag's `log p(s)` at every grid point (``DialInMap``): the prior stays where the
    ///     grinder × method has been brewed. `nil` adds nothing.
    ///   - shapes: Per earlier bag, whether it has the brews to show a curve's shape (``showsShape(_:)``); `[]`
    ///     treats every bag as one that does.
    ///   - attribute: The attribute modelled and its values (``AttributePrior``), per earlier bag in the order of
    ///     `history` then the cue-only bags of `cues`; `nil` (or one that does not apply) keeps one population.
    ///   - terms: Where the bags' step-1 terms are kept (``DialInTerms``): a bag already computed under the same
    ///     mean peak, by this fit's robust step or another bean's fit, is taken from it (the same numbers).
    init(grid: DialInGrid, history: [RatingMoments], bestRatings: [Double], options: DialInOptions,
         cues: [[Double]] = [], window: [Double]? = nil, shapes: [Bool] = [],
         attribute: AttributeGroups? = nil, terms shared: DialInTerms = DialInTerms()) {
        effect = nil
        let used = history.indices.filter { history[$0].n >= 0.5 }
        let cueOnly = cues.indices.filter { !cues[$0].isEmpty && !used.contains($0) }
        bags = used.count + cueOnly.count
        let best = used.map { bestRatings[$0] }
        // The default peak counts as one more bag: one earlier bag's lone brew (rated 0 on a spilled morning, or on
        // another scale) cannot set every new bag's expected peak by itself; with many bags it changes next to nothing.
        peakMean = (best.reduce(0, +) + options.peakRatingMean) / Double(best.count + 1)
        let K = grid.k.count, S = grid.s.count, G = grid.sigma.count
        var ks = [Double](repeating: 0, count: K * G)
        for ik in 0..<K { for ig in 0..<G { ks[ik * G + ig] = grid.logPriorK[ik] + grid.logPriorSigma[ig] } }
        guard !used.isEmpty else {
            peakSD = options.peakRatingSD
            logKS = ks
            logS = DialInPrior.windowed(Array(repeating: -log(Double(S)), count: S), window)
            return
        }
        // 1. (k, σ, τ_h): each bag's likelihood averaged over s (flat over every other grid point), with h_j
        //    integrated under N(peakMean, τ_h²); τ_h is then fixed at its maximum-likelihood value. Only bags that
        //    show a shape take part: a bag of one or two brews (logged on good days) averaged over a flat s says
        //    mostly "the curve is wide" — the chance that a random sweet spot lies near its brew — and seventeen
        //    of them would flatten the curve. Thin bags inform the sweet spots (step 2) instead: a good brew there
        //    is a noisy observation of its bag's peak, through h_j ~ N(h̄, τ_h²).
        let shaped = used.filter { shapes.indices.contains($0) ? shapes[$0] : true }
        var perTau = DialInPrior.peakSDs.map { _ in ks }
        let TG = K * G
        for j in shaped {
            let terms = shared.terms(grid: grid, moments: history[j], peakMean: peakMean)
            for it in DialInPrior.peakSDs.indices { for c in 0..<TG { perTau[it][c] += terms[it * TG + c] } }
        }
        let evidence = perTau.map { Gauss.logSumExp($0) }
        // Without a shaped bag every τ_h has the same evidence: the default spread of peaks.
        let chosen = shaped.isEmpty ? (DialInPrior.peakSDs.firstIndex { $0 >= options.peakRatingSD * 0.5 } ?? 1)
            : evidence.indices.max { evidence[$0] < evidence[$1] }!
        let tauH = DialInPrior.peakSDs[chosen]
        peakSD = tauH
        ks = perTau[chosen]
        let z = Gauss.logSumExp(ks)
        let posteriorKS = ks.map { $0 - z }
        logKS = posteriorKS
        // 2. Each bag's likelihood of s, averaged over p(k, σ | bags), kept in linear scale relative to its maximum.
        let cells = (0..<(K * G)).filter { posteriorKS[$0] > -25 }
        var likelihoods: [[Double]] = []
        var cell = [Double](repeating: 0, count: cells.count)
        // Per cell, the constants of its two normal terms (hoisted: the same sums as term by term).
        let cellKIndex = cells.map { $0 / G }
        var residualsByK = [(sum: Double, ss: Double)](repeating: (0, 0), count: K)
        let cellV = cells.map { grid.sigma[$0 % G] * grid.sigma[$0 % G] }
        for j in used {
            let m = history[j]
            let halfLogN = 0.5 * log(m.n)
            let cellConstant = cells.indices.map { c -> Double in
                let v = cellV[c], variance = tauH * tauH + v / m.n
                return posteriorKS[cells[c]] - (m.n - 1) / 2 * (Gauss.logTwoPi + log(v)) - halfLogN
                    - 0.5 * (Gauss.logTwoPi + log(variance))
            }
            let cellInv = cells.indices.map { c in (1 / (2 * cellV[c]), 1 / (2 * (tauH * tauH + cellV[c] / m.n))) }
            var logL = [Double](repeating: 0, count: S)
            for (is_, s) in grid.s.enumerated() {
                // The residuals depend on (s, k) only: once per curvature, not once per cell (cells of one k differ
                // in σ alone).
                for ik in 0..<K { residualsByK[ik] = m.residuals(s: s, k: grid.k[ik]) }
                for c in cells.indices {
                    let r = residualsByK[cellKIndex[c]]
                    let d = r.sum / m.n - peakMean
                    cell[c] = cellConstant[c] - r.ss * cellInv[c].0 - d * d * cellInv[c].1
                }
                logL[is_] = Gauss.logSumExp(cell)
            }
            if cues.indices.contains(j), !cues[j].isEmpty { for i in 0..<S { logL[i] += cues[j][i] } }
            let top = logL.max() ?? 0
            likelihoods.append(logL.map { exp($0 - top) })
        }
        for j in cueOnly {
            let top = cues[j].max() ?? 0
            likelihoods.append(cues[j].map { exp($0 - top) })
        }
        // The population of sweet spots: posterior of (μ, τ) on its grid, then the predictive for a new bag.
        let taus = DialInPrior.spreads(grid)
        let kernels = DialInPrior.kernels(grid)
        // Prior on τ: half-Cauchy with scale `options.spreadScale` (Gelman 2006), as a density times each grid
        // point's share of the axis (half the distance to its neighbours), so the uneven grid is not a prior.
        let tauWeights = taus.indices.map { i -> Double in
            let left = i == 0 ? taus[0] : (taus[i] - taus[i - 1]) / 2
            let right = i == taus.count - 1 ? (taus[i] - taus[i - 1]) / 2 : (taus[i + 1] - taus[i]) / 2
            let a = taus[i] / options.spreadScale
            return log((left + right) / (1 + a * a))
        }
        // Each bag's likelihood averaged over its sweet spot under every kernel, log A_j(μ, τ).
        let logA = likelihoods.map { L in
            kernels.map { kern -> Double in
                var acc = 0.0
                for i in 0..<S { acc += L[i] * kern[i] }
                return log(max(acc, .leastNormalMagnitude))
            }
        }
        // The bags' values of the modelled attribute, in the order of `likelihoods`.
        let values = attribute.map { a in (used + cueOnly).map { a.values.indices.contains($0) ? a.values[$0] : nil } }
        var ps = [Double](repeating: 0, count: S)
        if let attribute, let values, AttributePrior.applies(values: values, newValue: attribute.newValue) {
            let fit = AttributePrior.predictive(logA: logA, values: values, newValue: attribute.newValue,
                                                kernels: kernels, grid: grid, tauWeights: tauWeights, options: options)
            ps = fit.ps
            effect = AttributeEffect(attribute: attribute.attribute, value: attribute.value,
                                     bags: values.filter { $0 == attribute.newValue }.count,
                                     knownBags: values.filter { $0 != nil }.count,
                                     shiftUnits: fit.shift, spreadUnits: fit.spread)
        } else {
            var logMT = [Double](repeating: 0, count: kernels.count)
            for c in logMT.indices { logMT[c] = tauWeights[c % taus.count] }
            for a in logA { for c in logMT.indices { logMT[c] += a[c] } }
            let zmt = Gauss.logSumExp(logMT)
            for (c, kern) in kernels.enumerated() {
                let w = exp(logMT[c] - zmt)
                guard w > 1e-12 else { continue }
                for i in 0..<S { ps[i] += w * kern[i] }
            }
        }
        let total = ps.reduce(0, +)
        logS = DialInPrior.windowed(ps.map { log(max($0 / total, 1e-300)) }, window)
    }

    /// Whether a bag's brews can show a curve's shape: at least 3 brews on at least 3 settings.
    static func showsShape(_ bag: [BrewPoint]) -> Bool {
        bag.count >= 3 && Set(bag.map(\.setting)).count >= 3
    }

    /// The posterior mean of the noise variance σ² under `p(k, σ | earlier bags)`.
    var noiseVariance: Double {
        let G = DialInGrid.sigmas.count
        var v = 0.0, w = 0.0
        for c in logKS.indices {
            let p = exp(logKS[c]); let s = DialInGrid.sigmas[c % G]
            v += p * s * s; w += p
        }
        return w > 0 ? v / w : 0.25
    }

    /// `logS + window`, renormalised; `logS` itself without a window.
    static func windowed(_ logS: [Double], _ window: [Double]?) -> [Double] {
        guard let window, window.count == logS.count else { return logS }
        let sum = zip(logS, window).map { $0 + $1 }
        let z = Gauss.logSumExp(sum)
        return sum.map { $0 - z }
    }

    /// The grid of spreads τ of the population of sweet spots: 0.5 … 10 units and `max(15, span/2)`.
    static func spreads(_ grid: DialInGrid) -> [Double] {
        [0.5, 1, 1.5, 2, 3, 4.5, 7, 10, max(15, grid.span / 2)]
    }

    /// `N(s; μ, τ²)` normalised over the grid's sweet spots, for every `μ` of the 41-point grid over the range
    /// (outer) and `τ` of ``spreads(_:)`` (inner).
    ///
    /// They depend on the grid alone (its span and point count), and every fit on the same grinder's scale uses the
    /// same ones: a report asks the advisor once per bean of the week, most of them on one or two grinders. So they
    /// are computed once per grid and kept (``KernelCache``), the same numbers as computed afresh.
    static func kernels(_ grid: DialInGrid) -> [[Double]] {
        let key = KernelCache.Key(span: grid.span.bitPattern, points: grid.s.count)
        if let known = KernelCache.shared.kernels.withLock({ $0[key] }) { return known }
        let mus = (0...40).map { grid.span * Double($0) / 40 }
        let taus = spreads(grid)
        var kernels: [[Double]] = []
        kernels.reserveCapacity(mus.count * taus.count)
        for mu in mus {
            for tau in taus {
                var kern = grid.s.map { exp(-0.5 * pow(($0 - mu) / tau, 2)) }
                let total = kern.reduce(0, +)
                for i in kern.indices { kern[i] /= total }
                kernels.append(kern)
            }
        }
        KernelCache.shared.kernels.withLock { cache in
            // A process meets a few grinders' scales; a long batch of many journals could meet more.
            if cache.count >= KernelCache.limit { cache.removeAll() }
            cache[key] = kernels
        }
        return kernels
    }
}

/// The sweet-spot kernels of ``DialInPrior/kernels(_:)`` by grid, kept for the life of the process (at most
/// ``limit`` grids of 369 kernels × at most 201 points: 0.6 MB each).
private final class KernelCache: Sendable {
    struct Key: Hashable {
        let span: UInt64
        let points: Int
    }
    static let shared = KernelCache()
    static let limit = 16
    let kernels = Mutex<[Key: [[Double]]]>([:])
}
