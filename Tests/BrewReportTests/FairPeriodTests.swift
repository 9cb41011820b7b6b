import BrewCharts
import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// A period in progress is compared with the same days of the period before; a year whose journal starts inside it
/// compares with nothing and averages only the span the journal covers; its trend charts start with the journal.
@Suite struct FairPeriodTests {
    /// One brew a day at 08:00 Berlin from `first` to `last` (inclusive).
    static func journal(from first: (Int, Int), to last: (Int, Int)) throws -> Journal {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        var day = calendar.date(from: DateComponents(year: 2026, month: first.0, day: first.1, hour: 8))!
        let end = calendar.date(from: DateComponents(year: 2026, month: last.0, day: last.1, hour: 8))!
        let iso = ISO8601DateFormatter()
        iso.timeZone = calendar.timeZone
        iso.formatOptions = [.withInternetDateTime]
        var csv = "brewed_at,method,grinder,grind_setting,bean,roaster,dose_g,water_g,rating\n"
        while day <= end {
            csv += "\(iso.string(from: day)),V60,C40,24,Gatare,Friedhats,15,250,4\n"
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        let url = try Repo.scratch("fair").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        return try importJournal(at: url).journal
    }

    static func options(_ period: ReportPeriod, today: (Int, Int)) -> ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        o.period = .named(period)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = o.stats.timeZone
        o.now = calendar.date(from: DateComponents(year: 2026, month: today.0, day: today.1, hour: 12))!
        o.parallelRendering = false
        return o
    }

    @Test func aMonthInProgressIsComparedWithTheSameDaysOfTheMonthBefore() throws {
        // Brews every day of 1–31 October and 1–22 November; today is 27 November.
        let journal = try Self.journal(from: (10, 1), to: (11, 22))
        let report = try PeriodReport(journal: journal, journalName: "j", importReport: nil,
                                      options: Self.options(.month(year: 2026, month: 11), today: (11, 27)))
        let s = try #require(report.periodSummary)
        #expect(s.thisDays == Day(year: 2026, month: 11, day: 1)!...Day(year: 2026, month: 11, day: 22)!)
        #expect(s.previousDays == Day(year: 2026, month: 10, day: 1)!...Day(year: 2026, month: 10, day: 22)!)
        #expect(s.this.brews == 22 && s.previous.brews == 22)  // not 31: the last 9 days of October are left out
        let brews = try #require(Headline.of(report).first { $0.label == "Brews" })
        #expect(brews.detail == "0 vs 1–22 Oct 2026 (22)")
    }

    @Test func aFinishedMonthKeepsWholeMonths() throws {
        let journal = try Self.journal(from: (10, 1), to: (11, 22))
        let report = try PeriodReport(journal: journal, journalName: "j", importReport: nil,
                                      options: Self.options(.month(year: 2026, month: 10), today: (11, 27)))
        let s = try #require(report.periodSummary)
        #expect(!s.isPartial && s.this.brews == 31 && s.previous.brews == 0)
    }

    @Test func aYearTheJournalStartsInComparesWithNothingAndAveragesItsOwnSpan() throws {
        // 22 June – 22 November: 154 days, 154 brews; today 27 November.
        let journal = try Self.journal(from: (6, 22), to: (11, 22))
        let options = Self.options(.year(2026), today: (11, 27))
        let report = try PeriodReport(journal: journal, journalName: "j", importReport: nil, options: options)
        let brews = try #require(Headline.of(report).first { $0.label == "Brews" })
        #expect(brews.value == "154")
        #expect(brews.detail.contains("the journal starts 2026-06-22") && !brews.detail.contains("vs"))
        let chart = try #require(ReportCharts.all(report, options: options).first { $0.stem == "brews-per-month" }).chart
        // 154 brews over 154 days = 154 / (154 / 30.436875) months ≈ 30.4 per month (not 154 / 6 buckets ≈ 25.7).
        let subtitle = try #require(chart.subtitle)
        #expect(subtitle.hasPrefix("2026, monthly · 154 brews (30.4 per month)"), "\(subtitle)")
        #expect(!subtitle.contains("before"))
        // The time axis starts with June, the month of the first brew, not with January 2025.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = options.stats.timeZone
        let june = calendar.date(from: DateComponents(year: 2026, month: 6, day: 1))!
        #expect(chart.x.dateDomain?.lowerBound == june)
    }
}
