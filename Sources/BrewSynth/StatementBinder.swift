import BrewColumns
import GRDB
// The raw SQLite API is reached only here, to bind a million rows without building GRDB argument arrays
// per row; statements are still prepared, owned and finalized by GRDB.
import GRDBSQLite

/// Binds values to one prepared GRDB statement through its SQLite handle and steps it, row after row.
///
/// Borrows the statement for the duration of a `Database` access; never outlives it and never finalizes.
struct StatementBinder {
    private let statement: Statement
    private let handle: OpaquePointer
    private let path: String

    init(_ statement: Statement, path: String) {
        self.statement = statement
        self.handle = statement.sqliteStatement
        self.path = path
    }

    // SAFETY: SQLITE_TRANSIENT (-1) tells SQLite to copy text and blobs before the call returns, so the
    // Swift buffers need only live through the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ i: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, i, value) } else { sqlite3_bind_null(handle, i) }
    }

    func bind(_ i: Int32, _ value: Int?) {
        if let value { sqlite3_bind_int64(handle, i, Int64(value)) } else { sqlite3_bind_null(handle, i) }
    }

    func bind(_ i: Int32, _ value: String?) {
        guard var value else { sqlite3_bind_null(handle, i); return }
        value.withUTF8 { utf8 in
            // SAFETY: the pointer is valid for `utf8.count` bytes during this closure; SQLite copies them.
            _ = utf8.withMemoryRebound(to: CChar.self) {
                sqlite3_bind_text(handle, i, $0.baseAddress, Int32($0.count), StatementBinder.transient)
            }
        }
    }

    /// Binds an instant as Core Data's TIMESTAMP (seconds since 2001-01-01T00:00:00Z).
    func bind(_ i: Int32, _ value: Timestamp?) {
        bind(i, value.map(\.appleReferenceSeconds))
    }

    /// Binds a UUID as its 16 bytes.
    func bind(_ i: Int32, _ value: SynthUUID) {
        var words = (value.high.bigEndian, value.low.bigEndian)
        withUnsafeBytes(of: &words) { raw in
            // SAFETY: `raw` spans the 16 bytes of `words` during this closure; SQLite copies them.
            _ = sqlite3_bind_blob(handle, i, raw.baseAddress, 16, StatementBinder.transient)
        }
    }

    /// Runs the statement with the bound values and resets it for the next row (callers bind every
    /// parameter of every row, so bindings are not cleared).
    ///
    /// - Throws: ``SynthError`` with SQLite's message when the step fails.
    func step() throws {
        let code = sqlite3_step(handle)
        if code != SQLITE_DONE {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw SynthError(path: path, step: "inserting a row", reason: "SQLite \(code): \(message)")
        }
        sqlite3_reset(handle)
    }
}
