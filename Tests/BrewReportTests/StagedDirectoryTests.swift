import BrewCharts
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
@testable import BrewReport

@Suite struct StagedDirectoryTests {
    @Test func commitMakesTheFolderAppearWhole() throws {
        let parent = try Repo.scratch("staged")
        let target = parent.appendingPathComponent("report")
        let staged = try StagedDirectory(target: target, kind: .report)
        // The staging folder is hidden, beside the target, and the target does not exist yet.
        #expect(staged.staging.deletingLastPathComponent().standardizedFileURL.path == parent.standardizedFileURL.path)
        #expect(staged.staging.lastPathComponent.hasPrefix(".report.staging-"))
        try Data("a".utf8).write(to: staged.staging.appendingPathComponent("a.csv"))
        try FileManager.default.createDirectory(at: staged.staging.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try Data("b".utf8).write(to: staged.staging.appendingPathComponent("sub/b.csv"))
        #expect(!exists(target))
        try staged.commit()
        #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "a.csv", "sub/b.csv"])
        #expect(text(target.appendingPathComponent("sub/b.csv")) == "b")
        #expect(entries(parent) == ["report"], "left beside the target: \(entries(parent))")
    }

    /// Files written through ``AtomicFile`` into the staging folder go in place (no temporary siblings), the folder
    /// is staged only until the commit, and the commit publishes exactly the files written.
    @Test func atomicWritesGoInPlaceUntilTheCommit() throws {
        let parent = try Repo.scratch("staged-in-place")
        let target = parent.appendingPathComponent("report")
        let staged = try StagedDirectory(target: target, kind: .report)
        let file = staged.staging.appendingPathComponent("a.csv")
        #expect(StagedOutput.contains(file))
        try AtomicFile.write("one,two\r\n", to: file)
        try FileManager.default.createDirectory(at: staged.staging.appendingPathComponent("beans"), withIntermediateDirectories: false)
        try AtomicFile.write("<p>bean</p>", to: staged.staging.appendingPathComponent("beans/b.html"))
        #expect(entries(staged.staging) == [OwnedFolder.markerName, "a.csv", "beans"], "no temporary file beside them")
        try staged.commit()
        #expect(!StagedOutput.contains(file), "staged only until the commit")
        #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "a.csv", "beans/b.html"])
        #expect(text(target.appendingPathComponent("a.csv")) == "one,two\r\n")
        // Outside a staging folder the write is the atomic one: it leaves no temporary file either.
        let plain = parent.appendingPathComponent("plain.csv")
        try AtomicFile.write("x", to: plain)
        #expect(entries(parent) == ["plain.csv", "report"])
    }

    @Test func replacingKeepsOnlyTheNewContent() throws {
        let parent = try Repo.scratch("staged-replace")
        let target = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("old-sub"), withIntermediateDirectories: true)
        try Data("an earlier run".utf8).write(to: target.appendingPathComponent(OwnedFolder.markerName))
        try Data("old".utf8).write(to: target.appendingPathComponent("old.csv"))
        try Data("old".utf8).write(to: target.appendingPathComponent("shared.csv"))
        try Data("old".utf8).write(to: target.appendingPathComponent("old-sub/x"))
        let staged = try StagedDirectory(target: target, kind: .report)
        try Data("new".utf8).write(to: staged.staging.appendingPathComponent("shared.csv"))
        try Data("new".utf8).write(to: staged.staging.appendingPathComponent("new.csv"))
        // Until the commit, readers see the old folder untouched.
        #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "old-sub/x", "old.csv", "shared.csv"])
        try staged.commit()
        #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "new.csv", "shared.csv"])
        #expect(text(target.appendingPathComponent("shared.csv")) == "new")
        #expect(entries(parent) == ["out"], "left beside the target: \(entries(parent))")
    }

    @Test func discardLeavesNothing() throws {
        let parent = try Repo.scratch("staged-discard")
        let target = parent.appendingPathComponent("out")
        let staged = try StagedDirectory(target: target, kind: .report)
        try Data("x".utf8).write(to: staged.staging.appendingPathComponent("x.csv"))
        staged.discard()
        #expect(entries(parent).isEmpty)
        // Dropped without commit: discarded as well.
        do {
            let dropped = try StagedDirectory(target: target, kind: .report)
            try Data("x".utf8).write(to: dropped.staging.appendingPathComponent("x.csv"))
        }
        #expect(entries(parent).isEmpty)
    }

