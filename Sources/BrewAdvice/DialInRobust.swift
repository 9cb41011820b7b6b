import Foundation

/// The heavy tail of the rating likelihood: a brew that was spilled, choked or ruined and rated 0 must not bend the
/// curve of a bag.
///
/// The likelihood of a rating is a **mixture**: with probability `1 − ε` the curve plus normal noise, with
/// probability ε = ``outlierShare`` (one brew in twenty) a mishap, uniform over the 0–5 scale. Evaluated exactly
/// the mixture would need every subset of a bag's brews; instead each brew's latent "mishap or not" is set to its
/// posterior expectation, as the EM algorithm does for a mixture (and for a Student-t as a scale mixture of
/// normals): the brew then counts as `w = 1 − P(mishap | the other brews)` of a brew
/// (``RatingMoments/add(u:y:weight:)``).
///
/// `P(mishap)` is judged **leave-one-out**: from the posterior predictive of the brew's rating given the bag's
/// other brews and the prior (the population of earlier bags), `N(m, sd² + σ̂²)` with σ̂² the posterior mean noise
/// variance:  `P = ε·⅕ / (ε·⅕ + (1 − ε)·N(y; m, sd² + σ̂²))`. Only brews rated at least ``suspicion`` points below
/// the best of their bag's other brews (or, alone in their bag, below the earlier bags' mean peak) are judged; the
/// rest keep weight 1. Earlier bags are judged under a first fit at face value, then the prior is refitted with the
/// weights (once); this bag's brews under the final prior. A bag of more than 12 brews is not judged (one brew
/// cannot dominate it), and at most 64 earlier brews are, the lowest rated first. Both fits take their bags'
/// curvature terms from `terms` (``DialInTerms``): the refit computes only those of bags whose weights changed or
/// whose mean peak moved, and another bean's fit on the same grinder × method only those it has not met.
enum DialInRobust {
    static let outlierShare = 0.05
    static let suspicion = 1.5
    static let maximumBag = 12
    static let maximumChecks = 64

    static func historyWeights(history: [[BrewPoint]], scale: DialInScale, grid: DialInGrid, options: DialInOptions,
                               cues: [[Double]], window: [Double]?, attribute: AttributeGroups? = nil,
                               terms: DialInTerms = DialInTerms()) -> (prior: DialInPrior, discounted: [BrewPoint]) {
        func fit(_ weights: [[Double]]) -> DialInPrior {
            let moments = history.indices.map { j in
                var m = RatingMoments()
                for (p, w) in zip(history[j], weights[j]) { m.add(u: scale.units(p.setting), y: p.rating, weight: w) }
                return m
            }
            let best = history.indices.map { j in
                zip(history[j], weights[j]).filter { $0.1 >= 0.5 }.map(\.0.rating).max() ?? 0
            }
            return DialInPrior(grid: grid, history: moments, bestRatings: best, options: options, cues: cues,
                               window: window,
                               shapes: history.map(DialInPrior.showsShape), attribute: attribute, terms: terms)
        }
        var weights = history.map { $0.map { _ in 1.0 } }
        let first = fit(weights)
        var suspects: [(j: Int, i: Int)] = []
        for j in history.indices where history[j].count <= maximumBag {
            for i in history[j].indices where isSuspect(i, in: history[j], reference: first.peakMean) {
                suspects.append((j, i))
            }
        }
        guard !suspects.isEmpty else { return (first, []) }
        suspects.sort { history[$0.j][$0.i].rating < history[$1.j][$1.i].rating }
        var discounted: [BrewPoint] = []
        for (j, i) in suspects.prefix(maximumChecks) {
            let w = weight(of: i, in: history[j], scale: scale, grid: grid, prior: first,
                           cues: cues.indices.contains(j) && !cues[j].isEmpty ? cues[j] : nil)
            weights[j][i] = w
            if w < 0.5 { discounted.append(history[j][i]) }
        }
        guard weights.joined().contains(where: { $0 < 0.999 }) else { return (first, []) }
        return (fit(weights), discounted)
    }

    /// The weights of this bag's brews under the fitted prior.
    static func currentWeights(_ brews: [BrewPoint], scale: DialInScale, grid: DialInGrid, prior: DialInPrior,
                               cues: [Double]?) -> [Double] {
        var weights = brews.map { _ in 1.0 }
        guard brews.count <= maximumBag else { return weights }
        for i in brews.indices where isSuspect(i, in: brews, reference: prior.peakMean) {
            weights[i] = weight(of: i, in: brews, scale: scale, grid: grid, prior: prior, cues: cues)
        }
        return weights
    }

    static func isSuspect(_ i: Int, in bag: [BrewPoint], reference: Double) -> Bool {
        let others = bag.indices.filter { $0 != i }.map { bag[$0].rating }
        return bag[i].rating < (others.max() ?? reference) - suspicion
    }

    /// `1 − P(mishap)` for brew `i` of `bag`, from the posterior given the other brews (see the type).
    static func weight(of i: Int, in bag: [BrewPoint], scale: DialInScale, grid: DialInGrid, prior: DialInPrior,
                       cues: [Double]?) -> Double {
        var m = RatingMoments()
        for k in bag.indices where k != i { m.add(u: scale.units(bag[k].setting), y: bag[k].rating) }
        let e = DialInPosterior.heavyCells(grid: grid, prior: prior, bag: m, cues: cues)
            .expectedRating(at: scale.units(bag[i].setting))
        let v = e.sd * e.sd + prior.noiseVariance
        let d = bag[i].rating - e.mean
        let normal = exp(-d * d / (2 * v)) / (2 * Double.pi * v).squareRoot()
        let mishap = outlierShare / 5
        return (1 - outlierShare) * normal / (mishap + (1 - outlierShare) * normal)
    }
}
