import BrewColumns
import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// Every file in `sample-data/` imports, with counts checked against the file itself.
@Suite(.cleansScratch) struct SampleDataTests {
    static let berlin = ImportOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// The store, the CSV and the JSON export of the sample journal are one journal: the same brew ids in the
    /// same order, and as many brews as the store has `ZBREWLOG` rows (counted with SQL, not the importer).
    @Test func theSampleJournalInThreeEncodings() throws {
        let store = try importChecked(Repo.sample("journal.sqlite"), Self.berlin)
        let csv = try importChecked(Repo.sample("journal.csv"), Self.berlin)
        let json = try importChecked(Repo.sample("journal.json"), Self.berlin)
        let rows = try countRows(Repo.sample("journal.sqlite"))
        for result in [store, csv, json] {
            #expect(result.report.brews == .init(read: rows, kept: rows, rejected: 0))
        }
        let ids = (0..<store.journal.brews.count).map { store.journal.brews.id[$0] }
        #expect((0..<csv.journal.brews.count).map { csv.journal.brews.id[$0] } == ids)
        #expect((0..<json.journal.brews.count).map { json.journal.brews.id[$0] } == ids)
        #expect(store.report.methods == json.report.methods && store.report.beans == json.report.beans)
    }

    /// The sample journal's stale counters (V60 77 vs 78 brews, AeroPress 34 vs 35, each with a lastUsedDate two
    /// days early) are each reported, naming the equipment — in all three encodings that carry counters. They
    /// used to merge into one warning per column, so AeroPress's disagreement appeared nowhere.
    @Test func everyStaleCachedCounterIsReported() throws {
        for file in ["journal.sqlite", "journal.json"] {
            let r = try importChecked(Repo.sample(file), Self.berlin).report
            let messages = r.warnings.filter { $0.kind == .cachedCounterMismatch }.map(\.message)
            #expect(messages == [
                "method 'V60': cached brewCount 77, recomputed from the brews 78",
                "method 'V60': cached lastUsedDate 2026-11-19T08:50:26Z, last brew 2026-11-21T08:50:26Z",
                "method 'AeroPress': cached brewCount 34, recomputed from the brews 35",
                "method 'AeroPress': cached lastUsedDate 2026-11-20T11:45:44Z, last brew 2026-11-21T11:45:44Z",
            ], "\(file)")
            #expect(r.warnings.filter { $0.kind == .cachedCounterMismatch }.allSatisfy { $0.count == 1 })
        }
    }

    /// `SELECT COUNT(*) FROM ZBREWLOG` with plain GRDB on a private copy (independent of the importer).
    func countRows(_ url: URL) throws -> Int {
        let copy = try scratchFolder("count").appendingPathComponent("copy.sqlite")
        try FileManager.default.copyItem(at: url, to: copy)
        let queue = try DatabaseQueue(path: copy.path)
        defer { try? queue.close() }
        return try queue.read { db in try #require(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZBREWLOG")) }
    }

    /// The hand-written messy export: 11 records, three of them impossible (a date that does not exist, a word
    /// for a date, a negative dose).
    @Test func messyExport() throws {
        let result = try importChecked(Repo.sample("messy.csv"), Self.berlin)
        #expect(result.report.brews.read == 11)
        #expect(result.report.rejects.map(\.reason).contains { $0.contains("2026-02-30") })
        #expect(result.report.rejects.map(\.reason).contains { $0.contains("next tuesday") })
        #expect(result.report.rejects.map(\.reason).contains { $0.contains("negative") })
        #expect(result.report.brews.rejected == 3)
    }

    /// `foreign.csv` through `mapping.toml`: 10 brews (one note spans two lines), 4 methods, 2 grinders, 3 beans
    /// (Kochere and Red Brick from Square Mile, Gakenke from Origin), the unmapped `mood` column ignored.
    @Test func foreignCSVWithTheSampleMapping() throws {
        let mapping = try ColumnMapping.load(from: Repo.sample("mapping.toml"))
        let result = try importChecked(Repo.sample("foreign.csv"), ImportOptions(timeZone: utc, columnMapping: mapping))
        let r = result.report, t = result.journal.brews
        #expect(r.brews == .init(read: 10, kept: 10, rejected: 0))
        #expect(r.methods == 4 && r.grinders == 2 && r.beans == 3)
        #expect(r.warning(.unknownColumn, column: "mood") != nil)
        // 02.11.2026 07:15 in Berlin (CET) is 06:15Z = 1_793_600_100 s (date -u -d 2026-11-02T06:15:00Z +%s).
        #expect(t.brewDate[0] == Int64(1_793_600_100) * 1_000_000)
        #expect(t.doseGrams[0] == 15 && t.tds[0] == 1.35 && t.brewTimeSeconds[0] == 170 && t.rating[1] == 3.5)
        #expect(t.yieldGrams[1] == 36.5 && t.category(at: 1) == .espresso)
        #expect(t.notes[5] == "Floral,\nlong finish")
        #expect(t.roastDate[0] == Day(year: 2026, month: 10, day: 27)!.index)
    }
}
