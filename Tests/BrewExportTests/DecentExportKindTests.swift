import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport

/// What `export --to decent-json` does with shots that are not plain espresso shots (docs/export.md, "Decent JSON"):
/// a shot without a series is left out and named; a filter brew made on the machine is written as Decent's own
/// profiles write one (`beverage_type` `filter`) and reads back as a filter brew, not as espresso.
@Suite struct DecentExportKindTests {
    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    /// A Decent JSON v2 shot sampled every second for `seconds` s, pressure `pressure` bar throughout, 2 ml/s of
    /// flow, the cup filling at `gramsPerSecond` from 5 s; `meta.in` the dose; `beverage` the profile's
    /// `beverage_type`, when given.
    static func decent(_ seconds: Int, pressure: Double, gramsPerSecond: Double, dose: Double,
                       beverage: String? = nil, start: Int = 1_700_000_000) -> String {
        let t = (0...seconds).map(Double.init)
        func list(_ f: (Double) -> Double) -> String { "[" + t.map { "\"\(f($0))\"" }.joined(separator: ",") + "]" }
        let kind = beverage.map { #", "beverage_type": "\#($0)""# } ?? ""
        return """
            {"timestamp": "\(start)", "elapsed": \(list { $0 }), "pressure": {"pressure": \(list { _ in pressure })},
             "flow": {"flow": \(list { _ in 2 })}, "totals": {"weight": \(list { max(0, gramsPerSecond * ($0 - 5)) })},
             "profile": {"title": "Test"\(kind)}, "meta": {"in": "\(dose)"}}
            """
    }

    static func folder(_ files: [(String, String)]) throws -> URL {
        let folder = try Repo.scratch("decent-kinds")
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func object(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// The SEP CSV of the fuzz corpus that logs times and no channel (every weight 0 g): the export leaves it out
    /// and names it; with nothing else to write it writes nothing and says so.
    @Test func shotWithoutSeriesIsLeftOutAndNamed() throws {
        let csv = Repo.root.appendingPathComponent("fuzz/corpus/decent-export/regression-times-without-channel.csv")
        let espresso = Self.decent(30, pressure: 9, gramsPerSecond: 1.5, dose: 18, start: 1_700_000_500)
        let folder = try Self.folder([("espresso.json", espresso)])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: csv, to: folder.appendingPathComponent("times-only.csv"))
        let journal = try importAnyJournal(at: folder, options: Self.utc)
        let shots = try #require(journal.shots)
        try #require(shots.kept == 2, "both files are kept shots: \(journal.result.report.rejects)")
        let bare = try #require(shots.shots.firstIndex { $0.file.hasSuffix("times-only.csv") })
        #expect(shots.shots[bare].channels.channels.filter { $0 != .time } == [])
        #expect(DecentShotWriter.leftOut(bare, of: shots) != nil)
        #expect(DecentShotWriter.leftOut(1 - bare, of: shots) == nil)

        let out = folder.appendingPathComponent("out")
        let summary = try JournalExporter(format: .decentJSON).export(journal, to: out)
        #expect(summary.files == 1 && summary.records == 1)
        let entry = try #require(summary.dropped.entries.first { $0.field == "shot (no series)" })
        #expect(entry.count == 1 && entry.action == .dropped && entry.firstRecord.hasSuffix("times-only.csv"))
        #expect(summary.dropped.csv().contains("shot (no series),dropped,1,"))
        // The shot files (the folder may hold brewstats' own marker beside them).
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }
        #expect(files.count == 1)
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: out.appendingPathComponent(name)))
            #expect(VisualizerUploadRules.problems(bytes) == [], "\(name)")
        }

        // The bare shot alone: nothing to write, refused as such, no folder left behind.
        let alone = try Self.folder([])
        defer { try? FileManager.default.removeItem(at: alone) }
        try FileManager.default.copyItem(at: csv, to: alone.appendingPathComponent("times-only.csv"))
        let bareJournal = try importAnyJournal(at: alone, options: Self.utc)
        let target = alone.appendingPathComponent("out")
        #expect(throws: ExportError.self) { try JournalExporter(format: .decentJSON).export(bareJournal, to: target) }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    /// A filter brew made on the machine (140 s, never past 0.6 bar, 250 g of 15 g: the pressure and the ratio
    /// rules both hold) is written with `beverage_type` `filter`, an espresso shot with `espresso`; read back, the
    /// filter brew is a brew of `Decent DE1 (filter)`, category other, and the espresso a brew of `Decent DE1`.
    @Test func filterBrewIsWrittenAsFilter() throws {
        let folder = try Self.folder([
            ("espresso.json", Self.decent(30, pressure: 9, gramsPerSecond: 1.5, dose: 18)),
            ("filter.json", Self.decent(140, pressure: 0.6, gramsPerSecond: 1.9, dose: 15, start: 1_700_000_100)),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: folder, options: Self.utc)
        let out = folder.appendingPathComponent("out")
        let summary = try JournalExporter(format: .decentJSON).export(journal, to: out)
        #expect(summary.files == 2)
        #expect(!summary.dropped.entries.contains { $0.field == "method" }, "\(summary.dropped.entries)")
        var kinds: [Int: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".json") {
            let o = try Self.object(out.appendingPathComponent(name))
            let stamp = try #require((o["timestamp"] as? String).flatMap(Double.init))
            kinds[Int(stamp)] = try #require((o["profile"] as? [String: Any])?["beverage_type"] as? String)
        }
        #expect(kinds == [1_700_000_000: "espresso", 1_700_000_100: "filter"])

        let back = try importAnyJournal(at: out, options: Self.utc)
        let j = back.result.journal
        #expect(j.brews.count == 2)
        var methods: [String: MethodCategory] = [:]
        for row in 0..<j.brews.count {
            let name = try #require(j.brews.method.code(row).flatMap { j.methods[Int($0)].name })
            methods[name] = j.brews.category(at: row)
        }
        #expect(methods == ["Decent DE1": .espresso, "Decent DE1 (filter)": .other])
    }

    /// The reader takes Decent's word: a shot at about 9 bar with a 1:2 ratio whose profile says `filter` (or
    /// `pourover`) is a filter brew; `espresso` leaves the other rules to decide. (The pressures differ a little, so
    /// no shot is a duplicate of another's series.)
    @Test func beverageTypeMakesAFilterBrew() throws {
        let folder = try Self.folder([
            ("said-filter.json", Self.decent(30, pressure: 9, gramsPerSecond: 1.5, dose: 18, beverage: "filter")),
            ("said-pourover.json", Self.decent(30, pressure: 8.8, gramsPerSecond: 1.5, dose: 18, beverage: "pourover",
                                               start: 1_700_000_100)),
            ("said-espresso.json", Self.decent(30, pressure: 8.6, gramsPerSecond: 1.5, dose: 18, beverage: "espresso",
                                               start: 1_700_000_200)),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: folder, options: Self.utc)
        let j = journal.result.journal
        let shots = try #require(journal.shots)
        #expect(shots.kept == 3)
        var espresso: [String: Bool] = [:]
        for s in 0..<shots.kept {
            espresso[URL(fileURLWithPath: shots.shots[s].file).lastPathComponent] = shots.isEspresso(s, brews: j.brews)
        }
        #expect(espresso == ["said-filter.json": false, "said-pourover.json": false, "said-espresso.json": true])
        #expect(journal.result.report.warnings.contains { $0.message.contains("filter brew made on the machine") })
    }
}
