import Foundation
import Testing
import TestSupport
@testable import BrewFiles
#if canImport(Glibc)
import Glibc
#endif

/// A file written in pieces appears whole or not at all, never replaces a file it was not told to, and sweeps the
/// temporary files of killed writes of the same name (this version's and earlier versions').
@Suite struct StreamedFileTests {
    @Test func aFileAppearsOnlyWhenPublishedAndInBlocks() throws {
        let folder = try Repo.scratch("streamed")
        let target = folder.appendingPathComponent("big.csv")
        let file = try StreamedFile(target: target)
        var total = 0
        for k in 0..<5 {
            let piece = [UInt8](repeating: UInt8(65 + k), count: StreamedFile.blockSize / 2 + 7)
            file.buffer += piece
            total += piece.count
            try file.flushIfNeeded()
            #expect(!exists(target), "nothing at the target before publishing")
        }
        #expect(entries(folder).count == 1 && entries(folder)[0].hasSuffix(".tmp"))
        try file.publish(replacing: false)
        let written = try [UInt8](Data(contentsOf: target))
        #expect(written.count == total)
        #expect(written.first == 65 && written.last == 69)
        #expect(entries(folder) == ["big.csv"])
    }

    @Test func withoutReplacingAnExistingFileIsKept() throws {
        let folder = try Repo.scratch("streamed-keep")
        let target = folder.appendingPathComponent("x.json")
        try put("mine", target)
        let file = try StreamedFile(target: target)
        file.buffer = Array("new".utf8)
        let error = #expect(throws: FileError.self) { try file.publish(replacing: false) }
        #expect(error?.code == EEXIST && error?.path == target.path)
        #expect(text(target) == "mine")
        #expect(entries(folder) == ["x.json"])
        let again = try StreamedFile(target: target)
        again.buffer = Array("new".utf8)
        try again.publish(replacing: true)
        #expect(text(target) == "new")
        #expect(entries(folder) == ["x.json"])
    }

    @Test func aDiscardedOrDroppedFileLeavesNothing() throws {
        let folder = try Repo.scratch("streamed-discard")
        let target = folder.appendingPathComponent("x.csv")
        do {
            let file = try StreamedFile(target: target)
            file.buffer = Array("partial".utf8)
            try file.flush()
        }
        #expect(entries(folder).isEmpty)
        let file = try StreamedFile(target: target)
        file.discard()
        #expect(entries(folder).isEmpty)
        let missing = #expect(throws: FileError.self) { _ = try StreamedFile(target: folder.appendingPathComponent("gone/x.csv")) }
        #expect(missing?.step == .creating && missing?.code == ENOENT && missing?.path == folder.appendingPathComponent("gone/x.csv").path)
    }

    /// The leftovers of killed writes of the same name by a process that is gone — this version's
    /// `.<name>.<pid>.<n>.tmp`, an earlier export's `.<name>.export-<pid>-<n>.tmp`, an earlier generate's
    /// `.<name>.tmp-<pid>` and `.<name>-wal.tmp-<pid>` — are removed by the next write, and the staging and build
    /// folders by the next staging; those of a running process, of other names, and other hidden files stay.
    @Test func aKilledWritesLeftoversAreRemovedByTheNextWrite() throws {
        let folder = try Repo.scratch("streamed-sweep")
        let dead = try deadPID()
        let alive = getppid()
        let gone = [".j.csv.\(dead).77.tmp", ".j.csv.export-\(dead)-4242.tmp", ".j.csv.tmp-\(dead)", ".j.csv-wal.tmp-\(dead)"]
        let kept = [".j.csv.\(alive).77.tmp", ".k.csv.\(dead).77.tmp", ".j.csv.notes", ".j.csv.tmp-x"]
        for name in gone + kept { try put("partial", folder.appendingPathComponent(name)) }
        let file = try StreamedFile(target: folder.appendingPathComponent("j.csv"))
        file.buffer = Array("a,b\n".utf8)
        try file.publish(replacing: true)
        #expect(entries(folder) == (kept + ["j.csv"]).sorted())

        for name in [".j.staging-\(dead)-ab12cd34", ".j.build-\(dead)"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
            try put("partial", folder.appendingPathComponent(name).appendingPathComponent("0001.yaml"))
        }
        try put("partial", folder.appendingPathComponent(".j.\(dead).5.tmp"))
        FolderStaging.sweep(beside: folder.appendingPathComponent("j"), marker: marker)
        #expect(entries(folder) == (kept + ["j.csv"]).sorted())
    }

    /// An interruption removes the file being written with the staging folders.
    @Test func theInterruptionsRemovalTakesTheTemporaryFile() throws {
        let folder = try Repo.scratch("streamed-registry")
        let file = try StreamedFile(target: folder.appendingPathComponent("x.csv"))
        #expect(FolderStaging.registry.contains(file.temporary))
        #expect(exists(URL(fileURLWithPath: file.temporary)))
        file.discard()
        #expect(!FolderStaging.registry.contains(file.temporary))
        #expect(entries(folder).isEmpty)
    }
}
