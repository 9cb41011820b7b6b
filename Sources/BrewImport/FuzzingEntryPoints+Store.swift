import Foundation
import GRDB
import GRDBSQLite

extension FuzzingEntryPoints {
    /// Reads store files held in memory, through one in-memory SQLite connection reused for every input (SPI
    /// `Fuzzing`, for the `fuzz-store` target).
    ///
    /// Each input is handed to SQLite with `sqlite3_deserialize` (read-only, `SQLITE_DESERIALIZE_READONLY`) as the
    /// connection's main database, and read by the store importer's own reading code
    /// (``StoreImporter/read(_:file:options:)`` inside one read transaction, errors mapped as for a file). What this
    /// leaves out of ``importJournal(at:options:)`` is only the file handling before it: opening the file, and for
    /// a store whose header says WAL (bytes 18–19 = 2) the private copy that is opened instead. SQLite reads no WAL
    /// database from memory, so here those two header bytes read 1 (rollback journal), which is what such a store
    /// with no `-wal` file beside it holds: the same pages, no WAL frames.
    ///
    /// Why: opening a file per input (a file write, a `DatabaseQueue` with its set-up, for a WAL header a private
    /// folder created, copied into and removed on disk) cost far more than reading a six-brew store; the fuzzer ran
    /// about 40 inputs a second.
    ///
    /// Not thread-safe: one reader serves one fuzzing thread.
    /// The fewest brews a store must hold for ``ImportOptions/readAhead`` to read it on a second thread; a smaller
    /// store is read the same way with or without the option.
    public static let readAheadMinimumBrews = StoreReadAhead.batchRows

    public final class InMemoryStore: @unchecked Sendable {
        // @unchecked Sendable: the connection is GRDB's serialized queue; the type is used from one thread.
        private let queue: DatabaseQueue

        /// Opens the in-memory connection.
        public init() {
            var configuration = Configuration()
            configuration.label = "brewstats.fuzz-store"
            do {
                queue = try DatabaseQueue(configuration: configuration)
            } catch {
                fatalError("cannot open an in-memory SQLite connection: \(error)")
            }
        }

        /// Reads `bytes` as a store file named `fuzz.sqlite`, and checks the import's invariants (the type
        /// ``FuzzingEntryPoints``' discussion).
        public func read(
            _ bytes: UnsafeBufferPointer<UInt8>, options: ImportOptions = .init()
        ) -> Result<ImportResult, ImportError> {
            let file = "fuzz.sqlite"
            do throws(ImportError) {
                try load(bytes, file: file)
                return .success(checked(try StoreImporter.mappingErrors(file: file) {
                    try queue.read { db in try StoreImporter.read(db, file: file, options: options) }
                }))
            } catch {
                return .failure(error)
            }
        }

        /// Makes a read-only copy of `bytes` (owned by SQLite, freed when the next input replaces it) the
        /// connection's main database, and forgets GRDB's cached schema of the previous one.
        private func load(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(ImportError) {
            let size = bytes.count
            // SAFETY: `sqlite3_malloc64` gives `max(size, 1)` writable bytes or nil; `size` of them are initialised
            // from `bytes`; with FREEONCLOSE SQLite owns the buffer from the call on, even when the call fails.
            guard let raw = sqlite3_malloc64(sqlite3_uint64(max(size, 1))) else {
                throw ImportError(.unreadable, file: file, "out of memory")
            }
            let buffer = raw.assumingMemoryBound(to: UInt8.self)
            if let base = bytes.baseAddress { buffer.update(from: base, count: size) }
            if size >= 20 {
                if buffer[18] == 2 { buffer[18] = 1 }
                if buffer[19] == 2 { buffer[19] = 1 }
            }
            let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
            let code: Int32 = queue.inDatabase { db in
                db.clearSchemaCache()
                return sqlite3_deserialize(db.sqliteConnection, "main", buffer, sqlite3_int64(size),
                    sqlite3_int64(size), flags)
            }
            guard code == SQLITE_OK else {
                throw ImportError(.unreadable, file: file, "sqlite3_deserialize failed with code \(code)")
            }
        }
    }
}
