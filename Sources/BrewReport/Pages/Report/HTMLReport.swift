import BrewCharts
import BrewImport
import BrewStats
import Foundation

/// `index.html`: one self-contained page a person opens in a browser — monochrome, readable on a phone,
/// no network needed (charts are files in the same folder), every user string escaped.
enum HTMLReport {
    /// - Parameters:
    ///   - charts: The charts written, in order, each with the image file the page shows (`nil` when only PDF
    ///     was written: browsers do not show a PDF as an image, so the page links it instead) and all its files.
    ///   - theme: The theme the charts were drawn in (their hover positions and dark-mode treatment follow it).
    ///   - beanPages: The bean pages written (``BeanPages``), listed in their own section.
    ///   - overlays: Hover overlays already made, by chart stem (from the layout the chart files were drawn from);
    ///     a chart without one gets its overlay made here.
    static func render(_ report: PeriodReport, charts: [(chart: NamedChart, image: String?, links: [String])],
                       theme: Theme = .monochrome, beanPages: [BeanPages.Link] = [], overlays: [String: String] = [:]) -> String {
        let e = HTML.escape
        var h = HTMLPage.start(title: "Brew report — \(e(report.weekTitle))", css: css, eyebrow: "Brew report · \(e(report.journalName))",
                               heading: e(report.heading), sub: e(report.weekTitle))
        if let note = report.emptyNote { h += "<p class=\"empty-note\"><strong>\(e(note))</strong></p>\n" }
        // The headline numbers first, then each bean as a card that opens with what to brew next.
        h += "<section class=\"tiles\" aria-label=\"This \(report.noun)\">\n"
        for tile in Headline.of(report) {
            h += "<div class=\"tile\"><div class=\"label\">\(e(tile.label))</div><div class=\"value\">\(e(tile.value))</div><div class=\"detail\">\(e(tile.detail))</div></div>\n"
        }
        h += "</section>\n"
        h += weekBeansSection(report, charts: Set(charts.map(\.chart.stem)))
        h += TotalsSection.html(report)

        let findings = report.findings
        h += "<section><h2>Pooled findings</h2>\n<p class=\"muted\">Each grinder × method over all its beans, up to the report \(report.noun)'s end. Beans differ, so a bag's own finding above is the one to dial by.</p>\n"
        if findings.isEmpty {
            h += "<p class=\"muted\">No grinder × method group states a sweet spot: \(e(EvidenceRules.sweetSpotRuleText)), with a peak inside the settings tried.</p>\n"
        } else {
            h += "<ul class=\"findings\">\n"
            for g in findings { h += "<li>\(e(report.sentence(g)))</li>\n" }
            h += "</ul>\n"
        }
        h += "</section>\n"

        h += TastingNotesHTML.section(TastingSummary(report.analysis.journal.brews, rows: TastingNotesHTML.periodRows(report)),
                                      heading: "This \(report.noun)’s tasting notes", scope: "this \(report.noun)’s brews",
                                      days: report.analysis.derived.localDay)
        h += BeanPages.indexSection(beanPages)
        h += ShotSection.html(report, charts: charts, theme: theme)
        h += "<section><h2>Charts</h2>\n<div class=\"charts\">\n"
        for c in charts where !ShotSection.isShotChart(c.chart.stem) {
            h += HTMLFigure.figure(stem: c.chart.stem, title: c.chart.title, image: c.image, links: c.links, chart: c.chart.chart,
                                   theme: theme, overlay: overlays[c.chart.stem])
        }
        h += "</div>\n</section>\n"

        h += "<section><h2>Equipment</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th>Kind</th><th>Name</th><th class=\"n\">Brews</th><th class=\"n\">Share</th><th>First used</th><th>Last used</th><th class=\"n\">Mean rating</th><th class=\"n\">Median ratio</th><th class=\"n\">Mean EY</th><th>App's counter</th></tr></thead>\n<tbody>\n"
        let zone = report.analysis.options.timeZone
        // Equipment the journal lists but no brew used is named in one line under the table, not as rows of zeros.
        let unused = report.usage.rows.filter { $0.brews == 0 }
        for r in report.usage.rows where r.brews > 0 {
            let ratio = [r.medianRatioEspresso.map { Format.ratio($0) + " esp." }, r.medianRatioFilter.map { Format.ratio($0) + " filter" }]
                .compactMap { $0 }.joined(separator: ", ")
            var cached = "—"
            if let c = r.cachedBrewCount { cached = r.brewCountDisagrees ? "\(c) (differs)" : "\(c)" }
            h += "<tr><td>\(r.kind.rawValue)</td><td>\(e(r.name))</td><td class=\"n\">\(r.brews)</td><td class=\"n\">\(Format.number(r.sharePercent, decimals: 1))\(r.sharePercent == nil ? "" : " %")</td><td>\(Format.day(r.firstUsed, zone))</td><td>\(Format.day(r.lastUsed, zone))</td><td class=\"n\">\(Format.number(r.meanRating, decimals: 2))</td><td class=\"n\">\(e(ratio.isEmpty ? "—" : ratio))</td><td class=\"n\">\(Format.number(r.meanExtraction, decimals: 1))</td><td>\(cached)</td></tr>\n"
        }
        h += "</tbody></table></div>\n"
        if !unused.isEmpty {
            h += "<p class=\"muted\">Listed in the journal, never used: \(unused.map { e("\($0.name) (\($0.kind.rawValue))") }.joined(separator: ", ")).</p>\n"
        }
        h += "</section>\n"

        h += "<section><h2>Methods</h2>\n<div class=\"scroll\"><table>\n<thead><tr><th>Method</th><th>Category</th><th class=\"n\">n</th><th class=\"n\">Ratio median (p25–p75)</th><th class=\"n\">n EY</th><th class=\"n\">EY median</th><th class=\"n\">TDS mean</th><th class=\"n\">Brew time median</th></tr></thead>\n<tbody>\n"
        for m in report.methodStats.rows {
            let iqr = m.ratioP25.map { " (" + Format.number($0, decimals: 1) + "–" + Format.number(m.ratioP75, decimals: 1) + ")" } ?? ""
            h += "<tr><td>\(e(m.method))</td><td>\(m.category.rawString.replacingOccurrences(of: "_", with: " "))</td><td class=\"n\">\(m.n)</td><td class=\"n\">\(Format.ratio(m.ratioMedian))\(iqr)</td><td class=\"n\">\(m.nEY)</td><td class=\"n\">\(Format.number(m.eyMedian, decimals: 1))</td><td class=\"n\">\(Format.number(m.meanTDS, decimals: 2))</td><td class=\"n\">\(m.medianBrewTime.map(clock) ?? "—")</td></tr>\n"
        }
        h += "</tbody></table></div>\n</section>\n"

        h += importSection(report.importReport, implausible: report.analysis.derived.implausibleExtractionCount)
        h += """
        <section><h2>Files</h2>
        <p>\(([ReportFiles.summary, ReportFiles.pdf] + ReportFiles.linkedCSVs(comparison: report.comparisonFile)).map { "<a href=\"\($0)\">\($0)</a>" }.joined(separator: " · "))</p>
        </section>

        """
        h += HTMLPage.end(footer: "Made by brewstats. Ratios: espresso yield ÷ dose, filter water ÷ dose. EY = TDS × beverage mass ÷ dose; values outside 0–35 % are left out.")
        return h
    }

