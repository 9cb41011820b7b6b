import Foundation
import Testing
import TestSupport

/// `--out` never destroys what brewstats did not write: the current folder, a folder holding the journal, the
/// journal itself, a user's folder that happens to share a journal's name in a batch.
@Suite struct OutputSafetyTests {
    /// A folder holding a copy of the sample store and a note of the user's.
    static func userFolder(_ label: String) throws -> (folder: URL, journal: URL) {
        let folder = try Repo.scratch(label)
        let journal = folder.appendingPathComponent("j.sqlite")
        try FileManager.default.copyItem(at: Repo.sample("journal.sqlite"), to: journal)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return (folder, journal)
    }

    /// The refusal: one line on standard error naming the path, exit 1, nothing changed.
    static func expectRefused(_ r: CLIResult, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("brewstats: refusing to replace "), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(path), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: CLI.available)) func outDotInAFolderOfOtherFilesIsRefused() throws {
        let (folder, journal) = try Self.userFolder("e2e-out-dot")
        let before = relativeFiles(in: folder)
        let r = try CLI.run(["report", "j.sqlite", "--out", ".", "--tz", "Europe/Berlin"], cwd: folder, timeout: 120)
        Self.expectRefused(r, folder.lastPathComponent)
        #expect(r.stderr.contains("input journal"), "\(r.stderr)")
        #expect(relativeFiles(in: folder) == before)
        #expect(bytes(journal) == bytes(Repo.sample("journal.sqlite")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(folder.lastPathComponent).") }.isEmpty, "staging left beside the folder")

        // The journal elsewhere: the folder still holds the user's notes.
        let elsewhere = try Repo.scratch("e2e-out-dot-2")
        try Data("mine".utf8).write(to: elsewhere.appendingPathComponent("notes.txt"))
        let r2 = try CLI.run(["report", journal.path, "--out", ".", "--tz", "Europe/Berlin"], cwd: elsewhere, timeout: 120)
        Self.expectRefused(r2, elsewhere.lastPathComponent)
        #expect(r2.stderr.contains("notes.txt"), "\(r2.stderr)")
        #expect(relativeFiles(in: elsewhere) == ["notes.txt"])
    }

    @Test(.enabled(if: CLI.available)) func outHoldingTheJournalOrBeingItIsRefused() throws {
        let (folder, journal) = try Self.userFolder("e2e-out-journal")
        // Only the journal in the folder: still refused (it contains the input).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("notes.txt"))
        let r = try CLI.run(["report", journal.path, "--out", folder.path], timeout: 120)
        Self.expectRefused(r, folder.path)
        #expect(r.stderr.contains("contains the input journal"))
        let same = try CLI.run(["report", journal.path, "--out", journal.path], timeout: 120)
        Self.expectRefused(same, journal.path)
        #expect(same.stderr.contains("it is the input journal"))
        #expect(relativeFiles(in: folder) == ["j.sqlite"])
        #expect(bytes(journal) == bytes(Repo.sample("journal.sqlite")))
    }

    @Test(.enabled(if: CLI.available)) func outNamingAnotherFileIsRefused() throws {
        let folder = try Repo.scratch("e2e-out-file")
        let file = folder.appendingPathComponent("keep.pdf")
        try Data("%PDF-mine".utf8).write(to: file)
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", file.path], timeout: 120)
        Self.expectRefused(r, file.path)
        #expect(text(file) == "%PDF-mine")
        #expect(relativeFiles(in: folder) == ["keep.pdf"])
    }

    @Test(.enabled(if: CLI.available)) func ownReportsAreReplacedAlsoFromBeforeTheMarker() throws {
        let out = try Repo.scratch("e2e-out-own").appendingPathComponent("w47")
        let args = ["report", Repo.sample("journal.sqlite").path, "--out", out.path, "--tz", "Europe/Berlin", "--formats", "svg"]
        #expect(try CLI.run(args, timeout: 120).status == 0)
        #expect(relativeFiles(in: out).contains(".brewstats-report"))
        // Again over its own report (the marker), then over a report of an earlier version (no marker).
        let again = try CLI.run(args, timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        try FileManager.default.removeItem(at: out.appendingPathComponent(".brewstats-report"))
        let legacy = try CLI.run(args, timeout: 120)
        #expect(legacy.status == 0, "\(legacy.stderr)")
        #expect(relativeFiles(in: out).contains(".brewstats-report"))
        // A file of the user's put into the report folder, with the marker gone: refused.
        try FileManager.default.removeItem(at: out.appendingPathComponent(".brewstats-report"))
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let mixed = try CLI.run(args, timeout: 120)
        Self.expectRefused(mixed, out.path)
        #expect(text(out.appendingPathComponent("notes.txt")) == "mine")
        // An empty folder is fine.
        let empty = out.deletingLastPathComponent().appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        #expect(try CLI.run(["report", Repo.sample("journal.sqlite").path, "--out", empty.path, "--formats", "svg"], timeout: 120).status == 0)
    }

    @Test(.enabled(if: CLI.available)) func batchLeavesAUsersFolderWithAJournalsNameAlone() throws {
        let folder = try Repo.scratch("e2e-batch-clash")
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        #expect(try CLI.run(["generate", "--brews", "15", "--to", "csv", "-o", input.appendingPathComponent("alice.csv").path]).status == 0)
        let out = folder.appendingPathComponent("out")
        let mine = out.appendingPathComponent("alice")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("holiday photos".utf8).write(to: mine.appendingPathComponent("photo.jpg"))
        let r = try CLI.run(["batch", input.path, "--out", out.path, "--quiet"], timeout: 120)
        Self.expectRefused(r, mine.path)
        #expect(relativeFiles(in: out) == ["alice/photo.jpg"], "the batch wrote or removed something")
        // A combined/ folder of the user's is left alone too.
        try FileManager.default.removeItem(at: mine)
        let combined = out.appendingPathComponent("combined")
        try FileManager.default.createDirectory(at: combined, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: combined.appendingPathComponent("budget.xlsx"))
        Self.expectRefused(try CLI.run(["batch", input.path, "--out", out.path, "--quiet"], timeout: 120), combined.path)
        #expect(relativeFiles(in: out) == ["combined/budget.xlsx"])
        // Its own output is replaced on a second run.
        try FileManager.default.removeItem(at: combined)
        #expect(try CLI.run(["batch", input.path, "--out", out.path, "--quiet"], timeout: 120).status == 0)
        let second = try CLI.run(["batch", input.path, "--out", out.path, "--quiet"], timeout: 120)
        #expect(second.status == 0, "\(second.stderr)")
    }
}
