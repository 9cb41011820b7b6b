import BrewCharts
import BrewFiles
import BrewStats
import Foundation

/// Writes a report folder: the five CSV summaries (with `period_summary.csv` in place of `week_summary.csv` for a
/// month, a year or a range of days), `totals.csv`, every chart in every chosen format, `index.html`, `report.pdf`,
/// `summary.md` and the bean pages under `beans/` (``BeanPages``); for a journal read with its shots, also `shots.csv` and
/// the shot charts (``ShotSection``). The folder appears atomically (``StagedDirectory``): a reader or a batch
/// resume never sees a half-written report. It carries the marker ``OwnedFolder/markerName``, and only a
/// folder brewstats wrote is ever replaced (``OwnedFolder``).
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
                      extra: [String: Data] = [:], protecting: [URL] = []) throws(ReportError) -> (StagedDirectory, [String]) {
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

        let charts = ReportCharts.all(report, options: options) + (report.shots?.charts ?? [])
        let (shown, overlays) = try renderCharts(charts, report: report, options: options, into: staged.folder, reportedAs: out)
        written += shown.flatMap(\.links)
        let beans = try BeanPages.write(report, options: options, into: staged.folder, reportedAs: out)
        written += beans.files
        try put(ReportFiles.index, HTMLReport.render(report, charts: shown, theme: options.theme, beanPages: beans.links,
                                                 overlays: overlays))
        try put(ReportFiles.summary, MarkdownSummary.render(report))
        written.append(ReportFiles.pdf)
        for (name, data) in extra.sorted(by: { $0.key < $1.key }) {
            try ReportError.writing { () throws(FileError) in try AtomicFile.write(data, to: staged.file(name)) }
            written.append(name)
        }
        return (staged, written)
    }

    /// Writes every chart in every chosen format, and `report.pdf`, into `folder`: on all cores when
    /// ``ReportOptions/parallelRendering`` is set, else one file after the other (a batch running several
    /// journals at once already keeps the cores busy).
    ///
    /// Each chart is one job that lays the chart out once and draws that layout into every format
    /// (``ChartRenderer/layout(_:theme:)``); `report.pdf`, the largest, is the first job. cairo keeps
    /// each surface to one thread, and a job holds one encoded file at a time, so memory is bounded by the number of
    /// cores. The first error in job order (and, within a chart, format order) is the one reported, so the outcome
    /// does not depend on scheduling.
    ///
    /// The same layout gives each shown chart's hover overlay for `index.html` (``HTMLFigure/hoverOverlay(_:theme:drawn:)``),
    /// kept as its small text rather than the layout.
    ///
    /// - Returns: Each chart with the image the page shows (SVG when written, sharp at any size; else PNG;
    ///   `nil` when only PDF was written, which browsers do not show as an image) and all its files, in chart order;
    ///   and the hover overlays of the charts shown as images, by stem.
    static func renderCharts(_ charts: [NamedChart], report: PeriodReport, options: ReportOptions, into folder: StagedFolder,
                             reportedAs out: URL) throws(ReportError)
        -> (charts: [(chart: NamedChart, image: String?, links: [String])], overlays: [String: String]) {
        let files = charts.map { named in options.formats.map { "\(named.stem).\($0.fileExtension)" } }
        let shown = options.formats.contains { $0.fileExtension == "svg" || $0.fileExtension == "png" }
        // Job 0 is report.pdf; job k > 0 is chart k − 1 in every format. Each job returns its outcome (no lock:
        // every job has its own slot, read after the join).
        let jobs = 1 + charts.count
        // A chart PDF carries the report's creation date, like report.pdf.
        let created = PDFReport.creationDate(options, lastDay: report.period?.lastDay, report.analysis.options.timeZone)
        /// The job's hover overlay (nil for report.pdf and when no image is shown), or its first error.
        @Sendable func run(_ job: Int) -> Result<String?, ReportError> {
            do {
                if job == 0 {
                    try PDFReport.write(report, charts: charts, options: options, to: folder.file(ReportFiles.pdf))
                    return .success(nil)
                }
                let c = job - 1
                let laidOut = ChartRenderer.layout(charts[c].chart, theme: options.theme)
                for (f, format) in options.formats.enumerated() {
                    let name = files[c][f]
                    do {
                        try laidOut.write(to: folder.file(name), format: format, creationDate: created)
                    } catch {
                        throw ReportError.cannotWrite(out.appendingPathComponent(name).path, error)
                    }
                }
                return .success(shown ? HTMLFigure.hoverOverlay(charts[c].chart, theme: options.theme, drawn: laidOut) : nil)
            } catch {
                return .failure(error as? ReportError ?? .cannotWrite(out.path, error))
            }
        }
        let outcomes = parallelMap(jobs, work: options.parallelRendering ? Int.max : 0) { run($0) }
        var overlays: [String: String] = [:]
        for (job, outcome) in outcomes.enumerated() {
            switch outcome {
            case .failure(let error): throw error
            case .success(let overlay?): overlays[charts[job - 1].stem] = overlay
            case .success(nil): break
            }
        }
        let listed = zip(charts, files).map { named, links in
            let image = links.first { $0.hasSuffix(".svg") } ?? links.first { $0.hasSuffix(".png") }
            return (chart: named, image: image, links: links)
        }
        return (listed, overlays)
    }

    /// `week_summary.csv` of a journal without dated brews: the header and the metric names, all cells empty.
    static var emptyWeekSummary: String { PeriodSummary.emptyCSV() }
}