    @Test func discardNeverTouchesAnExistingTarget() throws {
        let parent = try Repo.scratch("staged-keep")
        let target = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: target.appendingPathComponent("keep.csv"))
        try Data("an earlier run".utf8).write(to: target.appendingPathComponent(OwnedFolder.markerName))
        let staged = try StagedDirectory(target: target, kind: .report)
        staged.discard()
        #expect(entries(parent) == ["out"])
        #expect(text(target.appendingPathComponent("keep.csv")) == "keep")
    }

    @Test func staleFoldersOfDeadProcessesAreSwept() throws {
        let parent = try Repo.scratch("staged-stale")
        let target = parent.appendingPathComponent("out")
        let dead = try deadPID()
        let stale = [".out.staging-\(dead)-x", ".out.old-\(dead)-y"]
        // A live process's staging folder (pid 1 always runs), another target's, and unrelated hidden files stay.
        let kept = [".out.staging-1-z", ".other.staging-\(dead)-x", ".outer.staging-\(dead)-x", ".hidden"]
        for name in stale + kept {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
            try Data("partial".utf8).write(to: parent.appendingPathComponent(name).appendingPathComponent("weekly.csv"))
        }
        let staged = try StagedDirectory(target: target, kind: .report)
        for name in stale { #expect(!exists(parent.appendingPathComponent(name)), "\(name) was not swept") }
        for name in kept { #expect(exists(parent.appendingPathComponent(name)), "\(name) was swept") }
        try staged.commit()
        #expect(entries(parent) == (kept + ["out"]).sorted())
    }

    @Test func missingParentsAreCreated() throws {
        let parent = try Repo.scratch("staged-deep")
        let target = parent.appendingPathComponent("a/b/c")
        let staged = try StagedDirectory(target: target, kind: .report)
        try staged.commit()
        #expect(entries(target) == [OwnedFolder.markerName])
        #expect(entries(parent.appendingPathComponent("a/b")) == ["c"])
    }

    @Test func anUnwritableLocationIsAnOutputError() throws {
        let parent = try Repo.scratch("staged-file")
        let file = parent.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: ReportError.self) { _ = try StagedDirectory(target: file.appendingPathComponent("out"), kind: .report) }
        guard case let .output(path, _) = error else { Issue.record("expected an output error, got \(String(describing: error))"); return }
        #expect(path.hasSuffix("plain-file/out"))
    }

    @Test func atomicFileReplacesWhole() throws {
        let folder = try Repo.scratch("atomic")
        let url = folder.appendingPathComponent("x.csv")
        try AtomicFile.write("first", to: url)
        try AtomicFile.write("second", to: url)
        #expect(text(url) == "second")
        #expect(entries(folder) == ["x.csv"])
    }

    @Test func atomicFileNeverCreatesItsFolder() throws {
        let folder = try Repo.scratch("atomic-missing")
        let url = folder.appendingPathComponent("gone/x.csv")
        let error = #expect(throws: ReportError.self) { try AtomicFile.write("x", to: url) }
        guard case let .output(path, _) = error else { Issue.record("expected an output error, got \(String(describing: error))"); return }
        #expect(path == url.path)
        #expect(!exists(folder.appendingPathComponent("gone")))
    }

    // MARK: Only folders brewstats wrote are replaced

    /// The refusal leaves the target as it was and nothing beside it.
    static func expectRefused(_ target: URL, protecting: [URL] = [], reason: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let parent = target.deletingLastPathComponent()
        let before = entries(parent), files = relativeFiles(in: parent)
        let error = #expect(throws: ReportError.self, sourceLocation: sourceLocation) {
            _ = try StagedDirectory(target: target, kind: .report, protecting: protecting)
        }
        guard case let .refusedOutput(path, why) = error else {
            Issue.record("expected refusedOutput, got \(String(describing: error))", sourceLocation: sourceLocation); return
        }
        #expect(path == target.standardizedFileURL.path, sourceLocation: sourceLocation)
        #expect(why.contains(reason), "\(why)", sourceLocation: sourceLocation)
        #expect(entries(parent) == before && relativeFiles(in: parent) == files, sourceLocation: sourceLocation)
    }

    @Test func aFolderOfOtherFilesIsRefused() throws {
        let parent = try Repo.scratch("staged-foreign")
        let target = parent.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: target.appendingPathComponent("thesis.tex"))
        try Data("x".utf8).write(to: target.appendingPathComponent("index.html"))
        Self.expectRefused(target, reason: "photos, thesis.tex")
        // Chart-like names are not enough when something else is there.
        let charts = parent.appendingPathComponent("charts")
        try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
        for name in ["index.html", "weekly.csv", "brews-per-week.svg", "holiday.png"] { try Data("x".utf8).write(to: charts.appendingPathComponent(name)) }
        Self.expectRefused(charts, reason: "holiday.png")
        // Report files without index.html are not a report (a CSV journal named weekly.csv, say).
        let lone = parent.appendingPathComponent("lone")
        try FileManager.default.createDirectory(at: lone, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: lone.appendingPathComponent("weekly.csv"))
        Self.expectRefused(lone, reason: "no index.html")
        // A page of the user's own named index.html (a small static site) is not a report either.
        let site = parent.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("<h1>my site</h1>".utf8).write(to: site.appendingPathComponent("index.html"))
        Self.expectRefused(site, reason: "no equipment_usage.csv, weekly.csv")
        #expect(text(site.appendingPathComponent("index.html")) == "<h1>my site</h1>")
    }

    @Test func aFileOrALinkIsRefused() throws {
        let parent = try Repo.scratch("staged-file-target")
        let file = parent.appendingPathComponent("journal.sqlite")
        try Data("SQLite".utf8).write(to: file)
        Self.expectRefused(file, reason: "it is a file")
        #expect(text(file) == "SQLite")
        let report = parent.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: report, withIntermediateDirectories: false)
        let link = parent.appendingPathComponent("latest")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: report)
        Self.expectRefused(link, reason: "symbolic link")
    }

    @Test func aFolderHoldingOrBeingAnInputIsRefusedEvenWithTheMarker() throws {
        let parent = try Repo.scratch("staged-input")
        let target = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try Data("marker".utf8).write(to: target.appendingPathComponent(OwnedFolder.markerName))
        let journal = target.appendingPathComponent("deep/journal.csv")
        try Data("brew_id\n".utf8).write(to: journal)
        Self.expectRefused(target, protecting: [journal], reason: "contains the input journal")
        Self.expectRefused(journal, protecting: [journal], reason: "it is the input journal")
        // Through another spelling of the same path.
        let dotted = URL(fileURLWithPath: parent.path + "/out/deep/../deep/journal.csv")
        Self.expectRefused(target, protecting: [dotted], reason: "contains the input journal")
        // A journal beside the target is no reason to refuse.
        _ = try StagedDirectory(target: target, kind: .report, protecting: [parent.appendingPathComponent("elsewhere.csv")])
    }

    @Test func ownFoldersAreReplacedAlsoFromBeforeTheMarker() throws {
        let parent = try Repo.scratch("staged-legacy")
        let empty = parent.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        try StagedDirectory(target: empty, kind: .report).commit()
        #expect(entries(empty) == [OwnedFolder.markerName])
        // A report folder of an earlier version: report files only, no marker.
        let legacy = parent.appendingPathComponent("legacy")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: false)
        for name in ReportWriter.csvFiles + ["index.html", "summary.md", "report.pdf", "manifest.json", "pooled.json",
                                             "brews-per-week.png", "control-chart-espresso.svg", "grind-rating-niche-zero-espresso.pdf"] {
            try Data("old".utf8).write(to: legacy.appendingPathComponent(name))
        }
        let staged = try StagedDirectory(target: legacy, kind: .combined)
        try Data("new".utf8).write(to: staged.staging.appendingPathComponent("index.html"))
        try staged.commit()
        #expect(entries(legacy) == [OwnedFolder.markerName, "index.html"])
        #expect(text(legacy.appendingPathComponent(OwnedFolder.markerName)).hasPrefix("brewstats combined folder"))
    }

    @Test func somethingForeignAppearingBeforeTheCommitIsLeftAlone() throws {
        let parent = try Repo.scratch("staged-race")
        let target = parent.appendingPathComponent("out")
        let staged = try StagedDirectory(target: target, kind: .report)
        try Data("x".utf8).write(to: staged.staging.appendingPathComponent("index.html"))
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: target.appendingPathComponent("notes.txt"))
        let error = #expect(throws: ReportError.self) { try staged.commit() }
        guard case .refusedOutput = error else { Issue.record("expected refusedOutput, got \(String(describing: error))"); return }
        #expect(entries(parent) == ["out"], "staging left behind: \(entries(parent))")
        #expect(entries(target) == ["notes.txt"])
    }

    /// A dead run's `.out.old-…` holding a report (the marker in it) while `out` is missing is the previous report,
    /// set aside by a run killed between its two renames: the next staging puts it back first, and leaves it there
    /// when it is itself discarded. Without the marker it is only swept.
    @Test func aPreviousReportSetAsideByADeadRunIsPutBack() throws {
        let parent = try Repo.scratch("staged-restore")
        let target = parent.appendingPathComponent("out")
        let dead = try deadPID()
        let aside = parent.appendingPathComponent(".out.old-\(dead)-1A2B3C4D")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
        try Data("an earlier run".utf8).write(to: aside.appendingPathComponent(OwnedFolder.markerName))
        try Data("previous".utf8).write(to: aside.appendingPathComponent("weekly.csv"))
        let stale = parent.appendingPathComponent(".out.staging-\(dead)-5E6F7A8B")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: false)
        let staged = try StagedDirectory(target: target, kind: .report)
        #expect(text(target.appendingPathComponent("weekly.csv")) == "previous")
        staged.discard()
        #expect(entries(parent) == ["out"], "\(entries(parent))")
        #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "weekly.csv"])
    }

    /// Replacing swaps the two folders in one step: at no moment is there no target (checked from the side by a
    /// thread that looks for the target for as long as the replacement runs, and by the result: no `.old-` folder
    /// was ever made, the old content is gone, nothing is left beside it).
    @Test func replacingSwapsInOneStep() throws {
        let parent = try Repo.scratch("staged-exchange")
        let target = parent.appendingPathComponent("out")
        try StagedDirectory(target: target, kind: .report).commit()
        try Data("old".utf8).write(to: target.appendingPathComponent("old.csv"))
        #expect(StagedDirectory.exchange(parent.appendingPathComponent("missing").path, target.path) == ENOENT)
        for round in 0..<20 {
            let staged = try StagedDirectory(target: target, kind: .report)
            try Data("\(round)".utf8).write(to: staged.staging.appendingPathComponent("new.csv"))
            let flags = WatchFlags()
            let path = target.path
            let watcher = Thread {
                while !flags.done.load(ordering: .acquiring) {
                    var info = stat()
                    if lstat(path, &info) != 0 { flags.missing.store(true, ordering: .relaxed) }
                }
            }
            watcher.start()
            try staged.commit()
            flags.done.store(true, ordering: .releasing)
            while !watcher.isFinished { usleep(1000) }
            let wasMissing = flags.missing.load(ordering: .relaxed)
            #expect(!wasMissing, "round \(round): the target was missing for a moment")
            #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "new.csv"])
            #expect(entries(parent) == ["out"])
        }
    }

    /// A write error in a staging folder names the file as under its target (where the user will look), never the
    /// hidden staging folder; other paths are left as they are.
    @Test func aStagedFileIsNamedAsUnderItsTarget() throws {
        let parent = try Repo.scratch("staged-shown")
        let target = parent.appendingPathComponent("w47")
        let staged = try StagedDirectory(target: target, kind: .report)
        defer { staged.discard() }
        let base = parent.standardizedFileURL.path
        #expect(StagedDirectory.shownPath(staged.staging.path + "/beans/a.svg") == base + "/w47/beans/a.svg")
        #expect(StagedDirectory.shownPath(staged.staging.path) == base + "/w47")
        #expect(StagedDirectory.shownPath(staged.staging.path + "x/a.svg") == staged.staging.path + "x/a.svg")
        #expect(StagedDirectory.shownPath("/elsewhere/a.svg") == "/elsewhere/a.svg")
        let error = ReportError.cannotWrite(staged.file("rest-rating.svg").path,
                                            ChartError(context: "writing chart to \(staged.file("rest-rating.svg").path)",
                                                       reason: "writing …: No space left on device: error while writing to output stream",
                                                       systemReason: "No space left on device"))
        #expect(error.description == "cannot write \(base)/w47/rest-rating.svg: No space left on device")
    }
}

/// What the watcher thread of ``StagedDirectoryTests/replacingSwapsInOneStep()`` saw, and when to stop.
final class WatchFlags: Sendable {
    let missing = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
}
