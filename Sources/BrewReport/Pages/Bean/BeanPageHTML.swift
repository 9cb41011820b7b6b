import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// `beans/<slug>.html`: one bag's page — monochrome, readable on a phone, every user string escaped, charts as files
/// beside it. The figures are ``BeanSummary``'s; the texts here say what each means.
enum BeanPageHTML {
    /// - Parameters:
    ///   - empty: The charts left out because they have nothing to draw, with why.
    ///   - overlays: The charts' hover overlays by stem, when already made from the layouts the files were drawn from
    ///     (``HTMLFigure/hoverOverlay(_:theme:drawn:)``); a chart without one gets it made here.
    static func render(_ s: BeanSummary, report: PeriodReport, charts: [(chart: NamedChart, image: String?, links: [String])],
                       empty: [(title: String, message: String)] = [], theme: Theme, overlays: [String: String] = [:]) -> String {
        let e = HTML.escape
        let analysis = report.analysis
        let zone = analysis.options.timeZone
        // The page counts the bean's brews up to the report period's last day (``BeanPages``): a week's, or a month's,
        // a year's or a range's.
        let end = (report.period?.lastDay ?? report.week?.lastDay).map(\.description) ?? "—"
        var about = [s.bean.roaster, s.bean.origin, s.bean.processing].compactMap { $0 }.filter { !$0.isEmpty }
        if let roast = s.bean.roastDate { about.append("roasted \(roast)") }
        var h = HTMLPage.start(title: "\(e(s.label)) — bean", css: "\(HTMLReport.css)\n\(pageCSS)",
                               eyebrow: "<a href=\"../index.html\">Brew report</a> · \(e(report.journalName)) · bean",
                               heading: e(s.label), sub: e((about + ["brews up to \(end)"]).joined(separator: " · ")))
        h += "\n<section class=\"tiles\" aria-label=\"This bag\">\n"
        for tile in tiles(s, analysis: analysis, zone: zone) {
            h += "<div class=\"tile\"><div class=\"label\">\(e(tile.label))</div><div class=\"value\">\(e(tile.value))</div><div class=\"detail\">\(unbrokenDates(e(tile.detail)))</div></div>\n"
        }
        h += "</section>\n<section><h2>What goes with a better cup</h2>\n<ul class=\"findings\">\n"
        for g in s.grindGroups.prefix(BeanCharts.grindPanels) {
            h += "<li>Grind on \(e(withoutBean(g, s.label, grinder: grinder(g.grinderIndex, analysis))))</li>\n"
        }
        if s.grindGroups.isEmpty { h += "<li class=\"muted\">Grind: no brew of this bean logs both a numeric setting and a rating.</li>\n" }
        for effect in s.effects { h += "<li>\(e(effectSentence(effect)))</li>\n" }
        for factor in RatingEffect.Factor.allCases where !s.effects.contains(where: { $0.factor == factor }) {
            h += "<li class=\"muted\">\(factor.rawValue): no brew of this bean logs it with a rating.</li>\n"
        }
        h += "</ul>\n</section>\n"
        h += TastingNotesHTML.section(TastingSummary(analysis.journal.brews, rows: s.rows), heading: "Tasting notes",
                                      scope: "this bag’s brews", days: analysis.derived.localDay)
        h += "<section><h2>Charts</h2>\n"
        // A chart with nothing to draw is a line of text, not an empty frame (and no file).
        for (title, message) in empty { h += "<p class=\"muted\">\(e(title)): \(e(message)).</p>\n" }
        h += "<div class=\"charts two\">\n"
        for c in charts {
            h += HTMLFigure.figure(stem: c.chart.stem, title: c.chart.title, image: c.image, links: c.links, chart: c.chart.chart, theme: theme,
                                   overlay: overlays[c.chart.stem])
        }
        h += """
        </div>
        </section>

        """
        h += HTMLPage.end(footer: "Made by brewstats. Grams used: the doses logged. Remaining: the bag's weight minus the grams used. Cost per cup: the bag's price ÷ its weight × the mean dose. A best value of ratio, temperature or time is stated like a grind sweet spot: \(e(EvidenceRules.sweetSpotRuleText)), R² ≥ \(Format.number(EvidenceRules.sweetSpotMinimumR2, decimals: 2)), a peak inside the values tried.")
        return h
    }

    /// Two charts to a row where the page is wide enough, one on a phone; on a phone, lists indented by less (the
    /// browser's 40 px would take a tenth of the width) and dates never broken at their hyphens.
    static let pageCSS = """
    .charts.two{grid-template-columns:repeat(auto-fit,minmax(min(100%,460px),1fr))}
    .nw{white-space:nowrap}
    @media (max-width:600px){ul.findings{padding-left:1.2em}}
    """

