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

/// What brewstats states about one chart kind as data: the report (``ReportCharts``), the single chart
/// (``SingleChart``), the file list (``ReportFiles``) and the CLI read it here rather than keeping lists of their own.
/// How the kind builds its charts is its ``ChartBuilder``.
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
    /// (``groupStemPrefixes``): a period report names the brews chart by its bucket (`brews-per-day`, …), the control
    /// chart has a filter and an espresso chart.
    public let stems: [String]
    /// The prefixes of the per-group stems (`grind-rating-comandante-c40-v60`, `dial-in-…`), for a kind that draws
    /// one chart per group; empty for the others.
    public let groupStemPrefixes: [String]
    /// Whether `--espresso` picks a second chart of this kind (the control chart's espresso ranges).
    public let hasEspressoChart: Bool

    public init(summary: String, columns: BrewColumnSet, trend: TrendMeasure? = nil, stems: [String],
                groupStemPrefixes: [String] = [], hasEspressoChart: Bool = false) {
        self.summary = summary; self.columns = columns; self.trend = trend; self.stems = stems
        self.groupStemPrefixes = groupStemPrefixes; self.hasEspressoChart = hasEspressoChart
    }
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
