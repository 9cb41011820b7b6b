import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// An unreadable cell in an optional column is missing, listed with its line, column and value; a brew is rejected
/// only for its date. A mapping declares its missing markers; dates in either order are read where the day allows
/// one order; a date without a time of day stays on its calendar day (docs/formats.md, "Foreign CSV cells").
@Suite(.cleansScratch) struct CellsNotBrewsTests {
    static func mapping(_ toml: String) throws -> ImportOptions {
        var options = ImportOptions(format: .csv, timeZone: TimeZone(identifier: "UTC")!)
        options.columnMapping = try ColumnMapping(toml: toml)
        return options
    }

    /// A real log's habits: "?" for a brew time not taken, once "frenchpress" typed into it.
    @Test func anUnreadableOptionalCellKeepsTheBrew() throws {
        let csv = """
            brewed_at,method,dose_g,brew_time_s,rating
            2021-08-01T08:00:00Z,V60,15,?,4
            2021-08-02T08:00:00Z,V60,15,frenchpress,3
            2021-08-03T08:00:00Z,V60,15,180,5
            2021-08-04T08:00:00Z,V60,15,?,4
            """
        let result = try importChecked(try scratchFile("cells.csv", csv), ImportOptions(format: .csv))
        #expect(result.report.brews == .init(read: 4, kept: 4, rejected: 0))
        let t = result.journal.brews
        #expect((0..<4).map { t.brewTimeSeconds[$0] } == [nil, nil, 180, nil])
        #expect((0..<4).map { t.rating[$0] } == [4, 3, 5, 4])
        #expect((0..<4).map { t.doseGrams[$0] } == [15, 15, 15, 15])
        // Each value listed with its column, first line and count.
        let cells = result.report.warnings.filter { $0.kind == .unreadableValue && $0.column == "brew_time_s" }
        let question = try #require(cells.first { $0.message.hasPrefix("'?'") })
        #expect(question.count == 2 && question.where == "line 2")
        #expect(question.message == "'?' is not a number; the brew is kept with brew_time_s missing")
        let typed = try #require(cells.first { $0.message.hasPrefix("'frenchpress'") })
        #expect(typed.count == 1 && typed.where == "line 3")
    }

    /// A brew whose date does not parse is still rejected: the date is required.
    @Test func aBrewWithoutAReadableDateIsRejected() throws {
        let csv = "brewed_at,method,dose_g\nsoon,V60,15\n2021-08-03T08:00:00Z,V60,?\n"
        let result = try importChecked(try scratchFile("dates.csv", csv), ImportOptions(format: .csv))
        #expect(result.report.brews == .init(read: 2, kept: 1, rejected: 1))
        #expect(result.journal.brews.doseGrams[0] == nil)
    }

    @Test func aMappingDeclaresItsMissingMarkers() throws {
        let options = try Self.mapping("""
            [values]
            missing = ["?", "n/a", "-"]
            """)
        let csv = """
            brewed_at,method,dose_g,brew_time_s,tds_pct,roast_date,bean
            2021-08-01T08:00:00Z,V60,15,?,N/A,-,Kochere
            2021-08-02T08:00:00Z,V60, - ,200,1.4,2021-07-20,Gayo
            """
        let result = try importChecked(try scratchFile("markers.csv", csv), options)
        #expect(result.report.brews.kept == 2)
        let t = result.journal.brews
        #expect(t.brewTimeSeconds[0] == nil && t.tds[0] == nil && t.doseGrams[0] == 15)
        #expect(t.doseGrams[1] == nil && t.brewTimeSeconds[1] == 200)
        #expect(t.roastDate[0] == nil && t.roastDate[1] == Day(year: 2021, month: 7, day: 20)!.index)
        // Declared markers are not unreadable: nothing to list.
        #expect(!result.report.warnings.contains { $0.kind == .unreadableValue }, "\(result.report.warnings)")
    }

    @Test func aMissingListThatIsNotStringsIsAnInvalidMapping() throws {
        #expect(throws: ImportError.self) { try ColumnMapping(toml: "[values]\nmissing = \"?\"\n") }
    }