    /// `escaped` with each ISO date (`2026-11-12`) kept on one line (`<span class="nw">`): a narrow tile would
    /// otherwise break it after a hyphen.
    static func unbrokenDates(_ escaped: String) -> String {
        escaped.replacing(#/\d{4}-\d{2}-\d{2}/#) { "<span class=\"nw\">\($0.output)</span>" }
    }

    /// A bean's grind finding without the bean's name (the page is the bean's): `Niche Zero × Espresso: best around
    /// setting 12 · n = 21, R² = 0.79`.
    static func withoutBean(_ g: GrindRatingGroup, _ label: String, grinder: Grinder?) -> String {
        PeriodReport.sentence(g, grinder: grinder)
            .replacingOccurrences(of: "\(g.grinder) × \(g.method) × \(label):", with: "\(g.grinder) × \(g.method):")
    }

    static func grinder(_ index: Int, _ analysis: BrewAnalysis) -> Grinder? {
        analysis.journal.grinders.indices.contains(index) ? analysis.journal.grinders[index] : nil
    }

    /// The headline tiles: brews, mean rating, grams used, and (when known) what is left, cost per kg and per cup,
    /// and the best brew.
    static func tiles(_ s: BeanSummary, analysis: BrewAnalysis, zone: TimeZone) -> [Headline] {
        let t = analysis.journal.brews
        let dates = s.rows.compactMap { t.brewDate[$0].map(Timestamp.init(microseconds:)) }
        var out = [
            Headline(label: "Brews", value: "\(s.brews)",
                     detail: dates.isEmpty ? "" : "\(Format.day(dates.first, zone)) – \(Format.day(dates.last, zone))"),
            Headline(label: "Mean rating", value: s.rating.mean.map { Format.number($0, decimals: 2) } ?? "—",
                     detail: "n = \(s.rating.n) rated"),
            Headline(label: "Used", value: "\(Format.number(s.gramsUsed, decimals: 0)) g",
                     detail: "doses of \(s.dosedBrews) brew\(s.dosedBrews == 1 ? "" : "s")" + (s.meanDose.map { ", mean \(Format.number($0, decimals: 1)) g" } ?? "")),
        ]
        if let weight = s.bean.bagWeightGrams, let left = s.remainingGrams {
            out.append(Headline(label: "Left in the bag", value: left >= 0 ? "\(Format.number(left, decimals: 0)) g" : "0 g",
                                detail: left >= 0 ? "of \(Format.number(weight, decimals: 0)) g"
                                    : "\(Format.number(-left, decimals: 0)) g more logged than the \(Format.number(weight, decimals: 0)) g bag"))
        } else {
            out.append(Headline(label: "Left in the bag", value: "—", detail: "the bag's weight is not recorded"))
        }
        if let perKilo = s.costPerKilogram {
            out.append(Headline(label: "Cost per kg", value: money(perKilo, s.bean.currency),
                                detail: "\(money(s.bean.bagPrice!, s.bean.currency)) for \(Format.number(s.bean.bagWeightGrams!, decimals: 0)) g"
                                    + (s.bean.currency == nil ? " · currency not stated" : "")))
            out.append(Headline(label: "Cost per cup", value: s.costPerCup.map { money($0, s.bean.currency) } ?? "—",
                                detail: s.meanDose == nil ? "no dose logged" : "at the mean dose"))
        } else {
            out.append(Headline(label: "Cost", value: "—", detail: "the bag's price and weight are not both recorded"))
        }
        out.append(bestBrew(s, analysis: analysis))
        return out
    }

    /// `12.50 EUR`; `12.50` when the currency is unknown (the tile's detail says so).
    static func money(_ v: Double, _ currency: String?) -> String {
        Format.number(v, decimals: 2) + (currency.map { " " + $0 } ?? "")
    }

    /// The best brew as the report describes one: rating, then method, grinder at its setting on the dial, day.
    static func bestBrew(_ s: BeanSummary, analysis: BrewAnalysis) -> Headline {
        guard let best = s.best, let rating = best.rating else {
            return Headline(label: "Best brew", value: "—", detail: "no rated brew")
        }
        let t = analysis.journal.brews, row = best.row
        var parts = [t.method[row]].compactMap { $0 }
        if let g = t.grinder[row], let setting = best.setting {
            let record = t.grinder.code(row).flatMap { grinder(Int($0), analysis) }
            parts.append("\(g) at \(GrindSetting.text(setting, grinder: record, observed: [setting]))")
        }
        parts.append(Headline.dayText(best.date, analysis.derived.calendar))
        return Headline(label: "Best brew", value: "\(Format.number(rating, decimals: 1)) / 5",
                        detail: parts.filter { !$0.isEmpty }.joined(separator: " · "))
    }

    /// `Brew ratio (filter): best around 1:16.2 · n = 14, R² = 0.31`; `…: no clear peak · n = 9, R² = 0.04`;
    /// `…: too few brews to say · n = 5 on 3 values (a best value needs 8 rated brews on 4 values)`.
    static func effectSentence(_ x: RatingEffect) -> String {
        let who = "\(x.factor.rawValue) (\(x.espresso ? "espresso" : "filter"))"
        let r2 = x.quadraticR2.map { ", R² = " + Format.number($0, decimals: 2) } ?? ""
        switch x.verdict {
        case .best(let v): return "\(who): best around \(value(x.factor, v)) · n = \(x.n)\(r2)"
        case .noClearPeak: return "\(who): no clear peak · n = \(x.n)\(r2)"
        case .tooFew:
            return "\(who): too few brews to say · n = \(x.n) on \(x.distinctValues) value\(x.distinctValues == 1 ? "" : "s") (a best value needs \(EvidenceRules.sweetSpotMinimumBrews) rated brews on \(EvidenceRules.sweetSpotMinimumSettings) values)"
        }
    }

    static func value(_ factor: RatingEffect.Factor, _ v: Double) -> String {
        switch factor {
        case .ratio: Format.ratio(v)
        case .temperature: Format.number(v, decimals: 0) + " °C"
        case .time: HTMLReport.clock(v)
        }
    }
}
