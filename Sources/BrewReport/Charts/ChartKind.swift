/// The seven chart kinds of brewstats, as the CLI names them.
///
/// Adding a kind: a case here, its builder in `Charts/Kinds/` (a ``ChartBuilder`` holding the kind's
/// ``ChartRecipe``), the case's line in ``builder``, and its test. The report, `brewstats chart`, the period charts,
/// the file list and the CLI's help all go by the builder; the compiler checks ``builder`` covers every case.
public enum ChartKind: String, Sendable, CaseIterable {
    case brewsPerWeek = "brews-per-week"
    case ratingTrend = "rating-trend"
    case extractionTrend = "extraction-trend"
    case grindRating = "grind-rating"
    case equipmentUsage = "equipment-usage"
    case controlChart = "control-chart"
    case restRating = "rest-rating"

    /// How this kind is built.
    var builder: any ChartBuilder {
        switch self {
        case .brewsPerWeek: TrendChart(kind: self, measure: .brews)
        case .ratingTrend: TrendChart(kind: self, measure: .rating)
        case .extractionTrend: TrendChart(kind: self, measure: .extraction)
        case .grindRating: GrindRatingChart()
        case .equipmentUsage: EquipmentUsageChart()
        case .controlChart: BrewingControlChart()
        case .restRating: RestRatingChart()
        }
    }

    /// This kind's recipe.
    public var recipe: ChartRecipe { builder.recipe }

    /// A one-line description for help texts (``ChartRecipe/summary``).
    public var summary: String { recipe.summary }

    /// Whether this kind is a trend chart (``ChartRecipe/trend``).
    public var isTrend: Bool { recipe.trend != nil }
}
