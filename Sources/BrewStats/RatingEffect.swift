import BrewColumns

/// How one brew parameter (ratio, water temperature, brew time) goes with the rating in a set of brews, with the
/// grind-versus-rating rules applied to it (``EvidenceRules``).
///
/// Over the brews with both the parameter and a rating, espresso and filter apart (their ratios and times are on
/// different scales, docs/definitions.md):
/// - the quadratic fit `rating = a + b·x + c·x²` (n ≥ 3 on ≥ 3 distinct values) and its R²
///   (``GrindRatingGroup/rSquared(_:x:y:)``);
/// - ``best``: the fit's vertex when c < 0, it lies within the observed values, and the group meets the sweet-spot
///   rule (``EvidenceRules/statesSweetSpot(n:distinctSettings:r2:)``: 8 brews on 4 distinct values, R² ≥ 0.10);
/// - ``verdict`` says which of the three holds: a stated best value, enough data but no clear peak, or too few
///   brews (the rule's counts not met);
/// - ``shape``: how a stated best value reads (``SweetSpotShape``: a flat range, a weak pattern), as for grind.
public struct RatingEffect: Sendable, Equatable {
    /// The parameter.
    public enum Factor: String, Sendable, CaseIterable {
        case ratio = "Brew ratio"
        case temperature = "Water temperature"
        case time = "Brew time"
    }

    /// What the data allows saying.
    public enum Verdict: Sendable, Equatable {
        /// The rating peaks at this value.
        case best(Double)
        /// Enough brews on enough values, but no peak the rule accepts.
        case noClearPeak
        /// Fewer brews or distinct values than the sweet-spot rule needs.
        case tooFew
    }

    public let factor: Factor
    public let espresso: Bool
    public let n: Int
    public let distinctValues: Int
    public let quadraticR2: Double?
    public let verdict: Verdict
    /// How the best value reads, when there is one (``SweetSpotShape``).
    public let shape: SweetSpotShape?
    /// The points, for a chart: x and rating per brew.
    public let x: [Double]
    public let rating: [Double]

    static func fit(_ factor: Factor, espresso: Bool, x: [Double], y: [Double]) -> RatingEffect {
        var scratch: [Double] = []
        let fit = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in PairFit(x: xs, y: ys, scratch: &scratch) }
        }
        let distinct = Set(x).count
        let r2 = fit.quadratic.flatMap { GrindRatingGroup.rSquared($0, x: x, y: y) }
        var verdict = Verdict.tooFew
        if EvidenceRules.statesSweetSpot(n: x.count, distinctSettings: distinct) {
            verdict = .noClearPeak
            if let spot = fit.quadratic?.sweetSpot(within: fit.xRange),
               EvidenceRules.statesSweetSpot(n: x.count, distinctSettings: distinct, r2: r2) {
                verdict = .best(spot)
            }
        }
        let shape = fit.quadratic.flatMap { SweetSpotShape($0, tried: fit.xRange, r2: r2) }
        return RatingEffect(factor: factor, espresso: espresso, n: x.count, distinctValues: distinct, quadraticR2: r2,
                            verdict: verdict, shape: shape, x: x, rating: y)
    }
}

extension BrewAnalysis {
    /// ``RatingEffect``s of `rows`: each factor for espresso and for filter brews, where any of those brews has both
    /// the factor and a rating (factor order, espresso first).
    func ratingEffects(_ rows: [Int]) -> [RatingEffect] {
        let t = table
        var out: [RatingEffect] = []
        for factor in RatingEffect.Factor.allCases {
            let column: Float64Column = switch factor {
            case .ratio: derived.ratio
            case .temperature: t.waterTemperature
            case .time: t.brewTimeSeconds
            }
            for espresso in [true, false] {
                var x: [Double] = [], y: [Double] = []
                for r in rows where t.category(at: r).isEspresso == espresso {
                    guard let v = column[r], v.isFinite, let rating = t.rating[r], rating.isFinite else { continue }
                    x.append(v); y.append(rating)
                }
                if !x.isEmpty { out.append(.fit(factor, espresso: espresso, x: x, y: y)) }
            }
        }
        return out
    }
}
