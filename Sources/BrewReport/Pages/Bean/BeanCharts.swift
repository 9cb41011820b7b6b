import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// The charts of a bean page and of the year in review, adapted from BrewStats results to chart specs.
enum BeanCharts {
    /// At most this many grind-versus-rating panels per bean page (the grinder × method groups with most brews).
    static let grindPanels = 3
    /// Canvas width of the page charts (pt): two to a row from 1200 px (each about 520 CSS px wide there, so its 9 pt
    /// notes are 11 CSS px), one to a row below; a phone draws its own layout.
    static let pageWidth = 420.0

    /// Every chart of one bean's page, stems prefixed with the page's slug (`<slug>-brews`, …).
    static func all(_ s: BeanSummary, analysis: BrewAnalysis, slug: String) -> [NamedChart] {
        var charts = [
            NamedChart(stem: "\(slug)-brews", title: "Brews of \(s.label) per day",
                chart: brewsPerDay(s, analysis: analysis)),
            NamedChart(stem: "\(slug)-ratings", title: "Ratings of \(s.label), every time it was brewed",
                chart: ratingDistribution(s)),
            NamedChart(stem: "\(slug)-rest", title: "Rating vs days off roast — \(s.label)",
                chart: rest(s, analysis: analysis)),
        ]
        var naming = OutputNaming(reserved: [])
        for g in s.grindGroups.filter({ $0.n >= 3 }).prefix(grindPanels) {
            let name =
                naming.name(
                    for: URL(fileURLWithPath: ReportCharts.slugText("\(g.grinder)-\(g.method)"), isDirectory: false))
            var chart = GrindRatingChart.chart(g, journal: analysis.journal)
            chart.width = pageWidth
            // The page is the bean's: titles name the grinder and method only.
            chart.title = "Grind vs rating — \(g.grinder) · \(g.method)"
            charts.append(
                NamedChart(stem: "\(slug)-grind-\(name)", title: "Grind vs rating on \(g.grinder) × \(g.method)",
                    chart: chart))
        }
        return charts
    }

    /// Brews per local day from the bag's first brew to its last, zero days on the baseline.
    static func brewsPerDay(_ s: BeanSummary, analysis: BrewAnalysis) -> Chart {
        let title = "Brews per day"
        let days = Kernel.take(analysis.derived.localDay, Selection(s.rows.map(Int32.init)))
        guard let lo = days.min(), let hi = days.max() else {
            return .empty(title: title, message: "No dated brews of this bean")
        }
        var perDay = [Int32: Int]()
        for d in days { perDay[d, default: 0] += 1 }
        let zone = analysis.options.timeZone
        let all = Array(lo...hi)
        let starts = all.map { dayStart(Day(index: $0), zone) }
        let values = all.map { Double(perDay[$0] ?? 0) }
        var chart = Self.counts(title: title,
                           subtitle: "\(s.brews) brew\(s.brews == 1 ? "" : "s") · \(Day(index: lo)) – " +
                               "\(Day(index: hi)) · \(perDay.count) brew day\(perDay.count == 1 ? "" : "s")",
                           categories: [], values: values, axis: "Day")
        chart.x = AxisSpec(title: "Day", dateDomain: starts[0]...starts[starts.count - 1].addingTimeInterval(86_400),
            grid: false)
        chart.marks = [.bar(BarMark(x: .dates(starts), y: .numbers(values), span: 86_400))]
        chart.calendar = Chart.isoCalendar(zone)
        return chart
    }

    /// How many brews got each half-star rating.
    static func ratingDistribution(_ s: BeanSummary) -> Chart {
        let title = "Rating distribution"
        guard !s.ratings.isEmpty else { return .empty(title: title, message: "No rated brew of this bean") }
        let labels = (0...10).map { k in k % 2 == 0 ? "\(k / 2)" : "\(k / 2).5" }
        let bins = s.ratingBins.map(Double.init)
        let mean = s.rating.mean.map { " · mean " + Format.number($0, decimals: 2) } ?? ""
        return counts(title: title,
                      subtitle: "n = \(s.ratings.count) rated brew\(s.ratings.count == 1 ? "" : "s")\(mean)",
                      categories: labels, values: bins, axis: "Rating (nearest half star)")
    }

    /// Rating against the bag age (days off roast less days frozen, ``BagAge``), espresso and filter told apart; the
    /// LOESS curve only where the evidence rules allow one.
    static func rest(_ s: BeanSummary, analysis: BrewAnalysis) -> Chart {
        let rows = analysis.restChartRows(among: Selection(s.rows.map(Int32.init)))
        let days = Kernel.take(analysis.derived.bagAge, rows),
            ratings = Kernel.take(analysis.journal.brews.rating, rows)
        let kinds = analysis.categories(rows).map(RestRatingChart.group)
        if days.isEmpty {
            return .empty(title: "Rating vs days off roast",
                          message: s.bean.roastDate == nil ? "The bean has no roast date"
                              : "No rated brew of this bean")
        }
        let curve = EvidenceRules.drawsCurve(x: days)
            ? ReportCharts.curvePoints(analysis.restCurve(days: days, ratings: ratings)) : []
        var chart = BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: ratings, loess: curve, groupCodes: kinds,
                                                         groupNames: RestRatingChart.groups)
        chart.width = pageWidth
        chart.height = 360
        if let note = analysis.frozenDaysNote(rows) { chart.notes.append(note) }
        if curve.isEmpty {
            chart.notes.append(
                "No smooth curve: it needs \(EvidenceRules.curveMinimumBrews) rated brews on " +
                    "\(EvidenceRules.curveMinimumSettings) distinct days (\(days.count) on \(Set(days).count)).")
        }
        return chart
    }

    /// Vertical count bars over `categories`, each labelled with its count.
    static func counts(title: String, subtitle: String, categories: [String], values: [Double], axis: String) -> Chart {
        let top = max(1, values.max() ?? 1)
        let step = AnchoredTicks.step(lower: 0, upper: top, anchor: 0, steps: AnchoredTicks.unitSteps(1), maxCount: 5)
        let end = max(step, (top / step).rounded(.up) * step)
        return Chart(title: title, subtitle: subtitle,
                     x: AxisSpec(title: axis, grid: false),
                     y: AxisSpec(title: "Brews", domain: 0...end,
                         ticks: AnchoredTicks.ticks(lower: 0, upper: end, anchor: 0, step: step)),
                     marks: [.bar(BarMark(x: .categories(categories), y: .numbers(values), valueLabels: true))],
                     width: pageWidth, height: 320)
    }

    /// Midnight starting local `day` in `zone`.
    static func dayStart(_ day: Day, _ zone: TimeZone) -> Date { LocalCalendar.midnight(of: day, in: zone) }
}
