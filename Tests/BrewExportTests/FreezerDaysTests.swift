import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport

/// A bean's freezing and thawing days (docs/formats.md): read from Beanconqueror's `frozenDate` and `unfrozenDate`
/// and the JSON export's `frozenDate` and `thawDate`, written back by both exporters, and drawn by the generator from
/// a stream of its own.
@Suite struct FreezerDaysTests {
    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
    static func day(_ m: Int, _ d: Int) -> Day { Day(year: 2026, month: m, day: d)! }

    static func journal() -> ShotJournal {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let frozen = b.addBean(CoffeeBean(name: "Kochere", roaster: "R", roastDate: day(11, 1),
                                          frozenDate: day(11, 5), thawDate: day(11, 15)))
        let inFreezer = b.addBean(CoffeeBean(name: "Gayo", roaster: "R", roastDate: day(11, 2), frozenDate: day(11, 3)))
        let plain = b.addBean(CoffeeBean(name: "Huila", roaster: "R", roastDate: day(11, 4)))
        for (k, bean) in [frozen, inFreezer, plain].enumerated() {
            var row = BrewRow()
            row.id = "b\(k)"; row.brewDate = Timestamp(unixSeconds: Double(day(11, 20).index) * 86_400 + 36_000)
            row.bean = bean; row.method = v60; row.doseGrams = 15; row.waterGrams = 250; row.rating = 4
            b.appendBrew(row)
        }
        let j = b.finish()
        return ShotJournal(result: ImportResult(journal: j, report: ImportReport(
            file: "x", format: .csv, brews: .init(read: 3, kept: 3, rejected: 0), methods: 1, grinders: 0, beans: 3,
            tastingNotes: 0)), shots: nil)
    }

    /// Each brew's bean's (roast, frozen, thawed) days as text.
    static func freezer(_ j: Journal) -> [String] {
        (0..<j.brews.count).map { i in
            let t = j.brews
            return "\(t.roastDate[i].map { "\(Day(index: $0))" } ?? "-") \(t.frozenDate[i].map { "\(Day(index: $0))" } ?? "-") "
                + (t.thawDate[i].map { "\(Day(index: $0))" } ?? "-")
        }
    }

    @Test(arguments: [ExportFormat.json, .beanconqueror])
    func exportReadsBack(format: ExportFormat) throws {
        let folder = try Repo.scratch("freezer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = format == .json ? "j.json" : "Beanconqueror.json"
        let (_, back) = try RoundTrip.export(Self.journal(), format, into: folder, name: name)
        #expect(Self.freezer(back.result.journal) == [
            "2026-11-01 2026-11-05 2026-11-15", "2026-11-02 2026-11-03 -", "2026-11-04 - -",
        ])
        if format == .json {
            // Left out where the bean logs none.
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.components(separatedBy: "\"frozenDate\"").count - 1 == 2)
            #expect(text.components(separatedBy: "\"thawDate\"").count - 1 == 1)
        }
    }

    /// Beanconqueror's own layout: ISO instants, an empty string when never frozen, and a value that is no date.
    @Test func beanconquerorFields() throws {
        let folder = try Repo.scratch("freezer-bc")
        defer { try? FileManager.default.removeItem(at: folder) }
        func bean(_ uuid: String, _ frozen: String, _ unfrozen: String) -> [String: Any] {
            ["name": uuid, "roastingDate": "2024-11-01T10:00:00.000Z", "frozenDate": frozen, "unfrozenDate": unfrozen,
             "config": ["uuid": uuid, "unix_timestamp": 1]]
        }
        let main: [String: Any] = [
            "SETTINGS": [["brew_rating": 5]],
            "BEANS": [bean("a", "2024-11-04T18:30:00.000Z", "2024-11-20T07:00:00.000Z"), bean("b", "", ""),
                      bean("c", "soon", "")],
            "BREWS": ["a", "b", "c"].enumerated().map { k, uuid in
                ["grind_weight": 15, "rating": 4, "bean": uuid, "config": ["uuid": "x\(k)", "unix_timestamp": 1_732_615_200]]
            },
        ]
        let url = folder.appendingPathComponent("Beanconqueror.json")
        try JSONSerialization.data(withJSONObject: main).write(to: url)
        let result = try importJournal(at: url, options: Self.utc)
        #expect(Self.freezer(result.journal) == ["2024-11-01 2024-11-04 2024-11-20", "2024-11-01 - -", "2024-11-01 - -"])
        #expect(result.report.warnings.contains { $0.column == "frozenDate" && $0.message.contains("'soon' is not a date") })
        // Brewed 26 Nov 2024 (UTC): bean a is 25 days off roast, 16 of them (4–19 Nov) frozen, so 9 days old.
        var o = StatsOptions()
        o.timeZone = TimeZone(identifier: "UTC")!
        let d = DerivedColumns(result.journal.brews, options: o)
        #expect(d.bagAge.values == [9, 25, 25] && d.daysOffRoast.values == [25, 25, 25])
    }

    /// The generator's share of frozen bags: the journal is otherwise the same, each frozen bag goes in a day to three
    /// after roasting and comes out on a day before or at its first brew.
    @Test func generatorShare() throws {
        var options = GeneratorOptions(brewCount: 600, seed: 9)
        let plain = JournalGenerator(options).makeJournal()
        options.freezerShare = 0.5
        let cold = JournalGenerator(options).makeJournal()
        #expect(RoundTrip.differences(plain, cold, byID: true).columns == [:])
        let frozen = cold.beans.enumerated().filter { $0.element.frozenDate != nil }
        #expect(frozen.count >= 3 && frozen.count < cold.beans.count)
        for (k, bean) in frozen {
            let roast = try #require(bean.roastDate), f = try #require(bean.frozenDate), t = try #require(bean.thawDate)
            #expect((1...3).contains(f.index - roast.index) && t.index > f.index)
            let firstBrew = (0..<cold.brews.count).filter { cold.brews.bean.code($0) == Int32(k) }
                .compactMap { cold.brews.brewDate[$0] }.min()
            if let firstBrew { #expect(Int64(t.index) * 86_400_000_000 <= firstBrew + 86_400_000_000) }
        }
        #expect(plain.beans.allSatisfy { $0.frozenDate == nil && $0.thawDate == nil })
    }
}
