import BrewColumns
import GRDB
import GRDBSQLite

/// One cell of the row a ``StoreRows`` cursor is on, borrowed from SQLite: text and blob bytes are valid only
/// until the cursor moves.
enum StoreCell {
    case null
    case integer(Int64)
    case real(Double)
    case text(UnsafeBufferPointer<UInt8>)
    case blob(UnsafeRawBufferPointer)
}

/// Steps one `SELECT` through GRDB and reads the current row with SQLite's column functions.
///
/// Why not GRDB's `Row` and `DatabaseValue`: decoding every cell through them (a generic conversion, a
/// `String` or `Data` per text or blob cell) took most of the 1,000,000-brew store import in the `import`
/// benchmark (`perf`: GRDB decoding, generic-metadata lookups and retain/release well ahead of SQLite's own
/// `sqlite3VdbeExec`). The statement stays GRDB's: prepared, stepped and finalised by it; this type only
/// reads the columns of the row GRDB's cursor stands on.
///
/// With `readAhead`, the statement is stepped on a second thread instead (``StoreReadAhead``) and the cells are
/// read from its batches: the same cells, in the same order, with the same error at the same row.
final class StoreRows {
    private let statement: Statement
    private let cursor: RowCursor?
    private let ahead: StoreReadAhead?
    private let sql: String

    init(_ db: Database, sql: String, readAhead: Bool = false) throws {
        self.sql = sql
        statement = try db.makeStatement(sql: sql)
        if readAhead {
            cursor = nil
            ahead = StoreReadAhead(statement: statement.sqliteStatement)
        } else {
            cursor = try Row.fetchCursor(statement)
            ahead = nil
        }
    }

    /// Stops the read-ahead thread, if any, before the statement is finalised.
    deinit { ahead?.stop() }

    /// The read-ahead batches' arena capacities (empty without read-ahead), after stopping it: for tests.
    func stopReadingAhead() -> [Int] {
        guard let ahead else { return [] }
        ahead.stop()
        return ahead.arenaCapacities
    }

    /// Moves to the next row; `false` after the last.
    func next() throws -> Bool {
        guard let ahead else { return try cursor!.next() != nil }
        do {
            return try ahead.next()
        } catch {
            throw DatabaseError(resultCode: ResultCode(rawValue: error.code), message: error.message, sql: sql)
        }
    }

