import Foundation
import Testing
import TestSupport
@testable import BrewReport

@Suite struct StagedDirectoryTests {
    @Test func commitMakesTheFolderAppearWhole() throws {
        let parent = try Repo.scratch("staged")
        let target = parent.appendingPathComponent("report")
        let staged = try StagedDirectory(target: target)
        // The staging folder is hidden, beside the target, and the target does not exist yet.
        #expect(staged.staging.deletingLastPathComponent().standardizedFileURL.path == parent.standardizedFileURL.path)
        #expect(staged.staging.lastPathComponent.hasPrefix(".report.staging-"))
        try Data("a".utf8).write(to: staged.staging.appendingPathComponent("a.csv"))
        try FileManager.default.createDirectory(at: staged.staging.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try Data("b".utf8).write(to: staged.staging.appendingPathComponent("sub/b.csv"))
        #expect(!exists(target))
        try staged.commit()
        #expect(relativeFiles(in: target) == ["a.csv", "sub/b.csv"])
        #expect(text(target.appendingPathComponent("sub/b.csv")) == "b")
        #expect(entries(parent) == ["report"], "left beside the target: \(entries(parent))")
    }

    @Test func replacingKeepsOnlyTheNewContent() throws {
        let parent = try Repo.scratch("staged-replace")
        let target = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("old-sub"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: target.appendingPathComponent("old.csv"))
        try Data("old".utf8).write(to: target.appendingPathComponent("shared.csv"))
        try Data("old".utf8).write(to: target.appendingPathComponent("old-sub/x"))
        let staged = try StagedDirectory(target: target)
        try Data("new".utf8).write(to: staged.staging.appendingPathComponent("shared.csv"))
        try Data("new".utf8).write(to: staged.staging.appendingPathComponent("new.csv"))
        // Until the commit, readers see the old folder untouched.
        #expect(relativeFiles(in: target) == ["old-sub/x", "old.csv", "shared.csv"])
        try staged.commit()
        #expect(relativeFiles(in: target) == ["new.csv", "shared.csv"])
        #expect(text(target.appendingPathComponent("shared.csv")) == "new")
        #expect(entries(parent) == ["out"], "left beside the target: \(entries(parent))")
    }

    @Test func discardLeavesNothing() throws {
        let parent = try Repo.scratch("staged-discard")
        let target = parent.appendingPathComponent("out")
        let staged = try StagedDirectory(target: target)
        try Data("x".utf8).write(to: staged.staging.appendingPathComponent("x.csv"))
        staged.discard()
        #expect(entries(parent).isEmpty)
        // Dropped without commit: discarded as well.
        do {
            let dropped = try StagedDirectory(target: target)
            try Data("x".utf8).write(to: dropped.staging.appendingPathComponent("x.csv"))
        }
        #expect(entries(parent).isEmpty)
    }

    @Test func discardNeverTouchesAnExistingTarget() throws {
        let parent = try Repo.scratch("staged-keep")
        let target = parent.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: target.appendingPathComponent("keep.csv"))
        let staged = try StagedDirectory(target: target)
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
        let staged = try StagedDirectory(target: target)
        for name in stale { #expect(!exists(parent.appendingPathComponent(name)), "\(name) was not swept") }
        for name in kept { #expect(exists(parent.appendingPathComponent(name)), "\(name) was swept") }
        try staged.commit()
        #expect(entries(parent) == (kept + ["out"]).sorted())
    }

    @Test func missingParentsAreCreated() throws {
        let parent = try Repo.scratch("staged-deep")
        let target = parent.appendingPathComponent("a/b/c")
        let staged = try StagedDirectory(target: target)
        try staged.commit()
        #expect(entries(target).isEmpty && exists(target))
        #expect(entries(parent.appendingPathComponent("a/b")) == ["c"])
    }

    @Test func anUnwritableLocationIsAnOutputError() throws {
        let parent = try Repo.scratch("staged-file")
        let file = parent.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: ReportError.self) { _ = try StagedDirectory(target: file.appendingPathComponent("out")) }
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
}
