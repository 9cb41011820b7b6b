import BrewHashing
import BrewStats

/// What a group of bags (one grinder × method, or the whole journal) says about the advice.
///
/// - ``meanSaved`` — the mean of the judged bags' ``BacktestBag/saved``.
/// - ``low`` … ``high`` — the percentile bootstrap interval of that mean at ``BacktestOptions/level``: the judged bags
///   resampled with replacement ``BacktestOptions/resamples`` times (draw `k` of a resample is bag
///   `next() mod n` of BrewHashing's ``BrewHashing/SplitMix64`` seeded with ``BacktestOptions/seed``), the mean of each
///   resample, and their type-7 quantiles (``BrewStats/quantile(_:_:)``) at `(1 − level)/2` and `(1 + level)/2`.
///   With one judged bag the interval is that bag's value.
/// - ``verdict`` — ``Verdict/tooThin`` with fewer than ``BacktestOptions/minimumBags`` judged bags; else
///   ``Verdict/sooner`` when the interval lies above zero, ``Verdict/later`` below zero, ``Verdict/unclear`` when it
///   holds zero.
/// - ``byIndex`` — at each brew index, over the judged bags with advice at that brew, the mean distance of the advice
///   and of the user's setting from the bag's best-rated settings.
public struct BacktestSummary: Sendable, Equatable {
    /// What the evidence says.
    public enum Verdict: String, Sendable, Equatable {
        case tooThin = "too-thin"
        case sooner, later, unclear
    }

    /// The mean distances at one brew index.
    public struct IndexDistance: Sendable, Equatable {
        public let index: Int
        public let bags: Int
        public let advice: Double
        public let user: Double
    }

    /// Bags replayed, bags judged, and of the judged the ones the advice never pointed at a best-rated setting.
    public let bags: Int
    public let judged: Int
    public let censored: Int
    public let meanSaved: Double?
    public let low: Double?
    public let high: Double?
    public let level: Double
    /// Mean of the judged bags' ``BacktestBag/withinReach`` and ``BacktestBag/userReached``.
    public let meanWithinReach: Double?
    public let meanUserReached: Double?
    public let verdict: Verdict
    public let byIndex: [IndexDistance]

    public init(_ all: [BacktestBag], options: BacktestOptions) {
        let bags = all.filter(\.judged)
        self.bags = all.count
        judged = bags.count
        censored = bags.filter(\.censored).count
        level = options.level
        let saved = bags.map { Double($0.saved) }
        meanSaved = Self.mean(saved)
        meanWithinReach = Self.mean(bags.map { Double($0.withinReach) })
        meanUserReached = Self.mean(bags.map { Double($0.userReached) })
        if saved.isEmpty {
            low = nil; high = nil
        } else {
            let means = Self.bootstrapMeans(saved, resamples: options.resamples, seed: options.seed)
            low = quantile(means, (1 - options.level) / 2)
            high = quantile(means, (1 + options.level) / 2)
        }
        if judged < options.minimumBags || low == nil || high == nil {
            verdict = .tooThin
        } else if low! > 0 {
            verdict = .sooner
        } else if high! < 0 {
            verdict = .later
        } else {
            verdict = .unclear
        }
        let longest = bags.map(\.brews.count).max() ?? 0
        byIndex = longest == 0 ? [] : (1...longest).compactMap { k in
            let at = bags.compactMap { b -> BacktestBrew? in
                guard b.brews.count >= k, b.brews[k - 1].adviceDistance != nil else { return nil }
                return b.brews[k - 1]
            }
            guard !at.isEmpty else { return nil }
            return IndexDistance(index: k, bags: at.count, advice: Self.mean(at.map { $0.adviceDistance! })!,
                                 user: Self.mean(at.map(\.userDistance))!)
        }
    }

    /// The means of `resamples` bootstrap resamples of `values` (not empty), drawn as ``BacktestSummary`` says.
    public static func bootstrapMeans(_ values: [Double], resamples: Int, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        let n = UInt64(values.count)
        return (0..<max(1, resamples)).map { _ in
            var sum = 0.0
            for _ in 0..<values.count { sum += values[Int(generator.next() % n)] }
            return sum / Double(values.count)
        }
    }

    static func mean(_ x: [Double]) -> Double? { x.isEmpty ? nil : x.reduce(0, +) / Double(x.count) }
}
