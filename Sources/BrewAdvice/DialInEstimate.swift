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
        /// No rating informs the answer (no rated brew of the bag or of an earlier bag on the grinder × method),
        /// only taste and shot cues: ``DialInEstimate/next`` is a step the cues justify
        /// (``DialInModel/cueStep(cues:window:brewedRange:)``); no best, expected rating or curve is stated.
        case cuesOnly = "cues_only"
    }

    public let scale: DialInScale
    public let verdict: Verdict
    /// The setting to brew next (dialable, inside the range).
    public let next: Double
    /// The posterior mean rating expected there (clipped to 0–5).
    public let nextExpected: Double
    /// Whether this bag was already brewed at ``next``.
    public let nextTried: Bool
    /// The estimated sweet spot: where the fitted curve (the posterior mean rating) peaks inside the map, in
    /// quarter units, continuous; `nil` for ``Verdict/noDependence``.
    public let bestRaw: Double?
    /// ``bestRaw`` on the grinder's dial.
    public let best: Double?
    /// The central posterior interval of the sweet spot at ``level``, kept to the map and its margin (``DialInMap``),
    /// each end at the dialable setting nearest to it: the interval as printed, at the dial's own precision
    /// (3.19–3.42 on a dial of tenths is 3.2–3.4), on which ``bestRatedOutside`` is decided. Both ends may be one
    /// setting.
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
    /// The fitted curve over the map and its margin (``DialInMap``: 81 points, evenly in model units), with its band
    /// at ``level``; never beyond where the advice may go.
    public let curve: [CurveBand]
    /// The safe pick: the setting of highest expected rating inside the map (``DialInMap``), and that rating.
    public let safe: Double
    public let safeExpected: Double
    /// The experiment: the setting of highest expected improvement when it differs from the safe pick. It is
    /// ``next`` when it gives up at most ``DialInOptions/experimentCost`` of expected rating against the safe pick;
    /// otherwise ``next`` is the safe pick and the experiment is offered beside it.
    public let experiment: Experiment?
    /// How sure the advice is (``Confidence``).
    public let confidence: Confidence
    /// The settings brewed on the grinder × method, rated or not, this bag's included (its map before the margin),
    /// on the dial.
    public let mapLow: Double
    public let mapHigh: Double
    /// The side on which the suggestions left the widened map, on strong evidence; `nil` when they did not.
    public let leftMap: Side?
    /// This bag's brews the robust step counted as probable mishaps (``DialInRobust``: weight below ½).
    public let discounted: [BrewPoint]
    /// This bag's grind cues used (taste words, shot times).
    public let cues: [GrindCue]

    /// The bag's best cup (not a probable mishap) when ``next`` is expected more than a quarter point below its
    /// rating: then ``safe`` is that cup's setting, and the answer says so.
    public var belowCup: BrewPoint? = nil
    /// The bag's best-rated cup when its setting lies outside the sweet spot's interval: the answer says so, and the
    /// confidence is at most medium.
    public var bestRatedOutside: BrewPoint? = nil
    /// The shot-time model behind the answer (seconds per step, target time, the bag's shots read); `nil` when no
    /// shots show a slope or the method is not espresso (``ShotTimeFit/used``: whether the times were read by it).
    public var shotTime: ShotTimeFit? = nil
    /// The settings this bag rated more than half a point above the curve there (``DialInModel/underCupMargin``), each
    /// with the bag's best rating there and the rating the curve expects: the answer says the curve runs under them.
    public var cupsAboveCurve: [CupAboveCurve] = []
    /// A cup of the bag rated above the fitted curve: the cup (its setting, the bag's best rating there) and the
    /// rating expected there.
    public struct CupAboveCurve: Sendable, Hashable {
        public let cup: BrewPoint
        public let expected: Double
    }
    /// The posterior mass of the sweet spot within one step (click, model unit) of ``best``: what "high" rests on;
    /// `nil` without a stated best.
    public var massNearBest: Double? = nil
    /// The new bag's attribute that moved its prior, and by how much (``AttributePrior``); `nil` when the prior is
    /// the one population of every earlier bag.
    public var attributeEffect: AttributeEffect? = nil

    public enum Side: String, Sendable { case below, above }

    /// A setting worth brewing to learn, with the rating expected there and what it teaches.
    public struct Experiment: Sendable {
        public let setting: Double
        public let expected: Double
        /// The posterior probability that the sweet spot lies beyond the safe pick on the experiment's side: what
        /// the brew settles.
        public let chanceBeyondSafe: Double
    }

    /// How sure the advice is, from the posterior of the sweet spot and the evidence:
    /// - **high**: at least ``highMass`` (0.9) of the sweet spot's posterior lies within one step (click, model unit)
    ///   of the stated best (``massNearBest``) and the bag has at least 3 rated brews;
    /// - **low**: the interval spans more than 6 steps, or the bag has no rated brew and fewer than 2 cues;
    /// - **medium**: otherwise, and when the ratings do not depend on grind; also where "high" would be earned but the
    ///   bag's best-rated setting lies outside the interval (``bestRatedOutside``).
    public enum Confidence: String, Sendable {
        case low, medium, high

        /// The posterior mass within one step of the best that is called high: 0.9. On a calibrated posterior the
        /// true sweet spot then lies within one step of the best in at least 90 % of such bags, leaving room for the
        /// model's own error under the 80 % target (README, "How sure the advisor's words are"); the earlier rule, an
        /// 80 % interval of at most 2 steps, met 78 % on the simulator, 33 % in one scenario.
        static let highMass = 0.9

        static func judge(widthUnits: Double, massNearBest: Double, ratedBrews: Int, cues: Int, flat: Bool)
            -> Confidence {
            if flat { return .medium }
            if widthUnits > 6 || (ratedBrews == 0 && cues < 2) { return .low }
            if massNearBest >= highMass && ratedBrews >= 3 { return .high }
            return .medium
        }
    }
}
