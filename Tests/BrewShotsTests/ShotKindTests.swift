import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewShots

/// Shots that are not espresso (docs/shots.md, "Shots that are not espresso"): cleaning and aborted shots are left
/// out and listed, a filter brew made on the machine is a brew of the machine's filter method with flow metrics of
/// its own, and a Decent profile is refused in plain words.
@Suite struct ShotKindTests {
    /// A Decent JSON v2 shot sampled every second for `seconds` s: pressure `pressure(t)`, flow 2 ml/s, the cup's
    /// weight `weight(t)`; `meta.in` the dose, the profile's title `profile`.
    static func decent(_ seconds: Int, profile: String, dose: Double, pressure: (Double) -> Double,
                       weight: (Double) -> Double, start: Int = 1_700_000_000) -> String {
        let t = (0...seconds).map(Double.init)
        func list(_ f: (Double) -> Double) -> String { "[" + t.map { "\"\(f($0))\"" }.joined(separator: ",") + "]" }
        return """
            {"timestamp": "\(start)", "elapsed": \(list { $0 }), "pressure": {"pressure": \(list(pressure))},
             "flow": {"flow": \(list { _ in 2 })}, "totals": {"weight": \(list(weight))},
             "profile": {"title": "\(profile)"}, "meta": {"in": "\(dose)"}}
            """
    }

    /// A Decent profile as the machine's app writes it (`profiles_v2/*.json`): steps, no recorded series.
    static let profileJSON = """
        {"title": "Default", "author": "Decent", "notes": "", "beverage_type": "espresso",
         "steps": [{"name": "preinfusion", "temperature": "90.00", "pump": "flow", "flow": "4.00", "seconds": "20.00"}],
         "target_weight": "36", "target_volume": "0", "version": "2"}
        """
    static let profileTcl = "advanced_shot {{exit_if 1 flow 6.0 name preinfusion}}\nauthor Decent\nprofile_title Default\n"

