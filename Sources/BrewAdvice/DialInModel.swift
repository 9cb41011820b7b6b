import BrewStats
import Foundation

/// The model of one grinder × method fitted to its earlier bags, ready to estimate any number of new bags
/// (the simulator asks it after every brew; the history part is fitted once).
public struct DialInModel: Sendable {
    public let scale: DialInScale
    public let options: DialInOptions
    let grid: DialInGrid
    let prior: DialInPrior
    /// The central interval of the sweet spot the earlier bags predict for a new bag.
    let earlierInterval: (low: Double, high: Double)?

    /// Fits the prior to `history` (earlier bags, most recent first; the caller limits how many).
    public init(scale: DialInScale, history: [[BrewPoint]], options: DialInOptions = DialInOptions()) {
        self.scale = scale; self.options = options
        let grid = DialInGrid(scale: scale, options: options)
        let u = { (g: Double) in (g - scale.lower) / scale.unit }
        let historyMoments = history.map { bag in
            var m = RatingMoments(); for p in bag { m.add(u: u(p.setting), y: p.rating) }; return m
        }
        let prior = DialInPrior(grid: grid, history: historyMoments,
                                bestRatings: history.map { $0.map(\.rating).max() ?? 0 }, options: options)
        self.grid = grid; self.prior = prior
        if prior.bags > 0 {
            let tail = (1 - options.level) / 2
            let p0 = DialInPosterior(grid: grid, prior: prior, bag: RatingMoments())
            earlierInterval = (scale.lower + p0.quantile(tail) * scale.unit, scale.lower + p0.quantile(1 - tail) * scale.unit)
        } else {
            earlierInterval = nil
        }
    }

    /// The estimate for a bag whose brews so far are `current`, in brewing order.
    public func estimate(current: [BrewPoint]) -> DialInEstimate {
        let scale = self.scale, options = self.options, grid = self.grid, prior = self.prior
        let u = { (g: Double) in (g - scale.lower) / scale.unit }
        let g = { (x: Double) in scale.lower + x * scale.unit }
        var moments = RatingMoments()
        for p in current { moments.add(u: u(p.setting), y: p.rating) }
        let post = DialInPosterior(grid: grid, prior: prior, bag: moments)
        let cells = post.gather(post.heavyCells())

        let n = current.count
        let tried = Set(current.map(\.setting))
        let allEqual = n >= 2 && current.allSatisfy { $0.rating == current[0].rating }
        let bayesFactor: Double? = n > 0 ? exp(post.logEvidenceFlat - post.logEvidence) : nil
        let flat = EvidenceRules.statesSweetSpot(n: n, distinctSettings: tried.count)
            && (bayesFactor ?? 0) > options.flatBayesFactor
        var bestSoFar: BrewPoint?
        for p in current where bestSoFar == nil || p.rating >= bestSoFar!.rating { bestSoFar = p }

        let tail = (1 - options.level) / 2
        let median = g(post.quantile(0.5))
        let expected = { (x: Double) in post.expectedRating(at: u(x), cells: cells) }

        // The next setting.
        let candidates = scale.settings
        var next = candidates[0], nextValue = -Double.infinity, nextMean = -Double.infinity
        if flat, let b = bestSoFar {
            next = b.setting; nextMean = expected(next).mean
        } else if n == 0 || options.nextRule == .greedy {
            for c in candidates {
                let m = expected(c).mean
                if m > nextMean + 1e-12 { next = c; nextMean = m }
            }
        } else {
            let incumbent = tried.map { expected($0).mean }.max() ?? -Double.infinity
            for c in candidates {
                let ei = post.expectedImprovement(at: u(c), over: incumbent, cells: cells)
                let m = expected(c).mean
                if ei > nextValue + 1e-12 || (abs(ei - nextValue) <= 1e-12 && m > nextMean) {
                    next = c; nextValue = ei; nextMean = m
                }
            }
        }

        // The curve and its band, on the rating scale.
        let clip = { (r: Double) in min(5, max(0, r)) }
        let z = DialInEngine.normalQuantile(1 - tail)
        let curve = (0...80).map { i -> CurveBand in
            let x = scale.lower + (scale.upper - scale.lower) * Double(i) / 80
            let e = expected(x)
            return CurveBand(setting: x, mean: clip(e.mean), low: clip(e.mean - z * e.sd), high: clip(e.mean + z * e.sd))
        }

        let best = flat ? nil : scale.snap(median)
        nextMean = clip(nextMean)
        return DialInEstimate(
            scale: scale, verdict: flat ? .noDependence : .peak, next: next, nextExpected: nextMean,
            nextTried: tried.contains(next), bestRaw: flat ? nil : median, best: best,
            low: flat ? nil : g(post.quantile(tail)), high: flat ? nil : g(post.quantile(1 - tail)),
            level: options.level, bestExpected: best.map { clip(expected($0).mean) },
            earlierPeakLow: earlierInterval?.low, earlierPeakHigh: earlierInterval?.high, earlierBags: prior.bags,
            flatBayesFactor: bayesFactor, bestSoFar: bestSoFar, brews: n, distinctSettings: tried.count,
            allRatingsEqual: allEqual, curve: curve)
    }
}
