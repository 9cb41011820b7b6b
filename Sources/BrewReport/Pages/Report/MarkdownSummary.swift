import Foundation

/// `summary.md`: the headline numbers as Markdown, for pasting into a chat or a journal.
enum MarkdownSummary {
    static func render(_ report: PeriodReport) -> String {
        var md = "# Brew report — \(escape(report.weekTitle))\n\n"
        md += "_\(escape(report.journalName))_\n\n"
        let beans = BeanFinding.of(report)
        if !beans.isEmpty {
            md += "## This \(report.noun)’s beans\n\n"
            for b in beans { md += "- **\(escape(b.title))**: \(b.facts.map(escape).joined(separator: "; "))\n" }
            if let note = report.beansLeftOutNote { md += "- _\(escape(note))_\n" }
            md += "\n"
        }
        if let note = report.emptyNote { md += "**\(escape(note))**\n\n" }
        if let note = report.laterBrewsNote { md += "_\(escape(note))_\n\n" }
        md += "| | this \(report.noun) | |\n| --- | --- | --- |\n"
        for h in Headline.of(report) {
            md += "| \(escape(h.label)) | **\(escape(h.value))** | \(escape(h.detail)) |\n"
        }
        md += TotalsSection.markdown(report)
        md += ShotSection.markdown(report)
        let findings = report.findings
        if !findings.isEmpty {
            md += "\n## Pooled findings (all beans of a grinder × method)\n\n"
            for g in findings { md += "- \(escape(report.sentence(g)))\n" }
        }
        if let imp = report.importReport, imp.brews.rejected > 0 || !imp.warnings.isEmpty {
            // Data problems are listed; disagreeing cached counters of the app are one closing line.
            let notes = ImportNotes(imp)
            md += "\n## Import\n\n- \(imp.brews.kept) of \(imp.brews.read) brews imported, \(imp.brews.rejected) rejected\n"
            for w in notes.problems.prefix(5) { md += "- \(escape(w.message))\n" }
            if notes.problems.count > 5 { md += "- … and \(notes.problems.count - 5) more (see index.html)\n" }
            if let line = notes.countersSummary { md += "\n_\(escape(line))_\n" }
        }
        return md
    }

    /// Escapes Markdown's active characters in user text (`|`, `*`, `_`, backticks, brackets, `<`).
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "\\|*_`[]<>#".contains(ch) { out.append("\\") }
            out.append(ch == "\n" ? " " : ch)
        }
        return out
    }
}