    static func folder(_ files: [(String, String)]) throws -> URL {
        let folder = try Repo.scratch("shot-kinds")
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func cleaningAbortedAndFilterShotsAreSortedAndListed() throws {
        let folder = try Self.folder([
            // Espresso: 30 s, 9 bar from 5 s, 1.5 g/s into the cup from 6 s → 36 g of 18 g.
            ("espresso.json", Self.decent(30, profile: "Classic", dose: 18, pressure: { $0 < 5 ? 2 * $0 : 9 },
                                          weight: { max(0, 1.5 * ($0 - 6)) })),
            // A filter profile on the machine: 140 s, never past 0.6 bar, 250 g of 15 g.
            ("filter.json", Self.decent(140, profile: "Filter 2.1", dose: 15, pressure: { _ in 0.6 },
                                        weight: { min(250, max(0, 2 * ($0 - 10))) }, start: 1_700_000_100)),
            // Aborted: 6 s, 3 bar, 1.2 g in the cup.
            ("aborted.json", Self.decent(6, profile: "Classic", dose: 18, pressure: { min(3, $0) },
                                         weight: { $0 < 4 ? 0 : 0.6 * ($0 - 4) }, start: 1_700_000_200)),
            // Cleaning: a backflush at 9 bar, nothing in the cup.
            ("clean.json", Self.decent(20, profile: "Cleaning/Backflush", dose: 0, pressure: { _ in 9 },
                                       weight: { _ in 0 }, start: 1_700_000_300)),
            ("profile.json", Self.profileJSON),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: folder, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        let report = journal.result.report
        #expect(report.brews == .init(read: 5, kept: 2, rejected: 3), "\(report.rejects)")
        let reasons = Dictionary(uniqueKeysWithValues: report.rejects.map { ($0.file.split(separator: "/").last.map(String.init)!, $0.reason) })
        #expect(reasons["aborted.json"]?.hasPrefix("an aborted shot (6.0 s, 1.2 g: under 10 s and 5 g)") == true, "\(reasons)")
        #expect(reasons["clean.json"]?.hasPrefix("a cleaning shot (its profile 'Cleaning/Backflush' names cleaning)") == true)
        #expect(reasons["profile.json"]?.hasPrefix("a Decent profile, not a shot") == true)
        // The filter brew is a brew of the machine's filter method, not espresso; the espresso shot stays one.
        let brews = journal.result.journal.brews
        let methods = journal.result.journal.methods
        let filterMethod = try #require(methods.first { $0.name == "Decent DE1 (filter)" })
        #expect(filterMethod.category == .other)
        #expect(methods.first { $0.name == "Decent DE1" }?.category == .espresso)
        #expect((0..<brews.count).map { brews.category(at: $0) }.sorted { $0.rawValue < $1.rawValue } == [.espresso, .other])
        #expect(report.warnings.contains { $0.kind == .note && $0.message.contains("a filter brew made on the machine (its pressure never passes 2 bar (peak 0.6 bar))") },
                "\(report.warnings)")
        // Its flow metrics are its own: over the cup's filling, from first drops (10.25 s: 0.5 g at 2 g/s) to the end.
        let table = try #require(journal.shots)
        let metrics = ShotMetrics(table.samples)
        let filter = try #require(table.shots.firstIndex { $0.file.hasSuffix("filter.json") })
        #expect(isClose(metrics.value(.meanFlow, of: filter)!, 2, relative: 1e-6))
        #expect(isClose(metrics.value(.meanPressure, of: filter)!, 0.6, relative: 1e-6))
        #expect(isClose(metrics.value(.firstDrops, of: filter)!, 10.25, relative: 1e-6))
    }

    /// `text`, a Decent JSON v2 shot, with the app's settings block `{"beverage_type": beverage}` (where Decent's
    /// app writes the profile's `beverage_type`).
    static func withSettings(_ text: String, beverage: String) -> String {
        String(text.dropLast()) + #", "app": {"data": {"settings": {"beverage_type": "\#(beverage)"}}}}"#
    }

    /// Decent's cleaning and calibration profiles say what they are in `beverage_type` (`cleaning`: its forward
    /// flush; `calibrate`: its test and calibration profiles), whatever their title: such a shot is a cleaning shot,
    /// left out and listed with its reason, even when its numbers look like espresso (30 s, 9 bar, 36 g of 18 g).
    @Test func cleaningAndCalibrateBeveragesAreLeftOut() throws {
        // Each at its own peak pressure: the same series twice would be a duplicate, not a cleaning shot.
        let espresso = { (start: Int, profile: String, peak: Double) in
            Self.decent(30, profile: profile, dose: 18, pressure: { $0 < 5 ? 2 * $0 : peak },
                        weight: { max(0, 1.5 * ($0 - 6)) }, start: start)
        }
        let t = (0...30).map { String($0) }.joined(separator: " ")
        let p = (0...30).map { $0 < 5 ? String(2 * $0) : "8.7" }.joined(separator: " ")
        let w = (0...30).map { String(max(0, 1.5 * Double($0 - 6))) }.joined(separator: " ")
        let tcl = "clock 1700000400\nespresso_elapsed {\(t)}\nespresso_pressure {\(p)}\nespresso_weight {\(w)}\n"
            + "settings {profile_title {Test/Flow calibration} beverage_type Calibrate grinder_dose_weight 18}\n"
        let folder = try Self.folder([
            ("espresso.json", Self.withSettings(espresso(1_700_000_000, "Classic", 9), beverage: "espresso")),
            // In the settings, under a title without a cleaning word.
            ("settings.json", Self.withSettings(espresso(1_700_000_100, "My morning", 8.9), beverage: "cleaning")),
            // In the profile, as Decent's v2 JSON also carries it.
            ("profile.json", espresso(1_700_000_200, "Test/Flow calibration", 8.8)
                .replacingOccurrences(of: #""title": "Test/Flow calibration""#,
                                      with: #""title": "Test/Flow calibration", "beverage_type": "calibrate""#)),
            // A `.shot` file's settings block, any case.
            ("calibration.shot", tcl),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: folder, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        let report = journal.result.report
        #expect(report.brews == .init(read: 4, kept: 1, rejected: 3), "\(report.rejects)")
        let reasons = Dictionary(uniqueKeysWithValues: report.rejects.map {
            ($0.file.split(separator: "/").last.map(String.init)!, $0.reason)
        })
        #expect(reasons["settings.json"] == "a cleaning shot (its file says the machine ran a cleaning cycle: "
                    + "beverage_type cleaning), not a shot to learn from: left out of statistics and advice",
                "\(reasons)")
        #expect(reasons["profile.json"]?.hasPrefix(
            "a cleaning shot (its file says the machine ran a calibration: beverage_type calibrate)") == true)
        #expect(reasons["calibration.shot"]?.hasPrefix(
            "a cleaning shot (its file says the machine ran a calibration: beverage_type calibrate)") == true)
        #expect(journal.result.journal.brews.count == 1)
        #expect(journal.shots?.shots.map { $0.file.hasSuffix("espresso.json") } == [true])
    }

    /// Decenza's `shots.db` keeps each shot's `beverage_type` (its profile's word): `cleaning` and `calibrate` rows
    /// are left out and listed as a Decent file's are. No public Decenza database exists: the test builds one with
    /// Python's sqlite3 and zlib from Decenza's schema (`shots`, `shot_samples` with Qt's `qCompress` blob).
    @Test func decenzaCleaningAndCalibrateRowsAreLeftOut() throws {
        let folder = try Self.folder([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("shots.db")
        let script = """
            import sqlite3, struct, zlib, json, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript("CREATE TABLE shots (id INTEGER PRIMARY KEY, uuid TEXT, timestamp INTEGER, "
                             "profile_name TEXT, beverage_type TEXT, duration_seconds REAL, dose_weight REAL, "
                             "final_weight REAL);"
                             "CREATE TABLE shot_samples (shot_id INTEGER PRIMARY KEY, sample_count INTEGER, "
                             "data_blob BLOB);")
            t = list(range(31))
            for i, (profile, kind) in enumerate([("Classic", "espresso"), ("My morning", "cleaning"),
                                                 ("Test/Flow calibration", "calibrate")]):
                # Each at its own peak pressure: the same series twice would be a duplicate.
                series = {"pressure": {"t": t, "v": [2 * x if x < 5 else 9 - 0.1 * i for x in t]},
                          "weight": {"t": t, "v": [max(0, 1.5 * (x - 6)) for x in t]}}
                raw = json.dumps(series).encode()
                blob = struct.pack(">I", len(raw)) + zlib.compress(raw)
                db.execute("INSERT INTO shots VALUES (?,?,?,?,?,?,?,?)",
                           (i + 1, f"u{i}", 1700000000 + i * 3600, profile, kind, 30.0, 18.0, 36.0))
                db.execute("INSERT INTO shot_samples VALUES (?,?,?)", (i + 1, 31, blob))
            db.commit()
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, db.path]
        try p.run(); p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let journal = try importAnyJournal(at: db, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        let shots = try #require(journal.shots)
        #expect(shots.kept == 1 && shots.rejected == 2, "\(shots.rejects)")
        let reasons = shots.rejects.map(\.reason).sorted()
        #expect(reasons.count == 2)
        #expect(reasons.first?.hasPrefix("a cleaning shot (its file says the machine ran a calibration: "
                                         + "beverage_type calibrate)") == true, "\(reasons)")
        #expect(reasons.last?.hasPrefix("a cleaning shot (its file says the machine ran a cleaning cycle: "
                                        + "beverage_type cleaning)") == true, "\(reasons)")
        #expect(journal.result.journal.brews.count == 1)
    }

    /// A ratio past 1:5 is a filter brew too, whatever the pressure: 18 g → 100 g.
    @Test func aYieldPastFiveTimesTheDoseIsAFilterBrew() throws {
        let folder = try Self.folder([("long.json", Self.decent(60, profile: "Allongé", dose: 18, pressure: { $0 < 5 ? 2 * $0 : 9 },
                                                                 weight: { max(0, 2 * ($0 - 10)) }))])
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: folder, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        #expect(journal.result.journal.methods.map(\.name) == ["Decent DE1 (filter)"])
        #expect(journal.result.report.warnings.contains { $0.message.contains("its yield is 5.6 × the dose (past 1:5)") })
    }

    @Test(arguments: [("profile.json", profileJSON), ("profile.tcl", profileTcl)])
    func aDecentProfileAloneIsRefusedInPlainWords(_ name: String, _ text: String) throws {
        let folder = try Self.folder([(name, text)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(ShotFormat.sniff(Array(text.utf8)) == .decentProfile)
        do {
            _ = try importAnyJournal(at: folder.appendingPathComponent(name))
            Issue.record("the profile was read")
        } catch {
            #expect(error.message.hasPrefix("a Decent profile, not a shot"), "\(error.message)")
            #expect(!error.message.contains("coffee-journal"))
        }
    }

    /// A Decent shot embeds its profile's steps: it is a shot all the same.
    @Test func aShotThatEmbedsItsProfileIsAShot() {
        let shot = #"{"elapsed": ["0"], "profile": {"steps": [], "beverage_type": "espresso", "target_weight": "36"}}"#
        #expect(ShotFormat.sniff(Array(shot.utf8)) == .shot(.decentJSON))
    }
}
