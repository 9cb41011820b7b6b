import BrewCharts
import Foundation

/// Draws a ``Page`` as one self-contained HTML page: no network, charts as SVG files beside it, every user string
/// escaped. With ``MarkdownRenderer`` and ``PDFRenderer`` the only code that writes page markup.
///
/// **Phone first.** The page opens with the list of its sections; a long section folds (`<details>`). Each chart is
/// a `<picture>` choosing its phone layout below ``phoneBreakpoint`` and its dark-theme drawing under
/// `prefers-color-scheme: dark` (``DrawnChart``), never an inverted image or a CSS filter. A table is a table on a
/// wide screen and a card per row on a phone, fields in their columns' priority order. Nothing is wider than a
/// 390 px screen: text wraps, tables become cards, charts are drawn for that width.
///
/// **Evidence.** A finding's statement shows in plain words; its evidence (counts, runner-up, the statistics) sits
/// in a fold under it.
public enum HTMLRenderer {
    /// Below this viewport width (CSS px) a chart shows its phone layout and a table its cards.
    public static let phoneBreakpoint = 1000

    /// The page as HTML.
    /// - Parameter charts: The page's charts as drawn
    ///   (``PageCharts/draw(_:outputs:theme:into:created:parallel:hover:)``), matched to its requests by stem; a
    ///   request without a drawn chart is said as one line (its files are missing).
    public static func render(_ page: Page, charts: [DrawnChart]) -> String {
        let e = HTMLText.escape
        var drawn: [String: DrawnChart] = [:]
        for d in charts { drawn[d.request.stem] = d }
        var h = """
        <!DOCTYPE html>
        <html lang="en" data-page="\(e(page.kind.name))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="brewstats">
        <title>\(e(page.title))</title>
        <style>\(HTMLStyle.css)</style>
        </head>
        <body>
        <header>

        """
        if !page.eyebrow.isEmpty { h += "<p class=\"eyebrow\">\(HTMLText.inline(page.eyebrow))</p>\n" }
        h += "<h1>\(e(page.heading))</h1>\n"
        if !page.subtitle.isEmpty { h += "<p class=\"sub\">\(e(page.subtitle))</p>\n" }
        if let zone = page.zone { h += "<p class=\"zone\">\(e(zone))</p>\n" }
        h += "</header>\n"
        let listed = page.sections.filter { $0.heading != nil }
        if listed.count > 1 {
            h += "<nav class=\"contents\" aria-label=\"Sections\"><ul>"
            for s in listed { h += "<li><a href=\"#\(e(s.id))\">\(e(s.heading!))</a></li>" }
            h += "</ul></nav>\n"
        }
        h += "<main>\n"
        for section in page.sections { h += self.section(section, drawn: drawn) }
        h += "</main>\n"
        if !page.footer.isEmpty { h += "<footer>\(HTMLText.inline(page.footer))</footer>\n" }
        return h + "</body>\n</html>\n"
    }

    static func section(_ s: Section, drawn: [String: DrawnChart]) -> String {
        let e = HTMLText.escape
        let body = blocks(s.blocks, drawn: drawn)
        guard let heading = s.heading else {
            return "<section id=\"\(e(s.id))\" class=\"lead\">\n\(body)</section>\n"
        }
        if s.folds {
            let summary = s.summary.map { " <span class=\"muted\">\(e($0))</span>" } ?? ""
            return "<section id=\"\(e(s.id))\"><details " +
                "class=\"fold\"><summary><h2>\(e(heading))</h2>\(summary)</summary>\n\(body)</details></section>\n"
        }
        return "<section id=\"\(e(s.id))\"><h2>\(e(heading))</h2>\n\(body)</section>\n"
    }

    /// The blocks, consecutive charts gathered in one grid.
    static func blocks(_ blocks: [Block], drawn: [String: DrawnChart]) -> String {
        var h = ""
        var k = 0
        while k < blocks.count {
            if case .chart = blocks[k] {
                var run: [ChartRequest] = []
                while k < blocks.count, case .chart(let r) = blocks[k] { run.append(r); k += 1 }
                h += "<div class=\"charts\">\n" + run.map { figure($0, drawn: drawn[$0.stem]) }.joined() + "</div>\n"
                continue
            }
            h += block(blocks[k], drawn: drawn)
            k += 1
        }
        return h
    }

