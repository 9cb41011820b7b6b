import Foundation
import Testing
import TestSupport

/// `brewstats compare --out` writes as `report` does (docs/reliability.md): a folder that appears whole, replacing
/// only a folder brewstats wrote, never through a symbolic link, never over its own inputs, and never a mix of two
/// runs.
@Suite struct CompareOutputTests {
    static let shots = Repo.sample("shots")
    static func shot(_ k: Int) -> String { shots.appendingPathComponent("shot-0000\(k).json").path }

    /// The refusal: one line naming the path, exit 1.
    static func expectRefused(_ r: CLIResult, _ path: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("brewstats: refusing to replace \(path)"), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(reason), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
    }

    /// Entries beside `folder` that a run left (`.<name>.staging-…`, `.<name>.old-…`).
    static func leftovers(beside folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)) ?? [])
            .filter { $0.hasPrefix(".\(folder.lastPathComponent).") }
    }

    @Test(.enabled(if: CLI.available)) func aFolderOfTheUsersOwnFilesIsNeverWritten() throws {
        let scratch = try Repo.scratch("compare-user-folder")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let mine = scratch.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("my own notes".utf8).write(to: mine.appendingPathComponent("compare.md"))
        for args in [["shots", Self.shot(0), Self.shot(1)], ["brews", Repo.sample("journal.sqlite").path, "--bean", "Kochere"]] {
            let r = try CLI.run(["compare"] + args + ["--out", mine.path], timeout: 120)
            Self.expectRefused(r, mine.path, "files brewstats did not write (compare.md)")
            #expect(relativeFiles(in: mine) == ["compare.md"])
            #expect(text(mine.appendingPathComponent("compare.md")) == "my own notes")
            #expect(Self.leftovers(beside: mine).isEmpty)
        }
    }

    @Test(.enabled(if: CLI.available)) func aSymbolicLinkIsNeverWrittenThrough() throws {
        let scratch = try Repo.scratch("compare-link")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let elsewhere = scratch.appendingPathComponent("elsewhere"), link = scratch.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let r = try CLI.run(["compare", "shots", Self.shot(0), Self.shot(1), "--out", link.path], timeout: 120)
        Self.expectRefused(r, link.path, "symbolic link")
        #expect(relativeFiles(in: elsewhere).isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == elsewhere.path)
    }

    @Test(.enabled(if: CLI.available)) func itsOwnInputsAreNeverWrittenOver() throws {
        let scratch = try Repo.scratch("compare-own-input")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("shots")
        try FileManager.default.copyItem(at: Self.shots, to: folder)
        let before = relativeFiles(in: folder)
        let a = folder.appendingPathComponent("shot-00000.json").path, b = folder.appendingPathComponent("shot-00001.json").path
        let journal = try CLI.run(["compare", "shots", "--journal", folder.path, "--latest", "2", "--out", folder.path], timeout: 120)
        Self.expectRefused(journal, folder.path, "it is the input journal")
        let files = try CLI.run(["compare", "shots", a, b, "--out", folder.path], timeout: 120)
        Self.expectRefused(files, folder.path, "it contains the input journal")
        let file = try CLI.run(["compare", "shots", a, b, "--out", a], timeout: 120)
        Self.expectRefused(file, a, "it is the input journal")
        #expect(relativeFiles(in: folder) == before)
        #expect(bytes(URL(fileURLWithPath: a)) == bytes(Self.shots.appendingPathComponent("shot-00000.json")))
        // An aliases file is an input too: a folder holding it is refused.
        let side = scratch.appendingPathComponent("side")
        try FileManager.default.createDirectory(at: side, withIntermediateDirectories: true)
        let aliases = side.appendingPathComponent("aliases.toml")
        try FileManager.default.copyItem(at: Repo.sample("aliases.toml"), to: aliases)
        let sidecar = try CLI.run(["compare", "brews", Repo.sample("journal.sqlite").path, "--bean", "Kochere",
                                   "--aliases", aliases.path, "--out", side.path], timeout: 120)
        Self.expectRefused(sidecar, side.path, "it contains the input journal")
        #expect(relativeFiles(in: side) == ["aliases.toml"])
    }

    /// A second run replaces the first's folder whole: no file of the first is left, the marker is there, nothing
    /// beside; a folder from before the marker (exactly a comparison's files) is replaced too.
    @Test(.enabled(if: CLI.available)) func aRerunReplacesItsOwnFolderWhole() throws {
        let scratch = try Repo.scratch("compare-rerun")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("out")
        let first = try CLI.run(["compare", "shots", Self.shot(0), Self.shot(1), "--formats", "svg,png", "--out", out.path], timeout: 120)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("compare.png").path))
        let second = try CLI.run(["compare", "brews", Repo.sample("journal.sqlite").path, "--bean", "Kochere",
                                  "--out", out.path], timeout: 120)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(relativeFiles(in: out) == [".brewstats-report", "compare.csv", "compare.md", "index.html"])
        #expect(text(out.appendingPathComponent("compare.csv")).hasPrefix("quantity,brew_1,brew_2,"))
        #expect(Self.leftovers(beside: out).isEmpty)

        let old = scratch.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        for name in ["index.html", "compare.md", "compare.csv", "compare.svg", "compare-phone-dark.svg"] {
            try Data("old".utf8).write(to: old.appendingPathComponent(name))
        }
        let again = try CLI.run(["compare", "shots", Self.shot(0), Self.shot(1), "--out", old.path], timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(text(old.appendingPathComponent("compare.csv")).hasPrefix("quantity,shot_1,shot_2,"), "\(text(old.appendingPathComponent("compare.csv")))")
        #expect(FileManager.default.fileExists(atPath: old.appendingPathComponent(".brewstats-report").path))
    }

    /// Four runs of two different comparisons into one `--out` at once: the folder left holds one run's files, its
    /// CSV and Markdown of the same comparison, and nothing is left beside it.
    @Test(.enabled(if: CLI.available)) func concurrentRunsNeverMixTheirFiles() throws {
        let scratch = try Repo.scratch("compare-concurrent")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pairs = [["shots", Self.shot(0), Self.shot(1)], ["shots", Self.shot(1), Self.shot(2)]]
        // Each comparison's own pair of files, written alone.
        var alone: [(csv: String, md: String)] = []
        for (k, pair) in pairs.enumerated() {
            let out = scratch.appendingPathComponent("alone-\(k)")
            let r = try CLI.run(["compare"] + pair + ["--out", out.path], timeout: 120)
            #expect(r.status == 0, "\(r.stderr)")
            alone.append((text(out.appendingPathComponent("compare.csv")), text(out.appendingPathComponent("compare.md"))))
        }
        #expect(alone[0].csv != alone[1].csv && alone[0].md != alone[1].md)
        let out = scratch.appendingPathComponent("shared")
        for _ in 0..<2 {
            let running = try (0..<4).map { k in try CLI.start(["compare"] + pairs[k % 2] + ["--out", out.path]) }
            for r in running.map({ $0.wait(timeout: 180) }) {
                // A run that lost the race to a concurrent one may say so; none fails otherwise.
                #expect(r.status == 0 || r.stderr.hasPrefix("brewstats: "), "\(r.stderr)")
            }
            let left = (text(out.appendingPathComponent("compare.csv")), text(out.appendingPathComponent("compare.md")))
            #expect(alone.contains { $0.csv == left.0 && $0.md == left.1 }, "a mix of two runs")
            #expect(Self.leftovers(beside: out).isEmpty)
        }
    }
}
