import Foundation
import Synchronization
import Testing
import TestSupport
@testable import BrewFiles
#if canImport(Glibc)
import Glibc
#endif

/// A staged folder appears whole at its commit, replaces a previous folder in one step, and a dead run's leftovers
/// are cleaned by the next staging of the same target.
@Suite struct FolderStagingTests {
    @Test func commitMakesTheFolderAppearWhole() throws {
        let parent = try Repo.scratch("staged")
        let target = parent.appendingPathComponent("report")
        let staged = try FolderStaging(target: target, marker: marker)
        // The staging folder is hidden, beside the target, and the target does not exist yet.
        #expect(staged.staging.deletingLastPathComponent().standardizedFileURL.path == parent.standardizedFileURL.path)
        #expect(staged.staging.lastPathComponent.hasPrefix(".report.staging-\(getpid())-"))
        try AtomicFile.write("a", to: staged.folder.file("a.csv"))
        let sub = try staged.folder.makeFolder("sub")
        try AtomicFile.write("b", to: sub.file("b.csv"))
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
        try put("old", target.appendingPathComponent("old.csv"))
        try put("old", target.appendingPathComponent("shared.csv"))
        try put("old", target.appendingPathComponent("old-sub/x"))
        let staged = try FolderStaging(target: target, marker: marker)
        try AtomicFile.write("new", to: staged.folder.file("shared.csv"))
        try AtomicFile.write("new", to: staged.folder.file("new.csv"))
        // Until the commit, readers see the old folder untouched.
        #expect(relativeFiles(in: target) == ["old-sub/x", "old.csv", "shared.csv"])
        try staged.commit()
        #expect(relativeFiles(in: target) == ["new.csv", "shared.csv"])
        #expect(text(target.appendingPathComponent("shared.csv")) == "new")
        #expect(entries(parent) == ["out"], "left beside the target: \(entries(parent))")
    }

