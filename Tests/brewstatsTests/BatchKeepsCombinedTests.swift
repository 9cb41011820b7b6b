import Foundation
import Testing
import TestSupport

/// A batch re-run that reports no journal (every one fails) keeps the last good `combined/` and `batch.csv`, byte
/// for byte, says so and lists each journal's reason on standard error; exit 4 (all failed). A run that reports
/// one again writes them anew.
@Suite struct BatchKeepsCombinedTests {
    @Test(.enabled(if: CLI.available)) func aRunThatReportsNoJournalKeepsTheLastCombinedPage() throws {
        let folder = try Repo.scratch("e2e-batch-keep")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in"), out = folder.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for (name, format) in [("j.csv", "csv"), ("k.json", "json")] {
            let g = try CLI.run(["generate", "--brews", "30", "--seed", "3", "--to", format, "-o", input.appendingPathComponent(name).path])
            #expect(g.status == 0, "\(g.stderr)")
        }
        let args = ["batch", input.path, "--out", out.path, "--quiet", "--week", "2026-W46", "--today", "2026-11-26"]
        let first = try CLI.run(args, timeout: 180)
        #expect(first.status == 0, "\(first.stderr)")
        let combined = snapshot(out.appendingPathComponent("combined")), csv = bytes(out.appendingPathComponent("batch.csv"))
        #expect(!combined.isEmpty && !csv.isEmpty)

        // Both journals now unreadable (binary noise under their names).
        var rng = TestRNG(seed: 9)
        for name in ["j.csv", "k.json"] {
            try Data((0..<2000).map { _ in UInt8.random(in: 0...0xFF, using: &rng) }).write(to: input.appendingPathComponent(name))
        }
        let failed = try CLI.run(args, timeout: 180)
        #expect(failed.status == 4, "\(failed.status): \(failed.stderr)")
        #expect(failed.stdout.contains("kept from the previous run"), "\(failed.stdout)")
        let lines = failed.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("brewstats: j: ") } && lines.contains { $0.hasPrefix("brewstats: k: ") }, "\(failed.stderr)")
        #expect(snapshot(out.appendingPathComponent("combined")) == combined)
        #expect(bytes(out.appendingPathComponent("batch.csv")) == csv)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("j/index.html").path))

        // One journal readable again: the combined page and batch.csv are this run's.
        let g = try CLI.run(["generate", "--brews", "30", "--seed", "3", "--to", "csv", "-o", input.appendingPathComponent("j.csv").path, "--force"])
        #expect(g.status == 0, "\(g.stderr)")
        let some = try CLI.run(args, timeout: 180)
        #expect(some.status == 3, "\(some.status): \(some.stderr)")
        let rows = TestCSV.records(text(out.appendingPathComponent("batch.csv"))).rows
        #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0["journal"] ?? "", $0["status"] ?? "") }) == ["j": "ok", "k": "failed"])
    }
}
