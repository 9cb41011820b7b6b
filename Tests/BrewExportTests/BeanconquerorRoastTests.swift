import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport

/// Beanconqueror's bean `roast` both ways: every key of the app's roast enumeration (its `ROASTS_ENUM`, in
/// src/enums/beans/roasts.ts, written out here) is read as a roast level or as none, and an exported backup writes
/// each bean's level as one of those keys, which reads back as the same level.
@Suite struct BeanconquerorRoastTests {
    /// The enumeration's keys, in its order, with the level the usual scale gives each (docs/formats.md); `UNKNOWN`
    /// and `CUSTOM_ROAST` name none.
    static let keys: [(String, RoastLevel?)] = [
        ("UNKNOWN", nil), ("CINNAMON_ROAST", .light), ("AMERICAN_ROAST", .medium), ("NEW_ENGLAND_ROAST", .light),
        ("HALF_CITY_ROAST", .light), ("MODERATE_LIGHT_ROAST", .mediumLight), ("CITY_ROAST", .mediumLight),
        ("CITY_PLUS_ROAST", .medium), ("FULL_CITY_ROAST", .mediumDark), ("FULL_CITY_PLUS_ROAST", .mediumDark),
        ("ITALIAN_ROAST", .dark), ("VIEANNA_ROAST", .dark), ("FRENCH_ROAST", .dark), ("CUSTOM_ROAST", nil),
    ]
    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    /// A Beanconqueror backup of one brew per bean, each bean's `roast` one key of the enumeration.
    static func backup(_ roasts: [String]) -> String {
        let beans = roasts.enumerated().map { k, r in
            #"{"name":"Bean \#(k)","roaster":"R","roast":"\#(r)","config":{"uuid":"bean-\#(k)","unix_timestamp":0}}"#
        }
        let brews = roasts.indices.map { k in
            #"{"bean":"bean-\#(k)","mill":"m","method_of_preparation":"p","grind_size":"20","rating":4,"#
                + #""config":{"uuid":"brew-\#(k)","unix_timestamp":\#(1_700_000_000 + k * 86_400)}}"#
        }
        return #"{"BEANS":[\#(beans.joined(separator: ","))],"BREWS":[\#(brews.joined(separator: ","))],"#
            + #""MILL":[{"name":"Comandante C40","config":{"uuid":"m","unix_timestamp":0}}],"#
            + #""PREPARATION":[{"name":"V60","style_type":"POUR_OVER","config":{"uuid":"p","unix_timestamp":0}}],"#
            + #""SETTINGS":[{"brew_rating":5}]}"#
    }

    @Test func everyKeyOfTheEnumerationIsRead() throws {
        let folder = try Repo.scratch("bc-roast-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Beanconqueror.json")
        try Self.backup(Self.keys.map(\.0)).write(to: file, atomically: true, encoding: .utf8)
        let journal = try importAnyJournal(at: file, options: Self.utc).result.journal
        let byName = Dictionary(uniqueKeysWithValues: journal.beans.map { ($0.name ?? "", $0.roastLevel) })
        #expect(byName.count == Self.keys.count)
        for (k, (key, level)) in Self.keys.enumerated() {
            #expect(byName["Bean \(k)"] == .some(level), "\(key): \(String(describing: byName["Bean \(k)"]))")
        }
    }

    /// The sample store's beans (every level and none) exported and read back: the same level for each bean, each
    /// written as a key of the enumeration, and no roast level listed as dropped.
    @Test func roastLevelsTravelBothWays() throws {
        let folder = try Repo.scratch("bc-roast-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: Self.utc)
        let levels = Set(journal.result.journal.beans.map(\.roastLevel))
        #expect(levels == Set(RoastLevel.allCases.map { Optional($0) } + [nil]), "\(levels)")
        let out = folder.appendingPathComponent("Beanconqueror.zip")
        let summary = try JournalExporter(format: .beanconqueror, replacing: true).export(journal, to: out)
        #expect(!summary.dropped.entries.contains { $0.field == "bean.roast_level" })
        let back = try importAnyJournal(at: out, options: Self.utc).result.journal
        func key(_ b: CoffeeBean) -> String { "\(b.name ?? "")|\(b.roaster ?? "")|\(b.roastDate?.description ?? "")" }
        let before = Dictionary(journal.result.journal.beans.map { (key($0), $0.roastLevel) }) { a, _ in a }
        let after = Dictionary(back.beans.map { (key($0), $0.roastLevel) }) { a, _ in a }
        #expect(after.count == before.count)
        for (k, level) in before { #expect(after[k] == .some(level), "\(k)") }

        // The file's own `roast` texts, read with Foundation alone: keys of the enumeration, UNKNOWN for none.
        let beans = try BeanconquerorExportTests.restored(out)["BEANS"] as? [[String: Any]] ?? []
        let written = beans.map { $0["roast"] as? String ?? "" }
        let known = Set(Self.keys.map(\.0))
        #expect(!written.isEmpty && written.allSatisfy { known.contains($0) }, "\(written)")
        let level = Dictionary(uniqueKeysWithValues: Self.keys)
        func names(_ levels: [RoastLevel?]) -> [String] { levels.map { $0?.rawString ?? "none" }.sorted() }
        #expect(names(written.map { level[$0] ?? nil }) == names(back.beans.map(\.roastLevel)))
    }
}
