import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import BrewStats
import Foundation
import Testing
import TestSupport

/// Decenza's `shots.db` read as a shot journal gives the same shots as the same shots read from Decent JSON.
///
/// No public Decenza database exists, so the test builds one from Decenza's schema
/// (`tools/reference/make_decenza_db.py`, plain Python with sqlite3 and zlib, written from Decenza's
/// `shothistorystorage.cpp`: its tables, and the sample blob as Qt's `qCompress` writes it) out of Decent v2 JSON
/// files: the real DE1 file of the peer data, and the other real shots of `../shared/peer-data/visualizer` exported
/// as Decent JSON. Each shot is then read twice — from its JSON file and from the database — and compared.
@Suite struct DecenzaStoreTests {
    static let folder = Repo.peerData?.appendingPathComponent("visualizer")
    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    @Test(.enabled(if: folder != nil, "needs ../shared/peer-data/visualizer"))
    func sameShotsAsDecentJSON() throws {
        let peer = try #require(Self.folder)
        let scratch = try Repo.scratch("decenza")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var jsons = [peer.appendingPathComponent("20211019T100744.json")]
        for (i, name) in ["gaggiuino-1020.json", "gaggimate-v1.json", "meticulous.shot.json", "20210921T085910.shot"].enumerated() {
            let journal = try importAnyJournal(at: peer.appendingPathComponent(name), options: Self.utc)
            let out = scratch.appendingPathComponent("decent-\(i)")
            _ = try JournalExporter(format: .decentJSON).export(journal, to: out)
            jsons += try FileManager.default.contentsOfDirectory(at: out, includingPropertiesForKeys: nil).filter { $0.pathExtension == "json" }
        }
        let db = scratch.appendingPathComponent("shots.db")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Repo.root.appendingPathComponent("tools/reference/make_decenza_db.py").path, db.path] + jsons.map(\.path)
        try p.run(); p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        let decenza = try importAnyJournal(at: db, options: Self.utc)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == before, "read-only: nothing beside the database")
        let shots = try #require(decenza.shots)
        #expect(shots.kept == jsons.count, "\(shots.rejects)")
        #expect(shots.formats == [.decenza: jsons.count])
        let d = decenza.result.journal
        let dm = ShotMetrics(shots.samples, dose: d.brews.doseGrams, yield: d.brews.yieldGrams, phaseStarts: shots.phaseStarts)
        for (k, url) in jsons.enumerated() {
            let one = try importAnyJournal(at: url, options: Self.utc)
            let oneShots = try #require(one.shots)
            let j = one.result.journal
            let jm = ShotMetrics(oneShots.samples, dose: j.brews.doseGrams, yield: j.brews.yieldGrams, phaseStarts: oneShots.phaseStarts)
            // The database's shots are in timestamp order; find this file's by its start (Decenza's `timestamp` is
            // whole seconds).
            func second(_ t: Timestamp?) -> Int64? { t.map { $0.microseconds / 1_000_000 } }
            let s = try #require(shots.shots.firstIndex { second($0.start) == second(oneShots.shots[0].start) }, "\(url.lastPathComponent)")
            #expect(j.brews.brewDate[0].map { $0 / 1_000_000 } == d.brews.brewDate[shots.shots[s].journalRow].map { $0 / 1_000_000 })
            for metric in ShotMetric.allCases {
                let a = jm.value(metric, of: 0), b = dm.value(metric, of: s)
                #expect(a == b || (a?.isNaN == true && b?.isNaN == true), "\(url.lastPathComponent): \(metric) \(String(describing: a)) vs \(String(describing: b))")
            }
            for c in ["dose_g", "yield_g", "brew_time_s", "water_temp_c", "rating", "tds_pct", "notes", "grinder",
                      "grind_setting", "grind_text", "bean", "roaster", "roast_date", "pressure_profile"] {
                #expect(RoundTrip.cell(j, c, 0) == RoundTrip.cell(d, c, shots.shots[s].journalRow), "\(url.lastPathComponent): \(c)")
            }
        }
        // The real DE1 shot's grinder is stored as model and burrs apart, and read back as one name.
        #expect(d.grinders.contains { $0.name == "EK43 with SSP HU" })
    }

    /// A damaged sample blob rejects its shot, naming the blob; the others are read.
    @Test func damagedBlobRejectsItsShot() throws {
        let scratch = try Repo.scratch("decenza-bad")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let db = scratch.appendingPathComponent("shots.db")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import sqlite3, struct, zlib, json, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript("CREATE TABLE shots (id INTEGER PRIMARY KEY, uuid TEXT, timestamp INTEGER, profile_name TEXT, duration_seconds REAL);"
                             "CREATE TABLE shot_samples (shot_id INTEGER PRIMARY KEY, sample_count INTEGER, data_blob BLOB);")
            raw = json.dumps({"pressure": {"t": [0, 1, 2], "v": [1, 9, 8]}}).encode()
            for i, blob in enumerate([struct.pack(">I", len(raw)) + zlib.compress(raw), b"\\x00\\x00\\x01\\x00garbage-bytes"]):
                db.execute("INSERT INTO shots VALUES (?,?,?,?,?)", (i + 1, f"u{i}", 1700000000 + i * 3600, "p", 2.0))
                db.execute("INSERT INTO shot_samples VALUES (?,?,?)", (i + 1, 3, blob))
            db.commit()
            """
        p.arguments = ["python3", "-c", script, db.path]
        try p.run(); p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let journal = try importAnyJournal(at: db, options: Self.utc)
        let shots = try #require(journal.shots)
        #expect(shots.kept == 1 && shots.rejected == 1)
        #expect(shots.rejects.first?.column == "data_blob")
    }

    /// SQLite keeps any value in any column: text where Decenza writes numbers (a shot's id, a phase's time, a blob
    /// stored as text) is read as missing, never trapped on (found by fuzz-decenza).
    @Test func valuesOfTheWrongTypeAreMissingNotATrap() throws {
        let scratch = try Repo.scratch("decenza-types")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let db = scratch.appendingPathComponent("shots.db")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript("CREATE TABLE shots (id TEXT, uuid TEXT, timestamp INTEGER, profile_name TEXT);"
                             "CREATE TABLE shot_samples (shot_id TEXT, sample_count INTEGER, data_blob TEXT);"
                             "CREATE TABLE shot_phases (id INTEGER, shot_id TEXT, time_offset TEXT, label BLOB);")
            db.execute("INSERT INTO shots VALUES ('one', 'u1', 1700000000, 'p')")
            db.execute("INSERT INTO shot_samples VALUES ('one', 3, 'not a blob')")
            db.execute("INSERT INTO shot_phases VALUES (1, 'one', 'soon', x'00ff')")
            db.execute("INSERT INTO shot_phases VALUES (2, 1e300, 1e300, 'x')")
            db.commit()
            """
        p.arguments = ["python3", "-c", script, db.path]
        try p.run(); p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        // Read or refused with an error, but the process goes on.
        let journal = try? importAnyJournal(at: db, options: Self.utc)
        if let shots = journal?.shots { #expect(shots.kept == 0) }
    }
}
