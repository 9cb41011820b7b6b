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
final class StoreRows {
    private let statement: Statement
    private let cursor: RowCursor

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        cursor = try Row.fetchCursor(statement)
    }

    /// Moves to the next row; `false` after the last.
    func next() throws -> Bool { try cursor.next() != nil }

    /// The cell in column `index` of the current row; `.null` when `index` is `nil` (a column the table lacks).
    func cell(_ index: Int?) -> StoreCell {
        guard let index else { return .null }
        let s = statement.sqliteStatement, i = Int32(index)
        switch sqlite3_column_type(s, i) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(s, i))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(s, i))
        case SQLITE_TEXT:
            // SAFETY: SQLite keeps the text (UTF-8, `sqlite3_column_bytes` long) until the next step.
            let p = sqlite3_column_text(s, i)
            return .text(UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(s, i))))
        case SQLITE_BLOB:
            let p = sqlite3_column_blob(s, i)
            return .blob(UnsafeRawBufferPointer(start: p, count: Int(sqlite3_column_bytes(s, i))))
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
            case .invalid: throw BadValue(column: column, reason: "not a number: '\(String(decoding: p.prefix(80), as: UTF8.self))'")
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

    /// Text (numbers in their decimal form); `nil` for null and blobs.
    func string(_ index: Int?) -> String? {
        switch cell(index) {
        case .text(let p): String(decoding: p, as: UTF8.self)
        case .integer(let v): String(v)
        case .real(let v): String(v)
        default: nil
        }
    }

    /// Seconds since 2001-01-01 UTC (Core Data's reference date), or ISO 8601 text; `nil` otherwise.
    func timestamp(_ index: Int?) -> Timestamp? {
        switch cell(index) {
        case .real(let v): v.isFinite ? Timestamp(appleReferenceSeconds: v) : nil
        case .integer(let v): Timestamp(appleReferenceSeconds: Double(v))
        case .text(let p): if case .instant(let us) = ISO8601.parse(p) { Timestamp(microseconds: us) } else { nil }
        default: nil
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

/// A cell that cannot be the value its column holds.
struct BadValue: Error { let column: String; let reason: String }

/// `Z_PK` → value. Core Data numbers each entity's rows 1, 2, 3, …, so keys up to a small multiple of the
/// count live in an array indexed by key; any other key (negative, or far past the count) goes to a
/// dictionary. Both answer the same; the array only avoids hashing on the per-brew lookups.
struct PKMap<Value> {
    private var dense: [Value?] = []
    private var sparse: [Int64: Value] = [:]
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    subscript(key: Int64) -> Value? {
        get {
            if key >= 0 && key < dense.count { return dense[Int(key)] }
            return sparse[key]
        }
        set {
            let had = self[key] != nil
            if key >= 0 && key < Int64(max(4 * count + 1024, dense.count)) {
                if key >= dense.count { dense.append(contentsOf: repeatElement(nil, count: Int(key) + 1 - dense.count)) }
                dense[Int(key)] = newValue
            } else {
                sparse[key] = newValue
            }
            count += (newValue != nil ? 1 : 0) - (had ? 1 : 0)
        }
    }
}