    /// The cell in column `index` of the current row; `.null` when `index` is `nil` (a column the table lacks).
    ///
    /// The cell is fetched once (`sqlite3_column_value`) and read with the `sqlite3_value_*` functions, instead of a
    /// `sqlite3_column_type` and a `sqlite3_column_*` call that each look the column up again under the connection's
    /// mutex (the two took a sixth of the 1,000,000-brew store import).
    @inline(__always)
    func cell(_ index: Int?) -> StoreCell {
        guard let index else { return .null }
        if let ahead { return ahead.cell(index) }
        // SAFETY: `sqlite3_column_value` returns the current row's value for a column of the statement (GRDB built
        // the `SELECT` from the same column list, so `index` is in range); it stays valid until the next step. The
        // value is "unprotected" in SQLite's terms: reading it is only unsafe while another thread uses the same
        // connection, and GRDB confines the connection to the one queue this read runs on.
        let v = sqlite3_column_value(statement.sqliteStatement, Int32(index))
        switch sqlite3_value_type(v) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(v))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(v))
        case SQLITE_TEXT:
            // SAFETY: SQLite keeps the text (UTF-8, `sqlite3_value_bytes` long, asked after the text) until the next
            // step.
            let p = sqlite3_value_text(v)
            return .text(UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(v))))
        case SQLITE_BLOB:
            let p = sqlite3_value_blob(v)
            return .blob(UnsafeRawBufferPointer(start: p, count: Int(sqlite3_value_bytes(v))))
        default: return .null
        }
    }

    // MARK: Typed reads (the store's loose typing: numbers may arrive as text, ids as blobs or text)

    /// An integer cell (a whole real is accepted); `nil` otherwise.
    func int64(_ index: Int?) -> Int64? {
        switch cell(index) {
        case .integer(let v): v
        case .real(let v): v.isFinite && abs(v) < 1e15 && v == v.rounded() ? Int64(v) : nil
        default: nil
        }
    }

    /// A number: integer, real or numeric text; a non-numeric text or a blob is a ``BadValue``.
    func number(_ index: Int?, _ column: String) throws(BadValue) -> Double? {
        switch cell(index) {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        case .null: return nil
        case .text(let p):
            switch NumberParser.parse(p) {
            case .value(let v): return v
            case .empty: return nil
            case .invalid:
                throw BadValue(column: column,
                    reason: "not a number: '\(QuotedInput.short(String(decoding: p, as: UTF8.self)))'")
            }
        case .blob: throw BadValue(column: column, reason: "a blob where a number belongs")
        }
    }

    /// A number where an unreadable value is simply absent.
    func double(_ index: Int?) -> Double? { (try? number(index, "")) ?? nil }

    /// An integer, or a real truncated toward zero; `nil` otherwise.
    func int(_ index: Int?) -> Int? {
        switch cell(index) {
        case .integer(let v): Int(v)
        case .real(let v): v.isFinite && abs(v) < 1e15 ? Int(v) : nil
        default: nil
        }
    }

    /// Text (numbers in their decimal form), and whether its bytes were well-formed UTF-8 (`valid == false`: each
    /// ill-formed sequence was replaced by U+FFFD); `nil` for null and blobs.
    func text(_ index: Int?) -> (text: String, valid: Bool)? {
        switch cell(index) {
        case .text(let p): UTF8Bytes.string(p)
        case .integer(let v): (String(v), true)
        case .real(let v): (String(v), true)
        default: nil
        }
    }

    /// A date: REAL or INTEGER seconds since 2001-01-01 UTC (Core Data's reference date), or ISO 8601 text with an
    /// offset; checked by ``ImportSession/date(seconds:appleReference:column:)``, so `1e300` or year 30 000 is
    /// ``DateRead/unusable(_:)``, never a trap. `column` names the cell in the reason.
    func date(_ index: Int?, column: String) -> DateRead {
        switch cell(index) {
        case .null: return .missing
        case .real(let v): return ImportSession.date(seconds: v, appleReference: true, column: column)
        case .integer(let v): return ImportSession.date(seconds: Double(v), appleReference: true, column: column)
        case .text(let p):
            if case .instant(let us) = ISO8601.parse(p) {
                return ImportSession.check(Timestamp(microseconds: us), column: column)
            }
            return .unusable("\(column) '\(String(decoding: p.prefix(80), as: UTF8.self))' is not a date")
        case .blob: return .unusable("\(column) is a blob, not a date")
        }
    }

    /// A 16-byte blob as an upper-case UUID string (another length: its bytes in hex); a text UUID canonicalised.
    func uuid(_ index: Int?) -> String? {
        switch cell(index) {
        case .blob(let raw): UTF8Bytes.hexUUID(raw.bindMemory(to: UInt8.self))
        case .text(let p): UTF8Bytes.canonicalID(p)
        default: nil
        }
    }
}

/// The text and date cells of the row a ``StoreRows`` cursor is on, read for one table with what they need
/// repaired or dropped reported to the session: text that is not UTF-8 is kept with U+FFFD and counted in one
/// ``ImportWarning/Kind/invalidUTF8`` warning per column (its place: the first such row's `Z_PK`); an unusable date
/// is dropped (``ImportSession/optionalDate(_:column:at:)``). Warnings name the column as `TABLE.COLUMN`.
struct StoreCells {
    let row: StoreRows
    /// Column name → index in the `SELECT` list, for look-ups by name (entity tables; brews pass indices).
    let index: [String: Int]
    let table: String
    let pk: Int64

