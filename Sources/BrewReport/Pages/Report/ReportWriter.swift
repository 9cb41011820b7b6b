import BrewCharts
import BrewPages
import BrewFiles
import BrewStats
import Foundation

/// Writes a report folder: the five CSV summaries (with `period_summary.csv` in place of `week_summary.csv` for a
/// month, a year or a range of days), `totals.csv`, its page (``ReportPage``) as `index.html` and `summary.md` with the
/// charts' SVGs, `report.pdf` and PNG/PDF charts when `--formats` asks for them (``BrewPages/ChartOutputs``) and the
/// bean pages under `beans/` (``BeanPages``); for a journal read with its shots, also `shots.csv` and the shot charts
/// (``ShotSection``). The folder appears atomically (``StagedDirectory``): a reader or a batch resume never sees a
/// half-written report. It carries the marker ``OwnedFolder/markerName``, and only a folder brewstats wrote is ever
/// replaced (``OwnedFolder``).
public enum ReportWriter {
    /// The CSV summaries of a weekly report, in the order the report lists them (``ReportFiles/summaries``).
    public static var csvFiles: [String] { ReportFiles.summaries }

    /// Writes `report` into the folder `out` (replacing a previous report there as a whole).
    ///
    /// - Parameters:
    ///   - extra: Further files to place in the folder before it appears (name → bytes), e.g. a batch manifest.
    ///   - protecting: The input journal(s): `out` must not be one of them nor contain one.
    /// - Returns: The file names written, in order (the marker file first).
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` when `out` exists and is not a report folder
    ///   brewstats wrote (checked before any work), ``ReportError/output(path:reason:)`` when a file cannot be
    ///   written; nothing appears then.
    @discardableResult
    public static func write(_ report: PeriodReport, options: ReportOptions, to out: URL,
                             extra: [String: Data] = [:], protecting: [URL] = []) throws(ReportError) -> [String] {
        let (staged, written) = try stage(report, options: options, to: out, extra: extra, protecting: protecting)
        try staged.commit()
        return written
    }

    /// Writes every file of `report` into a staging folder for `out`, without putting it in place: the caller
    /// commits it (``StagedDirectory/commit()``, which flushes the files and renames the folder), or drops it.
    ///
    /// A batch hands the commit to another thread, so the worker draws the next journal while this one's files
    /// reach the disk (``BatchRunner``).
    ///
    /// - Returns: The staged folder and the file names written, in order (the marker file first).
    /// - Throws: As ``write(_:options:to:extra:protecting:)``; the staging folder is removed then.
    static func stage(_ report: PeriodReport, options: ReportOptions, to out: URL,
                      extra: [String: Data] = [:], protecting: [URL] = []) throws(ReportError) -> (StagedDirectory,
                      [String]) {
        let staged = try StagedDirectory(target: out, kind: .report, protecting: protecting)
        var written: [String] = [OwnedFolder.markerName]
        func put(_ name: String, _ text: String) throws(ReportError) {
            try ReportError.writing { () throws(FileError) in try AtomicFile.write(text, to: staged.file(name)) }
            written.append(name)
        }
        try put(ReportFiles.equipmentUsage, report.usage.csv())
        try put(ReportFiles.weekly, report.weekly.csv())
        try put(ReportFiles.methodStats, report.methodStats.csv())
        try put(ReportFiles.grindRating, report.grindRating.csv())
        try put(report.comparisonFile, report.comparison?.csv() ?? emptyWeekSummary)
        if let totals = report.totals { try put(ReportFiles.totals, totals.csv()) }
        if let shots = report.shots {
            try put(ReportFiles.shots, shots.csv())
            for c in shots.comparisons { try put(c.tableFile, c.comparison.csv()) }
        }

        let created = PDFDate.creationDate(options, lastDay: report.period?.lastDay, report.analysis.options.timeZone)
        let requests = (ReportCharts.all(report, options: options) + (report.shots?.charts ?? [])).map(\.request)
        // Charts are drawn in the formats asked (``ChartOutputs``): the page's SVGs always, PNG and PDF when listed.
        // A chart without data points is drawn nowhere; the page says in one line what it lacks.
        let drawn = try ReportError.page { () throws(PageError) in
            try PageCharts.draw(requests.filter(\.hasData), outputs: ChartOutputs(options.formats),
                                theme: options.theme,
                                into: .staged(staged.folder), created: created, parallel: options.parallelRendering)
        }
        written += drawn.flatMap(\.files)
        let beans = try BeanPages.write(report, options: options, into: staged.folder, reportedAs: out)
        written += beans.files
        let pdf = options.formats.contains(.pdf)
        let page = ReportPage.page(report, charts: requests, beanPages: beans.links, pdf: pdf, zone: options.zoneLine,
            currency: options.currency)
        written += try ReportError.page { () throws(PageError) in
            try PageWriter.write(page,
                                 outputs: .init(html: ReportFiles.index, markdown: ReportFiles.summary,
                                     pdf: pdf ? ReportFiles.pdf : nil),
                                 charts: drawn, theme: options.theme, created: created, into: .staged(staged.folder))
        }
        for (name, data) in extra.sorted(by: { $0.key < $1.key }) {
            try ReportError.writing { () throws(FileError) in try AtomicFile.write(data, to: staged.file(name)) }
            written.append(name)
        }
        return (staged, written)
    }

    /// `week_summary.csv` of a journal without dated brews: the header and the metric names, all cells empty.
    static var emptyWeekSummary: String { PeriodSummary.emptyCSV() }
}
