/// The rules that decide when a statistic is strong enough to be stated, shared by every output
/// (HTML, PDF, Markdown, CSV, charts, the command line), so no two outputs disagree about what is known.
///
/// The README's "Definitions" section states the same rules in prose; change them together.
///
/// - A **sweet spot** (the vertex of the quadratic fit, docs/definitions.md) is *stated* as a finding only when the
///   group has at least ``sweetSpotMinimumBrews`` brews on at least ``sweetSpotMinimumSettings`` distinct
///   settings. Below that the statistic is still computed (the contract defines it from n ≥ 3) and written
///   to `grind_rating.csv`, but no output calls it "best around". Nor is it stated when the quadratic explains
///   less than ``sweetSpotMinimumR2`` of the rating's variance: then the ratings barely depend on grind and the
///   peak is noise ("no clear peak").
/// - A stated sweet spot **reads as a range** when the fitted curve stays within ``sweetSpotFlatTolerance`` rating
///   points of its peak over more than ``sweetSpotFlatMinimumShare`` of the settings tried ("anywhere from 11 to 19
///   rates about the same"), and **as a weak pattern** when the fit explains less than ``sweetSpotWeakR2`` of the
///   rating's variance (``SweetSpotShape``).
/// - A **smoothing curve** (LOESS) is drawn only with at least ``curveMinimumBrews`` brews on at least
///   ``curveMinimumSettings`` distinct settings: a curve through two or three points is a line drawn by hand.
/// - A **change against the week before** (or any period) is stated only when both periods have at least
///   ``comparisonMinimumBrews`` values of the quantity; otherwise the outputs show both values with their n and
///   say they are too few to compare.
/// - **Association** between grind and rating is not summarised with Spearman's ρ or Pearson's r in findings
///   (both measure a monotone trend, which a single-peaked curve is not); findings give the quadratic fit's
///   R² (share of the rating's variance the curve explains) next to n. ρ and r stay in `grind_rating.csv`.
public enum EvidenceRules {
    /// Brews a grinder × method (× bean) group needs before its sweet spot is stated. 8.
    public static let sweetSpotMinimumBrews = 8
    /// Distinct grind settings a group needs before its sweet spot is stated. 4.
    public static let sweetSpotMinimumSettings = 4
    /// The least R² of the quadratic fit for its peak to be stated as a sweet spot. 0.10.
    public static let sweetSpotMinimumR2 = 0.10
    /// How far below its peak, in rating points (0–5 scale), the sweet-spot curve may be and still rate "about the
    /// same" as the peak. 0.25 (half of the half-point step a rating is given in).
    public static let sweetSpotFlatTolerance = 0.25
    /// The share of the span of settings tried that the curve's flat range (within ``sweetSpotFlatTolerance`` of the
    /// peak) must exceed for the sweet spot to be stated as that range instead of the peak. 0.5.
    public static let sweetSpotFlatMinimumShare = 0.5
    /// The R² below which a stated sweet spot is called a weak pattern. 0.30.
    public static let sweetSpotWeakR2 = 0.30
    /// Brews a group needs before a LOESS curve is drawn through it. 10.
    public static let curveMinimumBrews = 10
    /// Distinct x values a group needs before a LOESS curve is drawn through it. 5.
    public static let curveMinimumSettings = 5
    /// Values each of two periods needs before their difference is stated as a change. 3.
    public static let comparisonMinimumBrews = 3

    /// The sweet-spot rule in words, for outputs that explain why no sweet spot is stated.
    public static var sweetSpotRuleText: String {
        "a sweet spot is stated from \(sweetSpotMinimumBrews) rated brews on \(sweetSpotMinimumSettings) settings"
    }

    /// Whether a group of `n` brews on `distinctSettings` settings has enough brews to state a sweet spot (the
    /// count part of the rule; ``statesSweetSpot(n:distinctSettings:r2:)`` is the whole rule).
    public static func statesSweetSpot(n: Int, distinctSettings: Int) -> Bool {
        n >= sweetSpotMinimumBrews && distinctSettings >= sweetSpotMinimumSettings
    }

    /// The whole sweet-spot rule: enough brews on enough settings, and a quadratic fit explaining at least
    /// ``sweetSpotMinimumR2`` of the rating's variance (`r2` `nil`: no fit, or ratings that do not vary).
    public static func statesSweetSpot(n: Int, distinctSettings: Int, r2: Double?) -> Bool {
        statesSweetSpot(n: n, distinctSettings: distinctSettings) && (r2 ?? 0) >= sweetSpotMinimumR2
    }

    /// Whether a LOESS curve may be drawn through `n` points on `distinctX` distinct x values.
    public static func drawsCurve(n: Int, distinctX: Int) -> Bool {
        n >= curveMinimumBrews && distinctX >= curveMinimumSettings
    }

    /// ``drawsCurve(n:distinctX:)`` for the points at `x`, their distinct values counted as a `Set` counts them
    /// (−0 is 0; every NaN is its own value), but only until there are ``curveMinimumSettings``: a million brews
    /// over a few dozen days are answered after a few dozen brews instead of hashed whole.
    public static func drawsCurve(x: [Double]) -> Bool {
        guard x.count >= curveMinimumBrews else { return false }
        var seen = Set<Double>(minimumCapacity: curveMinimumSettings)
        for v in x where seen.insert(v).inserted && seen.count >= curveMinimumSettings { return true }
        return false
    }

    /// Whether two periods with `a` and `b` values may be compared as a change.
    public static func compares(_ a: Int, _ b: Int) -> Bool {
        a >= comparisonMinimumBrews && b >= comparisonMinimumBrews
    }
}