    @Test func discardLeavesNothingAndNeverTouchesTheTarget() throws {
        let parent = try Repo.scratch("staged-discard")
        let target = parent.appendingPathComponent("out")
        let staged = try FolderStaging(target: target, marker: marker)
        try AtomicFile.write("x", to: staged.folder.file("x.csv"))
        staged.discard()
        #expect(entries(parent).isEmpty)
        // Dropped without commit: discarded as well.
        do {
            let dropped = try FolderStaging(target: target, marker: marker)
            try AtomicFile.write("x", to: dropped.folder.file("x.csv"))
        }
        #expect(entries(parent).isEmpty)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try put("keep", target.appendingPathComponent("keep.csv"))
        try FolderStaging(target: target, marker: marker).discard()
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
            try put("partial", parent.appendingPathComponent(name).appendingPathComponent("weekly.csv"))
        }
        let staged = try FolderStaging(target: target, marker: marker)
        for name in stale { #expect(!exists(parent.appendingPathComponent(name)), "\(name) was not swept") }
        for name in kept { #expect(exists(parent.appendingPathComponent(name)), "\(name) was swept") }
        try staged.commit()
        #expect(entries(parent) == (kept + ["out"]).sorted())
    }

    /// A dead run's `.out.old-…` holding the marker while `out` is missing is the previous folder, set aside by a run
    /// killed between its two renames: the next staging (or sweep) puts it back first. Without the marker it is swept.
    @Test func aPreviousFolderSetAsideByADeadRunIsPutBack() throws {
        let parent = try Repo.scratch("staged-restore")
        let target = parent.appendingPathComponent("out")
        let dead = try deadPID()
        let aside = parent.appendingPathComponent(".out.old-\(dead)-1A2B3C4D")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
        try put("mine", aside.appendingPathComponent(marker))
        try put("previous", aside.appendingPathComponent("weekly.csv"))
        FolderStaging.sweep(beside: target, marker: marker)
        #expect(text(target.appendingPathComponent("weekly.csv")) == "previous")
        #expect(entries(parent) == ["out"])
        // Without the marker, a folder set aside is not known to be ours: it is removed, never put in place.
        let other = parent.appendingPathComponent("other")
        let unmarked = parent.appendingPathComponent(".other.old-\(dead)-5E6F7A8B")
        try FileManager.default.createDirectory(at: unmarked, withIntermediateDirectories: false)
        try put("?", unmarked.appendingPathComponent("weekly.csv"))
        try FolderStaging(target: other, marker: marker).discard()
        #expect(entries(parent) == ["out"])
    }

    @Test func missingParentsAreCreatedAndAnUnwritableLocationIsAFileError() throws {
        let parent = try Repo.scratch("staged-deep")
        let target = parent.appendingPathComponent("a/b/c")
        try FolderStaging(target: target, marker: marker).commit()
        #expect(entries(target).isEmpty && exists(target))
        #expect(entries(parent.appendingPathComponent("a/b")) == ["c"])
        let file = parent.appendingPathComponent("plain-file")
        try put("x", file)
        let error = #expect(throws: FileError.self) { _ = try FolderStaging(target: file.appendingPathComponent("out"), marker: marker) }
        #expect(error?.code == ENOTDIR)
        #expect(error?.path.hasSuffix("plain-file/out") == true)
    }

    /// Replacing swaps the two folders in one step: at no moment is there no target (checked from the side by a
    /// thread that looks for the target for as long as the replacement runs, and by the result: no `.old-` folder
    /// was ever made, the old content is gone, nothing is left beside it).
    @Test func replacingSwapsInOneStep() throws {
        let parent = try Repo.scratch("staged-exchange")
        let target = parent.appendingPathComponent("out")
        try FolderStaging(target: target, marker: marker).commit()
        try put("old", target.appendingPathComponent("old.csv"))
        #expect(FolderStaging.exchange(parent.appendingPathComponent("missing").path, target.path) == ENOENT)
        for round in 0..<20 {
            let staged = try FolderStaging(target: target, marker: marker)
            try AtomicFile.write("\(round)", to: staged.folder.file("new.csv"))
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
            #expect(relativeFiles(in: target) == ["new.csv"])
            #expect(text(target.appendingPathComponent("new.csv")) == "\(round)")
            #expect(entries(parent) == ["out"])
        }
    }
}

/// What the watcher thread of ``FolderStagingTests/replacingSwapsInOneStep()`` saw, and when to stop.
final class WatchFlags: Sendable {
    let missing = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
}

/// A staging folder named with this process's own id, left by an earlier process that had the same id (every
/// run in a container can be PID 1: a killed pod and its retry share the output volume), is swept; the
/// folders this process has open are not.
@Suite struct StagingOfSamePIDTests {
    @Test func aFolderWithOurPIDThatWeDoNotHoldIsSwept() throws {
        let parent = try Repo.scratch("staged-same-pid")
        defer { try? FileManager.default.removeItem(at: parent) }
        let me = getpid()
        let leftover = ".out.staging-\(me)-C52979A5"
        let leftoverOld = ".out.old-\(me)-44921C6E"
        for name in [leftover, leftoverOld] {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: false)
            try put("partial", parent.appendingPathComponent(name).appendingPathComponent("weekly.csv"))
        }
        let first = try FolderStaging(target: parent.appendingPathComponent("out"), marker: marker)
        let names = try FileManager.default.contentsOfDirectory(atPath: parent.path)
        #expect(!names.contains(leftover) && !names.contains(leftoverOld))
        #expect(names == [first.staging.lastPathComponent], "only the open staging folder is left: \(names)")

        // A second target staged while the first is open does not sweep the first's folder (another name),
        // and a new sweep of the same target leaves the open one alone (this process holds it).
        let other = try FolderStaging(target: parent.appendingPathComponent("other"), marker: marker)
        #expect(FileManager.default.fileExists(atPath: first.staging.path))
        FolderStaging.sweep(beside: parent.appendingPathComponent("out"), marker: marker)
        #expect(FileManager.default.fileExists(atPath: first.staging.path))
        try first.commit()
        try other.commit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["other", "out"])
    }
}
