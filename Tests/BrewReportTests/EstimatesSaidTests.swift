import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// Figures that rest on estimates say so, and totals over no logged value say "not logged" (docs/definitions.md).
@Suite struct EstimatesSaidTests {
    static func report(_ csv: String) throws -> PeriodReport {
        let url = try Repo.scratch("estimates").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        var o = ReportOptions()
        o.stats.timeZone = TimeZone(identifier: "UTC")!
        o.period = .named(.month(year: 2026, month: 11))
        o.now = Date(timeIntervalSince1970: 4_102_444_800)
        o.parallelRendering = false
        return try PeriodReport(journal: try importJournal(at: url).journal, journalName: "j", importReport: nil, options: o)
    }

    /// Three V60 brews with a TDS: one logs its yield (250 g), two only water and dose, whose beverage is
    /// 250 − 2 × 15 = 220 g. EY: 1.4 × 250 ÷ 15 = 23.33 %, 1.4 × 220 ÷ 15 = 20.53 % (twice) → mean 21.47 %.
    @Test func anExtractionMeanSaysHowManyBeveragesAreEstimated() throws {
        let r = try Self.report("""
            brewed_at,method,dose_g,water_g,yield_g,tds_pct
            2026-11-03T07:00:00Z,V60,15,250,250,1.4
            2026-11-04T07:00:00Z,V60,15,250,,1.4
            2026-11-05T07:00:00Z,V60,15,250,,1.4
            """)
        let tile = try #require(Headline.of(r).first { $0.label == "Filter extraction" })
        #expect(tile.value == "21.5 %")
        #expect(tile.detail.contains("3 measured"))
        #expect(tile.detail.contains("2 of the 3 with the beverage estimated (no yield: water − 2.0 × dose)"), "\(tile.detail)")
    }

    @Test func anExtractionMeanOfLoggedYieldsSaysNothingMore() throws {
        let r = try Self.report("""
            brewed_at,method,dose_g,water_g,yield_g,tds_pct
            2026-11-03T07:00:00Z,V60,15,250,250,1.4
            """)
        let tile = try #require(Headline.of(r).first { $0.label == "Filter extraction" })
        #expect(!tile.detail.contains("estimated"))
    }

    /// No brew logs a dose, water or a time: those totals read "not logged", not "0 g" or "0 ml".
    @Test func aTotalWithNothingLoggedSaysNotLogged() throws {
        let r = try Self.report("""
            brewed_at,method,rating
            2026-11-03T07:00:00Z,V60,4
            2026-11-04T07:00:00Z,V60,3
            """)
        let figures = TotalsSection.figures(r)
        for label in ["Coffee ground", "Water", "Beverage", "Brew time"] {
            let f = try #require(figures.first { $0.label == label }, "\(label)")
            #expect(f.value == "not logged", "\(label): \(f.value)")
            #expect(!f.value.contains("0"), "\(label): \(f.value)")
        }
        #expect(figures.first { $0.label == "Coffee ground" }?.detail == "no brew logs a dose")
    }
}