    /// `8/30/2021`: 30 can only be the day, so month/day/year; `30.8.2021` day/month/year; `4/5/2021` is ambiguous
    /// and stays unread (the bean keeps no roast date, the brew with it is rejected).
    @Test func datesInEitherOrderWhereTheDayDecides() throws {
        let csv = """
            brewed_at,method,bean,roast_date
            8/30/2021 07:15,V60,Kochere,8/30/2021
            2021-09-02T08:00:00Z,V60,Gayo,30.8.2021
            2021-09-03T08:00:00Z,V60,Sidama,4/5/2021
            4/5/2021,V60,Sidama,
            """
        let result = try importChecked(try scratchFile("us.csv", csv), ImportOptions(format: .csv, timeZone: TimeZone(identifier: "UTC")!))
        #expect(result.report.brews == .init(read: 4, kept: 3, rejected: 1))
        let t = result.journal.brews
        // 2021-08-30T07:15Z: 18,869 days after the epoch (date -u -d 2021-08-30 +%s ÷ 86,400) and 7 h 15 min.
        let want: Int64 = (18_869 * 86_400 + 7 * 3600 + 15 * 60) * 1_000_000
        #expect(t.brewDate[0] == want)
        #expect(t.roastDate[0] == Day(year: 2021, month: 8, day: 30)!.index)
        #expect(t.roastDate[1] == Day(year: 2021, month: 8, day: 30)!.index)
        #expect(t.roastDate[2] == nil)
        let notes = result.report.warnings.filter { $0.kind == .note }
        #expect(notes.contains { $0.column == "roast_date" && $0.message == "read '8/30/2021' as 2021-08-30 (month/day/year: 30 can only be the day)" },
                "\(notes)")
        #expect(notes.contains { $0.column == "brewed_at" && $0.message.contains("month/day/year") })
        #expect(result.report.warnings.contains { $0.column == "roast_date" && $0.message.contains("'4/5/2021' is not a date") })
    }

    /// A date-only log, its mapping in Europe/London (BST, +01:00 in July): a brew on 27 July is that zone's
    /// midnight before, 2025-07-26T23:00Z, and counted on 26 July by a report in UTC. Read with the import's zone,
    /// it is 27 July in whatever zone the report is made: midnight of 27 July there.
    @Test(arguments: ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Europe/London"])
    func aDateAloneStaysOnItsDay(_ zone: String) throws {
        let tz = TimeZone(identifier: zone)!
        var options = try Self.mapping("""
            [values]
            time_zone = "Europe/London"
            """)
        options.timeZone = tz
        let csv = "brewed_at,method,dose_g\n2025-07-27,V60,15\n2025-07-28 06:30,V60,15\n"
        let result = try importChecked(try scratchFile("days.csv", csv), options)
        let t = result.journal.brews
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tz
        let day = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(t.brewDate[0]!) / 1e6))
        #expect(day.month == 7 && day.day == 27, "\(zone): \(day)")
        // A date with a time of day keeps the mapping's zone: 06:30 BST is 05:30Z.
        let morning: Int64 = (20_297 * 86_400 + 5 * 3600 + 30 * 60) * 1_000_000
        #expect(t.brewDate[1] == morning)
    }

    /// A date-only pattern (`dd.MM.yyyy`) is a date alone as well.
    @Test func aDateOnlyPatternStaysOnItsDay() throws {
        var options = try Self.mapping("""
            [values]
            date_format = "dd.MM.yyyy"
            time_zone = "Europe/Berlin"
            """)
        options.timeZone = TimeZone(identifier: "UTC")!
        let result = try importChecked(try scratchFile("pattern.csv", "brewed_at,method\n27.07.2025,V60\n"), options)
        // Midnight UTC of 2025-07-27: 20,296 days after the epoch.
        let midnight: Int64 = 20_296 * 86_400 * 1_000_000
        #expect(result.journal.brews.brewDate[0] == midnight)
    }
}
