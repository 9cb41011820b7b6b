import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// Grind setting against rating for a grinder × method group (× bean), with the LOESS curve and the sweet spot
/// where the evidence rules allow them; in a report one chart per group drawn (``ReportOptions/grindCharts`` groups
/// with most brews, per-bean groups included) and the dial-in charts of the week's beans (``DialInChart``).
struct GrindRatingChart: ChartBuilder {
    var recipe: ChartRecipe {
        ChartRecipe(summary: "grind setting vs rating, smooth curve, best setting",
                    columns: [.grinder, .bean, .grindSetting, .rating], stems: [ChartKind.grindRating.rawValue],
                    groupStemPrefixes: ["grind-rating-", "dial-in-"])
    }

    /// A chart per group drawn, `grind-rating-<grinder>-<method>[-<bean>]` (one `grind-rating` chart saying why when
    /// no group has 3 brews), then the dial-in charts (``ReportCharts/dialInStems(_:limit:)``).
    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        var jobs: [ChartJob] = []
        let groups = Self.groups(report.grindRating).prefix(max(0, options.grindCharts))
        if groups.isEmpty {
            jobs.append(ChartJob(stem: recipe.stems[0], title: "Grind vs rating", cost: 0,
                                 make: { chart(source, espresso: false) }))
        }
        var naming = OutputNaming(reserved: [])
        let journal = report.analysis.journal
        for g in groups {
            let who = ([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: "-")
            let slug = naming.name(for: URL(fileURLWithPath: ReportCharts.slugText(who), isDirectory: false))
            jobs.append(ChartJob(stem: "grind-rating-\(slug)", title: report.sentence(g), cost: g.n,
                                 make: { Self.chart(g, journal: journal) }))
        }
        for (k, stem) in ReportCharts.dialInStems(report, limit: options.grindCharts).sorted(by: { $0.key < $1.key }) {
            guard let advice = report.periodAdvice[k] else { continue }
            let p = report.periodBeans[k]
            let title = "Dial-in — \(p.bean) · \(p.grinder) × \(p.method): \(BeanFinding.next(advice) ?? "")"
            jobs.append(ChartJob(stem: stem, title: title, cost: 0, make: { DialInChart.chart(advice) }))
        }
        return jobs
    }

