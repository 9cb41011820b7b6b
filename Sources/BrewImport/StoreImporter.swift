import BrewColumns
import Foundation
import GRDB

/// Reads the app's Core Data / SwiftData store (docs/formats.md), read-only.
///
/// **Never writes beside the user's file.** A store in rollback-journal mode (header bytes 18–19 = 1) with no
/// sidecar file is opened in place with `Configuration.readonly` (`SQLITE_OPEN_READONLY`: SQLite creates no
/// `-journal` for a read-only connection). Otherwise the store and its sidecars are **copied into a private
/// temporary folder** and the copy is opened; the folder is removed afterwards. That covers: a `-wal` beside it
/// (its brews must be read, and reading a WAL needs a `-shm` that a read-only open cannot create), a hot
/// `-journal` (which must be rolled back to read consistent data), and a store in WAL mode without sidecars
/// (a read-only open of it still creates `-wal` and `-shm` beside the file — measured, SQLite 3.40). The user's
/// folder gains nothing and no byte of it changes.
///
/// Entities are discovered through `Z_PRIMARYKEY` (`Z_NAME` → table `Z` + name in capitals); known columns are
/// selected by name, missing ones read as nulls, unknown ones are ignored, `ZPHOTODATA` is never selected.
/// Brews are read by one `SELECT` through a cursor, columns by index, straight into the journal builder. A projection
/// (``ImportOptions/columns``) leaves unread columns out of that `SELECT`, so they read exactly as columns the store
/// lacks, and skips `ZTASTINGNOTE` when the tasting note is not read.
///
/// Values the store should not hold are never trusted: a `ZBREWDATE` that is not a plausible date
/// (``ImportSession/plausibleDates``; `1e300` seconds included) rejects its brew; any other unusable date
/// (`ZCREATEDAT`, `ZLASTUSEDDATE`, `ZROASTDATE`, …) is dropped with a warning per column. Text that is not UTF-8 is
/// kept with U+FFFD and counted in one ``ImportWarning/Kind/invalidUTF8`` warning per column (`ZBREWLOG.ZNOTES`),
/// whose place is the first row's `Z_PK`.
enum StoreImporter {
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportResult {
        let path = url.path
        let fm = FileManager.default
        let sidecars = ["-wal", "-journal", "-shm"].filter { fm.fileExists(atPath: path + $0) }
        let header = try JournalImporter.readPrefix(path)
        let walMode = header.count >= 20 && (header[18] == 2 || header[19] == 2)
        if sidecars.isEmpty && !walMode {
            return try read(openAt: path, readonly: true, reportedPath: path, options: options)
        }
        // Private copy: store + every sidecar present.
        let folder = fm.temporaryDirectory.appendingPathComponent("brewstats-store-\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true,
                                   attributes: [.posixPermissions: 0o700])
        } catch {
            throw ImportError(.unreadable, file: path,
                "cannot create a private temporary folder to read the WAL: \(error.localizedDescription)")
        }
        defer { try? fm.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store.sqlite").path
        for suffix in ["", "-wal", "-shm", "-journal"] where fm.fileExists(atPath: path + suffix) {
            do {
                try fm.copyItem(atPath: path + suffix, toPath: copy + suffix)
            } catch {
                throw ImportError(.unreadable, file: path + suffix,
                    "cannot copy for reading: \(error.localizedDescription)")
            }
        }
        return try read(openAt: copy, readonly: false, reportedPath: path, options: options)
    }

    private static func read(openAt path: String, readonly: Bool, reportedPath: String,
                             options: ImportOptions) throws(ImportError) -> ImportResult {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.label = "brewstats.import"
        // Wait (bounded) for a writer's lock to be released instead of failing at once (``ImportOptions/storeWait``).
        configuration.busyMode = .timeout(max(0, options.storeWait))
        return try mappingErrors(file: reportedPath, wait: options.storeWait) {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try read(db, file: reportedPath, options: options) }
        }
    }

    /// Reads the journal from a store open on `db`, inside the caller's one read transaction (so that a second
    /// pass, when there is one, sees the same rows). Throws ``ImportError`` or GRDB's errors (see ``mappingErrors``).
    static func read(_ db: Database, file: String, options: ImportOptions) throws -> ImportResult {
        // A damaged page can hold a cell whose size runs past the page. Unchecked, SQLite then reads whatever bytes
        // follow in its page cache's memory, left there by earlier reads of this process (another journal's, in a
        // batch), and the same file fails or imports depending on them. Checked, such a page is "malformed" every
        // time (found by fuzz-store; `fuzz/corpus/store/regression-stale-cell-bytes.sqlite`).
        try db.execute(sql: "PRAGMA cell_size_check = ON")
        var reader = StoreReader(db: db, file: file, options: options, idCheck: .optimistic)
        if let result = try reader.read() { return result }
        // A repeated brew id: read the store again, rejecting each repeat where it occurs (see `IDSet`).
        reader = StoreReader(db: db, file: file, options: options, idCheck: .exact)
        return try reader.read()!  // an exact read always ends in a result
    }

    /// Runs `body`, turning what it throws into an ``ImportError`` about `file` (SQLite's result codes mapped to
    /// ``ImportError/Kind/corrupt`` or ``ImportError/Kind/unreadable``).
    static func mappingErrors(
        file: String, wait: TimeInterval? = nil, _ body: () throws -> ImportResult
    ) throws(ImportError) -> ImportResult {
        do {
            return try body()
        } catch let error as ImportError {
            throw error
        } catch let error as DatabaseError {
            if let wait,
                error.resultCode.primaryResultCode == .SQLITE_BUSY
                    || error.resultCode.primaryResultCode == .SQLITE_LOCKED {
                throw ImportError(.unreadable, file: file,
                                  "the store is locked by another program (the app may be writing it): waited "
                                    + "\(Self.seconds(wait)) for the lock to be released; try again when it is done "
                                    + "(BREWSTATS_STORE_WAIT sets the wait in seconds)")
            }
            throw map(error, file: file)
        } catch {
            throw ImportError(.corrupt, file: file, "\(error)")
        }
    }

    /// `5 s`, `0.5 s`.
    static func seconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t)) s" : "\(t) s"
    }

    private static func map(_ error: DatabaseError, file: String) -> ImportError {
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB: return ImportError(.corrupt, file: file, "not an SQLite database, or damaged: \(message)")
        case .SQLITE_CORRUPT: return ImportError(.corrupt, file: file, "damaged or truncated store: \(message)")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
            return ImportError(.unreadable, file: file, "cannot open the store: \(message)")
        default: return ImportError(.corrupt, file: file, "cannot read the store: \(message)")
        }
    }
}

extension StoreImporter: JournalFormatImporter {
    static let format = JournalFormat.coreDataStore
    /// SQLite's 16-byte magic, `SQLite format 3\0`.
    static func claims(_ prefix: JournalPrefix) -> JournalPrefix.Claim {
        prefix.bytes.starts(with: Array("SQLite format 3".utf8) + [0]) ? .yes : .no
    }
}
