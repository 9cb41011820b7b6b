import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

@Suite("ISO weeks and local days")
struct TimeTests {
    @Test("ISO week edges around year ends")
    func weekEdges() throws {
        func week(_ y: Int, _ m: Int, _ d: Int) -> String { IsoWeek(containing: Day(year: y, month: m, day: d)!).label }
        #expect(week(2021, 1, 1) == "2020-W53")
        #expect(week(2021, 1, 3) == "2020-W53")
        #expect(week(2021, 1, 4) == "2021-W01")
        #expect(week(2026, 12, 28) == "2026-W53")
        #expect(week(2027, 1, 3) == "2026-W53")
        #expect(week(2027, 1, 4) == "2027-W01")
        #expect(week(2008, 12, 29) == "2009-W01")
        #expect(week(2026, 1, 1) == "2026-W01")
        #expect(week(1969, 12, 29) == "1970-W01")
        #expect(week(1969, 12, 28) == "1969-W52")
        let w53 = try IsoWeek(label: "2026-W53")
        #expect(w53.firstDay.description == "2026-12-28" && w53.lastDay.description == "2027-01-03")
        #expect(w53.year == 2026 && w53.week == 53)
        #expect(w53.advanced(by: 1).label == "2027-W01")
        #expect(IsoWeek(year: 2025, week: 53) == nil)
        #expect(IsoWeek(year: 2020, week: 53) != nil)
        #expect(IsoWeek.weeksIn(isoYear: 2015) == 53 && IsoWeek.weeksIn(isoYear: 2025) == 52)
        #expect(throws: StatsError.noSuchWeek(label: "2025-W53", year: 2025, weeks: 52)) { try IsoWeek(label: "2025-W53") }
        #expect(throws: StatsError.invalidWeekLabel("2026-47")) { try IsoWeek(label: "2026-47") }
    }

    @Test("ISO weeks agree with Foundation's ISO 8601 calendar for every day 1990–2040")
    func weeksAgreeWithFoundation() {
        var cal = Calendar(identifier: .iso8601)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let start = Day(year: 1990, month: 1, day: 1)!.index, end = Day(year: 2040, month: 12, day: 31)!.index
        var mismatches = 0
        for d in start...end {
            let date = Date(timeIntervalSince1970: Double(d) * 86_400 + 43_200)
            let c = cal.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
            let w = IsoWeek(containing: Day(index: d))
            if w.year != c.yearForWeekOfYear || w.week != c.weekOfYear { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("local days across Berlin's DST changes")
    func dstDays() throws {
        let cal = LocalCalendar(timeZone: try StatsOptions.zone("Europe/Berlin"))
        func day(_ iso: String) -> String { cal.day(of: FixtureJournal.parseInstant(iso)).description }
        #expect(day("2026-03-28T22:59:00Z") == "2026-03-28")   // 23:59 CET
        #expect(day("2026-03-28T23:00:00Z") == "2026-03-29")   // 00:00 CET
        #expect(day("2026-03-29T21:59:00Z") == "2026-03-29")   // 23:59 CEST
        #expect(day("2026-03-29T22:00:00Z") == "2026-03-30")   // 00:00 CEST, Monday: new ISO week
        #expect(cal.week(of: FixtureJournal.parseInstant("2026-03-29T22:00:00Z")).label == "2026-W14")
        #expect(day("2026-10-24T21:59:00Z") == "2026-10-24")   // 23:59 CEST
        #expect(day("2026-10-24T22:00:00Z") == "2026-10-25")
        #expect(day("2026-10-25T22:59:00Z") == "2026-10-25")   // 23:59 CET
        #expect(day("2026-10-25T23:00:00Z") == "2026-10-26")
        #expect(throws: StatsError.unknownTimeZone("Mars/Olympus")) { try StatsOptions.zone("Mars/Olympus") }
    }

    @Test("tabulated offsets agree with Foundation for random instants in several zones")
    func tableAgreesWithFoundation() throws {
        var rng = TestRNG(seed: 7)
        let lo = Int64(1_500_000_000) * 1_000_000, hi = Int64(1_900_000_000) * 1_000_000
        for id in ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"] {
            let zone = try StatsOptions.zone(id)
            let cal = LocalCalendar(timeZone: zone, span: lo...hi)
            var foundation = Calendar(identifier: .gregorian)
            foundation.timeZone = zone
            for _ in 0..<2000 {
                let t = Int64.random(in: lo...hi, using: &rng)
                let c = foundation.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(t) / 1e6))
                #expect(Day(index: cal.dayIndex(at: t)) == Day(year: c.year!, month: c.month!, day: c.day!), "\(id) at \(t)")
            }
        }
    }
}
