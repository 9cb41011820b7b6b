import Foundation
import Testing
import TestSupport

/// `batch` reads a `NAME.journal` folder as one journal merged from its sources, as `report A B` does.
@Suite struct BatchSourcesTests {
    /// A store and its own CSV export in one `.journal` folder give the store's report, every brew matched once; a
    /// source that cannot be read is left out (the journal is still reported) and one with no readable source fails
    /// without stopping the batch.
    @Test(.enabled(if: CLI.available)) func aStoreAndItsOwnExportAreOneJournal() throws {
        let input = try Repo.scratch("e2e-batch-sources-in")
        defer { try? FileManager.default.removeItem(at: input) }
        let fm = FileManager.default
        let store = Repo.sample("journal.sqlite"), export = Repo.sample("journal.csv")
        try fm.copyItem(at: store, to: input.appendingPathComponent("alone.sqlite"))
        for name in ["both.journal", "partial.journal", "none.journal"] {
            try fm.createDirectory(at: input.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try fm.copyItem(at: store, to: input.appendingPathComponent("both.journal/1-store.sqlite"))
        try fm.copyItem(at: export, to: input.appendingPathComponent("both.journal/2-export.csv"))
        try fm.copyItem(at: store, to: input.appendingPathComponent("partial.journal/1-store.sqlite"))
        let json = bytes(Repo.sample("journal.json"))
        try json.prefix(json.count / 2).write(to: input.appendingPathComponent("partial.journal/2-cut.json"))
        try json.prefix(json.count / 3).write(to: input.appendingPathComponent("none.journal/cut.json"))
        // The export's brews, counted by the test's own CSV reader: each is a brew of the store (the same ids).
        let exportRows = TestCSV.records(text(export)).rows
        let ids = Set(exportRows.compactMap { $0["brew_id"] })
        #expect(ids.count == exportRows.count && ids.count > 300)

        let out = try Repo.scratch("e2e-batch-sources-out").appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let r = try CLI.run(["batch", input.path, "--out", out.path, "--jobs", "2", "--tz", "Europe/Berlin",
                             "--today", "2026-11-23", "--formats", "svg"], timeout: 240)
        #expect(r.status == 3, "one journal failed, the others were reported: \(r.stderr)")
        // Piped, the batch draws no per-journal progress (docs/batch-and-deployment.md, "Progress"): the sources and
        // matches of a journal folder are in its manifest.json and matches.csv, checked below.
        #expect(!r.stderr.contains("matched across them"), "\(r.stderr)")

        let rows = Dictionary(uniqueKeysWithValues: TestCSV.records(text(out.appendingPathComponent("batch.csv"))).rows
            .map { ($0["journal"] ?? "", $0) })
        #expect(Set(rows.keys) == ["alone", "both", "partial", "none"])
        #expect(rows["alone"]?["status"] == "ok" && rows["alone"]?["brews_kept"] == "\(ids.count)")
        #expect(rows["both"]?["status"] == "ok" && rows["both"]?["brews_kept"] == "\(ids.count)" && rows["both"]?["error"] == "")
        #expect(rows["partial"]?["status"] == "ok" && rows["partial"]?["brews_kept"] == "\(ids.count)")
        #expect(rows["partial"]?["error"]?.contains("2-cut.json") == true, "\(rows["partial"] ?? [:])")
        #expect(rows["none"]?["status"] == "failed" && rows["none"]?["error"]?.isEmpty == false)

        // The same report as the store alone: every CSV the report writes, byte for byte.
        let alone = out.appendingPathComponent("alone")
        let csvs = try fm.contentsOfDirectory(atPath: alone.path).filter { $0.hasSuffix(".csv") }.sorted()
        #expect(csvs.count >= 5)
        for journal in ["both", "partial"] {
            for name in csvs {
                #expect(bytes(alone.appendingPathComponent(name)) == bytes(out.appendingPathComponent("\(journal)/\(name)")),
                        "\(journal)/\(name)")
            }
        }

        // Every brew of the export matched its store brew by id, and each match is listed once.
        let matches = TestCSV.records(text(out.appendingPathComponent("both/matches.csv"))).rows
        #expect(matches.count == ids.count)
        #expect(Set(matches.compactMap { $0["merged_brew"] }) == ids)
        #expect(matches.allSatisfy { $0["rule"] == "id" && $0["kept_source"] == "1-store.sqlite" && $0["merged_source"] == "2-export.csv" })
        #expect(!fm.fileExists(atPath: out.appendingPathComponent("alone/matches.csv").path))
        let manifest = try #require(try JSONSerialization.jsonObject(with: bytes(out.appendingPathComponent("both/manifest.json"))) as? [String: Any])
        #expect(manifest["matched"] as? Int == ids.count)
        #expect(manifest["sources"] as? [String] == ["1-store.sqlite", "2-export.csv"])
    }
}
