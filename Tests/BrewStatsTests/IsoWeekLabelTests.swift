import BrewColumns
import Foundation
import Testing
@testable import BrewStats

/// Parsing `YYYY-Www`: the shapes accepted, and the error for a week the year does not have.
@Suite struct IsoWeekLabelTests {
    /// Whether ISO year `year` has 53 weeks, by the rule stated independently of the parser: 1 January is a
    /// Thursday, or a Wednesday in a leap year (weekday from Foundation's Gregorian calendar).
    static func has53Weeks(_ year: Int) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let jan1 = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!
        let weekday = calendar.component(.weekday, from: jan1)  // 1 = Sunday … 5 = Thursday
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return weekday == 5 || (leap && weekday == 4)
    }

    @Test func week53ExistsExactlyInLongYears() throws {
        var long = 0
        for year in 1990...2040 {
            let label = "\(year)-W53"
            if Self.has53Weeks(year) {
                long += 1
                let week = try IsoWeek(label: label)
                #expect(week.label == label && week.advanced(by: 1).label == "\(year + 1)-W01")
            } else {
                #expect(throws: StatsError.noSuchWeek(label: label, year: year, weeks: 52)) { try IsoWeek(label: label) }
            }
        }
        #expect(long == 9)  // 1992 1998 2004 2009 2015 2020 2026 2032 2037
    }

    @Test func weekOfNoYearSaysHowManyTheYearHas() {
        #expect(throws: StatsError.noSuchWeek(label: "2026-W54", year: 2026, weeks: 53)) { try IsoWeek(label: "2026-W54") }
        #expect(throws: StatsError.noSuchWeek(label: "2026-W00", year: 2026, weeks: 53)) { try IsoWeek(label: "2026-W00") }
        let message = StatsError.noSuchWeek(label: "2025-W53", year: 2025, weeks: 52).description
        #expect(message.contains("2025 has 52 ISO weeks") && message.contains("2025-W52"), "\(message)")
    }

    @Test(arguments: ["2026-w47", "2026-W47"])
    func theWMayBeLowerCase(_ label: String) throws {
        let week = try IsoWeek(label: label)
        #expect(week.label == "2026-W47")
        #expect(week.firstDay == Day(year: 2026, month: 11, day: 16)! && week.lastDay == Day(year: 2026, month: 11, day: 22)!)
    }

    @Test(arguments: ["2026W47", "2026-47", "26-W47", "2026-W4", "2026-W470", "+202-W05", "2026-W+7", "2026-W-1", "2026--W47",
                      "2026-X47", "２０２６-W47", " 2026-W47", "2026-W47 ", ""])
    func otherShapesAreNotWeeks(_ label: String) {
        #expect(throws: StatsError.invalidWeekLabel(label)) { try IsoWeek(label: label) }
    }
}
