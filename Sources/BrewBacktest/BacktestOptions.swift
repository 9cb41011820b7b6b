import BrewAdvice

/// The back-test's settings (docs/advisor.md, "Back-test"). The defaults are what `brewstats backtest` uses.
public struct BacktestOptions: Sendable, Equatable {
    /// The advisor's own settings, used as they are for every question of the replay.
    public var advice = DialInOptions()
    /// How close to a bag's best rating a cup counts as "within reach of the best": 0.5 rating points (people rate
    /// in half points, so this is the next rating down).
    public var withinRating = 0.5
    /// How close to one of the bag's best-rated settings a setting counts as on it, in model units (steps, clicks):
    /// 0.5 — on a stepped dial the same setting, on a stepless one within half a unit.
    public var onSetting = 0.5
    /// Replayed brews a bag needs to be judged: 3. A bag of one or two cups says nothing about how it was found.
    public var minimumBrews = 3
    /// Judged bags below which the verdict is "too thin to judge": 5.
    public var minimumBags = 5
    /// Bootstrap resamples of the judged bags: 2000.
    public var resamples = 2000
    /// Level of the bootstrap's percentile interval: 0.9.
    public var level = 0.9
    /// Seed of the bootstrap's generator (BrewHashing's SplitMix64): the same journal gives the same interval.
    public var seed: UInt64 = 43

    public init() {}
}
