import Foundation
import Testing
import TestSupport
@testable import BrewFiles
#if canImport(Glibc)
import Glibc
#endif

/// A file on its own is replaced whole through a temporary file beside it; a file in a staging folder is written in
/// place; a failure names the file as the user did and says the system's reason.
@Suite struct AtomicFileTests {
    @Test func writeReplacesTheFileAndLeavesNoTemporaries() throws {
        let folder = try Repo.scratch("atomic")
        let file = OutputFile(folder.appendingPathComponent("out.svg"))
        try AtomicFile.write(Array("old, and longer".utf8), to: file)
        try AtomicFile.write("new", to: file)
        #expect(text(file.url) == "new")
        #expect(entries(folder) == ["out.svg"])
        try AtomicFile.write(Data("data".utf8), to: file)
        #expect(text(file.url) == "data")
    }

    @Test func writingIntoAMissingFolderThrowsWithThePathAndCreatesNothing() throws {
        let folder = try Repo.scratch("atomic-missing")
        let file = OutputFile(folder.appendingPathComponent("gone/x.csv"))
        let error = #expect(throws: FileError.self) { try AtomicFile.write("x", to: file) }
        #expect(error?.step == .creating)
        #expect(error?.code == ENOENT)
        #expect(error?.path == file.path)
        #expect(error?.reason == "No such file or directory")
        #expect(error?.description == "writing \(file.path): folder \(folder.path)/gone does not exist")
        #expect(!exists(folder.appendingPathComponent("gone")), "the folder is never created")
    }

    /// A temporary file that a killed write of the same name left (a process that is gone) is removed by the next
    /// write of that file; another file's temporary and a name that is not a temporary stay.
    @Test func aKilledWritesTemporaryIsRemovedByTheNextWrite() throws {
        let folder = try Repo.scratch("atomic-sweep")
        let dead = try deadPID()
        let leftover = ".batch.csv.\(dead).12345.tmp"
        let kept = [".other.csv.\(dead).12345.tmp", ".batch.csv.notes"]
        for name in [leftover] + kept { try put("partial", folder.appendingPathComponent(name)) }
        try AtomicFile.write("journal,status\r\n", to: OutputFile(folder.appendingPathComponent("batch.csv")))
        #expect(entries(folder) == (kept + ["batch.csv"]).sorted())
    }

    @Test func aStagedFileIsWrittenInPlaceAndTruncated() throws {
        let parent = try Repo.scratch("atomic-staged")
        let staging = try FolderStaging(target: parent.appendingPathComponent("out"), marker: marker)
        let file = staging.folder.file("chart.svg")
        #expect(file.isStaged)
        try AtomicFile.write("first, longer", to: file)
        try AtomicFile.write("second", to: file)
        #expect(text(file.url) == "second", "a second write truncates the first")
        #expect(entries(staging.staging) == ["chart.svg"], "no temporary file beside it")
        staging.discard()
    }

    /// A write into a staging folder that an interruption removed fails, and does not bring the folder back.
    @Test func aWriteIntoARemovedStagingFolderFailsAndCreatesNothing() throws {
        let parent = try Repo.scratch("atomic-staged-gone")
        let staging = try FolderStaging(target: parent.appendingPathComponent("out"), marker: marker)
        try FileManager.default.removeItem(at: staging.staging)
        let error = #expect(throws: FileError.self) { try AtomicFile.write([1, 2, 3], to: staging.folder.file("a.png")) }
        #expect(error?.code == ENOENT)
        #expect(throws: FileError.self) { try staging.folder.makeFolder("beans") }
        #expect(!exists(staging.staging), "the folder is not brought back")
        staging.discard()
    }

    /// A file in a staging folder is named as under its target (where the user will look), never by the hidden
    /// staging folder's name, in the error too.
    @Test func aStagedFileIsNamedAsUnderItsTarget() throws {
        let parent = try Repo.scratch("atomic-shown")
        let staging = try FolderStaging(target: parent.appendingPathComponent("w47"), marker: marker)
        defer { staging.discard() }
        let base = parent.standardizedFileURL.path
        #expect(staging.folder.file("rest-rating.svg").shownPath == base + "/w47/rest-rating.svg")
        #expect(staging.folder.folder("beans").file("a.svg").shownPath == base + "/w47/beans/a.svg")
        #expect(staging.folder.file("beans/a.svg").url.path == staging.staging.path + "/beans/a.svg")
        let error = #expect(throws: FileError.self) { try AtomicFile.write("x", to: staging.folder.folder("beans").file("a.svg")) }
        #expect(error?.path == base + "/w47/beans/a.svg")
        #expect(OutputFile(URL(fileURLWithPath: "/elsewhere/a.svg")).shownPath == "/elsewhere/a.svg")
    }
}

/// The write loop and the flushes of a staging folder.
@Suite struct FolderFlushTests {
    @Test func writeAllWritesEveryByteAndReportsABadDescriptor() throws {
        let folder = try Repo.scratch("write-all")
        let path = folder.appendingPathComponent("big").path
        let bytes = [UInt8]((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        #expect(bytes.withUnsafeBytes { SystemFile.writeAll(fd, $0) } == nil)
        close(fd)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(bytes.withUnsafeBytes { SystemFile.writeAll(-1, $0) } == EBADF)
    }

    @Test func flushReachesNestedFilesAndReportsAMissingFolder() throws {
        let folder = try Repo.scratch("flush")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("beans"), withIntermediateDirectories: false)
        try put("x", folder.appendingPathComponent("a.csv"))
        try put("y", folder.appendingPathComponent("beans/b.svg"))
        #expect(FolderFlush.flushContents(of: folder.path) == nil)
        // The file-by-file flush, used where the C library has no `syncfs`.
        #expect(FolderFlush.flushEach(of: folder.path) == nil)
        let missing = folder.appendingPathComponent("nothing-here").path
        #expect(FolderFlush.flushContents(of: missing)?.path == missing)
        #expect(FolderFlush.flushEach(of: missing)?.path == missing)
    }
}
