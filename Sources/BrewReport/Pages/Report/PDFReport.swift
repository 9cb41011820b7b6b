import BrewCharts
import BrewColumns
import BrewFiles
import BrewStats
import Foundation

/// `report.pdf`: the content of `index.html` as a multi-page A4 document — title and week, the headline
/// figures, dial-in findings, every chart, the equipment and method tables and the import summary.
enum PDFReport {
    static func write(_ report: PeriodReport, charts: [NamedChart], options: ReportOptions, to file: OutputFile) throws(ReportError) {
        var document = ReportDocument(title: "Brew report \(report.week?.label ?? (report.isPeriodReport ? report.heading : ""))", blocks: blocks(report, charts: charts),
                                      theme: options.theme)
        document.creationDate = creationDate(options, lastDay: report.period?.lastDay, report.analysis.options.timeZone)
        do {
            try document.writePDF(to: file)
        } catch {
            throw .cannotWrite(file.shownPath, error)
        }
    }

    /// The PDF creation date (``ReportOptions/documentDate``, else the last second of `lastDay`, the report period's
    /// last day, in `zone`; without a period the fixed default of ``CairoDocumentMetadata``), to the second, as ISO 8601
    /// local time with the offset of the report's time zone. Never the clock: the same journal and options give the
    /// same PDF bytes whenever they run.
    static func creationDate(_ options: ReportOptions, lastDay: Day?, _ zone: TimeZone) -> String? {
        if let date = options.documentDate {
            let seconds = date.timeIntervalSince1970.rounded(.down)
            return CSVCell.isoLocal(Timestamp(microseconds: Int64(seconds) * 1_000_000), zone)
        }
        guard let lastDay else { return nil }
        return CSVCell.isoLocal(endOf(lastDay, zone), zone)
    }

    /// The last second of `day` in `zone` (23:59:59 local time; a day that ends at a clock change ends at its offset).
    static func endOf(_ day: Day, _ zone: TimeZone) -> Timestamp {
        let local = (Int64(day.index) + 1) * 86_400 - 1
        let calendar = LocalCalendar(timeZone: zone)
        // The offset at the instant sought: taken at the guess made with the offset of local time read as UTC.
        let guess = local - calendar.offsetSeconds(at: local * 1_000_000)
        let utc = local - calendar.offsetSeconds(at: guess * 1_000_000)
        return Timestamp(microseconds: utc * 1_000_000)
    }

    static func blocks(_ report: PeriodReport, charts: [NamedChart]) -> [DocumentBlock] {
        var b: [DocumentBlock] = [
            .title("Brew report — \(report.isPeriodReport ? report.heading : report.week?.label ?? "no dated brews")", subtitle: "\(report.journalName) · \(report.weekTitle)"),
        ]
        if let note = report.emptyNote { b.append(.paragraph(note)) }
        // The headline figures first, then each bean with what to brew next (as index.html).
        b.append(.figures(Headline.of(report).map { HeadlineFigure(label: $0.label, value: $0.value, detail: $0.detail) }))
        b.append(.heading("This \(report.noun)’s beans"))
        let beans = BeanFinding.of(report)
        b.append(beans.isEmpty ? .paragraph("No brew this \(report.noun) names a bean, a grinder and a method.")
                               : .bullets(beans.map(\.line)))
        if let note = report.beansLeftOutNote { b.append(.note(note)) }
        if let note = report.laterBrewsNote { b.append(.note(note)) }
        b.append(.heading("Totals"))
        b.append(.figures(TotalsSection.figures(report).map { HeadlineFigure(label: $0.label, value: $0.value, detail: $0.detail) }))
        b.append(.heading("Pooled findings (all beans of a grinder × method)"))
        let findings = report.findings.map(report.sentence)
        b.append(findings.isEmpty
                 ? .paragraph("No grinder × method group states a sweet spot: \(EvidenceRules.sweetSpotRuleText), with a peak inside the settings tried.")
                 : .bullets(findings))
        b += ShotSection.pdfBlocks(report, charts: charts)
        for c in charts where !ShotSection.isShotChart(c.stem) { b.append(.chart(c.chart, height: nil)) }
        b.append(.pageBreak)
        b.append(.heading("Equipment"))
        let zone = report.analysis.options.timeZone
        b.append(.table(header: ["Kind", "Name", "Brews", "Share %", "Last used", "Mean rating", "Mean EY"],
                        rows: report.usage.rows.map {
                            [$0.kind.rawValue, $0.name, "\($0.brews)", Format.number($0.sharePercent, decimals: 1),
                             Format.day($0.lastUsed, zone), Format.number($0.meanRating, decimals: 2), Format.number($0.meanExtraction, decimals: 1)]
                        }, numericColumns: [2, 3, 5, 6]))
        b.append(.heading("Methods"))
        b.append(.table(header: ["Method", "Category", "n", "Ratio median", "EY median", "TDS mean"],
                        rows: report.methodStats.rows.map {
                            [$0.method, $0.category.rawString.replacingOccurrences(of: "_", with: " "), "\($0.n)", Format.ratio($0.ratioMedian),
                             Format.number($0.eyMedian, decimals: 1), Format.number($0.meanTDS, decimals: 2)]
                        }, numericColumns: [2, 3, 4, 5]))
        if let imp = report.importReport {
            b.append(.heading("Import"))
            b.append(.paragraph(ImportNotes.headline(imp)))
            let split = ImportNotes(imp)
            let notes = split.problems.prefix(30).map(\.message) + imp.rejects.prefix(20).map { "rejected \($0.where)\($0.column.map { " · " + $0 } ?? ""): \($0.reason)" }
            if !notes.isEmpty { b.append(.bullets(Array(notes))) }
            // The app's cached counters are bookkeeping: one line, not one bullet per counter.
            if let line = split.countersSummary { b.append(.note(line)) }
        }
        b.append(.note("Ratios: espresso yield ÷ dose, filter water ÷ dose. EY = TDS × beverage mass ÷ dose; values outside 0–35 % are left out."))
        return b
    }
}
