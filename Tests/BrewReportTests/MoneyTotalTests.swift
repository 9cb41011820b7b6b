import BrewImport
import BrewStats
import Foundation
import Testing
@testable import BrewReport

/// The money total of a period report: the value of the coffee ground, from each bag's price and weight.
@Suite struct MoneyTotalTests {
    @Test func moneySpentComesFromTheBagsPriceAndWeight() throws {
        // Two bags with a price (250 g for 16.50 EUR; 1,000 g for 40 EUR), one without: by hand,
        // 15 g × 16.50 / 250 + 18 g × 16.50 / 250 + 20 g × 40 / 1000 = 0.99 + 1.188 + 0.8 = 2.978 EUR over 3 brews.
        let csv = """
        brewed_at,bean,roaster,dose_g,rating,bag_weight_g,bag_price,currency
        2026-11-03T07:00:00+01:00,Kochere,Friedhats,15,4,250,16.50,EUR
        2026-11-04T07:00:00+01:00,Kochere,Friedhats,18,4,,,
        2026-11-05T07:00:00+01:00,Blend,Other,20,3,1000,40,EUR
        2026-11-06T07:00:00+01:00,Nameless,Nobody,17,3,,,
        """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("money-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("journal.csv")
        try Data(csv.utf8).write(to: url)
        let journal = try importJournal(at: url).journal
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.period = .named(.month(year: 2026, month: 11))
        options.now = Date(timeIntervalSince1970: 4_102_444_800)
        options.parallelRendering = false
        let report = try PeriodReport(journal: journal, journalName: "money", importReport: nil, options: options)
        let money = try #require(report.totals?.money?["EUR"])
        #expect(abs(money.value - 2.978) < 1e-9)
        #expect(money.n == 3)
        #expect(report.totals?.money?.count == 1)
    }
}
