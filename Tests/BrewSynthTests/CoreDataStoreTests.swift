import BrewSynth
import Foundation
import GRDB
import Testing
import TestSupport

@Suite struct CoreDataStoreTests {
    static func store(_ brews: Int, seed: UInt64 = 3, walTail: Int = 0) throws -> (JournalGenerator, URL, URL) {
        let folder = try Repo.scratch("synth-store")
        let g = JournalGenerator(GeneratorOptions(brewCount: brews, seed: seed))
        let url = folder.appendingPathComponent("CoffeeJournal.sqlite")
        try CoreDataStoreWriter(walTail: walTail).write(g, to: url)
        return (g, folder, url)
    }

    static func open(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.readonly = true
        return try DatabaseQueue(path: path, configuration: config)
    }

    @Test func tablesAndBookkeeping() throws {
        let (g, folder, url) = try Self.store(500)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Nothing beside the store: rollback journal, finished.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(siblings == ["CoffeeJournal.sqlite"])
        let header = try Data(contentsOf: url).prefix(20)
        #expect(header[18] == 1 && header[19] == 1, "file format bytes say rollback journal, not WAL")

        let queue = try Self.open(url.path)
        defer { try? queue.close() }
        try queue.read { db in
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            for t in ["ZBREWMETHOD", "ZGRINDER", "ZCOFFEEBEAN", "ZBREWLOG", "ZTASTINGNOTE",
                      "Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"] {
                #expect(tables.contains(t), "missing table \(t)")
            }
            let keys = try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
            let byName = Dictionary(uniqueKeysWithValues: keys.map { (($0[1] as String), $0) })
            let expected = ["BrewLog": ("ZBREWLOG", 500), "BrewMethod": ("ZBREWMETHOD", g.methods.count),
                            "CoffeeBean": ("ZCOFFEEBEAN", g.beans.count), "Grinder": ("ZGRINDER", g.grinders.count),
                            "TastingNote": ("ZTASTINGNOTE", g.tastingNoteCount)]
            #expect(Set(byName.keys) == Set(expected.keys))
            for (name, (table, count)) in expected {
                let row = try #require(byName[name])
                let ent: Int = row[0]
                #expect(row[2] as Int == 0)
                #expect(row[3] as Int == count, "Z_MAX of \(name)")
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") == count)
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE Z_ENT != ?", arguments: [ent]) == 0,
                        "every \(table) row carries Z_ENT \(ent)")
                #expect(try Int.fetchOne(db, sql: "SELECT MAX(Z_PK) FROM \(table)") == count)
            }
            // Dates are numbers (REAL; whole seconds may be stored as INTEGER under NUMERIC affinity).
            let dateTypes = Set(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(ZBREWDATE) FROM ZBREWLOG"))
            #expect(dateTypes.isSubset(of: ["real", "integer"]) && !dateTypes.isEmpty)
            // Saved times carry milliseconds, so they are REAL (one in a thousand lands on a whole second).
            let created = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZBREWLOG WHERE typeof(ZCREATEDAT) = 'real'") ?? 0
            #expect(created > 450)
            // Seconds since 2001: the generated journal lies in 2026 by default (7.98e8 … 8.2e8).
            let range = try Row.fetchOne(db, sql: "SELECT MIN(ZBREWDATE), MAX(ZBREWDATE) FROM ZBREWLOG")!
            #expect((range[0] as Double) > 7.9e8 && (range[1] as Double) < 8.2e8)
            for t in ["ZBREWLOG", "ZBREWMETHOD", "ZGRINDER", "ZCOFFEEBEAN", "ZTASTINGNOTE"] {
                #expect(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(ZID) || length(ZID) FROM \(t)") == ["blob16"])
            }
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZBREWLOG WHERE ZPHOTODATA IS NOT NULL") == 0)
            let columns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(ZBREWLOG)").map { $0["name"] as String })
            for c in ["ZMETHOD", "ZGRINDER", "ZBEAN", "ZDOSEGRAMS", "ZPHOTODATA", "ZBREWDATE", "ZTDS"] {
                #expect(columns.contains(c))
            }
            // Relationships point at existing rows; the tasting note links both ways.
            #expect(try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM ZBREWLOG b WHERE (b.ZMETHOD IS NOT NULL AND b.ZMETHOD NOT IN (SELECT Z_PK FROM ZBREWMETHOD))
                OR (b.ZGRINDER IS NOT NULL AND b.ZGRINDER NOT IN (SELECT Z_PK FROM ZGRINDER))
                OR (b.ZBEAN IS NOT NULL AND b.ZBEAN NOT IN (SELECT Z_PK FROM ZCOFFEEBEAN))
                """) == 0)
            #expect(try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM ZTASTINGNOTE n JOIN ZBREWLOG b ON b.Z_PK = n.ZBREW WHERE b.ZTASTINGNOTE != n.Z_PK
                """) == 0)
            #expect(try Set(String.fetchAll(db, sql: "SELECT DISTINCT ZCATEGORYRAWVALUE FROM ZBREWMETHOD"))
                    == ["espresso", "pour_over", "immersion", "other"])
            // Roast dates come before the bean's brews.
            #expect(try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM ZBREWLOG b JOIN ZCOFFEEBEAN c ON c.Z_PK = b.ZBEAN WHERE c.ZROASTDATE >= b.ZBREWDATE
                """) == 0)
        }
    }

    @Test func storeMatchesGenerator() throws {
        let (g, folder, url) = try Self.store(200, seed: 11)
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = try Self.open(url.path)
        defer { try? queue.close() }
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT ZID, ZBREWDATE, ZDOSEGRAMS, ZRATING, ZMETHOD FROM ZBREWLOG ORDER BY Z_PK")
        }
        for (row, brew) in zip(rows, g.brews) {
            let id: Data = row[0]
            #expect(Array(id) == testUUIDBytes(brew.id.string))
            let seconds: Double = row[1]
            #expect(isClose(seconds + 978_307_200, brew.brewDate.unixSeconds))
            #expect(row[2] as Double? == brew.doseGrams)
            #expect(row[3] as Double? == brew.rating)
            #expect(row[4] as Int? == brew.method.map { Int($0) + 1 })
        }
        #expect(rows.count == 200)
    }

    @Test func walTailLivesOnlyInTheWAL() throws {
        let (_, folder, url) = try Self.store(120, seed: 4, walTail: 15)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wal = url.path + "-wal"
        #expect(FileManager.default.fileExists(atPath: wal))
        #expect(((try FileManager.default.attributesOfItem(atPath: wal))[.size] as? Int ?? 0) > 0)

        // The main file alone (copied without its WAL) holds the first 105 brews.
        let alone = try Repo.scratch("synth-wal-alone")
        defer { try? FileManager.default.removeItem(at: alone) }
        let mainOnly = alone.appendingPathComponent("store.sqlite")
        try FileManager.default.copyItem(at: url, to: mainOnly)
        let q1 = try Self.open(mainOnly.path)
        #expect(try q1.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZBREWLOG") } == 105)
        try q1.close()

        // The main file with its WAL (copied together, so the original stays untouched) holds all 120.
        let both = try Repo.scratch("synth-wal-both")
        defer { try? FileManager.default.removeItem(at: both) }
        let withWAL = both.appendingPathComponent("store.sqlite")
        try FileManager.default.copyItem(at: url, to: withWAL)
        try FileManager.default.copyItem(atPath: wal, toPath: withWAL.path + "-wal")
        let q2 = try DatabaseQueue(path: withWAL.path)
        let (count, maxPK) = try q2.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZBREWLOG"),
             try Int.fetchOne(db, sql: "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_NAME = 'BrewLog'"))
        }
        #expect(count == 120 && maxPK == 120)
        try q2.close()

        // The sqlite3 command-line shell sees every row too (skipped where it is not installed).
        let shell = "/usr/bin/sqlite3"
        if FileManager.default.isExecutableFile(atPath: shell) {
            let third = try Repo.scratch("synth-wal-cli")
            defer { try? FileManager.default.removeItem(at: third) }
            let copy = third.appendingPathComponent("store.sqlite")
            try FileManager.default.copyItem(at: url, to: copy)
            try FileManager.default.copyItem(atPath: wal, toPath: copy.path + "-wal")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: shell)
            process.arguments = [copy.path, "SELECT COUNT(*) FROM ZBREWLOG;"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == "120")
        }
    }

    @Test func rewritingRemovesStaleWAL() throws {
        let (g, folder, url) = try Self.store(60, seed: 2, walTail: 5)
        defer { try? FileManager.default.removeItem(at: folder) }
        try CoreDataStoreWriter().write(g, to: url)
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        let q = try Self.open(url.path)
        #expect(try q.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZBREWLOG") } == 60)
        try q.close()
    }
}
