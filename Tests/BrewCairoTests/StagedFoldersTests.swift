@testable import BrewCairo
import Foundation
import Testing

/// Files written into a staged folder go straight to their name, with no temporary sibling, and the folder's flush
/// reaches every file below it.
@Suite struct StagedFoldersTests {
    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brewstats-staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func containsOnlyPathsBelowARegisteredFolder() throws {
        let folder = "/tmp/brewstats-staged-\(UUID().uuidString)/.report.staging-1"
        #expect(!StagedFolders.contains(folder + "/a.svg"))
        StagedFolders.register(folder)
        #expect(StagedFolders.contains(folder + "/a.svg"))
        #expect(StagedFolders.contains(folder + "/beans/b.svg"))
        #expect(!StagedFolders.contains(folder), "the folder itself is not below itself")
        #expect(!StagedFolders.contains(folder + "2/a.svg"), "a sibling sharing the prefix is not staged")
        #expect(!StagedFolders.contains(String(folder.dropLast(2)) + "/a.svg"))
        StagedFolders.unregister(folder)
        #expect(!StagedFolders.contains(folder + "/a.svg"))
    }

    @Test func atomicWritesIntoAStagedFolderLeaveNoTemporaryFiles() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        StagedFolders.register(folder.path)
        defer { StagedFolders.unregister(folder.path) }
        let url = folder.appendingPathComponent("chart.svg")
        try AtomicFile.write(Array("first, longer".utf8), to: url)
        try AtomicFile.write(Array("second".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second", "a second write truncates the first")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["chart.svg"])
    }

    @Test func aWriteIntoAMissingStagedFolderFailsAndCreatesNothing() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gone = folder.appendingPathComponent("removed")
        StagedFolders.register(gone.path)
        defer { StagedFolders.unregister(gone.path) }
        #expect(throws: CairoError.self) { try AtomicFile.write([1, 2, 3], to: gone.appendingPathComponent("a.png")) }
        #expect(!FileManager.default.fileExists(atPath: gone.path), "the folder is not brought back")
        let code = [UInt8](repeating: 7, count: 10).withUnsafeBytes { StagedFolders.write($0, to: gone.appendingPathComponent("b").path) }
        #expect(code == ENOENT)
    }

    @Test func flushReachesNestedFilesAndReportsAMissingFolder() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("beans"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: folder.appendingPathComponent("a.csv"))
        try Data("y".utf8).write(to: folder.appendingPathComponent("beans/b.svg"))
        #expect(StagedFolders.flushContents(of: folder.path) == nil)
        // The file-by-file flush, used where the C library has no `syncfs`.
        #expect(StagedFolders.flushEach(of: folder.path) == nil)
        let missing = folder.appendingPathComponent("nothing-here").path
        #expect(StagedFolders.flushContents(of: missing)?.path == missing)
        #expect(StagedFolders.flushEach(of: missing)?.path == missing)
    }
}
