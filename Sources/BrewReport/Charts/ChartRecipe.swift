import BrewColumns
import BrewStats

/// What a trend chart draws per week (or per bucket of a period): the one question its kind asks of the brews.
public enum TrendMeasure: Sendable {
    /// Brews per week (per day, week or month in a period report).
    case brews
    /// Mean rating per week, with its rolling mean.
    case rating
    /// Mean extraction yield per week, filter and espresso apart, with the ideal band.
    case extraction
}

/// Everything brewstats states about one chart kind, in one place: the report (``ReportCharts``), the single chart
/// (``SingleChart``), the period charts, the file list (``ReportFiles``) and the CLI ask the recipe rather than
/// keeping lists of their own.
///
/// How each kind builds its chart from the statistics is ``ReportCharts/chart(_:_:espresso:)``, one branch per
/// kind; why a chart may be empty, ``ReportCharts/emptyReason(_:_:espresso:)``.
public struct ChartRecipe: Sendable {
    /// A one-line description for help texts (also the title of its chart in a weekly report).
    public let summary: String
    /// The brew-column groups the chart reads beside the always-read dates and methods (see
    /// ``SingleChart/columns``).
    public let columns: BrewColumnSet
    /// What it draws per week or per bucket when it is a trend chart (over the chart's weeks, or a period and the
    /// period before); `nil` for the other kinds.
    public let trend: TrendMeasure?
    /// The file stems the report writes its charts of this kind under, beside the per-group ones
    /// (``groupStemPrefix``): a period report names the brews chart by its bucket (`brews-per-day`, …), the control
    /// chart has a filter and an espresso chart.
    public let stems: [String]
    /// The prefix of the per-group stems (`grind-rating-comandante-c40-v60`), for the kind that draws one chart per
    /// group; `nil` for the others.
    public let groupStemPrefix: String?
}

extension ChartKind {
    /// This kind's recipe.
    public var recipe: ChartRecipe {
        switch self {
        case .brewsPerWeek:
            ChartRecipe(summary: "brews per ISO week, last 26 weeks", columns: [], trend: .brews,
                        stems: ["brews-per-week", "brews-per-day", "brews-per-month"], groupStemPrefix: nil)
        case .ratingTrend:
            ChartRecipe(summary: "weekly mean rating and its rolling mean", columns: .rating, trend: .rating,
                        stems: [rawValue], groupStemPrefix: nil)
        case .extractionTrend:
            ChartRecipe(summary: "weekly mean extraction yield with the ideal 18–22 % band", columns: [.masses, .tds],
                        trend: .extraction, stems: [rawValue], groupStemPrefix: nil)
        case .grindRating:
            ChartRecipe(summary: "grind setting vs rating with LOESS curve and sweet spot",
                        columns: [.grinder, .bean, .grindSetting, .rating], trend: nil, stems: [rawValue],
                        groupStemPrefix: "grind-rating-")
        case .equipmentUsage:
            ChartRecipe(summary: "brews per method and per grinder", columns: .grinder, trend: nil, stems: [rawValue],
                        groupStemPrefix: nil)
        case .controlChart:
            ChartRecipe(summary: "brewing control chart (EY vs TDS), filter or --espresso", columns: [.masses, .tds],
                        trend: nil, stems: ["control-chart", "control-chart-espresso"], groupStemPrefix: nil)
        case .restRating:
            ChartRecipe(summary: "rating vs days off roast, with LOESS curve", columns: [.bean, .rating], trend: nil,
                        stems: [rawValue], groupStemPrefix: nil)
        }
    }

    /// Whether this kind is a trend chart (``ChartRecipe/trend``).
    public var isTrend: Bool { recipe.trend != nil }
}

extension PeriodTrend {
    /// The brews a trend chart of `measure` draws from this trend: every brew (``brews``), the rated brews (the n
    /// behind ``rating``) or the brews with an extraction yield (filter and espresso n).
    func drawn(_ measure: TrendMeasure) -> Int {
        switch measure {
        case .brews: brews.reduce(0, +)
        case .rating: rating.reduce(0) { $0 + $1.n }
        case .extraction: filter.reduce(0) { $0 + $1.n } + espresso.reduce(0) { $0 + $1.n }
        }
    }
}
