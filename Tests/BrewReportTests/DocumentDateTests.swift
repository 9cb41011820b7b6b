import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// The creation date of a report's PDFs (``PDFDate/creationDate(_:lastDay:_:)``): pinned, or the last second of the
/// report period's last day in the report's zone; and `SOURCE_DATE_EPOCH` as the reproducible-builds specification has it.
@Suite struct DocumentDateTests {
    /// The last second of a day, checked against Foundation's calendar on ordinary days and on both clock changes.
    @Test(arguments: [(2026, 11, 22), (2026, 3, 29), (2026, 10, 25), (2026, 3, 28), (2024, 2, 29)])
    func theLastSecondOfADay(_ y: Int, _ m: Int, _ d: Int) throws {
        let day = try #require(Day(year: y, month: m, day: d))
        for zone in [berlin, TimeZone(identifier: "America/New_York")!, TimeZone(identifier: "UTC")!,
                     TimeZone(identifier: "Asia/Kolkata")!] {
            let expected = instant(y, m, d, 23, 59, 59, in: zone)
            let got = PDFDate.endOf(day, zone)
            #expect(got.microseconds == Int64(expected.timeIntervalSince1970) * 1_000_000, "\(day) in \(zone.identifier)")
        }
    }

    @Test func pinnedDatesWinAndNoPeriodGivesTheFixedDefault() throws {
        var options = ReportOptions()
        let day = try #require(Day(year: 2026, month: 11, day: 22))
        #expect(PDFDate.creationDate(options, lastDay: day, berlin) == "2026-11-22T23:59:59+01:00")
        #expect(PDFDate.creationDate(options, lastDay: nil, berlin) == nil)
        options.documentDate = instant(2026, 7, 1, 8, 30, 15)
        #expect(PDFDate.creationDate(options, lastDay: day, berlin) == "2026-07-01T08:30:15+02:00")
        // Whatever the clock says: `now` plays no part.
        options.documentDate = nil
        options.now = Date(timeIntervalSince1970: 0)
        #expect(PDFDate.creationDate(options, lastDay: day, berlin) == "2026-11-22T23:59:59+01:00")
    }

    @Test func sourceDateEpochIsWholeSecondsInDigits() {
        #expect(ReportOptions.sourceDateEpoch(["SOURCE_DATE_EPOCH": "1795435200"]) == Date(timeIntervalSince1970: 1_795_435_200))
        #expect(ReportOptions.sourceDateEpoch(["SOURCE_DATE_EPOCH": "0"]) == Date(timeIntervalSince1970: 0))
        for bad in ["", "-5", "1.5", " 12", "12 ", "abc", "１２", "99999999999999999999"] {
            #expect(ReportOptions.sourceDateEpoch(["SOURCE_DATE_EPOCH": bad]) == nil, "'\(bad)'")
        }
        #expect(ReportOptions.sourceDateEpoch([:]) == nil)
    }
}
