import BrewCharts
import Foundation

extension ShotSection {
    /// The shots section of `index.html`: the lead, the metrics table (``tableRowLimit`` rows, then a line counting
    /// the rest) and the section's figures, each with its files; a link to `shots.csv`. Empty without a section.
    ///
    /// - Parameters:
    ///   - charts: The report's rendered charts (the section takes those whose stem is one of its own).
    ///   - theme: The theme the charts were drawn in.
    static func html(_ report: PeriodReport, charts: [(chart: NamedChart, image: String?, links: [String])],
                     theme: Theme) -> String {
        guard let section = report.shots else { return "" }
        let e = HTML.escape
        var h = "<section class=\"shots\"><h2>Shots</h2>\n"
        for line in section.lead { h += "<p>\(e(line))</p>\n" }
        if !section.rows.isEmpty {
            let t = section.table(compact: false, limit: tableRowLimit)
            h += "<div class=\"scroll\"><table>\n<thead><tr>"
            for (k, heading) in t.header.enumerated() {
                h += t.numeric.contains(k) ? "<th class=\"n\">\(e(heading))</th>" : "<th>\(e(heading))</th>"
            }
            h += "</tr></thead>\n<tbody>\n"
            for row in t.rows {
                h += "<tr>"
                for (k, cell) in row.enumerated() {
                    h += t.numeric.contains(k) ? "<td class=\"n\">\(e(cell))</td>" : "<td>\(e(cell))</td>"
                }
                h += "</tr>\n"
            }
            h += "</tbody></table></div>\n"
            if let more = t.more { h += "<p class=\"muted\">\(e(more))</p>\n" }
            let figures = charts.filter { isShotChart($0.chart.stem) }
            if !figures.isEmpty {
                h += "<div class=\"charts\">\n"
                for c in figures {
                    // A comparison's figure links its table too (the differences, last minus best).
                    let table = section.comparisons.first { $0.stem == c.chart.stem }.map { [$0.tableFile] } ?? []
                    h += HTMLFigure.figure(stem: c.chart.stem, title: c.chart.title, image: c.image, links: c.links + table,
                                           chart: c.chart.chart, theme: theme)
                }
                h += "</div>\n"
            }
        }
        if !section.comparisons.isEmpty {
            h += "<p class=\"muted\">Each “last shot against the best” sets a group’s latest shot beside its best-rated one; its CSV gives every metric of both and the differences, last minus best.</p>\n"
        }
        h += "<p class=\"muted\">Every metric of every shot of this \(e(section.noun)): <a href=\"shots.csv\">shots.csv</a>. "
        h += "Definitions: the README's “Shot metrics”.</p>\n"
        return h + "</section>\n"
    }
}
