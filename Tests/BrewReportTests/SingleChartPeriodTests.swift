import BrewCharts
import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// One chart of a month, a year or a range of days (`brewstats chart --month/--year/--from --to`): the chart the
/// period's report draws, its brews counted here from each brew's local date by Foundation's calendar.
@Suite struct SingleChartPeriodTests {
    /// 600 brews ending 2026-11-22 (the generator's default end), spread over about a year.
    static let journal = JournalGenerator(GeneratorOptions(brewCount: 600, seed: 11)).makeJournal()

    static func chart(_ kind: ChartKind, _ period: ReportPeriod, filter: JournalFilter = JournalFilter(),
                      espresso: Bool = false) -> SingleChart {
        var c = SingleChart(kind: kind)
        c.period = period
        c.filter = filter
        c.espresso = espresso
        c.options.stats.timeZone = berlin
        // A fixed today after every period here: no period is in progress.
        c.options.now = Date(timeIntervalSince1970: 1_800_000_000)
        return c
    }

    /// The rows of `journal` whose local date in Berlin satisfies `holds(year, month, day)`.
    static func rows(_ holds: (Int, Int, Int) -> Bool) -> [Int] {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = berlin
        let t = journal.brews
        return (0..<t.count).filter { i in
            guard let us = t.brewDate[i] else { return false }
            let c = cal.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(us) / 1e6))
            return holds(c.year!, c.month!, c.day!)
        }
    }

    /// The sum of every bar of `chart` (the brews per bucket, the period before and the period).
    static func barTotal(_ chart: Chart) -> Double {
        chart.marks.reduce(0) { sum, mark in
            guard case let .bar(bar) = mark, case let .numbers(values) = bar.y else { return sum }
            return sum + values.reduce(0, +)
        }
    }

    /// Brews per day of October 2026 against September: the bars hold every brew of the two months, the count
    /// returned is theirs, and the subtitle gives October's own.
    @Test func brewsOfAMonthAndTheMonthBefore() throws {
        let october = Self.rows { y, m, _ in y == 2026 && m == 10 }.count
        let september = Self.rows { y, m, _ in y == 2026 && m == 9 }.count
        #expect(october > 0 && september > 0)
        let (chart, drawn) = try Self.chart(.brewsPerWeek, .month(year: 2026, month: 10)).make(Self.journal)
        #expect(drawn == october + september)
        #expect(Self.barTotal(chart) == Double(october + september))
        #expect(chart.title == "Brews per day")
        #expect(chart.subtitle?.contains("\(october) brews") == true, "\(chart.subtitle ?? "")")
        #expect(chart.subtitle?.contains("vs \(september) before") == true, "\(chart.subtitle ?? "")")
    }

    /// A year is drawn by month, and the brews after it are left out (no look-ahead): the chart of 2025 counts
    /// 2024 and 2025 only, though the journal runs into 2026.
    @Test func yearByMonthWithoutLaterBrews() throws {
        let hand = Self.rows { y, _, _ in y == 2024 || y == 2025 }.count
        #expect(!Self.rows { y, _, _ in y == 2026 }.isEmpty)
        let (chart, drawn) = try Self.chart(.brewsPerWeek, .year(2025)).make(Self.journal)
        #expect(chart.title == "Brews per month")
        #expect(drawn == hand && Self.barTotal(chart) == Double(hand))
        // The rating trend counts the rated brews of both years.
        let t = Self.journal.brews
        let rated = Self.rows { y, _, _ in y == 2024 || y == 2025 }.filter { t.rating[$0].map { $0.isFinite } ?? false }.count
        #expect(try Self.chart(.ratingTrend, .year(2025)).make(Self.journal).kept == rated)
    }

    /// The espresso control chart of a range of days draws the range's espresso brews with an extraction yield
    /// (TDS × yield ÷ dose, plausible 0–35 %), not those of the days before.
    @Test func controlChartOfARange() throws {
        let period = try ReportPeriod(from: "2026-09-01", to: "2026-10-15")
        let t = Self.journal.brews
        let inRange = Self.rows { y, m, d in
            let key = y * 10_000 + m * 100 + d
            return key >= 2026_09_01 && key <= 2026_10_15
        }
        let hand = inRange.filter { i in
            guard t.category(at: i) == .espresso, let tds = t.tds[i], let dose = t.doseGrams[i], dose > 0,
                  let out = t.yieldGrams[i] else { return false }
            return (0...35).contains(tds * out / dose)
        }.count
        #expect(hand > 0)
        #expect(try Self.chart(.controlChart, period, espresso: true).make(Self.journal).kept == hand)
    }

    /// Each kind's chart of a period is the one the period's report draws (the same drawing, step by step).
    @Test(arguments: [ChartKind.brewsPerWeek, .ratingTrend, .extractionTrend, .controlChart, .restRating, .equipmentUsage])
    func sameChartAsThePeriodReport(_ kind: ChartKind) throws {
        let period = ReportPeriod.month(year: 2026, month: 10)
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.period = .named(period)
        options.now = Date(timeIntervalSince1970: 1_800_000_000)
        let report = try PeriodReport(journal: Self.journal, journalName: "j", importReport: nil, options: options)
        let stem = kind == .brewsPerWeek ? "brews-per-day" : kind.rawValue
        let reported = try #require(ReportCharts.all(report, options: options).first { $0.stem == stem })
        let single = try Self.chart(kind, period).make(Self.journal).chart
        #expect(ChartRenderer.record(single) == ChartRenderer.record(reported.chart))
    }

    /// A period without brews draws an honest empty chart; with a filter, nothing to draw is an error that names
    /// the period and the period before.
    @Test func emptyPeriod() throws {
        let january = ReportPeriod.month(year: 2020, month: 1)
        let (chart, drawn) = try Self.chart(.brewsPerWeek, january).make(Self.journal)
        #expect(drawn == 0)
        #expect(chart.emptyMessage == "No brews in January 2020 or December 2019")
        let t = Self.journal.brews
        let code = try #require((0..<t.count).lazy.compactMap { t.grinder.code($0) }.first)
        let grinder = t.grinder.dictionary[Int(code)]
        let error = #expect(throws: ReportError.self) {
            _ = try Self.chart(.ratingTrend, january, filter: JournalFilter(grinder: grinder)).make(Self.journal)
        }
        guard case let .nothingToDraw(kind, missing, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(kind == "rating-trend")
        #expect(missing.hasPrefix("no rated brews in January 2020 or December 2019 among the ") && missing.hasSuffix("; try another period"))
    }
}