    /// The group with most brews (a filtered journal usually holds one grinder × method).
    func chart(_ source: ChartSource, espresso: Bool) -> Chart {
        let summary = source.grind ?? source.analysis.grindRating(curves: true)
        guard let g = Self.groups(summary).first ?? Self.ranked(summary).first else {
            return BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "—", method: "—", grindSettings: [],
                                                                  ratings: []))
        }
        return Self.chart(g, journal: source.analysis.journal)
    }

    /// The brews of the one grinder × method group drawn.
    func drawn(_ source: ChartSource, espresso: Bool) -> Int {
        Self.drawnGroups(source.analysis.grindRating()).first?.n ?? 0
    }

    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String? {
        source.analysis.grindRating().groups.isEmpty
            ? "no brews with a grinder, a method, a grind setting and a rating \(among)" : nil
    }

    /// The group drawn pools the matched bags of a `--bean` filter (its all-beans row): the title says which bean it
    /// is. When the brews kept fall in several groups, a note names the group drawn and the others with their n.
    func finishSingle(_ chart: inout Chart, _ source: ChartSource, espresso: Bool, matched: Int,
                      beanLabel: String?) -> Int {
        if let label = beanLabel, !chart.title.contains(label), !(chart.subtitle ?? "").contains(label) {
            chart.title += " · \(label)"
        }
        let groups = Self.drawnGroups(source.analysis.grindRating())
        if groups.count > 1 { chart.notes.append(Self.groupNote(groups, matched: matched)) }
        return groups.first?.n ?? 0
    }

    /// The grinder × method groups a single chart chooses from, the one drawn first: those of 3 or more brews;
    /// without any, every group (the chart draws the one with most brews, as ``chart(_:espresso:)`` does).
    static func drawnGroups(_ summary: GrindRatingSummary) -> [GrindRatingGroup] {
        let large = groups(summary).filter { $0.bean == nil }
        return large.isEmpty ? ranked(summary) : large
    }

    /// "Drawn: Niche Zero × Espresso, the group with most brews (118 of the 360 matched); also Comandante C40 × V60
    /// (85), … — pick one by its grinder and method."
    static func groupNote(_ groups: [GrindRatingGroup], matched: Int) -> String {
        let g = groups[0]
        let others = groups.dropFirst().prefix(4).map { "\($0.grinder) × \($0.method) (\($0.n))" }
        let more = groups.count > 5 ? ", …" : ""
        return "Drawn: \(g.grinder) × \(g.method), the group with most brews (\(g.n) of the \(matched) matched); "
            + "also \(others.joined(separator: ", "))\(more) — pick one by its grinder and method."
    }

    /// Every grinder × method group over all its beans, most brews first (ties: grinder, then method): the group
    /// a grind chart draws when none has 3 brews (``groups(_:)``), so a one-brew group is never drawn while
    /// another has two.
    static func ranked(_ summary: GrindRatingSummary) -> [GrindRatingGroup] {
        summary.groups.filter { $0.bean == nil }.sorted {
            if $0.n != $1.n { return $0.n > $1.n }
            return ($0.grinder, $0.method) < ($1.grinder, $1.method)
        }
    }

    /// Grind-vs-rating groups worth drawing (n ≥ 3), most brews first; ties by grinder, method, bean name.
    static func groups(_ summary: GrindRatingSummary) -> [GrindRatingGroup] {
        summary.groups.filter { $0.n >= 3 }.sorted {
            if $0.n != $1.n { return $0.n > $1.n }
            return ($0.grinder, $0.method, $0.bean ?? "") < ($1.grinder, $1.method, $1.bean ?? "")
        }
    }

    /// The grind-vs-rating chart of one group: its points, LOESS curve, quadratic fit (whose vertex is the sweet
    /// spot) and the group's setting grid (``GrindSetting/grid(_:observed:)``), so the chart draws and labels the
    /// sweet spot at the setting the report's findings state.
    ///
    /// When the evidence rules hold back the sweet spot or the curve, a note says so and what they need.
    static func chart(_ g: GrindRatingGroup, journal: Journal) -> Chart {
        var chart = BrewstatsCharts.grindVsRating(input(g, journal: journal))
        if let note = evidenceNote(g), chart.emptyMessage == nil { chart.notes.append(note) }
        return chart
    }

    /// "Too few brews to state a sweet spot (5 on 4 settings; it needs 8 on 4) or to draw a LOESS curve (needs 10
    /// on 5)." for a group the ``EvidenceRules`` hold back, or "No clear peak: …" when only the R² rule holds its
    /// sweet spot back; `nil` when nothing is held back.
    static func evidenceNote(_ g: GrindRatingGroup) -> String? {
        let settings = g.points.distinctX.count
        var held: [String] = []
        if g.sweetSpot != nil, !EvidenceRules.statesSweetSpot(n: g.n, distinctSettings: settings) {
            let needs = "\(EvidenceRules.sweetSpotMinimumBrews) on \(EvidenceRules.sweetSpotMinimumSettings)"
            held.append("state a sweet spot (it needs \(needs))")
        }
        if g.curve != nil, !EvidenceRules.drawsCurve(n: g.n, distinctX: settings) {
            let needs = "\(EvidenceRules.curveMinimumBrews) on \(EvidenceRules.curveMinimumSettings)"
            held.append("draw a smooth curve (it needs \(needs))")
        }
        guard !held.isEmpty else {
            // Enough brews, but the curve explains too little of the ratings for its peak to be a sweet spot.
            guard g.sweetSpot != nil, !g.statesSweetSpot else { return nil }
            let r2 = Int(((g.quadraticR2 ?? 0) * 100).rounded())
            let needed = Int(EvidenceRules.sweetSpotMinimumR2 * 100)
            return "No clear peak: the curve explains \(r2) % of the ratings' spread; a sweet spot needs \(needed) %."
        }
        let on = "\(g.n) on \(settings) setting\(settings == 1 ? "" : "s")"
        return "Too few brews (\(on)) to \(held.joined(separator: " or to "))."
    }

    /// The chart input of ``chart(_:journal:)``: the group's distinct points with their counts.
    ///
    /// ``EvidenceRules`` decide what is drawn: the LOESS curve only with ``EvidenceRules/drawsCurve(n:distinctX:)``,
    /// the sweet spot only with ``GrindRatingGroup/statesSweetSpot`` (the findings' rule); the caption gives n and the
    /// quadratic fit's R² (``GrindRatingGroup/quadraticR2``).
    static func input(_ g: GrindRatingGroup, journal: Journal) -> GrindRatingInput {
        let settings = g.points.distinctX
        let curve = EvidenceRules.drawsCurve(n: g.n, distinctX: settings.count)
            ? (g.curve.map(ReportCharts.curvePoints) ?? []) : []
        let spot = g.statesSweetSpot ? g.sweetSpot : nil
        let grinder = journal.grinders.indices.contains(g.grinderIndex) ? journal.grinders[g.grinderIndex] : nil
        let grid = GrindSetting.grid(grinder, observed: settings)
        return GrindRatingInput(grinder: g.grinder, method: g.method, bean: g.bean, grindSettings: g.points.x,
                                ratings: g.points.y, counts: g.points.counts, loess: curve, sweetSpot: spot,
                                rSquared: g.quadraticR2,
                                quadratic: g.quadratic.map { QuadraticCurve(a: $0.a, b: $0.b, c: $0.c) },
                                settingStep: grid?.step, settingAnchor: grid?.anchor ?? 0)
    }
}
