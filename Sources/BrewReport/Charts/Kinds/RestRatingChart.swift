import BrewCharts
import BrewColumns
import BrewStats

/// Rating against the bag age (days off roast less days frozen, ``BagAge``): the rated brews of a bean with a roast
/// date (in a period: dated in it), espresso and filter apart, with a LOESS curve where the evidence rules allow one.
/// A note says so when some drawn brew's bag spent days frozen.
///
/// Which brews it draws is the statistics layer's selection (``BrewAnalysis/restChartRows(in:)``).
struct RestRatingChart: ChartBuilder {
    var recipe: ChartRecipe {
        ChartRecipe(summary: "rating vs days off roast, with a smooth curve", columns: [.bean, .rating],
                    stems: [ChartKind.restRating.rawValue])
    }

    /// One chart; it reads every brew's days off roast and rating.
    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        [ChartJob(stem: recipe.stems[0], title: recipe.summary + (source.period.map { ", \($0.name)" } ?? ""),
                  cost: report.analysis.journal.brews.count, make: { chart(source, espresso: false) })]
    }

    func chart(_ source: ChartSource, espresso: Bool) -> Chart {
        let a = source.analysis
        let rows = a.restChartRows(in: source.period)
        let days = Kernel.take(a.derived.bagAge, rows), ratings = Kernel.take(a.journal.brews.rating, rows)
        let kinds = a.categories(rows).map(Self.group)
        // The LOESS curve only where the evidence rules allow one (enough brews on enough distinct days).
        let curve = EvidenceRules.drawsCurve(x: days)
            ? ReportCharts.curvePoints(a.restCurve(days: days, ratings: ratings)) : []
        var chart = BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: ratings, loess: curve,
                                                         groupCodes: kinds, groupNames: Self.groups)
        Self.periodNote(&chart, source)
        if let note = a.frozenDaysNote(rows) { chart.notes.append(note) }
        return chart
    }

    func drawn(_ source: ChartSource, espresso: Bool) -> Int {
        source.analysis.restChartRows(in: source.period).count
    }

    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String? {
        let any = !source.analysis.restChartRows(in: source.period).isEmpty
        return any ? nil
            : "no rated brews of a bean with a roast date\(source.period.map { " in \($0.name)" } ?? "") \(among)"
    }

    /// The groups of the rest charts, as codes into ``groups``: espresso and filter brews, whose best rest times
    /// differ.
    static let groups = ["Espresso", "Filter"]
    static func group(_ category: MethodCategory) -> Int32 { category.isEspresso ? 0 : 1 }
}
