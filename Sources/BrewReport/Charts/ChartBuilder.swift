import BrewCharts
import BrewStats

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
    /// What might help when ``missing(_:espresso:among:)`` says the chart has nothing to draw (``ReportRemedy``), or
    /// `nil`. Default: `nil`.
    func remedy(_ source: ChartSource, espresso: Bool) -> ReportRemedy?
    /// Finishes the one chart `brewstats chart` draws from a filtered journal and returns the brews it draws.
    /// Default: ``drawn(_:espresso:)``, the chart unchanged.
    func finishSingle(
        _ chart: inout Chart, _ source: ChartSource, espresso: Bool, matched: Int, beanLabel: String?
    ) -> Int
}

extension ChartBuilder {
    func emptyReason(_ analysis: BrewAnalysis, espresso: Bool) -> String { BrewstatsCharts.emptyMessage }

    func remedy(_ source: ChartSource, espresso: Bool) -> ReportRemedy? { nil }

    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        [ChartJob(stem: recipe.stems[0], title: recipe.summary, cost: 0, make: { chart(source, espresso: false) })]
    }

    func finishSingle(
        _ chart: inout Chart, _ source: ChartSource, espresso: Bool, matched: Int, beanLabel: String?
    ) -> Int {
        drawn(source, espresso: espresso)
    }

    /// "Brews dated in November 2026 only." first among the notes of a drawn chart of a period.
    static func periodNote(_ chart: inout Chart, _ source: ChartSource) {
        if let p = source.period, chart.emptyMessage == nil {
            chart.notes.insert("Brews dated in \(p.name) only.", at: 0)
        }
    }
}
