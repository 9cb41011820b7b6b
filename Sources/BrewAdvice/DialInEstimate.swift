/// One brew as the advisor sees it: the grind setting (on the grinder's scale) and the rating (0–5).
public struct BrewPoint: Sendable, Hashable {
    public var setting: Double
    public var rating: Double
    public init(setting: Double, rating: Double) { self.setting = setting; self.rating = rating }
}

/// A point of the fitted rating curve: the posterior mean of the expected rating at a setting and its band,
/// clipped to the rating scale 0–5.
public struct CurveBand: Sendable, Hashable {
    public var setting: Double
    public var mean: Double
    public var low: Double
    public var high: Double
}

/// What the model concludes about one bag, on the grinder's scale (see ``DialInEngine``).
public struct DialInEstimate: Sendable {
    /// What the bag's ratings say about grind.
    public enum Verdict: String, Sendable {
        /// A single-peaked curve: ``DialInEstimate/best`` is stated.
        case peak
        /// The bag has enough brews to state a sweet spot (``BrewStats/EvidenceRules``) and the flat model beats the
        /// peaked one by more than ``DialInOptions/flatBayesFactor``: no best is stated.
        case noDependence = "no_dependence"
    }

    public let scale: DialInScale
    public let verdict: Verdict
    /// The setting to brew next (dialable, inside the range).
    public let next: Double
    /// The posterior mean rating expected there (clipped to 0–5).
    public let nextExpected: Double
    /// Whether this bag was already brewed at ``next``.
    public let nextTried: Bool
    /// The estimated sweet spot: the posterior median, continuous; `nil` for ``Verdict/noDependence``.
    public let bestRaw: Double?
    /// ``bestRaw`` on the grinder's dial.
    public let best: Double?
    /// The central posterior interval of the sweet spot at ``level``.
    public let low: Double?
    public let high: Double?
    public let level: Double
    /// The posterior mean rating expected at ``best`` (clipped to 0–5).
    public let bestExpected: Double?
    /// The central interval (at ``level``) of the sweet spot the earlier bags predict for a new bag; `nil`
    /// without earlier bags.
    public let earlierPeakLow: Double?
    public let earlierPeakHigh: Double?
    /// Earlier bags that inform the prior (every earlier bag given with at least one brew).
    public let earlierBags: Int
    /// Bayes factor of the flat model (rating independent of grind) over the peaked one; `nil` without brews.
    public let flatBayesFactor: Double?
    /// The bag's highest-rated setting so far and that rating (ties: the later brew); `nil` without brews.
    public let bestSoFar: BrewPoint?
    /// Brews of this bag and their distinct settings.
    public let brews: Int
    public let distinctSettings: Int
    /// Whether the bag has two or more brews, all rated the same.
    public let allRatingsEqual: Bool
    /// The fitted curve over the range (81 points), with its band at ``level``.
    public let curve: [CurveBand]
}
