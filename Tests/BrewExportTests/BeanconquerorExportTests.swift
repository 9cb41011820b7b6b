import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport

/// `export --to beanconqueror`: a new backup read back by our Beanconqueror reader holds the same brews and numbers;
/// `--merge-into` the real backups keeps every original entry, adds the brews once, and a second run adds nothing;
/// the output and the real backups validate against a schema derived from Beanconqueror's classes
/// (`tools/reference/beanconqueror.schema.json`, checked by the `jsonschema` package).
@Suite struct BeanconquerorExportTests {
    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
    static let backups = Repo.peerData?.appendingPathComponent("beanconqueror")
    static let python = Repo.root.appendingPathComponent(".venv-test/bin/python")

    /// The columns a Beanconqueror brew holds, compared value for value.
    static let held = ["brew_date", "method", "category", "grinder", "bean", "roaster", "origin", "roast_date", "dose_g",
                       "water_g", "yield_g", "brew_time_s", "water_temp_c", "grind_setting", "grind_text",
                       "pressure_profile", "rating", "tds_pct", "notes", "bag_weight_g", "bag_price"]

    static func export(_ journal: ShotJournal, to out: URL, mergeInto: URL? = nil) throws -> ExportSummary {
        try JournalExporter(format: .beanconqueror, replacing: true, mergeInto: mergeInto).export(journal, to: out)
    }

