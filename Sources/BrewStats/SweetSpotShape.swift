/// How a stated sweet spot reads: a single setting, or a range of settings that rate about the same, and whether
/// the curve behind it is a weak pattern (docs/definitions.md, "How a sweet spot reads").
///
/// The curve is the group's quadratic fit `q(g) = a + b·g + c·g²` (c < 0), whose peak is the sweet spot `v`
/// (``QuadraticFit/sweetSpot(within:)``). Definitions, with the thresholds of ``EvidenceRules``:
/// - the **flat range** is every setting tried around the peak where the curve stays within
///   ``EvidenceRules/sweetSpotFlatTolerance`` rating points of it: `q(v) − q(g) = −c·(g − v)² ≤ t`, so
///   `v ± √(t ÷ −c)`, cut to the settings tried (lowest to highest);
/// - the spot **is flat** when that range is wider than ``EvidenceRules/sweetSpotFlatMinimumShare`` of the span of
///   settings tried: then no single setting stands out and the statement is the range;
/// - the spot **is weak** when the fit's R² is below ``EvidenceRules/sweetSpotWeakR2``: grind explains little of the
///   ratings' spread, and the statement says so.
///
/// Edge cases: settings tried all equal (span 0) never read as flat; a `nil` R² (ratings that do not vary) is weak.
public struct SweetSpotShape: Sendable, Equatable {
    /// The peak of the curve, the sweet spot.
    public let peak: Double
    /// The settings tried around the peak where the curve is within the tolerance of it (contains ``peak``).
    public let flatRange: ClosedRange<Double>
    /// Whether ``flatRange`` is wide enough that the statement is the range, not the peak.
    public let isFlat: Bool
    /// Whether the fit explains too little of the ratings' spread to call the pattern more than weak.
    public let isWeak: Bool
    /// The fit's R², as given.
    public let r2: Double?

    /// The shape of `q`'s peak over the settings `tried` (lowest…highest); `nil` when `q` has no sweet spot there.
    public init?(_ q: QuadraticFit, tried: ClosedRange<Double>?, r2: Double?) {
        guard let tried, let peak = q.sweetSpot(within: tried) else { return nil }
        let half = (EvidenceRules.sweetSpotFlatTolerance / -q.c).squareRoot()
        let range = max(tried.lowerBound, peak - half)...min(tried.upperBound, peak + half)
        let span = tried.upperBound - tried.lowerBound
        self.peak = peak
        flatRange = range
        isFlat = span > 0 && (range.upperBound - range.lowerBound) > EvidenceRules.sweetSpotFlatMinimumShare * span
        isWeak = (r2 ?? 0) < EvidenceRules.sweetSpotWeakR2
        self.r2 = r2
    }
}

extension GrindRatingGroup {
    /// How the group's sweet spot reads (``SweetSpotShape``), over the settings its brews tried; `nil` without a
    /// sweet spot. Callers state it only when ``statesSweetSpot`` holds.
    public var sweetSpotShape: SweetSpotShape? {
        let tried = points.distinctX
        guard let q = quadratic, let lo = tried.first, let hi = tried.last else { return nil }
        return SweetSpotShape(q, tried: lo...hi, r2: quadraticR2)
    }
}
