@testable import BrewImport
import BrewColumns
import Foundation
import GRDB
import Testing
import TestSupport

/// Reading a store's brews ahead on a second thread (``ImportOptions/readAhead``) changes nothing but the timing: the
/// same cells in the same order, the same journal and report for every projection and for hostile rows, the same
/// error from a damaged file, and a reader that stops early leaves no thread behind.
@Suite(.cleansScratch) struct StoreReadAheadTests {
    /// A generated store of 3,000 brews (several read-ahead batches) with hostile rows written into it: numbers as
    /// text and blobs, a date of 1e300, bytes that are not UTF-8, a 160 kB note (past a batch's first arena), empty
    /// text, a zero-length id blob, a repeated id (which makes the import read the store a second time), and
    /// missing and unusable record dates.
    func hostileStore() throws -> URL {
        let folder = try scratchFolder("read-ahead")
        let store = try Projection.generated(in: folder, brews: 3_000, seed: 11)[0]
        try executeSQL("""
            UPDATE ZBREWLOG SET ZDOSEGRAMS = 'abc' WHERE Z_PK = 700;
            UPDATE ZBREWLOG SET ZBREWDATE = 1e300 WHERE Z_PK = 1200;
            UPDATE ZBREWLOG SET ZNOTES = CAST(x'41FF42' AS TEXT) WHERE Z_PK = 1500;
            UPDATE ZBREWLOG SET ZNOTES = replace(hex(zeroblob(40000)), '0', 'ab') WHERE Z_PK = 2000;
            UPDATE ZBREWLOG SET ZNOTES = 'short' WHERE Z_PK = 2001;
            UPDATE ZBREWLOG SET ZUPDATEDAT = NULL WHERE Z_PK % 7 = 0;
            UPDATE ZBREWLOG SET ZUPDATEDAT = 'not a date' WHERE Z_PK = 2100;
            UPDATE ZBREWLOG SET ZRATING = x'00' WHERE Z_PK = 2200;
            UPDATE ZBREWLOG SET ZID = (SELECT ZID FROM ZBREWLOG WHERE Z_PK = 10) WHERE Z_PK = 2500;
            UPDATE ZBREWLOG SET ZPRESSUREPROFILE = '' WHERE Z_PK = 2600;
            UPDATE ZBREWLOG SET ZID = zeroblob(0) WHERE Z_PK = 2700;
            """, on: store)
        return store
    }

    let readOnly: Configuration = { var c = Configuration(); c.readonly = true; return c }()

    /// Every cell of `table`, row by row, as comparable values (bytes copied out of the borrowed buffers).
    func cells(_ url: URL, table: String, readAhead: Bool) throws -> [[String]] {
        let queue = try DatabaseQueue(path: url.path, configuration: readOnly)
        defer { try? queue.close() }
        return try queue.read { db in
            let rows = try StoreRows(db, sql: "SELECT * FROM \(table)", readAhead: readAhead)
            let columns = try db.columns(in: table).count
            var out: [[String]] = []
            while try rows.next() {
                out.append((0..<columns).map { c in
                    switch rows.cell(c) {
                    case .null: "null"
                    case .integer(let v): "int \(v)"
                    case .real(let v): "real \(v.bitPattern)"
                    case .text(let p): "text \(Array(p))"
                    case .blob(let p): "blob \(Array(p))"
                    }
                })
            }
            return out
        }
    }

    @Test func sameCellsInTheSameOrder() throws {
        let store = try hostileStore()
        let direct = try cells(store, table: "ZBREWLOG", readAhead: false)
        let ahead = try cells(store, table: "ZBREWLOG", readAhead: true)
        #expect(direct.count == 3_000)
        #expect(ahead == direct)
    }

    @Test func sameJournalAndReportForEveryProjection() throws {
        let store = try hostileStore()
        for set in Projection.sets {
            for validating in [false, true] {
                let options = ImportOptions(timeZone: utc, columns: set, validatesAllColumns: validating)
                var aheadOptions = options
                aheadOptions.readAhead = true
                let direct = try importJournal(at: store, options: options)
                let ahead = try importJournal(at: store, options: aheadOptions)
                #expect(ahead.report == direct.report, "\(set) validating \(validating): report")
                #expect(ahead.journal.brews.count == direct.journal.brews.count)
                for info in direct.journal.brews.schema {
                    let got = Projection.slots(ahead.journal.brews, info.name)
                    #expect(got == Projection.slots(direct.journal.brews, info.name), "\(set): column \(info.name)")
                }
            }
        }
        // The hostile rows did what they were written for.
        let full = try importJournal(at: store, options: ImportOptions(timeZone: utc, readAhead: true))
        #expect(full.report.rejects.map(\.where).contains("ZBREWLOG Z_PK=2500"))
        #expect(full.report.rejects.map(\.column).contains("ZDOSEGRAMS"))
        #expect(full.report.warnings.contains { $0.kind == .invalidUTF8 })
        #expect(Projection.slots(full.journal.brews, "notes").contains { $0?.utf8.count == 160_000 })
    }

