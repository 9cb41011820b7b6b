import BrewCharts
import Foundation

/// Writes a weekly report folder: the five CSV summaries, every chart in every chosen format, `index.html`,
/// `report.pdf` and `summary.md`. The folder appears atomically (``StagedDirectory``): a reader or a batch
/// resume never sees a half-written report.
public enum ReportWriter {
    /// The CSV summaries, in the order the report lists them.
    public static let csvFiles = ["equipment_usage.csv", "weekly.csv", "method_stats.csv", "grind_rating.csv", "week_summary.csv"]

    /// Writes `report` into the folder `out` (replacing a previous report there as a whole).
    ///
    /// - Parameter extra: Further files to place in the folder before it appears (name → bytes), e.g. a
    ///   batch manifest.
    /// - Returns: The file names written, in order.
    /// - Throws: ``ReportError/output(path:reason:)`` when a file cannot be written; nothing appears then.
    @discardableResult
    public static func write(_ report: WeeklyReport, options: ReportOptions, to out: URL,
                             extra: [String: Data] = [:]) throws(ReportError) -> [String] {
        let staged = try StagedDirectory(target: out)
        var written: [String] = []
        func put(_ name: String, _ text: String) throws(ReportError) {
            try AtomicFile.write(text, to: staged.staging.appendingPathComponent(name))
            written.append(name)
        }
        try put("equipment_usage.csv", report.usage.csv())
        try put("weekly.csv", report.weekly.csv())
        try put("method_stats.csv", report.methodStats.csv())
        try put("grind_rating.csv", report.grindRating.csv())
        try put("week_summary.csv", report.weekSummary?.csv() ?? emptyWeekSummary)

        let charts = ReportCharts.all(report, options: options)
        var shown: [(chart: NamedChart, image: String, links: [String])] = []
        for named in charts {
            var files: [String] = []
            for format in options.formats {
                let name = "\(named.stem).\(format.fileExtension)"
                do {
                    try ChartRenderer.write(named.chart, to: staged.staging.appendingPathComponent(name), format: format, theme: options.theme)
                } catch {
                    throw .output(path: out.appendingPathComponent(name).path, reason: "\(error)")
                }
                files.append(name)
            }
            written += files
            // The page shows SVG when written (sharp at any size), else PNG, else links only.
            let image = files.first { $0.hasSuffix(".svg") } ?? files.first { $0.hasSuffix(".png") } ?? files[0]
            shown.append((named, image, files))
        }
        try put("index.html", HTMLReport.render(report, charts: shown))
        try put("summary.md", MarkdownSummary.render(report))
        try PDFReport.write(report, charts: charts, options: options, to: staged.staging.appendingPathComponent("report.pdf"))
        written.append("report.pdf")
        for (name, data) in extra.sorted(by: { $0.key < $1.key }) {
            try AtomicFile.write(data, to: staged.staging.appendingPathComponent(name))
            written.append(name)
        }
        try staged.commit()
        return written
    }

    /// `week_summary.csv` of a journal without dated brews: the header and the metric names, all cells empty.
    static let emptyWeekSummary = "metric,this_week,previous_week,change\r\nbrews,0,0,0\r\nmean_rating,,,\r\nmean_ey,,,\r\ntop_method,,,\r\nbest_brew,,,\r\n"
}