    static func block(_ block: Block, drawn: [String: DrawnChart]) -> String {
        let e = HTMLText.escape
        switch block {
        case .figures(let figures, let style):
            return figuresHTML(figures, style: style)
        case .findings(let findings):
            return findingsHTML(findings)
        case .table(let table):
            return tableHTML(table)
        case .chart(let request):
            return "<div class=\"charts\">\n" + figure(request, drawn: drawn[request.stem]) + "</div>\n"
        case .paragraph(let t):
            return "<p data-block=\"paragraph\">\(HTMLText.inline(t))</p>\n"
        case .note(let t):
            return "<p class=\"note\" data-block=\"note\">\(HTMLText.inline(t))</p>\n"
        case .missing(let t):
            return "<p class=\"missing\" data-block=\"missing\">\(HTMLText.inline(t))</p>\n"
        case .list(let items):
            return "<ul class=\"list\" data-block=\"list\">\n" + items.map {
                "<li>\(HTMLText.inline($0))</li>\n"
            }.joined() + "</ul>\n"
        case .tags(let tags):
            return "<ul class=\"tags\" data-block=\"tags\">" + tags.map {
                "<li>\(e($0.name)) <span class=\"muted\">×\($0.count)</span></li>"
            }.joined() + "</ul>\n"
        case .quote(let t, let source):
            let from = source.map { "<span class=\"muted\">\(e($0)): </span>" } ?? ""
            return "<blockquote data-block=\"quote\">\(from)“\(HTMLText.inline(t))”</blockquote>\n"
        case .details(let summary, let inner):
            return "<details " +
                "data-block=\"details\"><summary>\(e(summary))</summary>\n\(blocks(inner, drawn: drawn))</details>\n"
        case .links(let links):
            return "<p class=\"links\" data-block=\"links\">" + links.map {
                "<a href=\"\(e(HTMLText.href($0.href)))\">\(e($0.text))</a>"
            }
                .joined(separator: " · ") + "</p>\n"
        }
    }

    static func figuresHTML(_ figures: [Figure], style: FigureStyle) -> String {
        let e = HTMLText.escape
        switch style {
        case .tiles:
            var h = "<div class=\"tiles\" data-block=\"figures\">\n"
            for f in figures {
                let unit = f.unit.map { " <span class=\"unit\">\(e($0))</span>" } ?? ""
                h += "<div class=\"tile\"><div class=\"label\">\(e(f.label))</div><div " +
                    "class=\"value\">\(e(f.value))\(unit)</div>"
                if let c = f.comparison, !c.isEmpty { h += "<div class=\"detail\">\(e(c))</div>" }
                if let v = f.evidence, !v.isEmpty { h += "<div class=\"detail evidence\">\(e(v))</div>" }
                h += "</div>\n"
            }
            return h + "</div>\n"
        case .row:
            var h = "<ul class=\"totals\" data-block=\"figures\">\n"
            for f in figures {
                h += "<li><span class=\"label\">\(e(f.label))</span> <span class=\"value\">\(e(f.valueWithUnit))</span>"
                if !f.detail.isEmpty { h += " <span class=\"detail\">\(e(f.detail))</span>" }
                h += "</li>\n"
            }
            return h + "</ul>\n"
        }
    }

    static func findingsHTML(_ findings: [Finding]) -> String {
        let e = HTMLText.escape
        let cards = findings.contains { !$0.facts.isEmpty }
        var h = "<ul class=\"findings\(cards ? " cards" : "")\" data-block=\"findings\">\n"
        for f in findings {
            h += "<li class=\"finding\(f.isMade ? "" : " not-made")\">"
            if let subject = f.subject { h += "<strong>\(e(subject))</strong>" + (cards ? "<br>" : ": ") }
            h += "<span class=\"statement\">\(HTMLText.inline(f.statement))</span>"
            if !f.facts.isEmpty {
                h += "<br><span class=\"facts\">\(f.facts.map(HTMLText.inline).joined(separator: " · "))</span>"
            }
            if let lines = f.evidence?.lines, !lines.isEmpty {
                h += "<details class=\"evidence\"><summary>How sure</summary><ul>" + lines.map {
                    "<li>\(e($0))</li>"
                }.joined() + "</ul></details>"
            }
            h += "</li>\n"
        }
        return h + "</ul>\n"
    }

