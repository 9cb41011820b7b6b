import BrewColumns
import BrewStats
import Foundation
import Testing

/// Report periods at the calendar's edges: bounds checked against Foundation's own calendar, ISO week 53, a year
/// whose first days belong to the previous ISO year, daylight-saving months, the period before, and the brews a
/// period holds (counted here by hand from each brew's local date).
@Suite struct ReportPeriodTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func calendar(_ zone: TimeZone = berlin) -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = zone
        return c
    }

    static func instant(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0) -> Date {
        calendar().date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
    }

    @Test func monthParsesAndNamesItsDays() throws {
        let nov = try ReportPeriod(month: "2026-11")
        #expect(nov == .month(year: 2026, month: 11))
        #expect(nov.firstDay.description == "2026-11-01" && nov.lastDay.description == "2026-11-30")
        #expect(nov.label == "2026-11" && nov.name == "November 2026" && nov.dayCount == 30)
        #expect(try ReportPeriod(month: "2028-02").dayCount == 29)
        for bad in ["2026-13", "2026-1", "26-11", "2026-00", "2026/11", "november"] {
            #expect(throws: StatsError.self) { try ReportPeriod(month: bad) }
        }
        #expect(throws: StatsError.self) { try ReportPeriod(year: "26") }
    }

    /// A month across a daylight-saving change is an hour shorter (March) or longer (October) in Berlin; the
    /// bounds are the instants Foundation's calendar gives for the month.
    @Test(arguments: [(3, 743.0), (10, 745.0), (11, 720.0)])
    func monthAcrossDaylightSaving(month: Int, hours: Double) throws {
        let p = ReportPeriod.month(year: 2026, month: month)
        let b = p.bounds(in: Self.berlin)
        let expected = Self.calendar().dateInterval(of: .month, for: Self.instant(2026, month, 15, 12))!
        #expect(b.lowerBound == expected.start && b.upperBound == expected.end)
        #expect(b.upperBound.timeIntervalSince(b.lowerBound) == hours * 3600)
    }

    /// 2026 has 53 ISO weeks: 2026-W53 runs Monday 28 December 2026 to Sunday 3 January 2027, and the week before
    /// it is 2026-W52; 2025 has no week 53.
    @Test func isoWeek53() throws {
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = Self.berlin
        let w53 = try IsoWeek(label: "2026-W53")
        let p = ReportPeriod.week(w53)
        #expect(p.firstDay.description == "2026-12-28" && p.lastDay.description == "2027-01-03")
        let expected = iso.dateInterval(of: .weekOfYear, for: Self.instant(2026, 12, 31, 12))!
        #expect(p.bounds(in: Self.berlin) == expected.start..<expected.end)
        #expect(p.previous == .week(try IsoWeek(label: "2026-W52")))
        #expect(iso.range(of: .weekOfYear, in: .yearForWeekOfYear, for: Self.instant(2026, 7, 1, 12))?.count == 53)
        #expect(throws: StatsError.self) { try IsoWeek(label: "2025-W53") }
    }

    /// The year 2027 starts on Friday 1 January, which lies in ISO week 2026-W53: the year report takes the
    /// calendar year (1 January to 31 December), not the ISO week-numbering year.
    @Test func yearWhoseFirstDaysBelongToThePreviousIsoYear() throws {
        let p = try ReportPeriod(year: "2027")
        #expect(p.firstDay.description == "2027-01-01" && p.lastDay.description == "2027-12-31" && p.dayCount == 365)
        #expect(IsoWeek(containing: p.firstDay).label == "2026-W53")
        let expected = Self.calendar().dateInterval(of: .year, for: Self.instant(2027, 6, 1, 12))!
        #expect(p.bounds(in: Self.berlin) == expected.start..<expected.end)
        #expect(p.previous == .year(2026) && ReportPeriod.year(2028).dayCount == 366)
    }

    @Test func thePeriodBefore() throws {
        #expect(ReportPeriod.month(year: 2026, month: 1).previous == .month(year: 2025, month: 12))
        #expect(ReportPeriod.month(year: 2026, month: 3).previous.dayCount == 28)
        let range = try ReportPeriod(from: "2026-03-01", to: "2026-03-14")
        #expect(range.dayCount == 14)
        #expect(range.previous.firstDay.description == "2026-02-15" && range.previous.lastDay.description == "2026-02-28")
        let one = try ReportPeriod(from: "2026-01-01", to: "2026-01-01")
        #expect(one.previous.firstDay.description == "2025-12-31" && one.previous.dayCount == 1)
    }

    @Test func fromAfterToIsAnError() {
        #expect(throws: StatsError.self) { try ReportPeriod(from: "2026-03-15", to: "2026-03-01") }
        do {
            _ = try ReportPeriod(from: "2026-03-15", to: "2026-03-01")
        } catch {
            #expect("\(error)".contains("is after its last day 2026-03-01") && !"\(error)".contains("\n"))
            #expect(error as? StatsError == .reversedRange(first: Day(flag: "2026-03-15")!, last: Day(flag: "2026-03-01")!))
        }
        #expect(throws: StatsError.self) { try ReportPeriod(from: "2026-02-30", to: "2026-03-01") }
    }

    @Test func bucketFollowsTheLength() throws {
        #expect(ReportPeriod.week(try IsoWeek(label: "2026-W47")).bucket == .day)
        #expect(ReportPeriod.month(year: 2026, month: 1).bucket == .day)
        #expect(try ReportPeriod(from: "2026-01-01", to: "2026-06-30").bucket == .week)
        #expect(try ReportPeriod(from: "2026-01-01", to: "2026-07-31").bucket == .month)
        #expect(ReportPeriod.year(2026).bucket == .month)
        // Month buckets number months consecutively across year ends, before 1970 too.
        for (y, m) in [(2026, 12), (2027, 1), (1969, 12), (1970, 1)] {
            let day = Day(year: y, month: m, day: 17)!
            let i = TrendBucket.month.index(of: day.index)
            #expect(TrendBucket.month.firstDay(of: i) == Day(year: y, month: m, day: 1)!)
            #expect(TrendBucket.month.firstDay(of: i + 1) == (m == 12 ? Day(year: y + 1, month: 1, day: 1)! : Day(year: y, month: m + 1, day: 1)!))
        }
    }

    /// Brews at the edges of 2026-W53, the years 2026 and 2027, March 2026 (whose last Sunday is 23 hours long in
    /// Berlin: 02:00 does not exist) and October 2026 (whose last Sunday is 25 hours long): each period counts
    /// exactly the brews whose local date, by Foundation, lies in it.
    @Test func periodsCountTheBrewsOfTheirLocalDays() throws {
        let times: [Date] = [
            Self.instant(2026, 2, 28, 23, 59), Self.instant(2026, 3, 1, 0, 0), Self.instant(2026, 3, 29, 1, 59),
            Self.instant(2026, 3, 29, 3, 0), Self.instant(2026, 3, 31, 23, 59), Self.instant(2026, 4, 1, 0, 1),
            Self.instant(2026, 10, 1, 0, 5), Self.instant(2026, 10, 25, 2, 30), Self.instant(2026, 10, 31, 23, 55),
            Self.instant(2026, 11, 1, 0, 0), Self.instant(2026, 12, 27, 23, 59), Self.instant(2026, 12, 28, 0, 1),
            Self.instant(2026, 12, 31, 23, 30), Self.instant(2027, 1, 1, 0, 30), Self.instant(2027, 1, 3, 23, 59),
            Self.instant(2027, 1, 4, 0, 0),
        ]
        var builder = JournalBuilder()
        let method = builder.addMethod(BrewMethod(name: "V60", category: .pourOver))
        for (k, t) in times.enumerated() {
            var row = BrewRow()
            row.id = "b\(k)"
            row.brewDate = Timestamp(t)
            row.method = method
            row.doseGrams = 15
            row.rating = Double(k % 5)
            builder.appendBrew(row)
        }
        var options = StatsOptions()
        options.timeZone = Self.berlin
        let analysis = BrewAnalysis(journal: builder.finish(), options: options)
        let cal = Self.calendar()
        func byHand(_ interval: DateInterval) -> Int { times.filter { interval.contains($0) && $0 != interval.end }.count }
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = Self.berlin
        let cases: [(ReportPeriod, DateInterval)] = [
            (.week(try IsoWeek(label: "2026-W53")), iso.dateInterval(of: .weekOfYear, for: Self.instant(2026, 12, 30, 12))!),
            (.year(2026), cal.dateInterval(of: .year, for: Self.instant(2026, 6, 1, 12))!),
            (.year(2027), cal.dateInterval(of: .year, for: Self.instant(2027, 6, 1, 12))!),
            (.month(year: 2026, month: 10), cal.dateInterval(of: .month, for: Self.instant(2026, 10, 15, 12))!),
            (.month(year: 2026, month: 3), cal.dateInterval(of: .month, for: Self.instant(2026, 3, 15, 12))!),
        ]
        for (period, interval) in cases {
            let s = analysis.periodSummary(period)
            #expect(s.this.brews == byHand(interval), "\(period)")
            #expect(analysis.totals(period).coffee.value == 15 * Double(byHand(interval)), "\(period)")
        }
        #expect(analysis.periodSummary(.year(2027)).previous.brews == byHand(cases[1].1))
        #expect(analysis.periodSummary(.week(try IsoWeek(label: "2026-W53"))).this.brews == 4)
        // By hand: 1 March 00:00, 29 March 01:59 and 03:00 (either side of the missing hour), 31 March 23:59.
        #expect(analysis.periodSummary(.month(year: 2026, month: 3)).this.brews == 4)
        #expect(analysis.periodSummary(.month(year: 2026, month: 4)).previous.brews == 4)
    }
}
