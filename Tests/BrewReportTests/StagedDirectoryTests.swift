import BrewCharts
import BrewFiles
import Foundation
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

    /// Files written through ``AtomicFile`` into the staging folder (the files ``StagedDirectory/file(_:)`` names) go
    /// in place, with no temporary siblings, and the commit publishes exactly the files written.
    @Test func atomicWritesGoInPlaceUntilTheCommit() throws {
        let parent = try Repo.scratch("staged-in-place")
        let target = parent.appendingPathComponent("report")
        let staged = try StagedDirectory(target: target, kind: .report)
        let file = staged.file("a.csv")
        #expect(file.isStaged && file.url.path == staged.staging.path + "/a.csv")
        try AtomicFile.write("one,two\r\n", to: file)
        try AtomicFile.write("<p>bean</p>", to: try staged.folder.makeFolder("beans").file("b.html"))
        #expect(entries(staged.staging) == [OwnedFolder.markerName, "a.csv", "beans"], "no temporary file beside them")
        try staged.commit()
        #expect(relativeFiles(in: target) == [OwnedFolder.markerName, "a.csv", "beans/b.html"])
        #expect(text(target.appendingPathComponent("a.csv")) == "one,two\r\n")
        // A file on its own is written through a temporary file and a rename: it leaves no temporary file either.
        let plain = parent.appendingPathComponent("plain.csv")
        try AtomicFile.write("x", to: OutputFile(plain))
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

    @Test func anUnwritableLocationIsAnOutputError() throws {
        let parent = try Repo.scratch("staged-file")
        let file = parent.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: ReportError.self) { _ = try StagedDirectory(target: file.appendingPathComponent("out"), kind: .report) }
        guard case let .output(path, _) = error else { Issue.record("expected an output error, got \(String(describing: error))"); return }
        #expect(path.hasSuffix("plain-file/out"))
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

    /// A write error in a staging folder names the file as under its target (where the user will look), never the
    /// hidden staging folder, whichever layer reports it.
    @Test func aStagedFileIsNamedAsUnderItsTarget() throws {
        let parent = try Repo.scratch("staged-shown")
        let target = parent.appendingPathComponent("w47")
        let staged = try StagedDirectory(target: target, kind: .report)
        defer { staged.discard() }
        let base = parent.standardizedFileURL.path
        #expect(staged.file("beans/a.svg").shownPath == base + "/w47/beans/a.svg")
        #expect(staged.folder.shownPath == base + "/w47")
        let file = staged.file("rest-rating.svg")
        let error = ReportError.cannotWrite(file.shownPath,
                                            ChartError(context: "writing chart to \(file.shownPath)",
                                                       reason: "writing …: No space left on device",
                                                       systemReason: "No space left on device"))
        #expect(error.description == "cannot write \(base)/w47/rest-rating.svg: No space left on device")
        // A real failure: the staging folder removed under the writer (as an interruption does).
        try FileManager.default.removeItem(at: staged.staging)
        let failed = #expect(throws: ReportError.self) { try ReportError.writing { () throws(FileError) in try AtomicFile.write("x", to: file) } }
        #expect(failed?.description == "cannot write \(base)/w47/rest-rating.svg: No such file or directory")
        let chart = #expect(throws: ChartError.self) {
            try ChartRenderer.write(Chart(title: "t", width: 100, height: 80), to: file, format: .svg)
        }
        #expect(chart?.systemReason == "No such file or directory")
        #expect(chart?.context == "writing chart to \(base)/w47/rest-rating.svg")
    }
}