    /// The lead: each bean brewed this week with its own grinder × method finding (``BeanFinding``), every one
    /// of them, and a note when later brews were left out (no look-ahead).
    /// A bean with a dial-in chart among `charts` (stems) links to it.
    static func weekBeansSection(_ report: PeriodReport, charts: Set<String> = []) -> String {
        let e = HTML.escape
        // Stems as the charts name them (the first ones written are the same whatever the limit).
        let stems = ReportCharts.dialInStems(report, limit: report.weekBeans.count)
        var h = "<section class=\"beans\"><h2>This \(report.noun)’s beans</h2>\n"
        let beans = BeanFinding.of(report)
        if beans.isEmpty {
            h += "<p class=\"muted\">No brew this \(report.noun) names a bean, a grinder and a method.</p>\n"
        } else {
            h += "<ul class=\"findings bean-findings\">\n"
            for (k, b) in beans.enumerated() {
                let link = stems[k].flatMap { charts.contains($0) ? " · <a href=\"#\(e($0))\">dial-in chart</a>" : nil } ?? ""
                let lead = b.leadsWithNext ? "<span class=\"next\">\(e(b.facts[0]))</span><br>" : ""
                let rest = b.facts.dropFirst(b.leadsWithNext ? 1 : 0).map(e).joined(separator: " · ")
                h += "<li><strong>\(e(b.title))</strong><br>\(lead)<span class=\"facts\">\(rest)\(link)</span></li>\n"
            }
            h += "</ul>\n"
        }
        if let note = report.beansLeftOutNote { h += "<p class=\"muted\">\(e(note))</p>\n" }
        if let note = report.laterBrewsNote { h += "<p class=\"muted\">\(e(note))</p>\n" }
        return h + "</section>\n"
    }

