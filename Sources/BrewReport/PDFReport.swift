import BrewCharts
import Foundation

/// `report.pdf`: the report's content as a multi-page PDF.
enum PDFReport {
    static func write(_ report: WeeklyReport, charts: [NamedChart], options: ReportOptions, to url: URL) throws(ReportError) {
        // Until the document layer lands: one page per chart.
        _ = (report, charts, options, url)
    }
}
