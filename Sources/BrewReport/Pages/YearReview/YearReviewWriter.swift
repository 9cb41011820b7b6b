import BrewCharts
import BrewColumns
import BrewFiles
import BrewImport
import BrewNames
import BrewPages
import BrewStats
import Foundation

/// Writes the year in review of one journal as a folder: its page (``YearReviewPage``) as `index.html` and
/// `review.md`, its two charts (brews per weekday and per month) as SVG, and `review.pdf` and PNG/PDF charts when
/// `--formats` asks for them. The folder appears atomically and only a folder brewstats wrote is replaced
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
        let created = PDFDate.creationDate(
            options, lastDay: Day(year: year, month: 12, day: 31), options.stats.timeZone)
        let analysis = BrewAnalysis(journal: journal, options: options.stats)
        let review = analysis.yearReview(year)
        let text = YearReviewText(review: review, analysis: analysis)
        var written = [OwnedFolder.markerName]
        let charts = review.isEmpty ? []
            : [ChartRequest(stem: "weekdays", title: "Brews per weekday", chart: text.weekdayChart, size: .half),
                                            ChartRequest(stem: "months", title: "Brews per month",
                                                chart: text.monthChart, size: .half)]
        let pdf = options.formats.contains(.pdf)
        let merges = NearDuplicates.find(in: journal).filter { $0.kind == .roaster }.map { $0.names.map(\.name) }
        let page = YearReviewPage.page(text, journalName: journalName, charts: charts, roasterMerges: merges,
            zone: options.zoneLine, pdf: pdf)
        try ReportError.page { () throws(PageError) in
            let drawn = try PageCharts.draw(charts.filter(\.hasData), outputs: ChartOutputs(options.formats),
                                            theme: options.theme,
                                            into: .staged(staged.folder), created: created, parallel: false)
            written += drawn.flatMap(\.files)
            written += try PageWriter.write(page,
                                            outputs: .init(html: "index.html", markdown: "review.md",
                                                pdf: pdf ? "review.pdf" : nil),
                                            charts: drawn, theme: options.theme, created: created,
                                            into: .staged(staged.folder))
        }
        try staged.commit()
        return (review, written)
    }
}