    @Test func sampleStoreReadsBack() throws {
        let folder = try Repo.scratch("bc-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: Self.utc)
        let out = folder.appendingPathComponent("Beanconqueror.zip")
        let summary = try Self.export(journal, to: out)
        #expect(summary.notes.contains { $0.contains("replaces all of the phone's") })
        let back = try importAnyJournal(at: out, options: Self.utc)
        let a = journal.result.journal, b = back.result.journal
        #expect(b.brews.count == a.brews.count)
        #expect(back.result.report.brews.rejected == 0)
        var differing: [String: Int] = [:]
        for row in 0..<min(a.brews.count, b.brews.count) {
            for c in Self.held where RoundTrip.cell(a, c, row) != RoundTrip.cell(b, c, row) {
                // A 0 is Beanconqueror's "not entered": listed as dropped.
                let zero = RoundTrip.cell(a, c, row) == "0.0" && summary.dropped.entries.contains { $0.field == c }
                if !zero { differing[c, default: 0] += 1 }
            }
        }
        #expect(differing == [:], "differ: \(differing); dropped: \(summary.dropped.summary)")
        #expect(RoundTrip.unexplained(RoundTrip.differences(a, b, byID: false).columns, summary.dropped) == [])
    }

    /// The entries of a backup as the app restores them (main document, split files appended), parsed with
    /// JSONSerialization, key by key.
    static func restored(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        guard data.starts(with: [0x50, 0x4B]) else { return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]) }
        let scratch = try Repo.scratch("bc-unzip")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", url.path, scratch.path]
        try p.run(); p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.appendingPathComponent("Beanconqueror.json"))) as? [String: Any])
        for (key, name) in [("BREWS", "Brews"), ("BEANS", "Beans")] {
            var n = 1
            while true {
                let file = scratch.appendingPathComponent("Beanconqueror_\(name)_\(n).json")
                guard FileManager.default.fileExists(atPath: file.path) else { break }
                let part = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any])
                #expect(part.count <= 500)
                root[key] = (root[key] as? [Any] ?? []) + part
                n += 1
            }
        }
        return root
    }

    @Test(.enabled(if: backups != nil, "needs ../shared/peer-data/beanconqueror"),
          arguments: ["Beanconqueror_old.json", "BeanconquerorTestData.json", "BeanconquerorDummy.json"])
    func mergeKeepsEveryEntry(_ name: String) throws {
        let folder = try Repo.scratch("bc-merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try #require(Self.backups).appendingPathComponent(name)
        let journal = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: Self.utc)
        let first = folder.appendingPathComponent("first.zip"), second = folder.appendingPathComponent("second.zip")
        let one = try Self.export(journal, to: first, mergeInto: original)
        #expect(one.records == journal.result.journal.brews.count)
        let two = try Self.export(journal, to: second, mergeInto: first)
        #expect(two.records == 0, "a second run adds nothing")
        let before = try Self.restored(original), after = try Self.restored(first), again = try Self.restored(second)
        for key in before.keys {
            guard let list = before[key] as? [Any], ["BREWS", "BEANS", "MILL", "PREPARATION"].contains(key) else {
                #expect(Self.same(before[key], after[key]), "\(name): \(key) kept")
                continue
            }
            let kept = try #require(after[key] as? [Any])
            #expect(kept.count >= list.count)
            for (i, entry) in list.enumerated() {
                #expect(Self.same(entry, kept[i]), "\(name): \(key)[\(i)] kept as it was")
            }
        }
        let added = (after["BREWS"] as? [Any] ?? []).count - (before["BREWS"] as? [Any] ?? []).count
        #expect(added == journal.result.journal.brews.count)
        for key in ["BREWS", "BEANS", "MILL", "PREPARATION"] {
            #expect(Self.same(after[key], again[key]), "\(name): \(key) unchanged by the second run")
            // Never duplicated: each name (a bean: name, roaster and roast day, a bag) once among the entities we
            // added, and none of theirs added again.
            guard key != "BREWS", let entries = after[key] as? [[String: Any]] else { continue }
            let originals = (before[key] as? [Any] ?? []).count
            func label(_ o: [String: Any]) -> String {
                "\(o["name"] ?? "")|\(o["roaster"] ?? "")|\((o["roastingDate"] as? String)?.prefix(10) ?? "")".lowercased()
            }
            let names = entries[originals...].map(label)
            #expect(Set(names).count == names.count, "\(name): \(key) added once each")
            let theirs = Set(entries[..<originals].map(label))
            #expect(theirs.isDisjoint(with: names), "\(name): \(key) matched to theirs by name")
        }
        // Our reader reads the merged backup: theirs and ours.
        let back = try importAnyJournal(at: first, options: Self.utc)
        #expect(back.result.journal.brews.count >= journal.result.journal.brews.count)
    }

    /// Shots travel as their brews' graphs (`brews/<uuid>_flow_profile.json`): read back, each brew has its shot,
    /// with the same weights (the graph keeps times to the millisecond); merged again, the graphs are kept.
    @Test(.enabled(if: Repo.peerData != nil, "needs ../shared/peer-data/visualizer"))
    func shotsTravelAsBrewGraphs() throws {
        let folder = try Repo.scratch("bc-graphs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try #require(Repo.peerData).appendingPathComponent("visualizer/20211019T100744.json")
        let journal = try importAnyJournal(at: source, options: Self.utc)
        let out = folder.appendingPathComponent("b.zip")
        let summary = try Self.export(journal, to: out)
        #expect(summary.dropped.entries.contains { $0.field == "shot.flow_ml_s" })
        let back = try importAnyJournal(at: out, options: Self.utc)
        let shots = try #require(journal.shots), again = try #require(back.shots)
        #expect(again.kept == 1)
        // The original's weights, independently from its JSON (the first `elapsed.count` values, as strings).
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        let n = try #require(json["elapsed"] as? [Any]).count
        let weights = try #require((json["totals"] as? [String: Any])?["weight"] as? [String]).prefix(n).map { Float($0)! }
        #expect(again.samples.values(.weight, of: 0).compactMap { $0 } == weights)
        #expect(shots.samples.values(.weight, of: 0).compactMap { $0 } == weights)
        let merged = folder.appendingPathComponent("merged.zip")
        #expect(try Self.export(journal, to: merged, mergeInto: out).records == 0)
        #expect(try importAnyJournal(at: merged, options: Self.utc).shots?.kept == 1)
    }

    /// A backup merged into itself (its brews read as a journal) gains nothing.
    @Test(.enabled(if: backups != nil, "needs ../shared/peer-data/beanconqueror"))
    func mergeIntoItselfAddsNothing() throws {
        let folder = try Repo.scratch("bc-self")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try #require(Self.backups).appendingPathComponent("Beanconqueror_old.json")
        let journal = try importAnyJournal(at: original, options: Self.utc)
        let summary = try Self.export(journal, to: folder.appendingPathComponent("b.zip"), mergeInto: original)
        #expect(summary.records == 0)
    }

    /// Our backups and the real ones validate against the schema derived from Beanconqueror's classes; a backup
    /// with a brew rating written as text does not.
    @Test(.enabled(if: backups != nil, "needs ../shared/peer-data/beanconqueror"))
    func schemaValidates() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            Issue.record("no \(Self.python.path): `make test-deps` installs the schema validator")
            return
        }
        let folder = try Repo.scratch("bc-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = ["Beanconqueror_old.json", "BeanconquerorTestData.json", "BeanconquerorDummy.json"]
            .map { try! #require(Self.backups).appendingPathComponent($0) }
        let journal = try importAnyJournal(at: Repo.sample("journal.sqlite"), options: Self.utc)
        var paths = real.map(\.path)
        _ = try Self.export(journal, to: folder.appendingPathComponent("new.zip"))
        paths.append(folder.appendingPathComponent("new.zip").path)
        for (i, backup) in real.enumerated() {
            let out = folder.appendingPathComponent("merged-\(i).zip")
            _ = try Self.export(journal, to: out, mergeInto: backup)
            paths.append(out.path)
        }
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"BREWS":[{"config":{"uuid":"a","unix_timestamp":1},"grind_size":"","grind_weight":0,"method_of_preparation":"","mill":"","bean":"","brew_time":0,"rating":"4","note":""}]}"#.utf8).write(to: broken)
        let (status, lines) = try Self.validate(paths)
        #expect(status == 0, "\(lines.filter { !$0.hasPrefix("ok ") })")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == paths.count)
        let (bad, _) = try Self.validate([broken.path])
        #expect(bad == 1)
    }

    /// Whether two parsed JSON values are the same value (compared as their sorted-key serialisations).
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        func text(_ v: Any?) -> Data? {
            guard let v else { return nil }
            return try? JSONSerialization.data(withJSONObject: v, options: [.sortedKeys, .fragmentsAllowed])
        }
        return text(a) == text(b)
    }

    static func validate(_ paths: [String]) throws -> (Int32, [String]) {
        let p = Process()
        p.executableURL = python
        p.arguments = [Repo.root.appendingPathComponent("tools/reference/validate_beanconqueror.py").path,
                       Repo.root.appendingPathComponent("tools/reference/beanconqueror.schema.json").path] + paths
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
