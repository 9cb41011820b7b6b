import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The shots section's text, shared by `index.html`, `summary.md` and `report.pdf`: the lead sentences and the
/// metrics table (a chosen set of columns; `shots.csv` has every metric).
extension ShotSection {
    /// One column of the shots table: heading, whether it holds numbers, and the cell of a row.
    struct Column {
        let heading: String
        let numeric: Bool
        let cell: (Row) -> String
    }

    /// The table's columns. `compact` (the PDF's A4 width and the Markdown summary) keeps the start, bean, rating
    /// and the main metrics; the page adds profile, grind, the first-drops rule and the pressure, flow, resistance
    /// and temperature metrics.
    func columns(compact: Bool) -> [Column] {
        let zone = timeZone
        func metric(_ m: ShotMetric, _ heading: String, _ decimals: Int) -> Column {
            Column(heading: heading, numeric: true) { Format.number($0.value(m), decimals: decimals) }
        }
        var columns = [Column(heading: "Started", numeric: false) { ShotSection.startText($0.start, zone) }]
        if !compact { columns.append(Column(heading: "Profile", numeric: false) { $0.profile ?? "—" }) }
        columns.append(Column(heading: "Bean", numeric: false) { $0.bean ?? "—" })
        if !compact {
            columns.append(Column(heading: "Grind", numeric: true) { row in
                row.grindSetting.map { CSVCell.format($0) } ?? row.grindText ?? "—"
            })
        }
        columns.append(Column(heading: "Rating", numeric: true) { Format.number($0.rating, decimals: 2) })
        // The compact table's headings carry no unit (an A4 page is too narrow): ``compactUnits`` says them.
        columns.append(metric(.firstDrops, compact ? "Drops" : "First drops (s)", 1))
        if !compact {
            columns.append(Column(heading: "From", numeric: false) { $0.firstDropsRule.map(ShotSection.ruleName) ?? "—" })
            columns.append(metric(.preinfusion, "Pre-infusion (s)", 1))
        }
        columns.append(metric(.duration, compact ? "Time" : "Duration (s)", 1))
        columns.append(metric(.yield, compact ? "Yield" : "Yield (g)", 1))
        columns.append(Column(heading: "Ratio", numeric: true) { Format.ratio($0.value(.ratio)) })
        columns.append(metric(.peakPressure, compact ? "Peak" : "Peak (bar)", 1))
        if !compact { columns.append(metric(.meanPressure, "Mean (bar)", 1)) }
        columns.append(metric(.meanFlow, compact ? "Flow" : "Flow (ml/s)", 2))
        if !compact {
            columns.append(metric(.meanResistance, "Resistance", 2))
            columns.append(metric(.temperatureDeviation, "Temp. dev. (°C)", 2))
        }
        // The flags with their reasons on the page; the compact table names the rules only.
        columns.append(Column(heading: "Flags", numeric: false) { row in
            row.flags.map { compact ? $0.kind.rawValue : $0.reason }.joined(separator: "; ")
        })
        return columns
    }

    /// The units of the compact table's columns, said under it.
    static let compactUnits = "Drops: time to first drops (s); Time: the shot's duration (s); Yield (g); Peak: peak pressure (bar); Flow: mean extraction flow (ml/s)."

    /// The table's heading row and body rows (at most `limit` rows), and the line counting the rows left out
    /// (`nil` when none are).
    func table(compact: Bool, limit: Int) -> (header: [String], rows: [[String]], numeric: Set<Int>, more: String?) {
        let columns = columns(compact: compact)
        let shown = rows.prefix(limit)
        let body = shown.map { row in columns.map { $0.cell(row) } }
        let numeric = Set(columns.indices.filter { columns[$0].numeric })
        let left = rows.count - shown.count
        let more = left > 0 ? "… and \(left) more shot\(left == 1 ? "" : "s") this \(noun) (every shot is in shots.csv)" : nil
        return (columns.map(\.heading), body, numeric, more)
    }

