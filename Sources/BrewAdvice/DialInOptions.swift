/// The advisor's settings. The defaults are the model the README writes down; every prior is weak, so the
/// journal's own bags decide whenever they say something.
public struct DialInOptions: Sendable, Equatable {
    /// Level of the stated interval of the sweet spot (central posterior interval). 0.8.
    public var level = 0.8
    /// How many earlier bags (most recently brewed first) inform the prior. 50.
    public var historyBags = 50
    /// Median of the prior on the curve's width `w = 1/√k` (the distance from the sweet spot that costs one
    /// rating point), in grinder steps. 3.
    public var priorWidth = 3.0
    /// Standard deviation of `log w` in that prior (a factor of e either way at one s.d.). 1.
    public var priorWidthLogSD = 1.0
    /// Prior mean of a bag's peak rating when there are no earlier bags. 4.
    public var peakRatingMean = 4.0
    /// Prior standard deviation of a bag's peak rating around the earlier bags' mean. 1.
    public var peakRatingSD = 1.0
    /// Scale of the half-Cauchy prior on the spread τ of sweet spots between bags, in grinder steps (Gelman 2006:
    /// weakly informative, lets the bags decide when they agree or clearly disagree). 3.
    public var spreadScale = 3.0
    /// Bayes factor for the flat model (rating independent of grind) over the peaked one above which the advice
    /// says that the bag's ratings do not depend on grind: 3, "positive evidence" on Kass & Raftery's scale.
    public var flatBayesFactor = 3.0
    /// How far beyond the settings a grinder × method has been brewed at the advice may go, in model units (steps,
    /// clicks): 2 (``DialInMap``). Twice that when the grinder × method has fewer than ``richHistory`` brews.
    public var mapMargin = 2.0
    /// Brews on a grinder × method from which its map is trusted with the plain margin. 10.
    public var richHistory = 10
    /// Posterior mass of the sweet spot beyond an edge of the widened map from which the advice follows it there
    /// (one margin more, said in words). 0.5: the likelier side.
    public var leaveMapMass = 0.5
    /// The grinders known by name (``GrinderCatalogue/builtIn``, or with the user's `grinders.toml`).
    public var grinders = GrinderCatalogue.builtIn
    /// For espresso: the pressure profile whose shots are advised (`nil`: the latest shot's). Shots of other
    /// profiles are never pooled with them, but for their shot times' seconds per step (``ShotTimePooling``).
    public var profile: String?

    /// How the next setting is chosen.
    public enum NextRule: String, Sendable, Equatable, CaseIterable {
        /// Highest expected improvement over the incumbent (explores where the curve is uncertain).
        case expectedImprovement = "expected-improvement"
        /// Highest posterior expected rating (no exploration bonus).
        case greedy
    }

    /// The rule for ``DialInEstimate/next``. Expected improvement.
    public var nextRule = NextRule.expectedImprovement

    /// The most expected rating an experiment may give up against the safe pick and still be brewed next: 0.25
    /// rating points. Below it the cost is under half of the half-point step people rate in, so the experiment's cup
    /// is expected to be rated as the safe one's or one half point lower; above it, `next` is the safe pick and the
    /// experiment is offered beside it (``DialInEstimate/experiment``) for a morning when learning is worth a cup.
    public var experimentCost = 0.25

    public init() {}
}
