import BrewCharts
import BrewColumns
import BrewPages
import BrewStats
import Foundation

/// `beans/<slug>.html`: one bag's page, built once from its ``BeanSummary`` and drawn by BrewPages' HTML renderer.
/// The figures are ``BeanSummary``'s; the texts here say what each means.
enum BeanPage {
    /// The page of bag `s` in `report`.
    /// - Parameter charts: The bag's chart requests (``BeanCharts/all(_:analysis:slug:)``); one without data is said
    ///   in one line.
    static func page(_ s: BeanSummary, report: PeriodReport, charts: [ChartRequest], zone: String? = nil,
                     currency: String? = nil) -> Page {
        let analysis = report.analysis
        let end = (report.period?.lastDay ?? report.week?.lastDay).map(\.description) ?? "—"
        var about = [s.bean.roaster, s.bean.origin, s.bean.processing].compactMap { $0 }.filter { !$0.isEmpty }
        if let roast = s.bean.roastDate { about.append("roasted \(roast)") }
        var sections = [
            Section(id: "overview",
                blocks: [
                    .figures(
                        BeanPageText.tiles(
                            s, analysis: analysis, zone: analysis.options.timeZone, currency: currency))])]
        var better: [Finding] = s.grindGroups.prefix(BeanCharts.grindPanels).map { g in
            var f = GrindFinding.of(g, grinder: BeanPageText.grinder(g.grinderIndex, analysis))
            f.subject = "Grind on \(g.grinder) × \(g.method)"
            return f
        }
        var missing: [Block] = []
        if s.grindGroups.isEmpty {
            missing.append(.missing("Grind: no brew of this bean logs both a numeric setting and a rating."))
        }
        better += s.effects.map(BeanPageText.effectFinding)
        for factor in RatingEffect.Factor.allCases where !s.effects.contains(where: { $0.factor == factor }) {
            missing.append(.missing(Text("\(factor.rawValue): no brew of this bean logs it with a rating.")))
        }
        sections.append(Section(id: "better-cup", heading: "What goes with a better cup",
                                blocks: (better.isEmpty ? [] : [.findings(better)]) + missing))
        sections.append(TastingSection.section(TastingSummary(analysis.journal.brews, rows: s.rows), id: "tasting",
                                               heading: "Tasting notes",
                                               scope: "this bag’s brews", days: analysis.derived.localDay))
        sections.append(Section(id: "charts", heading: "Charts", blocks: charts.map { Block.chartOrMissing($0) }))
        return Page(kind: .bean, title: "\(s.label) — bean",
                    eyebrow: .link("Brew report", href: "../index.html") + Text(" · \(report.journalName) · bean"),
                    heading: s.label, subtitle: (about + ["brews up to \(end)"]).joined(separator: " · "), zone: zone,
                    sections: sections,
                    footer: Text(
                        "Made by brewstats. Grams used: the doses logged. Remaining: the bag's weight minus the " +
                            "grams used. Cost per cup: the bag's price ÷ its weight × the mean dose. A best value of " +
                                "ratio, temperature or time is stated like a grind sweet spot: " +
                                    "\(EvidenceRules.sweetSpotRuleText), a curve that explains at least " +
                                        "\(Int((EvidenceRules.sweetSpotMinimumR2 * 100).rounded())) % of the " +
                                            "ratings' spread, a peak inside the values tried."))
    }
}
