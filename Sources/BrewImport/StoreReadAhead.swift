import Foundation
import GRDBSQLite

/// Steps one SQLite statement on a thread of its own, copying each row's cells into batches that the reading
/// thread takes in order: SQLite's work (`sqlite3_step`, decoding the records) runs on one core while the importer's
/// (checking, converting, appending to the columns) runs on another. ``StoreRows`` reads through it when asked to
/// (``ImportOptions/readAhead``).
///
/// **Why.** A store import is one pass over the brew table, and `perf` splits it roughly one part SQLite to two parts
/// importer. Pipelined, the wall time is about the larger part plus the copying. Measured with `make bench` (family
/// `charts`: a 100,000-brew store, each chart a process): see the README's chart rows. Two connections reading
/// halves of the table would split the importer's part too, but their journals, reports and duplicate-id sets
/// must then be merged; a pipeline keeps one session, and the result is the sequential read's by construction.
///
/// **Batches.** ``batchRows`` rows of every selected column: a type tag, a 64-bit payload (the integer, the double's
/// bits, or the offset of text or blob bytes in the batch's arena) and a byte length. ``depth`` batches circulate
/// between the two threads (free → filled → read → free), so memory stays a few hundred kB whatever the table's
/// size. Cells read back exactly as ``StoreRows/cell(_:)`` reads them from SQLite; text and blob bytes are valid
/// until the reader moves past the row's batch.
///
/// **Safety.** The connection is confined: while the producer steps it, the reading thread only reads batches it was
/// handed (the hand-over, under one lock, orders the producer's writes before the reader's reads, and back).
/// ``stop()``, called by the owner before the statement is finalised, cancels the producer and waits for it to end,
/// so SQLite is never used from two threads and the statement never outlives its reader. An error from
/// `sqlite3_step` ends the batches; the reader gets it after the rows before it, as a direct read would.
final class StoreReadAhead: @unchecked Sendable {
    // @unchecked Sendable: each batch is owned by one thread at a time, handed over under `lock` (see Safety); the
    // hand-over counters are only touched under `lock`; the statement is stepped by the producer alone until `stop()`
    // returns. The reader's position (`current`, `taken`, `row`, `stopped`) belongs to the one reading thread.

    /// Rows per batch.
    static let batchRows = 512
    /// Batches in circulation.
    static let depth = 4

    /// One batch: `rows` rows of `columns` cells, row-major.
    private final class Batch {
        let columns: Int
        let tags: UnsafeMutablePointer<Int32>
        let payloads: UnsafeMutablePointer<UInt64>
        let lengths: UnsafeMutablePointer<Int>
        var arena: UnsafeMutableRawPointer
        var arenaCapacity: Int
        var arenaUsed = 0
        var rows = 0
        /// The batch ends the statement: no batch follows.
        var isLast = false
        /// Set on the last batch when `sqlite3_step` failed after its rows: (result code, message).
        var failure: (code: Int32, message: String)?

        init(columns: Int) {
            self.columns = columns
            let cells = StoreReadAhead.batchRows * max(columns, 1)
            tags = .allocate(capacity: cells)
            payloads = .allocate(capacity: cells)
            lengths = .allocate(capacity: cells)
            arenaCapacity = 16 * 1024
            arena = .allocate(byteCount: arenaCapacity, alignment: 16)
        }

        deinit {
            tags.deallocate(); payloads.deallocate(); lengths.deallocate(); arena.deallocate()
        }

        /// Copies `count` bytes into the arena (growing it by doubling) and returns their offset.
        func store(_ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
            if arenaUsed + count > arenaCapacity {
                var capacity = arenaCapacity * 2
                while arenaUsed + count > capacity { capacity *= 2 }
                let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
                grown.copyMemory(from: arena, byteCount: arenaUsed)
                arena.deallocate()
                arena = grown
                arenaCapacity = capacity
            }
            let offset = arenaUsed
            if let bytes, count > 0 { (arena + offset).copyMemory(from: bytes, byteCount: count) }
            arenaUsed += count
            return offset
        }
    }

    private let statement: OpaquePointer
    private let connection: OpaquePointer?
    private let columns: Int
    private let batches: [Batch]

    /// Guards the hand-over state below; waited on by whichever side has nothing to do.
    private let lock = NSCondition()
    /// Batches the producer may fill (not holding rows the reader has yet to read).
    private var freeBatches = StoreReadAhead.depth
    /// Batches filled and not yet taken by the reader.
    private var readyBatches = 0
    private var cancelled = false
    private var producerEnded = false
    private var stopped = false

    // The reading thread's position.
    private var current: Batch?
    private var taken = 0
    private var row = -1

    /// Starts stepping `statement` (prepared, not yet stepped) on a new thread.
    init(statement: OpaquePointer) {
        self.statement = statement
        connection = sqlite3_db_handle(statement)
        columns = Int(sqlite3_column_count(statement))
        batches = (0..<Self.depth).map { _ in Batch(columns: Int(sqlite3_column_count(statement))) }
        let thread = Thread { [self] in produce() }
        thread.name = "brewstats.store-read-ahead"
        thread.start()
    }