    init(row: StoreRows, index: [String: Int], table: String, pk: Int64? = nil) {
        self.row = row; self.index = index; self.table = table
        self.pk = pk ?? row.int64(0) ?? 0
    }

    func string(_ column: String, _ session: inout ImportSession) -> String? { string(index[column], column, &session) }

    func string(_ i: Int?, _ column: String, _ session: inout ImportSession) -> String? {
        guard let (text, valid) = row.text(i) else { return nil }
        if !valid {
            session.warn(.invalidUTF8, column: "\(table).\(column)", at: .storeRow(table: table, pk: pk),
                         "bytes that are not UTF-8 replaced by U+FFFD")
        }
        return text
    }

    /// ``StoreRows/uuid(_:)``, with text ids that are not UTF-8 counted like any other text.
    func uuid(_ column: String, _ session: inout ImportSession) -> String? { uuid(index[column], column, &session) }

    func uuid(_ i: Int?, _ column: String, _ session: inout ImportSession) -> String? {
        if case .text(let p) = row.cell(i), !UTF8Bytes.isValid(p) {
            session.warn(.invalidUTF8, column: "\(table).\(column)", at: .storeRow(table: table, pk: pk),
                         "bytes that are not UTF-8 replaced by U+FFFD")
        }
        return row.uuid(i)
    }

    func date(_ column: String, _ session: inout ImportSession) -> Timestamp? { date(index[column], column, &session) }

    func date(_ i: Int?, _ column: String, _ session: inout ImportSession) -> Timestamp? {
        let read = row.date(i, column: column)
        switch read {  // the common cases build no strings
        case .date(let t): return t
        case .missing: return nil
        case .unusable:
            return session.optionalDate(read, column: "\(table).\(column)", at: .storeRow(table: table, pk: pk))
        }
    }
}

/// A cell that cannot be the value its column holds.
struct BadValue: Error { let column: String; let reason: String }

/// `Z_PK` → an index (an entity's, a tasting note's). Core Data numbers each entity's rows 1, 2, 3, …, so keys up
/// to a small multiple of the count live in an array indexed by key (4 bytes a key, −1 for none); any other key
/// (negative, or far past the count) goes to a dictionary. Both answer the same; the array only avoids hashing
/// on the per-brew lookups.
struct PKMap {
    private var dense: [Int32] = []
    private var sparse: [Int64: Int32] = [:]
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Makes the keys `0..<n` array slots up front, so filling them does not grow the array key by key; nothing
    /// for `n` over 4,194,304 (16 MB of slots: beyond that the array grows only as far as the keys really go).
    mutating func reserve(keysBelow n: Int) {
        guard n > dense.count, n <= 1 << 22 else { return }
        grow(to: n)
    }

    /// The index stored for `key`; setting `nil` removes it. Stored indices must not be negative.
    subscript(key: Int64) -> Int32? {
        get {
            if key >= 0 && key < dense.count {
                let v = dense[Int(key)]
                return v >= 0 ? v : nil
            }
            return sparse[key]
        }
        set {
            precondition((newValue ?? 0) >= 0, "PKMap: negative index")
            let had = self[key] != nil
            if key >= 0 && key < Int64(max(4 * count + 1024, dense.count)) {
                if key >= dense.count { grow(to: Int(key) + 1) }
                dense[Int(key)] = newValue ?? -1
            } else {
                sparse[key] = newValue
            }
            count += (newValue != nil ? 1 : 0) - (had ? 1 : 0)
        }
    }

    /// Extends the array slots to `0..<n`, moving keys that were stored sparsely below `n` into them, so a key
    /// lives in exactly one place: `dense` for `0..<dense.count`, `sparse` for every other key.
    private mutating func grow(to n: Int) {
        let old = dense.count
        dense.append(contentsOf: repeatElement(-1, count: n - old))
        guard !sparse.isEmpty else { return }
        for (key, value) in sparse where key >= Int64(old) && key < Int64(n) {
            dense[Int(key)] = value
            sparse[key] = nil
        }
    }
}
