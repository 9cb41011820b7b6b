import Foundation
import GRDBSQLite

/// Steps one SQLite statement on a thread of its own, copying each row's cells into batches that the reading
/// thread takes in order: SQLite's work (`sqlite3_step`, decoding the records) runs on one core while the importer's
/// (checking, converting, appending to the columns) runs on another. ``StoreRows`` reads through it when asked to
/// (``ImportOptions/readAhead``).
///
/// **Why.** A store import is one pass over the brew table, and its two halves are of a size: for the 100,000-brew
/// extraction chart, stepping and copying took about 30 ms on the producer's thread and the importer about 23 ms
/// on its own (measured by timing both threads). Pipelined, the wall time is about the larger part, not the sum.
/// `make bench`: the 1,000,000-brew store imports in 650 ms this way against 901 ms pinned to one core (README,
/// family `import`); each 100,000-brew chart process lost about a fifth of its time. Two connections reading halves
/// of the table would split the importer's part too, but their journals, reports and duplicate-id sets must then
/// be merged; a pipeline keeps one session, and the result is the sequential read's by construction.
///
/// **Batches.** Up to ``batchRows`` rows (and about ``batchBytes`` of text) of every selected column: a type tag, a
/// 64-bit payload (the integer, the double's bits, or the offset of text or blob bytes in the batch's arena) and a
/// byte length. ``depth`` batches circulate between the two threads (free → filled → read → free), so memory stays
/// a few MB whatever the table's size or its notes' length. Cells read back exactly as ``StoreRows/cell(_:)`` reads
/// them from SQLite; text and blob bytes are valid until the reader moves past the row's batch.
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

    /// Rows per batch, at most.
    static let batchRows = 512
    /// Text and blob bytes per batch: a batch ends after the row that reaches them, so a store of long notes holds at
    /// most ``depth`` × (this + one row) in flight, not ``depth`` × ``batchRows`` notes.
    static let batchBytes = 1 << 20
    /// Batches in circulation.
    static let depth = 4

    /// One batch: `rows` rows of `columns` cells, row-major.
    private final class Batch {
        let tags: UnsafeMutablePointer<Int32>
        let payloads: UnsafeMutablePointer<UInt64>
        let lengths: UnsafeMutablePointer<Int>
        var arena: UnsafeMutableRawPointer
        var arenaCapacity: Int
        var rows = 0
        /// The batch ends the statement: no batch follows.
        var isLast = false
        /// Set on the last batch when `sqlite3_step` failed after its rows: (result code, message).
        var failure: (code: Int32, message: String)?

        init(columns: Int) {
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

    // The reading thread's position: the batch it reads, and that batch's buffers as plain pointers, so reading a
    // cell retains nothing (an object's reference count, touched per cell, cost more than the copy it saves).
    // Only that thread touches them, so they go without Swift's run-time exclusivity checks (one per access, several
    // per cell).
    @exclusivity(unchecked) private var current: Batch?
    @exclusivity(unchecked) private var taken = 0
    @exclusivity(unchecked) private var row = -1
    @exclusivity(unchecked) private var rowCount = 0
    @exclusivity(unchecked) private var tags: UnsafeMutablePointer<Int32>?
    @exclusivity(unchecked) private var payloads: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var lengths: UnsafeMutablePointer<Int>?
    @exclusivity(unchecked) private var arena: UnsafeMutableRawPointer?

    /// Starts stepping `statement` (prepared, not yet stepped) on a new thread.
    init(statement: OpaquePointer) {
        self.statement = statement
        connection = sqlite3_db_handle(statement)
        let columns = Int(sqlite3_column_count(statement))
        self.columns = columns
        batches = (0..<Self.depth).map { _ in Batch(columns: columns) }
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

    /// Steps up to ``batchRows`` rows into `batch`, in locals (the batch's fields are written once at the end).
    private func fill(_ batch: Batch) {
        let tags = batch.tags, payloads = batch.payloads, lengths = batch.lengths, columns = columns
        var arena = batch.arena, capacity = batch.arenaCapacity, used = 0
        var rows = 0
        var isLast = false
        var failure: (code: Int32, message: String)?
        /// Copies `count` bytes into the arena (doubling it when full) and returns their offset.
        func store(_ bytes: UnsafeRawPointer?, _ count: Int) -> UInt64 {
            if used + count > capacity {
                var grown = capacity * 2
                while used + count > grown { grown *= 2 }
                let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
                larger.copyMemory(from: arena, byteCount: used)
                arena.deallocate()
                arena = larger
                capacity = grown
            }
            if let bytes, count > 0 { (arena + used).copyMemory(from: bytes, byteCount: count) }
            used += count
            return UInt64(used - count)
        }
        fill: while rows < Self.batchRows {
            // SAFETY: the producer is the only thread using the connection until `stop()` has waited for it.
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { isLast = true; break }
            guard rc == SQLITE_ROW else {
                let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                    ?? "SQLite error \(rc)"
                failure = (rc, message)
                isLast = true
                break fill
            }
            let base = rows * columns
            for c in 0..<columns {
                // SAFETY: `c` < the statement's column count; the value is valid until the next step, and its text or
                // blob bytes (asked for before their length, as SQLite requires) are copied before that.
                let v = sqlite3_column_value(statement, Int32(c))
                let type = sqlite3_value_type(v)
                tags[base + c] = type
                switch type {
                case SQLITE_INTEGER: payloads[base + c] = UInt64(bitPattern: sqlite3_value_int64(v))
                case SQLITE_FLOAT: payloads[base + c] = sqlite3_value_double(v).bitPattern
                case SQLITE_TEXT:
                    let p = sqlite3_value_text(v)
                    let n = Int(sqlite3_value_bytes(v))
                    payloads[base + c] = store(p, n)
                    lengths[base + c] = n
                case SQLITE_BLOB:
                    let p = sqlite3_value_blob(v)
                    let n = Int(sqlite3_value_bytes(v))
                    payloads[base + c] = store(p, n)
                    lengths[base + c] = n
                default: break
                }
            }
            rows += 1
            if used >= Self.batchBytes { break }
        }
        batch.arena = arena
        batch.arenaCapacity = capacity
        batch.rows = rows
        batch.isLast = isLast
        batch.failure = failure
    }

    // MARK: Reader

    /// Moves to the next row; `false` after the last.
    ///
    /// - Throws: `(code, message)` of the `sqlite3_step` that failed, once the rows before it were read.
    func next() throws(StepFailure) -> Bool {
        if row + 1 < rowCount { row += 1; return true }
        if let batch = current {
            if let failure = batch.failure { throw StepFailure(code: failure.code, message: failure.message) }
            if batch.isLast { return false }
        }
        lock.lock()
        if current != nil { freeBatches += 1 }  // the batch just read may be filled again
        lock.broadcast()
        while readyBatches == 0 { lock.wait() }
        readyBatches -= 1
        lock.unlock()
        let batch = batches[taken % Self.depth]
        current = batch
        taken += 1
        row = -1
        rowCount = batch.rows
        tags = batch.tags; payloads = batch.payloads; lengths = batch.lengths; arena = batch.arena
        return try next()
    }

    /// The cell in column `index` of the current row (see ``StoreRows/cell(_:)``).
    @inline(__always)
    func cell(_ index: Int) -> StoreCell {
        // SAFETY: `next()` returned true, so the pointers are the current batch's and it holds row `row`; `index` <
        // the column count (the caller's `SELECT` list); payload offsets and lengths lie inside the batch's arena,
        // which the producer does not touch (nor grow) until the reader hands the batch back.
        let k = row * columns + index
        switch tags.unsafelyUnwrapped[k] {
        case SQLITE_INTEGER: return .integer(Int64(bitPattern: payloads.unsafelyUnwrapped[k]))
        case SQLITE_FLOAT: return .real(Double(bitPattern: payloads.unsafelyUnwrapped[k]))
        case SQLITE_TEXT:
            let start = arena.unsafelyUnwrapped + Int(payloads.unsafelyUnwrapped[k])
            let bytes = start.assumingMemoryBound(to: UInt8.self)
            return .text(UnsafeBufferPointer(start: bytes, count: lengths.unsafelyUnwrapped[k]))
        case SQLITE_BLOB:
            let start = arena.unsafelyUnwrapped + Int(payloads.unsafelyUnwrapped[k])
            return .blob(UnsafeRawBufferPointer(start: start, count: lengths.unsafelyUnwrapped[k]))
        default: return .null
        }
    }

    /// Each batch's arena capacity, in bytes (for tests; read after ``stop()``).
    var arenaCapacities: [Int] { batches.map(\.arenaCapacity) }

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