    /// The lead sentences: how many shots the period holds and of how many, where the first-drops times come from,
    /// and what was left out.
    var lead: [String] {
        let ofProfile = profileFilter.map { " of profile ‘\($0)’" } ?? ""
        guard !rows.isEmpty else {
            var text = "No shot\(ofProfile) this \(noun); the journal holds \(ShotSection.count(journalShots, "shot"))."
            if undatedLeftOut > 0 { text += " \(ShotSection.count(undatedLeftOut, "shot")) without a date cannot be placed in a \(noun)." }
            return [text]
        }
        var lines = ["\(ShotSection.count(rows.count, "shot"))\(ofProfile) this \(noun), of \(journalShots) in the journal."]
        let scale = rows.filter { $0.firstDropsRule == .scale }.count
        let pressure = rows.filter { $0.firstDropsRule == .pressure }.count
        let none = rows.count - scale - pressure
        var drops = "First drops: the scale's \(ShotMetricRules.firstDropsWeight) g in \(scale)"
        if pressure > 0 { drops += ", the end of pre-infusion (no scale; an estimate) in \(pressure)" }
        if none > 0 { drops += ", undefined in \(none) (no scale and no pressure rise)" }
        lines.append(drops + ".")
        lines += profileLines
        if groupsLeftOut.groups > 0 {
            lines.append("Overlays for the \(overlays.count) profile × bean groups with most shots; \(ShotSection.count(groupsLeftOut.groups, "other group")) (\(ShotSection.count(groupsLeftOut.shots, "shot"))) not drawn.")
        }
        if undatedLeftOut > 0 {
            lines.append("\(ShotSection.count(undatedLeftOut, "shot")) without a date left out: \(undatedLeftOut == 1 ? "it" : "they") cannot be placed in a \(noun).")
        }
        return lines
    }

    /// `2026-11-13 06:40` in `zone`, `—` without a start.
    static func startText(_ start: Timestamp?, _ zone: TimeZone) -> String { Format.minute(start, zone) }

    /// `1 shot`, `3 shots`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The section of `summary.md`: heading, lead, the compact table (``markdownRowLimit`` rows) and the figures as
    /// images (PNG when written, else SVG; a PDF-only report links the files). Empty without a section.
    static func markdown(_ report: PeriodReport) -> String {
        guard let section = report.shots else { return "" }
        var md = "\n## Shots\n\n"
        for line in section.lead { md += MarkdownSummary.escape(line) + "\n" }
        guard !section.rows.isEmpty else { return md }
        let t = section.table(compact: true, limit: markdownRowLimit)
        md += "\n| " + t.header.map(MarkdownSummary.escape).joined(separator: " | ") + " |\n"
        md += "| " + t.header.indices.map { t.numeric.contains($0) ? "---:" : "---" }.joined(separator: " | ") + " |\n"
        for row in t.rows { md += "| " + row.map(MarkdownSummary.escape).joined(separator: " | ") + " |\n" }
        md += "\n_\(MarkdownSummary.escape(compactUnits))_\n"
        if let more = t.more { md += "\n_\(MarkdownSummary.escape(more))_\n" }
        let ext = section.imageExtensions.first { $0 == "png" } ?? section.imageExtensions.first { $0 == "svg" }
        md += "\n"
        for chart in section.charts {
            if let ext {
                md += "![\(MarkdownSummary.escape(chart.title))](\(chart.stem).\(ext))\n\n"
            } else if let any = section.imageExtensions.first {
                md += "- [\(MarkdownSummary.escape(chart.title))](\(chart.stem).\(any))\n"
            }
            if let c = section.comparisons.first(where: { $0.stem == chart.stem }) {
                md += "_Every metric of both shots and the differences, last minus best: [\(c.tableFile)](\(c.tableFile))._\n\n"
            }
        }
        return md
    }

    /// The section's blocks of `report.pdf`: heading, lead, the compact table (``tableRowLimit`` rows), the
    /// figures (the rendered `charts` whose stems are the section's). Empty without a section.
    static func pdfBlocks(_ report: PeriodReport, charts: [NamedChart]) -> [DocumentBlock] {
        guard let section = report.shots else { return [] }
        var blocks: [DocumentBlock] = [.heading("Shots"), .paragraph(section.lead.joined(separator: " "))]
        guard !section.rows.isEmpty else { return blocks }
        let t = section.table(compact: true, limit: tableRowLimit)
        blocks.append(.table(DocumentTable(header: t.header, rows: t.rows, numericColumns: t.numeric)))
        blocks.append(.note(compactUnits + (t.more.map { " " + $0 } ?? "")))
        for chart in charts where isShotChart(chart.stem) { blocks.append(.chart(chart.chart, height: nil)) }
        return blocks
    }
}