    deinit { stop() }

    // MARK: Producer

    private func produce() {
        var k = 0
        while true {
            lock.lock()
            while freeBatches == 0 && !cancelled { lock.wait() }
            if cancelled {
                producerEnded = true
                lock.broadcast()
                lock.unlock()
                return
            }
            freeBatches -= 1
            lock.unlock()

            let batch = batches[k % Self.depth]
            k += 1
            fill(batch)

            lock.lock()
            readyBatches += 1
            if batch.isLast { producerEnded = true }
            lock.broadcast()
            lock.unlock()
            if batch.isLast { return }
        }
    }

    /// Steps up to ``batchRows`` rows into `batch`.
    private func fill(_ batch: Batch) {
        batch.rows = 0
        batch.arenaUsed = 0
        batch.isLast = false
        batch.failure = nil
        while batch.rows < Self.batchRows {
            // SAFETY: the producer is the only thread using the connection until `stop()` has waited for it.
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { batch.isLast = true; return }
            guard rc == SQLITE_ROW else {
                let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                    ?? "SQLite error \(rc)"
                batch.failure = (rc, message)
                batch.isLast = true
                return
            }
            let base = batch.rows * columns
            for c in 0..<columns {
                // SAFETY: `c` < the statement's column count; the value is valid until the next step, and its text or
                // blob bytes (asked for before their length, as SQLite requires) are copied before that.
                let v = sqlite3_column_value(statement, Int32(c))
                let type = sqlite3_value_type(v)
                batch.tags[base + c] = type
                switch type {
                case SQLITE_INTEGER: batch.payloads[base + c] = UInt64(bitPattern: sqlite3_value_int64(v))
                case SQLITE_FLOAT: batch.payloads[base + c] = sqlite3_value_double(v).bitPattern
                case SQLITE_TEXT:
                    let p = sqlite3_value_text(v)
                    let n = Int(sqlite3_value_bytes(v))
                    batch.payloads[base + c] = UInt64(batch.store(p, n))
                    batch.lengths[base + c] = n
                case SQLITE_BLOB:
                    let p = sqlite3_value_blob(v)
                    let n = Int(sqlite3_value_bytes(v))
                    batch.payloads[base + c] = UInt64(batch.store(p, n))
                    batch.lengths[base + c] = n
                default: break
                }
            }
            batch.rows += 1
        }
    }

    // MARK: Reader

    /// Moves to the next row; `false` after the last.
    ///
    /// - Throws: `(code, message)` of the `sqlite3_step` that failed, once the rows before it were read.
    func next() throws(StepFailure) -> Bool {
        if let batch = current {
            if row + 1 < batch.rows { row += 1; return true }
            if let failure = batch.failure { throw StepFailure(code: failure.code, message: failure.message) }
            if batch.isLast { return false }
        }
        lock.lock()
        if current != nil { freeBatches += 1 }  // the batch just read may be filled again
        lock.broadcast()
        while readyBatches == 0 { lock.wait() }
        readyBatches -= 1
        lock.unlock()
        current = batches[taken % Self.depth]
        taken += 1
        row = -1
        return try next()
    }

    /// The cell in column `index` of the current row (see ``StoreRows/cell(_:)``).
    @inline(__always)
    func cell(_ index: Int) -> StoreCell {
        // SAFETY: `next()` returned true, so `current` holds row `row`; `index` < the column count (the caller's
        // `SELECT` list); payload offsets and lengths lie inside the batch's arena.
        let batch = current!
        let k = row * columns + index
        switch batch.tags[k] {
        case SQLITE_INTEGER: return .integer(Int64(bitPattern: batch.payloads[k]))
        case SQLITE_FLOAT: return .real(Double(bitPattern: batch.payloads[k]))
        case SQLITE_TEXT:
            let p = (batch.arena + Int(batch.payloads[k])).assumingMemoryBound(to: UInt8.self)
            return .text(UnsafeBufferPointer(start: p, count: batch.lengths[k]))
        case SQLITE_BLOB:
            return .blob(UnsafeRawBufferPointer(start: batch.arena + Int(batch.payloads[k]), count: batch.lengths[k]))
        default: return .null
        }
    }

    /// Cancels the producer and waits until it has stopped using the statement. Idempotent; called by the owner
    /// before the statement is finalised.
    func stop() {
        guard !stopped else { return }
        stopped = true
        lock.lock()
        cancelled = true  // a producer waiting for a free batch wakes; one filling stops before the next
        lock.broadcast()
        while !producerEnded { lock.wait() }
        lock.unlock()
    }

    /// A failed `sqlite3_step`: its result code and the connection's message.
    struct StepFailure: Error {
        let code: Int32
        let message: String
    }
}
