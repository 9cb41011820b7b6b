import BrewColumns
import BrewStats
import Foundation
import Testing

/// Totals of a period on a small journal whose sums, brew days and streaks are worked out by hand in the test.
@Suite struct JournalTotalsTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Brews on 2026-03 days 1, 2, 3 (two brews), 5, 6, 30, 31 and on 28 February (before the period).
    static func journal() -> Journal {
        var builder = JournalBuilder()
        let v60 = builder.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let esp = builder.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        let days = [(2, 28), (3, 1), (3, 2), (3, 3), (3, 3), (3, 5), (3, 6), (3, 30), (3, 31)]
        for (k, (m, d)) in days.enumerated() {
            var row = BrewRow()
            row.brewDate = Timestamp(microseconds: Int64(Day(year: 2026, month: m, day: d)!.index) * 86_400_000_000 + 8 * 3_600_000_000)
            let espresso = k % 3 == 0
            row.method = espresso ? esp : v60
            row.doseGrams = espresso ? 18 : 15
            if espresso { row.yieldGrams = k == 6 ? nil : 36 } else { row.waterGrams = 250 }
            row.brewTimeSeconds = k == 4 ? nil : 30 + Double(k)
            builder.appendBrew(row)
        }
        return builder.finish()
    }

    @Test func totalsOfAMonth() {
        let journal = Self.journal()
        var o = StatsOptions()
        o.timeZone = Self.utc
        let t = BrewAnalysis(journal: journal, options: o).totals(.month(year: 2026, month: 3))
        // Rows 1…8 are in March; 0, 3, 6 are espresso (row 6 without a yield).
        #expect(t.brews == 8)
        #expect(t.coffee.value == 18 * 2 + 15 * 6 && t.coffee.n == 8)
        #expect(t.water.value == 250 * 6 && t.water.n == 6)
        // Beverage: 36 g for espresso row 3; row 6 has none; filter rows 250 − 2 × 15 = 220 g each.
        #expect(t.beverage.value == 36 + 220 * 6 && t.beverage.n == 7)
        #expect(t.brewTime.value == Double([1, 2, 3, 5, 6, 7, 8].map { 30 + $0 }.reduce(0, +)) && t.brewTime.n == 7)
        // Brew days 1, 2, 3, 5, 6, 30, 31: 7; runs 3 (1–3), 2 (5–6), 2 (30–31).
        #expect(t.brewDays == 7 && t.longestStreak == 3)
        // Ending 31 March: 30–31.
        #expect(t.currentStreak == 2)
        #expect(t.money == nil)
        let lines = t.csv().split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.prefix(2) == ["metric,value,unit,brews_counted", "brews,8,brews,8"])
        #expect(lines.contains("longest_streak,3,days,"))
    }

    @Test func currentStreakReachesBeforeThePeriodAndForgivesToday() throws {
        let journal = Self.journal()
        var o = StatsOptions()
        o.timeZone = Self.utc
        let a = BrewAnalysis(journal: journal, options: o)
        // 1–7 March, as of 4 March: no brew on the 4th, the run ending on the 3rd counts 28 Feb, 1, 2, 3 March.
        let range = try ReportPeriod(from: "2026-03-01", to: "2026-03-07")
        #expect(a.totals(range, asOf: Day(year: 2026, month: 3, day: 4)!).currentStreak == 4)
        // As of 8 March: neither the 8th nor the 7th has a brew.
        #expect(a.totals(try ReportPeriod(from: "2026-03-01", to: "2026-03-08")).currentStreak == 0)
        // Money from bag prices: 250 g bags at 12.50 EUR; none of these brews has a bean, so none is priced.
        #expect(a.totals(range, prices: [0: BagPrice(price: 12.5, currency: "EUR", weightGrams: 250)]).money == nil)
    }

    @Test func moneyFromBagPrices() {
        var builder = JournalBuilder()
        let m = builder.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let b = builder.addBean(CoffeeBean(name: "Kochere"))
        for dose in [15.0, 20.0] {
            var row = BrewRow()
            row.brewDate = Timestamp(microseconds: Int64(Day(year: 2026, month: 5, day: 2)!.index) * 86_400_000_000)
            row.method = m; row.bean = b; row.doseGrams = dose
            builder.appendBrew(row)
        }
        var o = StatsOptions()
        o.timeZone = Self.utc
        let a = BrewAnalysis(journal: builder.finish(), options: o)
        let t = a.totals(.year(2026), prices: [Int32(b): BagPrice(price: 12.5, currency: "EUR", weightGrams: 250)])
        #expect(t.money?["EUR"]?.n == 2)
        #expect(abs((t.money?["EUR"]?.value ?? 0) - 35 * 12.5 / 250) < 1e-12)
    }
}
