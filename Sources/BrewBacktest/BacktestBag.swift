import BrewAdvice

/// One replayed brew of a bag: what the user brewed and how they rated it, and what the advisor said to brew
/// before it, asked with only the brews dated before this one.
public struct BacktestBrew: Sendable, Equatable {
    /// 1 for the bag's first replayed brew, in (brew date, journal row) order.
    public let index: Int
    /// The brew's row in the journal's table.
    public let row: Int
    /// The brew date, microseconds since 1970 (UTC).
    public let date: Int64
    /// The setting the user brewed, and the rating they gave the cup.
    public let setting: Double
    public let rating: Double
    /// The advisor's `next` setting, asked before this brew; `nil` when it had nothing to go on (no usable brew on the
    /// grinder × method yet).
    public let advised: Double?
    /// Distance of ``setting`` from the nearest of the bag's best-rated settings, in model units (steps, clicks).
    public let userDistance: Double
    /// Distance of ``advised`` from the nearest of the bag's best-rated settings, in model units; `nil` without
    /// advice.
    public let adviceDistance: Double?

    public init(index: Int, row: Int, date: Int64, setting: Double, rating: Double, advised: Double?,
                userDistance: Double, adviceDistance: Double?) {
        self.index = index; self.row = row; self.date = date; self.setting = setting; self.rating = rating
        self.advised = advised; self.userDistance = userDistance; self.adviceDistance = adviceDistance
    }
}

/// One bag replayed and scored against its own best cups.
///
/// Definitions (docs/advisor.md, "Back-test"), over the bag's replayed brews `1…n`:
/// - **best rating** `R` — the highest rating of the bag's cups; its **best-rated settings** are every setting a cup
///   rated `R` was brewed at (ties all count).
/// - **distance** of a setting — `min |u(x) − u(s)|` over the best-rated settings `s`, with `u` the grinder ×
///   method's model units (``BrewAdvice/DialInScale/units(_:)``, the scale the whole journal gives).
/// - ``withinReach`` — the first brew rated at least `R − 0.5` (``BacktestOptions/withinRating``).
/// - ``userReached`` — the first brew whose setting was on a best-rated setting (distance at most
///   ``BacktestOptions/onSetting``); it always exists: the best cup's own brew.
/// - ``adviceReached`` — the first brew before which the advisor's `next` was on a best-rated setting; `nil` when it
///   never was (``censored``).
/// - ``saved`` — `userReached − adviceReached`: how many brews sooner the advice pointed at the setting of the bag's
///   best cup than the user brewed it (negative: later). A bag the advice never pointed there counts as reached at
///   `n + 1`, the soonest it could have been. This compares settings only: it never says a cup the user did not brew
///   would have been rated higher.
/// - **judged** — at least ``BacktestOptions/minimumBrews`` replayed brews, one of them with advice.
public struct BacktestBag: Sendable, Equatable {
    public let grinder: String
    public let method: String
    /// The bag's label (``BrewStats/BeanLabels``) and its index into ``BrewColumns/Journal/beans``.
    public let bean: String
    public let beanIndex: Int
    /// The espresso profile of the bag's shots, when the method's shots name profiles (each profile is a bag of its
    /// own, as the advisor never pools profiles).
    public let profile: String?
    /// The grinder × method's scale, the one distances are measured on.
    public let scale: DialInScale
    public let brews: [BacktestBrew]
    public let bestRating: Double
    public let bestSettings: [Double]
    public let withinReach: Int
    public let userReached: Int
    public let adviceReached: Int?
    public let judged: Bool

    /// Scores `brews` (each with its setting, rating and advice) of one bag; `brews` is in brewing order and not empty.
    init(grinder: String, method: String, bean: String, beanIndex: Int, profile: String?, scale: DialInScale,
         replayed: [(row: Int, date: Int64, setting: Double, rating: Double, advised: Double?)],
         options: BacktestOptions) {
        precondition(!replayed.isEmpty, "BacktestBag: a bag without brews")
        self.grinder = grinder; self.method = method; self.bean = bean; self.beanIndex = beanIndex
        self.profile = profile; self.scale = scale
        let best = replayed.map(\.rating).max()!
        let settings = Array(Set(replayed.filter { $0.rating == best }.map(\.setting))).sorted()
        func distance(_ x: Double) -> Double {
            settings.map { abs(scale.units(x) - scale.units($0)) }.min()!
        }
        brews = replayed.enumerated().map { k, b in
            BacktestBrew(index: k + 1, row: b.row, date: b.date, setting: b.setting, rating: b.rating,
                         advised: b.advised, userDistance: distance(b.setting), adviceDistance: b.advised.map(distance))
        }
        bestRating = best
        bestSettings = settings
        withinReach = brews.first { $0.rating >= best - options.withinRating }!.index
        userReached = brews.first { $0.userDistance <= options.onSetting }!.index
        adviceReached = brews.first { ($0.adviceDistance ?? .infinity) <= options.onSetting }?.index
        judged = brews.count >= options.minimumBrews && brews.contains { $0.advised != nil }
    }

    /// Whether the advice never pointed at a best-rated setting over the bag's brews.
    public var censored: Bool { adviceReached == nil }

    /// Brews the advice would have saved (``BacktestBag`` defines it); negative when it pointed there later.
    public var saved: Int { userReached - (adviceReached ?? brews.count + 1) }
}
