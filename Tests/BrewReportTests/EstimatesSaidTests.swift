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
    static var options: ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = TimeZone(identifier: "UTC")!
        o.period = .named(.month(year: 2026, month: 11))
        o.now = Date(timeIntervalSince1970: 4_102_444_800)
        o.parallelRendering = false
        return o
    }

    static func report(_ csv: String) throws -> PeriodReport {
        let url = try Repo.scratch("estimates").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        return try PeriodReport(journal: try importJournal(at: url).journal, journalName: "j", importReport: nil,
                                options: options)
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
        #expect(tile.detail.contains("beverage 2 of 3 estimated (no yield: water − 2.0 × dose)"), "\(tile.detail)")
    }

    /// The count in words: one brew of one is "the only brew", every brew of several "all n", never "1 of the 1".
    @Test func theCountOfEstimatesReadsAsWords() throws {
        let one = try Self.report("""
            brewed_at,method,dose_g,water_g,yield_g,tds_pct
            2026-11-04T07:00:00Z,V60,15,250,,1.4
            """)
        let tile = try #require(Headline.of(one).first { $0.label == "Filter extraction" })
        #expect(tile.detail.contains("beverage estimated: the only brew (no yield"), "\(tile.detail)")
        #expect(!tile.detail.contains("1 of"), "\(tile.detail)")
        let all = try Self.report("""
            brewed_at,method,dose_g,water_g,yield_g,tds_pct
            2026-11-04T07:00:00Z,V60,15,250,,1.4
            2026-11-05T07:00:00Z,V60,15,250,,1.3
            """)
        let both = try #require(Headline.of(all).first { $0.label == "Filter extraction" })
        #expect(both.detail.contains("beverage all 2 estimated (no yield"), "\(both.detail)")
        #expect(Format.estimated(0, of: 4) == nil)
        #expect(Format.estimated(2, of: 5) == "2 of 5 estimated")
    }

    /// The methods table and the extraction trend say it too: of the V60's 3 extraction yields (one brew logs its
    /// yield, two do not), 2 rest on an estimated beverage; the AeroPress's one does, alone.
    @Test func theMethodsTableAndTheExtractionTrendSayHowManyAreEstimated() throws {
        let r = try Self.report("""
            brewed_at,method,dose_g,water_g,yield_g,tds_pct
            2026-11-03T07:00:00Z,V60,15,250,250,1.4
            2026-11-04T07:00:00Z,V60,15,250,,1.4
            2026-11-05T07:00:00Z,V60,15,250,,1.4
            2026-11-05T08:00:00Z,AeroPress,15,250,,1.3
            """)
        let table = ReportPage.methodsTable(r)
        let method = try #require(table.columns.firstIndex { $0.name == "Method" })
        let withTDS = try #require(table.columns.firstIndex { $0.name == "Brews with a TDS" })
        let cells = Dictionary(uniqueKeysWithValues: table.rows.map { ($0[method].text, $0[withTDS].text) })
        #expect(cells["V60"] == "3 (beverage 2 of 3 estimated)", "\(cells)")
        #expect(cells["AeroPress"] == "1 (beverage estimated: the only brew)", "\(cells)")
        #expect(r.methodStats.rows.map(\.nEYEstimated).sorted() == [1, 2])
        let options = Self.options
        let job = try #require(ChartKind.extractionTrend.builder.reportJobs(r, ChartSource(r, options: options),
                                                                            options: options).first)
        #expect(job.title.contains("beverage 3 of 4 estimated (no yield: water − 2.0 × dose)"), "\(job.title)")
        let rating = try #require(ChartKind.ratingTrend.builder.reportJobs(r, ChartSource(r, options: options),
                                                                           options: options).first)
        #expect(!rating.title.contains("estimated"))
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
