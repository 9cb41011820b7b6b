extension QuadraticFit {
    /// The sweet spot of the fit (docs/definitions.md): its ``vertex`` when the parabola opens downward (`c < 0`, so
    /// the vertex is a peak) and the vertex lies within `range`, the values observed (both ends included).
    ///
    /// Edge cases: an upward parabola or a line (`c ≥ 0`) has no peak, and a vertex outside the values tried is an
    /// extrapolation: both give `nil`, as does a `nil` range (no values) and a NaN vertex. Whether a sweet spot is
    /// *stated* as a finding is a further question, answered by ``EvidenceRules``.
    ///
    /// The one statement of the rule: grind vs rating (``GrindRatingGroup/sweetSpot``), the rating effects of ratio,
    /// temperature and time (``RatingEffect``) and the batch's pooled groups use it.
    public func sweetSpot(within range: ClosedRange<Double>?) -> Double? {
        guard c < 0, let range, range.contains(vertex) else { return nil }
        return vertex
    }
}
