import BrewCharts
import BrewColumns
import BrewFiles
import BrewImport
import BrewStats
import Foundation

/// Writes the year in review of one journal as a folder: `index.html` (one page, monochrome, printable, readable on
/// a phone), `review.pdf` (the same content on A4) and its two charts (brews per weekday and per month) in the
/// chosen formats. The folder appears atomically and only a folder brewstats wrote is replaced
/// (``StagedDirectory``).
public enum YearReviewWriter {
    /// Writes the review of calendar `year` (``YearReview``) into `out`.
    ///
    /// A year without brews is an honest empty review (it says so), not an error.
    ///
    /// - Returns: The review and the file names written (the marker first).
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` when `out` may not be replaced,
    ///   ``ReportError/output(path:reason:)`` when a file cannot be written.
    @discardableResult
    public static func write(journal: Journal, journalName: String, year: Int, options: ReportOptions, to out: URL,
                             protecting: [URL] = []) throws(ReportError) -> (review: YearReview, files: [String]) {
        let staged = try StagedDirectory(target: out, kind: .report, protecting: protecting)
        // The PDFs' creation date: pinned (``ReportOptions/documentDate``), else the year's last second.
        let created = PDFReport.creationDate(options, lastDay: Day(year: year, month: 12, day: 31), options.stats.timeZone)
        let analysis = BrewAnalysis(journal: journal, options: options.stats)
        let review = analysis.yearReview(year)
        let text = YearReviewText(review: review, analysis: analysis)
        var written = [OwnedFolder.markerName]
        let charts = review.isEmpty ? [] : [NamedChart(stem: "weekdays", title: "Brews per weekday", chart: text.weekdayChart),
                                            NamedChart(stem: "months", title: "Brews per month", chart: text.monthChart)]
        var shown: [(chart: NamedChart, image: String?, links: [String])] = []
        for c in charts {
            var links: [String] = []
            for format in options.formats {
                let name = "\(c.stem).\(format.fileExtension)"
                do {
                    try ChartRenderer.write(c.chart, to: staged.file(name), format: format, theme: options.theme,
                                            creationDate: created)
                } catch {
                    throw .cannotWrite(out.appendingPathComponent(name).path, error)
                }
                links.append(name)
            }
            written += links
            shown.append((c, links.first { $0.hasSuffix(".svg") } ?? links.first { $0.hasSuffix(".png") }, links))
        }
        try ReportError.writing { () throws(FileError) in
            try AtomicFile.write(YearReviewHTML.render(text, journalName: journalName, charts: shown, theme: options.theme),
                                 to: staged.file("index.html"))
        }
        written.append("index.html")
        var document = ReportDocument(title: "Brew year \(year)", blocks: YearReviewHTML.pdfBlocks(text, journalName: journalName, charts: charts),
                                      theme: options.theme)
        document.creationDate = created
        do {
            try document.writePDF(to: staged.file("review.pdf"))
        } catch {
            throw .cannotWrite(out.appendingPathComponent("review.pdf").path, error)
        }
        written.append("review.pdf")
        try staged.commit()
        return (review, written)
    }
}
