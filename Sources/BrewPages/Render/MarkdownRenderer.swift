/// Draws a ``Page`` as Markdown (GitHub's dialect: pipe tables), for pasting into a chat or a journal: every block
/// the HTML page has, with the same words and numbers, folds shown open (a details fold's summary in bold, then its
/// blocks), charts as images of their wide SVG.
public enum MarkdownRenderer {
    public static func render(_ page: Page, charts: [DrawnChart] = []) -> String {
        var images: [String: String] = [:]
        for d in charts { images[d.request.stem] = d.svg ?? d.png ?? d.pdf }
        var md = "# \(escape(page.heading))\n\n"
        let lead = [inline(page.eyebrow), escape(page.subtitle)].filter { !$0.isEmpty }
        if !lead.isEmpty { md += "_" + lead.joined(separator: " · ") + "_\n\n" }
        if let zone = page.zone { md += "_\(escape(zone))_\n\n" }
        for section in page.sections {
            if let heading = section.heading { md += "## \(escape(heading))\n\n" }
            // A folded section's one line, which the HTML page shows on its fold.
            if section.folds, let summary = section.summary { md += "_\(escape(summary))_\n\n" }
            for block in section.blocks { md += self.block(block, images: images) }
        }
        if !page.footer.isEmpty { md += "_\(inline(page.footer))_\n" }
        return md
    }

    static func block(_ block: Block, images: [String: String]) -> String {
        switch block {
        case .figures(let figures, _):
            return figures.map { f in
                "- **\(escape(f.label))**: \(escape(f.valueWithUnit))"
                    + (f.detail.isEmpty ? "" : " — \(escape(f.detail))")
            }.joined(separator: "\n") + "\n\n"
        case .findings(let findings):
            var md = ""
            for f in findings {
                md += "- " + (f.subject.map { "**\(escape($0))**: " } ?? "") + inline(f.statement) + "\n"
                for fact in f.facts { md += "  - \(inline(fact))\n" }
                if let lines = f.evidence?.lines, !lines.isEmpty {
                    md += "  - _How sure:_ \(lines.map(escape).joined(separator: "; "))\n"
                }
            }
            return md + "\n"
        case .table(let t):
            var md = t.caption.map { "_\(escape($0))_\n\n" } ?? ""
            md += "| " + t.columns.map { escape($0.heading) }.joined(separator: " | ") + " |\n"
            md += "| " + t.columns.map { $0.isNumeric ? "---:" : "---" }.joined(separator: " | ") + " |\n"
            for row in t.rows {
                md += "| " + t.columns.indices.map { k in
                    let cell = k < row.count ? row[k] : Cell("")
                    return cell.href.map { "[\(escape(cell.text))](\(url($0)))" } ?? escape(cell.text)
                }.joined(separator: " | ") + " |\n"
            }
            return md + "\n"
        case .chart(let r):
            guard let file = images[r.stem] else { return "_\(escape(r.title))_\n\n" }
            let extra = r.links.map { " · [\(escape($0.text))](\(url($0.href)))" }.joined()
            return "![\(escape(r.title))](\(url(file)))\(extra)\n\n"
        case .paragraph(let t): return inline(t) + "\n\n"
        case .note(let t), .missing(let t): return "_\(inline(t))_\n\n"
        case .list(let items): return items.map { "- \(inline($0))" }.joined(separator: "\n") + "\n\n"
        case .tags(let tags): return tags.map { "\(escape($0.name)) ×\($0.count)" }.joined(separator: " · ") + "\n\n"
        case .quote(let t, let source): return "> " + (source.map { "\(escape($0)): " } ?? "") + "“\(inline(t))”\n\n"
        case .details(let summary, let inner):
            return "**\(escape(summary))**\n\n" + inner.map { self.block($0, images: images) }.joined()
        case .links(let links):
            return links.map { "[\(escape($0.text))](\(url($0.href)))" }.joined(separator: " · ") + "\n\n"
        }
    }

    static func inline(_ text: Text) -> String {
        text.runs.map { run in
            switch run {
            case .plain(let s), .muted(let s): escape(s)
            case .strong(let s): "**\(escape(s))**"
            case .link(let s, let href): "[\(escape(s))](\(url(href)))"
            case .lineBreak: " "
            }
        }.joined()
    }

    /// Escapes Markdown's active characters in user text (`|`, `*`, `_`, backticks, brackets, `<`, `#`); a line
    /// break becomes a space.
    public static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "\\|*_`[]<>#".contains(ch) { out.append("\\") }
            out.append(ch == "\n" ? " " : ch)
        }
        return out
    }

    /// A relative path as a Markdown link target (percent-encoded like the HTML's).
    static func url(_ path: String) -> String {
        HTMLText.href(path).replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
    }
}
