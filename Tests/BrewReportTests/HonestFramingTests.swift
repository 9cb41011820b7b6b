import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// Claims no stronger than the data: a price without a currency, equipment never used, a count said once.
@Suite struct HonestFramingTests {
    static func report(_ csv: String, period: ReportPeriod) throws -> PeriodReport {
        let url = try Repo.scratch("framing").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        var o = ReportOptions()
        o.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        o.period = .named(period)
        o.now = Date(timeIntervalSince1970: 4_102_444_800)
        o.parallelRendering = false
        return try PeriodReport(journal: try importJournal(at: url).journal, journalName: "j", importReport: nil, options: o)
    }

    @Test func aPriceWithoutACurrencyIsNotShownWithAQuestionMark() throws {
        // 15 g of a 250 g bag priced 10 (no currency): 15 × 10 / 250 = 0.60.
        let r = try Self.report("""
            brewed_at,bean,roaster,dose_g,rating,bag_weight_g,bag_price
            2026-11-03T07:00:00+01:00,Kochere,Friedhats,15,4,250,10
            """, period: .month(year: 2026, month: 11))
        let tile = try #require(TotalsSection.figures(r).first { $0.label == "Coffee used, value" })
        // --currency names it when the journal does not.
        #expect(TotalsSection.figures(r, currency: "EUR").first { $0.label == "Coffee used, value" }?.value == "0.60 EUR")
        #expect(tile.value == "0.60 (no currency set)")
        #expect(tile.detail == "1 brews from priced bags")
        #expect(!tile.value.contains("?"))
    }

    @Test func equipmentNeverUsedIsOneLineNotRowsOfZeros() throws {
        var o = ReportOptions()
        o.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        o.now = Date(timeIntervalSince1970: 1_795_435_200)
        o.parallelRendering = false
        let report = try PeriodReport(journal: try importJournal(at: Repo.sample("journal.sqlite")).journal, journalName: "s",
                                      importReport: nil, options: o)
        let unused = report.usage.rows.filter { $0.brews == 0 }
        #expect(!unused.isEmpty)
        let html = Render.html(report)
        for r in unused {
            #expect(!html.contains("<td>\(HTMLText.escape(r.name))</td><td class=\"n\">0</td>"), "\(r.name) has a row of zeros")
            #expect(html.contains("\(HTMLText.escape(r.name)) (\(r.kind.rawValue))"))
        }
        #expect(html.contains("Listed in the journal, never used: "))
    }

    @Test func aBeansBrewsAllInThePeriodAreCountedOnce() throws {
        let r = try Self.report("""
            brewed_at,method,grinder,grind_setting,bean,roaster,dose_g,water_g,rating
            2026-11-03T07:00:00+01:00,V60,C40,24,Gatare,Friedhats,15,250,4
            2026-11-04T07:00:00+01:00,V60,C40,25,Gatare,Friedhats,15,250,4
            """, period: .month(year: 2026, month: 11))
        let finding = try #require(BeanFinding.of(r).first)
        #expect(finding.facts.contains("2 brews, all this month"))
        #expect(!finding.facts.contains { $0.contains("so far") && $0.hasPrefix("2 brews this month") })
    }
}
