import Foundation
import Testing
import TestSupport

/// The committed sample report (`reports/sample/`, README "Quick start") is what today's code writes: `make report`'s
/// own command, run again into a scratch folder, gives the same files, byte for byte. Outputs depend on the journal
/// and the options only (no clock), so a difference means the committed sample is stale: regenerate it with
/// `make report` and commit it with the change that moved it.
@Suite struct SampleReportCurrentTests {
    /// `make report`'s command line (Makefile: `report`), `--out` aside.
    static let arguments = ["report", Repo.sample("journal.sqlite").path, "--tz", "Europe/Berlin",
                            "--today", "2026-11-23", "--formats", "svg,png,pdf"]

    /// Every regular file under `folder`, by its path relative to it.
    static func files(under folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return out }
        for case let url as URL in walk {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            let relative = String(path.dropFirst(base.count + 1))
            out[relative] = FileManager.default.contents(atPath: path)
        }
        return out
    }

    @Test(.enabled(if: CLI.available)) func committedSampleIsWhatTheCodeWrites() throws {
        let scratch = try Repo.scratch("sample-report")
        let out = scratch.appendingPathComponent("sample")
        let run = try CLI.run(Self.arguments + ["--out", out.path], timeout: 300)
        try #require(run.status == 0, "\(run.stderr)")
        let written = Self.files(under: out)
        let committed = Self.files(under: Repo.root.appendingPathComponent("reports/sample"))
        #expect(written.count > 50)
        let missing = Set(written.keys).subtracting(committed.keys).sorted()
        let extra = Set(committed.keys).subtracting(written.keys).sorted()
        #expect(missing.isEmpty, "written but not committed (run make report): \(missing.prefix(10))")
        #expect(extra.isEmpty, "committed but no longer written (run make report): \(extra.prefix(10))")
        let differing = written.keys.filter { committed[$0] != nil && committed[$0] != written[$0] }.sorted()
        #expect(differing.isEmpty, "stale in reports/sample (run make report): \(differing.prefix(10))")
    }
}
