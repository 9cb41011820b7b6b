import BrewImport
import BrewShots
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// A filter brew made on an espresso machine (docs/shots.md, "Shots that are not espresso") is listed on the shots
/// section as a filter brew with its own flow figures, not as a shot: no shot row, norm or flag.
@Suite struct ShotFilterBrewsTests {
    /// A Decent JSON v2 shot sampled every second for `seconds` s: pressure `pressure(t)`, flow 2 ml/s throughout,
    /// the cup's weight `weight(t)`; `meta.in` the dose, the profile's title `profile`.
    static func decent(_ seconds: Int, profile: String, dose: Double, pressure: (Double) -> Double,
                       weight: (Double) -> Double, start: Int) -> String {
        let t = (0...seconds).map(Double.init)
        func list(_ f: (Double) -> Double) -> String { "[" + t.map { "\"\(f($0))\"" }.joined(separator: ",") + "]" }
        return """
            {"timestamp": "\(start)", "elapsed": \(list { $0 }), "pressure": {"pressure": \(list(pressure))},
             "flow": {"flow": \(list { _ in 2 })}, "totals": {"weight": \(list(weight))},
             "profile": {"title": "\(profile)"}, "meta": {"in": "\(dose)"}}
            """
    }

    /// One espresso shot (30 s, 9 bar, 36 g of 18 g) and one filter profile (140 s at 0.6 bar, 2 g/s into the cup
    /// from 10 s up to 250 g of 15 g). By hand: the filter brew's cup passes 0.5 g at 10 + 0.5 / 2 = 10.25 s (first
    /// drops) and keeps filling; its duration is 140 s, so its extraction is 140 − 10.25 = 129.75 s; the flow is 2
    /// ml/s throughout (mean and peak 2.00); water 2 × 140 = 280 ml; beverage 250 g, ratio 250 / 15 = 1:16.7.
    @Test func aFilterBrewOnTheMachineIsListedWithItsFlowFigures() throws {
        let folder = try Repo.scratch("shot-filter-brews")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            ("espresso.json", Self.decent(30, profile: "Classic", dose: 18, pressure: { $0 < 5 ? 2 * $0 : 9 },
                                          weight: { max(0, 1.5 * ($0 - 6)) }, start: 1_700_000_000)),
            ("filter.json", Self.decent(140, profile: "Filter 2.1", dose: 15, pressure: { _ in 0.6 },
                                        weight: { min(250, max(0, 2 * ($0 - 10))) }, start: 1_700_000_100)),
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let utc = TimeZone(identifier: "UTC")!
        let journal = try importAnyJournal(at: folder, options: PeriodReport.importOptions(ImportOptions(timeZone: utc)))
        let table = try #require(journal.shots)
        var options = ReportOptions()
        options.stats.timeZone = utc
        let section = ShotSection(journal, table: table, period: nil, noun: "period", options: options)
        // The espresso shot is the one shot row; the filter brew is listed apart, without flags.
        #expect(section.rows.map(\.file) == ["espresso.json"])
        #expect(section.notEspresso == 1)
        let filter = try #require(section.filterRows.first)
        #expect(section.filterRows.count == 1)
        #expect(filter.file == "filter.json")
        #expect(filter.flags.isEmpty)
        #expect(isClose(filter.value(.firstDrops) ?? .nan, 10.25, relative: 1e-6))
        #expect(isClose(filter.value(.extraction) ?? .nan, 129.75, relative: 1e-6))
        #expect(isClose(filter.value(.meanFlow) ?? .nan, 2, relative: 1e-6))
        #expect(isClose(filter.value(.duration) ?? .nan, 140, relative: 1e-6))
        #expect(isClose(filter.value(.yield) ?? .nan, 250, relative: 1e-6))
        // The page: the lead points to the list, and the list's table has the filter brew's figures.
        #expect(section.lead.contains { $0.contains("listed with its flow figures under “Filter brews made on the machine”") },
                "\(section.lead)")
        let t = section.filterTable()
        #expect(t.rows.count == 1)
        func cell(_ name: String) -> String? {
            t.columns.firstIndex { $0.name == name }.map { t.rows[0][$0].text }
        }
        #expect(cell("Mean flow") == "2.00")
        #expect(cell("Peak flow") == "2.00")
        #expect(cell("First drops") == "10.3" || cell("First drops") == "10.2", "\(cell("First drops") ?? "")")
        #expect(cell("Duration") == "140.0")
        #expect(cell("Beverage") == "250.0")
        #expect(cell("Water") == "280")
        #expect(cell("Profile") == "Filter 2.1")
        // Not in the shots' CSV: that lists shots.
        #expect(!section.csv().contains("filter.json"))
        // The section holds the list after its lead paragraph.
        let page = section.section(try Self.report(journal, options), charts: [])
        let tables = page.blocks.compactMap { block -> BrewPages.Table? in
            if case .table(let t) = block { return t } else { return nil }
        }
        #expect(tables.contains { $0.columns.contains { $0.name == "Mean flow" } && $0.rows.count == 1 })
    }

    static func report(_ journal: ShotJournal, _ options: ReportOptions) throws -> PeriodReport {
        try PeriodReport(journal: journal.result.journal, journalName: "shots", importReport: nil, options: options)
    }
}