    /// One chart without hover details (the batch's combined page); see ``HTMLFigure/figure(stem:title:image:links:chart:theme:)``.
    static func figure(stem: String, title: String, image: String?, links: [String]) -> String {
        HTMLFigure.figure(stem: stem, title: title, image: image, links: links)
    }

    /// A file name or relative path as a URL path: each component percent-encoded where a URL needs it
    /// (`#`, `?`, `%`, spaces), so a file name is never read as a fragment or query.
    static func href(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            String(part).addingPercentEncoding(withAllowedCharacters: hrefAllowed) ?? String(part)
        }.joined(separator: "/")
    }

    private static let hrefAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    static func importSection(_ imp: ImportReport?, implausible: Int) -> String {
        let e = HTML.escape
        var h = "<section><h2>Import</h2>\n"
        guard let imp else { return h + "<p class=\"muted\">Built from an in-memory journal.</p></section>\n" }
        h += "<p>\(e(ImportNotes.headline(imp)))</p>\n"
        if implausible > 0 {
            h += "<p>\(implausible) extraction yield\(implausible == 1 ? "" : "s") outside 0–35 % left out of the statistics.</p>\n"
        }
        let notes = ImportNotes(imp)
        if !notes.problems.isEmpty {
            h += "<ul class=\"warnings\">\n"
            for w in notes.problems.prefix(30) { h += "<li>\(e(w.message))</li>\n" }
            if notes.problems.count > 30 { h += "<li class=\"muted\">… and \(notes.problems.count - 30) more</li>\n" }
            h += "</ul>\n"
        }
        if !imp.rejects.isEmpty {
            h += "<details><summary>\(imp.rejects.count) rejected row\(imp.rejects.count == 1 ? "" : "s")</summary><ul>\n"
            for r in imp.rejects.prefix(50) {
                h += "<li>\(e(r.where))\(r.column.map { " · " + e($0) } ?? ""): \(e(r.reason))</li>\n"
            }
            h += "</ul></details>\n"
        }
        if let line = notes.countersSummary {
            h += "<details class=\"counters\"><summary class=\"muted\">\(e(line))</summary><ul class=\"muted\">\n"
            for w in notes.counters.prefix(50) { h += "<li>\(e(w.message))</li>\n" }
            if notes.counters.count > 50 { h += "<li>… and \(notes.counters.count - 50) more</li>\n" }
            h += "</ul></details>\n"
        }
        return h + "</section>\n"
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }

    static let css = baseCSS + "\n" + HTMLFigure.css + "\n" + TotalsSection.css

    static let baseCSS = """
    :root{color-scheme:light dark;--fg:#111;--muted:#666;--line:#ddd;--bg:#fff;--tile:#f4f4f4}
    @media (prefers-color-scheme:dark){:root{--fg:#eee;--muted:#999;--line:#333;--bg:#111;--tile:#1c1c1c}}
    *{box-sizing:border-box}body{margin:0;font:16px/1.5 "DejaVu Sans",system-ui,sans-serif;color:var(--fg);background:var(--bg)}
    header,main,footer{max-width:1100px;margin:0 auto;padding:0 16px}header{padding-top:28px}
    h1{font-size:2rem;margin:.1em 0}h2{font-size:1.15rem;margin:2em 0 .6em;border-bottom:1px solid var(--line);padding-bottom:.3em}
    .eyebrow{text-transform:uppercase;letter-spacing:.08em;font-size:.75rem;color:var(--muted);margin:0}.sub{color:var(--muted);margin:0}
    .tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin-top:20px}
    .tile{background:var(--tile);padding:12px 14px;border-radius:6px}.tile .label{font-size:.8rem;color:var(--muted)}
    .tile .value{font-size:1.5rem;font-weight:bold;overflow-wrap:anywhere}.tile .detail{font-size:.8rem;color:var(--muted)}
    figcaption{font-size:.85rem;margin-top:4px}.muted{color:var(--muted)}a{color:inherit}
    .scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.85rem}
    th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);white-space:nowrap}th{font-weight:600}
    td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
    footer{color:var(--muted);font-size:.8rem;padding:30px 16px}
    ul.bean-findings{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr));gap:10px}
    ul.bean-findings li{background:var(--tile);border-radius:6px;padding:10px 12px}
    ul.bean-findings .next{font-weight:600}ul.bean-findings .facts{font-size:.85rem;color:var(--muted)}
    \(TastingNotesHTML.css)
    """
}
