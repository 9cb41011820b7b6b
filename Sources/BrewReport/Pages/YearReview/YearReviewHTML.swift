import BrewCharts
import BrewStats
import Foundation

/// The year in review's page (`index.html`) and PDF blocks, from ``YearReviewText``.
enum YearReviewHTML {
    static func render(_ text: YearReviewText, journalName: String, charts: [(chart: NamedChart, image: String?, links: [String])],
                       theme: Theme) -> String {
        let e = HTML.escape
        let r = text.review
        var h = HTMLPage.start(title: "Brew year \(r.year)", css: "\(HTMLReport.css)\n\(css)", eyebrow: "Year in review · \(e(journalName))",
                               heading: "\(r.year) in coffee",
                               sub: "1 January – 31 December \(r.year), days in \(e(text.analysis.options.timeZone.identifier))")
        h += "\n<section class=\"tiles\" aria-label=\"The year\">\n"
        for tile in text.figures {
            h += "<div class=\"tile\"><div class=\"label\">\(e(tile.label))</div><div class=\"value\">\(e(tile.value))</div><div class=\"detail\">\(e(tile.detail))</div></div>\n"
        }
        h += "</section>\n"
        if r.isEmpty {
            h += "<section><p>No brew in this journal is dated in \(r.year), so there is nothing to review. The journal's brews lie in other years.</p></section>\n"
        } else {
            h += "<section><h2>When</h2>\n<div class=\"charts two\">\n"
            for c in charts {
                h += HTMLFigure.figure(stem: c.chart.stem, title: c.chart.title, image: c.image, links: c.links, chart: c.chart.chart, theme: theme)
            }
            h += "</div>\n</section>\n<section><h2>Sweet spots found</h2>\n"
            let spots = text.sweetSpots
            if spots.isEmpty {
                h += "<p class=\"muted\">\(e(text.noSweetSpot))</p>\n"
            } else {
                h += "<ul class=\"findings\">\n" + spots.map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n"
            }
            h += "</section>\n"
            h += TastingNotesHTML.section(TastingSummary(text.analysis.journal.brews, rows: TastingNotesHTML.rows(in: r.span, text.analysis)),
                                          heading: "What the cups tasted of", scope: "the year’s brews",
                                          days: text.analysis.derived.localDay, quotes: false)
            h += "<section><h2>Dialing in</h2>\n<p>\(e(text.dialInSummary))</p>\n"
            let rows = text.journeyRows
            if !rows.isEmpty {
                h += "<div class=\"scroll\"><table class=\"journeys\">\n<thead><tr>"
                for (k, name) in YearReviewText.journeyHeader.enumerated() { h += "<th\(k >= 4 ? " class=\"n\"" : "")>\(e(name))</th>" }
                h += "</tr></thead>\n<tbody>\n"
                for row in rows {
                    let header = YearReviewText.journeyHeader
                    h += "<tr>" + row.enumerated().map { k, cell in
                        "<td\(k >= 4 ? " class=\"n\"" : "") data-label=\"\(e(k < header.count ? header[k] : ""))\">\(e(cell))</td>"
                    }.joined() + "</tr>\n"
                }
                h += "</tbody></table></div>\n"
                if let more = text.journeysLeftOut { h += "<p class=\"muted\">\(e(more))</p>\n" }
                h += "<p class=\"muted\">First: the bag's first rated brew on that grinder × method; best: its highest rating (the earliest, on ties), with the settings on the grinder's dial. Gap: best − first rating. Setting moved: how far the best brew's setting was from the first's.</p>\n"
            }
            h += "</section>\n"
        }
        h += """
        <section><h2>Files</h2><p><a href="review.pdf">review.pdf</a></p></section>

        """
        h += HTMLPage.end(footer: "Made by brewstats. The year is the calendar year of the brews' local days. Beans used: the doses logged. A change against the year before is stated only with \(EvidenceRules.comparisonMinimumBrews) rated brews in each year.")
        return h
    }

    /// Print: no hover, tiles kept whole. On a phone the journeys' table becomes one block per bag, each value
    /// after its column's name (a seven-column table does not fit 390 px, and a sideways scroll hides the result).
    static let css = BeanPageHTML.pageCSS + """

    table.journeys td:first-child,table.journeys td:nth-child(2){white-space:normal;min-width:9em}
    @media (max-width:600px){table.journeys thead{display:none}
    table.journeys,table.journeys tbody,table.journeys tr,table.journeys td{display:block;width:100%}
    table.journeys tr{border-bottom:1px solid var(--line);padding:6px 0}
    table.journeys td,table.journeys td.n{border:0;padding:1px 0;text-align:left;white-space:normal;min-width:0}
    table.journeys td:first-child{font-weight:600}
    table.journeys td:not(:first-child)::before{content:attr(data-label) ": ";color:var(--muted)}}
    @media print{.tile{break-inside:avoid;background:none;border:1px solid #999}a{text-decoration:none}}
    """

    /// The journeys' column heads on A4, short so the bean and equipment names keep their width.
    static let pdfJourneyHeader = ["Bean", "Grinder × method", "First", "Best", "Gap", "Moved", "Dial-in"]

    static func pdfBlocks(_ text: YearReviewText, journalName: String, charts: [NamedChart]) -> [DocumentBlock] {
        let r = text.review
        var b: [DocumentBlock] = [
            .title("\(r.year) in coffee", subtitle: "\(journalName) · 1 January – 31 December \(r.year)"),
            .figures(text.figures.map { HeadlineFigure(label: $0.label, value: $0.value, detail: $0.detail) }),
        ]
        guard !r.isEmpty else {
            b.append(.paragraph("No brew in this journal is dated in \(r.year), so there is nothing to review."))
            return b
        }
        for c in charts { b.append(.chart(c.chart, height: 200)) }
        b.append(.heading("Sweet spots found"))
        let spots = text.sweetSpots
        b.append(spots.isEmpty ? .paragraph(text.noSweetSpot) : .bullets(spots))
        b.append(.heading("Dialing in"))
        b.append(.paragraph(text.dialInSummary))
        let rows = text.journeyRows
        if !rows.isEmpty { b.append(.table(DocumentTable(header: pdfJourneyHeader, rows: rows, numericColumns: [4, 5, 6]))) }
        if let more = text.journeysLeftOut { b.append(.note(more)) }
        b.append(.note("The year is the calendar year of the brews' local days. Beans used: the doses logged. A change against the year before is stated only with \(EvidenceRules.comparisonMinimumBrews) rated brews in each year."))
        return b
    }
}
