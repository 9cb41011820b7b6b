import BrewColumns
import BrewImport
import BrewSynth
import Foundation
import GRDB
import Testing
import TestSupport

@Suite(.cleansScratch) struct StoreImporterTests {
    /// The names in a folder and each file's bytes (the stores here are small).
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    func generated(_ brews: Int, walTail: Int = 0) throws -> (URL, JournalGenerator) {
        let generator = JournalGenerator(GeneratorOptions(brewCount: brews, seed: 5))
        let url = try scratchFolder("store").appendingPathComponent("default.store")
        try CoreDataStoreWriter(walTail: walTail).write(generator, to: url)
        return (url, generator)
    }

    @Test func readsWithoutChangingTheFolder() throws {
        let (url, generator) = try generated(120)
        let before = try snapshot(url.deletingLastPathComponent())
        let result = try importChecked(url)
        #expect(result.report.brews.kept == 120)
        #expect(result.journal.brews.count == generator.makeJournal().brews.count)
        #expect(try snapshot(url.deletingLastPathComponent()) == before)
    }

    /// The latest brews live only in the `-wal` file: they are read, and neither the store, the WAL, nor the
    /// folder listing changes (no `-shm` appears).
    @Test func readsBrewsInTheWALWithoutChangingTheFolder() throws {
        let (url, generator) = try generated(150, walTail: 25)
        let folder = url.deletingLastPathComponent()
        let before = try snapshot(folder)
        #expect(before.keys.contains("default.store-wal"))
        let result = try importChecked(url)
        #expect(result.report.brews.kept == 150)
        let want = generator.makeJournal().brews
        #expect(result.journal.brews.id[149] == want.id[149])
        #expect(result.journal.brews.brewDate[149] == want.brewDate[149])
        #expect(try snapshot(folder) == before)
    }

    /// A store left in WAL mode whose `-wal` was checkpointed away: the header says WAL, there is no sidecar.
    @Test func readsAWALModeStoreWithoutSidecars() throws {
        let (url, _) = try generated(40)
        do {
            let queue = try DatabaseQueue(path: url.path)
            try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode=WAL") }
            try queue.close()
        }
        let folder = url.deletingLastPathComponent()
        let before = try snapshot(folder)
        #expect(!before.keys.contains("default.store-wal"))
        let result = try importChecked(url)
        #expect(result.report.brews.kept == 40)
        #expect(try snapshot(folder) == before)
    }

    @Test func aNonStoreSQLiteFileNamesTheMissingTables() throws {
        let url = try scratchFolder("store").appendingPathComponent("other.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)") }
        try queue.close()
        let error = try #require(importError(url))
        #expect(error.kind == .notAJournal)
        #expect(error.message.contains("Z_PRIMARYKEY") && error.message.contains("ZBREWLOG"))
        #expect(error.message.contains("notes"))
    }

    @Test func aTruncatedStoreIsCorrupt() throws {
        let (url, _) = try generated(2000)
        let data = try Data(contentsOf: url)
        let cut = url.deletingLastPathComponent().appendingPathComponent("cut.sqlite")
        try data.prefix(data.count / 2).write(to: cut)
        let error = importError(cut)
        #expect(error?.kind == .corrupt)
        // Only the 100-byte header left.
        try data.prefix(100).write(to: cut)
        #expect(importError(cut) != nil)
    }

    /// Hand-made store: missing optional columns, an unknown column, a dangling method, a text brew date that
    /// cannot be read, a non-number dose, a duplicate id, a tasting note for a brew that does not exist.
    @Test func handMadeStoreWithOddities() throws {
        let url = try scratchFolder("store").appendingPathComponent("odd.sqlite")
        try executeSQL("""
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'BrewLog', 0, 6), (2, 'BrewMethod', 0, 1), (3, 'TastingNote', 0, 2);
                CREATE TABLE ZBREWMETHOD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
                    ZCATEGORYRAWVALUE VARCHAR, ZBREWCOUNT INTEGER, ZSHINY VARCHAR);
                INSERT INTO ZBREWMETHOD VALUES (1, 2, 1, 'V60', 'pour_over', 9, 'x');
                CREATE TABLE ZBREWLOG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZMETHOD INTEGER,
                    ZBREWDATE TIMESTAMP, ZDOSEGRAMS FLOAT, ZID BLOB, ZPHOTODATA BLOB, ZMYSTERY INTEGER);
                INSERT INTO ZBREWLOG VALUES (1, 1, 1, 1, 800000000, 15, x'00112233445566778899AABBCCDDEEFF', x'FFD8', 7);
                INSERT INTO ZBREWLOG VALUES (2, 1, 1, 99, 800003600, 16, NULL, NULL, 7);
                INSERT INTO ZBREWLOG VALUES (3, 1, 1, 1, 'yesterday', 15, NULL, NULL, 7);
                INSERT INTO ZBREWLOG VALUES (4, 1, 1, 1, 800007200, 'lots', NULL, NULL, 7);
                INSERT INTO ZBREWLOG VALUES (5, 1, 1, 1, 800010800, 15, x'00112233445566778899AABBCCDDEEFF', NULL, 7);
                INSERT INTO ZBREWLOG VALUES (6, 1, 1, 1, NULL, 15, NULL, NULL, 7);
                CREATE TABLE ZTASTINGNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREW INTEGER,
                    ZACIDITY INTEGER, ZBODY INTEGER);
                INSERT INTO ZTASTINGNOTE VALUES (1, 3, 1, 1, 4, 3), (2, 3, 1, 42, 2, 2);
                """, on: url)
        let result = try importChecked(url)
        let r = result.report, t = result.journal.brews
        #expect(r.brews == .init(read: 6, kept: 2, rejected: 4))
        #expect(r.rejects.map(\.where) == ["ZBREWLOG Z_PK=3", "ZBREWLOG Z_PK=4", "ZBREWLOG Z_PK=5", "ZBREWLOG Z_PK=6"])
        #expect(r.rejects.map { $0.column ?? "" } == ["ZBREWDATE", "ZDOSEGRAMS", "ZID", "ZBREWDATE"])
        #expect(t.id[0] == "00112233-4455-6677-8899-AABBCCDDEEFF")
        // 800000000 s after 2001-01-01 = 978307200 + 800000000 s after 1970.
        #expect(t.brewDate[0] == Int64((978_307_200 + 800_000_000) * 1_000_000))
        #expect(t.method[0] == "V60" && t.method[1] == nil)
        #expect(t.acidity[0] == 4 && t.body[0] == 3 && r.tastingNotes == 1)
        #expect(r.warning(.danglingReference, column: "ZMETHOD")?.where == "ZBREWLOG Z_PK=2")
        #expect(r.warning(.danglingReference, column: "ZTASTINGNOTE.ZBREW") != nil)
        // The cached brewCount 9 disagrees with the one kept V60 brew.
        #expect(r.warning(.cachedCounterMismatch, column: "method.brewCount") != nil)
    }
}