    @Test func sameErrorFromADamagedStore() throws {
        let store = try hostileStore()
        // Overwrite a page in the middle of the file (the brew table's leaves take most of it) with garbage.
        let handle = try FileHandle(forUpdating: store)
        let size = try handle.seekToEnd()
        let page: UInt64 = 4096
        try handle.seek(toOffset: (size / page / 2) * page)
        handle.write(Data(repeating: 0xA5, count: Int(page)))
        try handle.close()
        var ahead = ImportOptions(timeZone: utc)
        ahead.readAhead = true
        let direct = importError(store, ImportOptions(timeZone: utc))
        let read = importError(store, ahead)
        #expect(direct != nil)
        // The damage is met mid-table, after the same rows either way.
        func rowsBeforeError(readAhead: Bool) throws -> Int {
            let queue = try DatabaseQueue(path: store.path, configuration: readOnly)
            defer { try? queue.close() }
            var n = 0
            do {
                try queue.read { db in
                    let rows = try StoreRows(db, sql: "SELECT * FROM ZBREWLOG", readAhead: readAhead)
                    while try rows.next() { n += 1 }
                }
                Issue.record("no error after \(n) rows (readAhead \(readAhead))")
            } catch {}
            return n
        }
        let before = try rowsBeforeError(readAhead: false)
        #expect(before > 0 && before < 3_000)
        #expect(try rowsBeforeError(readAhead: true) == before)
        #expect(read?.kind == direct?.kind)
        #expect(read.map { "\($0)" } == direct.map { "\($0)" })
    }

    @Test func longNotesKeepBatchesSmall() throws {
        // 600 brews of 40 kB notes: 512 of them in one batch would be 20 MB; a batch ends at about 1 MB instead.
        let store = try hostileStore()
        try executeSQL("UPDATE ZBREWLOG SET ZNOTES = replace(hex(zeroblob(20000)), '0', 'n') WHERE Z_PK <= 600", on: store)
        let direct = try cells(store, table: "ZBREWLOG", readAhead: false)
        #expect(try cells(store, table: "ZBREWLOG", readAhead: true) == direct)
        let queue = try DatabaseQueue(path: store.path, configuration: readOnly)
        defer { try? queue.close() }
        let capacities = try queue.read { db in
            let rows = try StoreRows(db, sql: "SELECT Z_PK, ZNOTES FROM ZBREWLOG", readAhead: true)
            var n = 0
            while try rows.next() { n += 1 }
            #expect(n == 3_000)
            return rows.stopReadingAhead()
        }
        #expect(capacities.count == StoreReadAhead.depth)
        #expect(capacities.allSatisfy { $0 <= 4 * StoreReadAhead.batchBytes }, "\(capacities)")
    }

    @Test func aReaderThatStopsEarlyEndsTheThread() throws {
        let store = try hostileStore()
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        // Repeatedly abandon a read-ahead cursor after a few rows (mid-batch, at a batch's end, before the first
        // row): each must stop its producer before the statement is finalised, or this hangs or crashes.
        for taken in [0, 1, 3, StoreReadAhead.batchRows, StoreReadAhead.batchRows * 2 + 5] {
            try queue.read { db in
                let rows = try StoreRows(db, sql: "SELECT Z_PK, ZNOTES FROM ZBREWLOG", readAhead: true)
                for _ in 0..<taken { _ = try rows.next() }
                // Give the producer time to fill every batch and wait for a free one: stopping must wake it
                // (an earlier hand-over on semaphores crashed here, releasing them unbalanced).
                Thread.sleep(forTimeInterval: 0.05)
            }
            // The connection is usable again on its own thread.
            let count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM ZBREWLOG") }
            #expect(count == 3_000)
        }
    }
}