    static func tableHTML(_ table: Table) -> String {
        let e = HTMLText.escape
        let rank = Dictionary(uniqueKeysWithValues: table.byPriority.enumerated().map { ($1, $0 + 1) })
        func cls(_ k: Int) -> String {
            let c = table.columns[k]
            return "p\(min(9, rank[k] ?? 9))" + (c.isNumeric ? " n" : "")
        }
        var h = "<div class=\"table\" data-block=\"table\"><table>\n"
        if let caption = table.caption { h += "<caption>\(e(caption))</caption>\n" }
        h += "<thead><tr>" + table.columns.indices.map {
            "<th scope=\"col\" class=\"\(cls($0))\">\(e(table.columns[$0].heading))</th>"
        }.joined()
            + "</tr></thead>\n<tbody>\n"
        for row in table.rows {
            h += "<tr>"
            for k in table.columns.indices {
                let cell = k < row.count ? row[k] : Cell("")
                let text = cell.href.map { "<a href=\"\(e(HTMLText.href($0)))\">\(e(cell.text))</a>" } ?? e(cell.text)
                h += "<td class=\"\(cls(k))\" data-label=\"\(e(table.columns[k].heading))\">\(text)</td>"
            }
            h += "</tr>\n"
        }
        return h + "</tbody></table></div>\n"
    }

    /// One chart's `<figure>`: the `<picture>` of its variants with the hover overlay, the caption with its files,
    /// and a lightbox (CSS `:target`, no script) showing it large.
    static func figure(_ request: ChartRequest, drawn: DrawnChart?) -> String {
        let e = HTMLText.escape
        let size = request.size == .half ? " half" : ""
        guard let drawn, let svg = drawn.svg else {
            return "<p class=\"missing\" data-block=\"missing\">\(e(request.title)): " +
                "the chart's file was not written.</p>\n"
        }
        let stem = e(request.stem)
        let zoom = e("zoom-" + request.stem)
        let phone = "(max-width: \(phoneBreakpoint - 1)px)"
        func picture(_ alt: String) -> String {
            var p = "<picture>"
            if let d = drawn.phoneDark {
                p += "<source media=\"\(phone) and (prefers-color-scheme: dark)\" srcset=\"\(e(HTMLText.href(d)))\">"
            }
            if let s = drawn.phone { p += "<source media=\"\(phone)\" srcset=\"\(e(HTMLText.href(s)))\">" }
            if let d = drawn.svgDark {
                p += "<source media=\"(prefers-color-scheme: dark)\" srcset=\"\(e(HTMLText.href(d)))\">"
            }
            return p + "<img src=\"\(e(HTMLText.href(svg)))\" alt=\"\(e(alt))\" loading=\"lazy\"></picture>"
        }
        let files = drawn.downloads.map {
            "<a href=\"\(e(HTMLText.href($0)))\">\(e(($0 as NSString).pathExtension.uppercased()))</a>"
        }
            + request.links.map { "<a href=\"\(e(HTMLText.href($0.href)))\">\(e($0.text))</a>" }
        return "<figure id=\"\(stem)\" class=\"chart\(size)\" data-block=\"chart\" data-chart=\"\(e(request.kind))\">"
            + "<a class=\"plot\" href=\"#\(zoom)\" title=\"Enlarge\">\(picture(request.title))\(drawn.hover)</a>"
            + "<figcaption>\(e(request.title)) <span "
            + "class=\"muted\">\(files.joined(separator: " · "))</span></figcaption>"
            + "<div class=\"zoom\" id=\"\(zoom)\"><a class=\"close\" href=\"#\(stem)\" aria-label=\"Close\">×</a>"
            + "<a class=\"full\" "
            + "href=\"\(e(HTMLText.href(svg)))\">\(picture(request.title + ", enlarged"))</a></div></figure>\n"
    }
}
