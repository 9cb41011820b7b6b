import BrewCharts
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

/// One chart of the report, named and costed before it is built: the report settles every name and title in order,
/// then builds the charts as parallel jobs, the costliest first (``ReportCharts/all(_:options:)``).
struct ChartJob: Sendable {
    /// The file stem (`control-chart-espresso`).
    let stem: String
    /// The chart's title on the report page.
    let title: String
    /// The brews the job reads (a chart of weeks or of equipment reads summaries: 0).
    let cost: Int
    let make: @Sendable () -> Chart
}

/// How one chart kind is built: its recipe, the charts it adds to a report, the one chart `brewstats chart` draws,
/// why that chart may be empty, how many brews it draws and what filtered brews lack for it.
///
/// Each kind has its builder in `Charts/Kinds/` (``ChartKind/builder``); the three trend kinds share
/// ``TrendChart``, which asks its ``TrendMeasure``. Nothing else in the report switches on a kind.
protocol ChartBuilder: Sendable {
    var recipe: ChartRecipe { get }
    /// The one chart of this kind for `source` (`espresso`: the second chart, ``ChartRecipe/hasEspressoChart``).
    func chart(_ source: ChartSource, espresso: Bool) -> Chart
    /// What an empty chart says: the true reason it has nothing to draw, from the whole journal analysed.
    /// Default: ``BrewstatsCharts/emptyMessage``.
    func emptyReason(_ analysis: BrewAnalysis, espresso: Bool) -> String
    /// The charts of this kind a report draws. Default: one chart under the first stem, titled by the summary.
    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob]
    /// The brews the one chart draws (the count `brewstats chart` prints).
    func drawn(_ source: ChartSource, espresso: Bool) -> Int
    /// What the brews of `source` lack for this chart, as a phrase ending in `among` ("among the 12 brews
    /// matched"), or `nil` when there is something to draw.
    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String?
    /// Finishes the one chart `brewstats chart` draws from a filtered journal and returns the brews it draws.
    /// Default: ``drawn(_:espresso:)``, the chart unchanged.
    func finishSingle(_ chart: inout Chart, _ source: ChartSource, espresso: Bool, matched: Int, beanLabel: String?) -> Int
}

extension ChartBuilder {
    func emptyReason(_ analysis: BrewAnalysis, espresso: Bool) -> String { BrewstatsCharts.emptyMessage }

    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        [ChartJob(stem: recipe.stems[0], title: recipe.summary, cost: 0, make: { chart(source, espresso: false) })]
    }

    func finishSingle(_ chart: inout Chart, _ source: ChartSource, espresso: Bool, matched: Int, beanLabel: String?) -> Int {
        drawn(source, espresso: espresso)
    }

    /// "Brews dated in November 2026 only." first among the notes of a drawn chart of a period.
    static func periodNote(_ chart: inout Chart, _ source: ChartSource) {
        if let p = source.period, chart.emptyMessage == nil { chart.notes.insert("Brews dated in \(p.name) only.", at: 0) }
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
