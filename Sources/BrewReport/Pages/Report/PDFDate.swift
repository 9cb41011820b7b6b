import BrewCharts
import BrewColumns
import BrewFiles
import BrewStats
import Foundation

/// The creation date every PDF of a report carries (`report.pdf`, chart PDFs, `review.pdf`): never the clock.
enum PDFDate {
    /// The PDF creation date (``ReportOptions/documentDate``, else the last second of `lastDay`, the report period's
    /// last day, in `zone`; without a period the fixed default of ``CairoDocumentMetadata``), to the second, as ISO
    /// 8601 local time with the offset of the report's time zone. Never the clock: the same journal and options give
    /// the same PDF bytes whenever they run.
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
        Timestamp(
            microseconds: Timestamp(LocalCalendar.midnight(of: Day(index: day.index + 1), in: zone)).microseconds
                - 1_000_000)
    }
}
