import BrewCharts
import BrewFiles

/// Draws a ``Page`` as a compact A4 PDF through BrewCharts' document layout (``BrewCharts/ReportDocument``): the
/// same blocks, words and numbers as the HTML page, folds open.
///
/// - A table whose columns do not all fit the page's width is a card per row (each field after its column's heading),
///   so no column is lost on paper.
/// - Charts are laid out afresh, two side by side in the phone size class at print sizes, three rows to a page; the
///   composer keeps a row whole.
/// - A finding's evidence follows its statement in brackets.
public enum PDFRenderer {
    /// The height of a row of charts (two side by side, or one alone): three rows to an A4 page.
    public static let chartRowHeight = 230.0
    /// At most this many columns make a table on A4; a wider table is a card per row.
    public static let tableColumnLimit = 7

    /// The document of `page` (its title and blocks), not yet drawn.
    public static func document(_ page: Page, theme: Theme, creationDate: String?) -> ReportDocument {
        var document = ReportDocument(title: page.title, blocks: blocks(page), theme: theme)
        document.creationDate = creationDate
        return document
    }

    /// The document blocks of `page`, in reading order.
    public static func blocks(_ page: Page) -> [DocumentBlock] {
        var b: [DocumentBlock] = [
            .title(page.heading,
                subtitle: [page.eyebrow.plain, page.subtitle].filter { !$0.isEmpty }.joined(separator: " · "))]
        if let zone = page.zone { b.append(.note(zone)) }
        for section in page.sections {
            if let heading = section.heading { b.append(.heading(heading)) }
            if section.folds, let summary = section.summary { b.append(.note(summary)) }
            // Consecutive charts two to a row: a page holds three rows.
            var pending: [Chart] = []
            func flush() {
                for pair in stride(from: 0, to: pending.count, by: 2) {
                    let row = Array(pending[pair..<min(pair + 2, pending.count)])
                    b.append(
                        row.count == 2 ? .chartRow(row, height: chartRowHeight)
                            : .chart(row[0], height: chartRowHeight))
                }
                pending = []
            }
            for block in section.blocks {
                if case .chart(let r) = block { pending.append(r.chart); continue }
                flush()
                b += blocks(block)
            }
            flush()
        }
        if !page.footer.isEmpty { b.append(.note(page.footer.plain)) }
        return b
    }

    static func blocks(_ block: Block) -> [DocumentBlock] {
        switch block {
        case .figures(let figures, _):
            return [
                .figures(
                    figures.map {
                        HeadlineFigure(label: $0.label, value: $0.valueWithUnit,
                            detail: $0.detail.isEmpty ? nil : $0.detail)
                    })]
        case .findings(let findings):
            return [.bullets(findings.map(line))]
        case .table(let t):
            var out: [DocumentBlock] = t.caption.map { [.note($0)] } ?? []
            if t.columns.count <= tableColumnLimit {
                out.append(.table(DocumentTable(header: t.columns.map(\.heading), rows: t.rows.map { $0.map(\.text) },
                                                numericColumns: Set(
                                                    t.columns.indices.filter { t.columns[$0].isNumeric }))))
            } else {
                // Every field after its column's heading, in column order: the same words and numbers as the table.
                out.append(.bullets(t.rows.map { row in
                    t.columns.indices.map { k in
                        "\(t.columns[k].heading): \(k < row.count ? row[k].text : "")"
                    }.joined(separator: " · ")
                }))
            }
            return out
        case .chart(let r):
            return [.chart(r.chart, height: r.size == .half ? 220 : nil)]
        case .paragraph(let t): return [.paragraph(t.plain)]
        case .note(let t), .missing(let t): return [.note(t.plain)]
        case .list(let items): return [.bullets(items.map(\.plain))]
        case .tags(let tags): return [.paragraph(tags.map { "\($0.name) ×\($0.count)" }.joined(separator: " · "))]
        case .quote(let t, let source): return [.paragraph((source.map { "\($0): " } ?? "") + "“\(t.plain)”")]
        case .details(let summary, let inner): return [.note(summary)] + inner.flatMap(blocks)
        case .links(let links): return [.note(links.map(\.text).joined(separator: " · "))]
        }
    }

    /// A finding as one line: `Subject: statement · fact · fact (how sure: …)`.
    static func line(_ f: Finding) -> String {
        var s = (f.subject.map { "\($0): " } ?? "") + f.statement.plain
        if !f.facts.isEmpty { s += " · " + f.facts.map(\.plain).joined(separator: " · ") }
        if let lines = f.evidence?.lines, !lines.isEmpty { s += " (how sure: " + lines.joined(separator: "; ") + ")" }
        return s
    }
}
