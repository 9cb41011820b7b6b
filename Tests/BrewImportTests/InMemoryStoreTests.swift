@_spi(Fuzzing) @testable import BrewImport
import Foundation
import Testing
import TestSupport

/// The `fuzz-store` target's in-memory reader (``FuzzingEntryPoints/InMemoryStore``) reads a store as
/// ``importJournal(at:options:)`` reads the same bytes from a file, so what the fuzzer exercises is the importer's
/// own path.
@Suite struct InMemoryStoreTests {
    let options = ImportOptions(format: .coreDataStore, timeZone: TimeZone(identifier: "UTC")!, validatesAllColumns: true)

    /// Each store seed (rollback journal, a WAL header, a damaged entity name) and the sample store, read twice in a
    /// row through one reader (the connection is reused): the file's brews, counts and warnings each time.
    @Test(arguments: ["fuzz/corpus/store/sample-small.sqlite", "fuzz/corpus/store/sample-small-wal-header.sqlite",
                      "fuzz/corpus/store/regression-integer-entity-name.sqlite", "sample-data/journal.sqlite"])
    func sameAsTheFile(_ path: String) throws {
        let url = Repo.root.appendingPathComponent(path)
        let bytes = [UInt8](try Data(contentsOf: url))
        let reader = FuzzingEntryPoints.InMemoryStore()
        for _ in 0 ..< 2 {
            let memory = bytes.withUnsafeBufferPointer { reader.read($0, options: options) }
            switch (Result { () throws(ImportError) in try importJournal(at: url, options: options) }, memory) {
            case (.success(let file), .success(let mem)):
                #expect(file.report.brews == mem.report.brews)
                #expect(file.report.warnings.map(\.message) == mem.report.warnings.map(\.message))
                #expect(file.journal.brews.brewDate.values == mem.journal.brews.brewDate.values)
                #expect(file.journal.brews.doseGrams.values == mem.journal.brews.doseGrams.values)
            case (.failure(let file), .failure(let mem)):
                #expect(file.kind == mem.kind)
            case (let file, let mem):
                Issue.record("file \(file) / memory \(mem)")
            }
        }
    }

    /// Bytes that are no database, and no bytes at all, fail as a file of them fails (or reads as one does).
    @Test(arguments: [[UInt8](), Array("SQLite format 3\u{0}not really".utf8), [UInt8](repeating: 0x41, count: 4096)])
    func notAStore(_ bytes: [UInt8]) throws {
        let url = try Repo.scratch("in-memory-store").appendingPathComponent("x.sqlite")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data(bytes).write(to: url)
        let file = Result { () throws(ImportError) in try importJournal(at: url, options: options) }
        let memory = bytes.withUnsafeBufferPointer { FuzzingEntryPoints.InMemoryStore().read($0, options: options) }
        switch (file, memory) {
        case (.failure(let a), .failure(let b)): #expect(a.kind == b.kind, "\(a) / \(b)")
        case (.success(let a), .success(let b)): #expect(a.report.brews == b.report.brews)
        default: Issue.record("file \(file) / memory \(memory)")
        }
    }

    /// A store whose damaged cells run past their page (found by fuzz-store). Without SQLite's cell size check, what
    /// was read for such a cell came from the bytes the page cache's memory held before, so the same file failed or
    /// read 6 brews depending on what the process had read earlier (every fourth read through one connection,
    /// under AddressSanitizer). Read eight times through one reader, with and without the read-ahead thread, and
    /// from the file: damaged every time.
    @Test func damagedCellsFailTheSameWayEveryTime() throws {
        let url = Repo.root.appendingPathComponent("fuzz/corpus/store/regression-stale-cell-bytes.sqlite")
        let bytes = [UInt8](try Data(contentsOf: url))
        let reader = FuzzingEntryPoints.InMemoryStore()
        var readAhead = options
        readAhead.readAhead = true
        for k in 0 ..< 8 {
            let memory = bytes.withUnsafeBufferPointer { reader.read($0, options: k % 2 == 0 ? options : readAhead) }
            guard case .failure(let error) = memory else { Issue.record("read \(k): \(memory)"); continue }
            #expect(error.kind == .corrupt, "read \(k): \(error)")
        }
        let file = Result { () throws(ImportError) in try importJournal(at: url, options: options) }
        guard case .failure(let error) = file else { Issue.record("\(file)"); return }
        #expect(error.kind == .corrupt)
    }
}
