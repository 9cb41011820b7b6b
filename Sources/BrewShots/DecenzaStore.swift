import BrewColumns
import BrewImport
import Foundation
import GRDB
import ZIPFoundation

/// Decenza's shot history database, `shots.db` (docs/formats.md, "Decenza"), read as a shot journal, read-only.
///
/// Facts from Decenza's source (`src/history/shothistorystorage.cpp`): table `shots` holds one row per shot (its
/// metadata, below), `shot_samples` its series as `data_blob` — JSON compressed with Qt's `qCompress` (the
/// uncompressed length as 4 big-endian bytes, then a zlib stream) holding `{"pressure": {"t": [...], "v": [...]},
/// "flow": …, …}` — and `shot_phases` its phase markers (`shot_id`, `time_offset` s, `label`). The database is in
/// WAL mode, so it is read from a private copy (with its `-wal` and `-shm`), never opened in place: the user's
/// folder gains nothing and no byte of it changes. Each row becomes one shot document that
/// ``DecenzaShotImporter`` reads; from there a shot is every other shot file (validated, deduplicated, a brew).
enum DecenzaStore {
    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// The columns read from `shots` (a column the database lacks, from an older schema, reads as null).
    static let columns = ["id", "uuid", "timestamp", "profile_name", "beverage_type", "duration_seconds",
                          "final_weight",
                          "dose_weight", "bean_brand", "bean_type", "roast_date", "grinder_brand", "grinder_model",
                          "grinder_burrs", "grinder_setting", "drink_tds", "drink_ey", "enjoyment", "espresso_notes",
                          "temperature_override"]

    /// Whether the SQLite file at `path` names a `shot_samples` table in its first MiB (its schema lives in the first
    /// pages): a cheap test before the database is copied and opened, so the app's own store is not.
    static func mayBeDecenza(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 20) else { return false }
        return head.range(of: Data("shot_samples".utf8)) != nil
    }

    /// The shot journal of the Decenza database at `url`, or `nil` when it is an SQLite file of another kind (no
    /// `shots` and `shot_samples` tables).
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ShotJournal? {
        let path = url.path
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("brewstats-decenza-\(UUID().uuidString)")
        do {
            try fm.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ImportError(.unreadable, file: path, "cannot create a private temporary folder to read the database")
        }
        defer { try? fm.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("shots.db").path
        for suffix in ["", "-wal", "-shm"] where fm.fileExists(atPath: path + suffix) {
            do { try fm.copyItem(atPath: path + suffix, toPath: copy + suffix) } catch {
                throw ImportError(.unreadable, file: path + suffix,
                    "cannot copy for reading: \(error.localizedDescription)")
            }
        }
        let documents: [(name: String, bytes: Data)]
        do {
            let queue = try DatabaseQueue(path: copy)
            defer { try? queue.close() }
            guard let found = try queue.read({ db in try Self.documents(db, file: path) }) else { return nil }
            documents = found
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(.corrupt, file: path, "the database cannot be read: \(error)")
        }
        let files = documents.map { d in
            ShotSourceFile(name: d.name, declaredSize: UInt64(d.bytes.count), modified: nil,
                           prefix: { () throws(ShotRejection) -> [UInt8] in [UInt8](d.bytes.prefix(65_536)) },
                           contents: { () throws(ShotRejection) -> Data in d.bytes })
        }
        let (result, table) = ShotJournalImporter.read(files, journal: path, options: options)
        return ShotJournal(result: result, shots: table)
    }

    /// One document per row of `shots`, or `nil` when the tables are not Decenza's.
    /// Column `c` of `row` as a `T`, `nil` when it is NULL or holds what does not convert (text in an integer
    /// column: SQLite keeps any value in any column). GRDB's typed subscript traps on such a value; a user's store
    /// must never stop the program.
    static func value<T: DatabaseValueConvertible>(_ row: Row, _ c: String) -> T? {
        (row[c] as DatabaseValue?).flatMap { T.fromDatabaseValue($0) }
    }

    static func documents(_ db: Database, file: String) throws -> [(name: String, bytes: Data)]? {
        guard try db.tableExists("shots"), try db.tableExists("shot_samples") else { return nil }
        let present = Set(try db.columns(in: "shots").map(\.name))
        let select = columns.map { present.contains($0) ? "s.\($0)" : "NULL AS \($0)" }.joined(separator: ", ")
        var phases: [Int64: [[String: Any]]] = [:]
        if try db.tableExists("shot_phases") {
            for row in try Row.fetchAll(db,
                sql: "SELECT shot_id, time_offset, label FROM shot_phases ORDER BY shot_id, time_offset, id") {
                guard let id: Int64 = Self.value(row, "shot_id"), let t: Double = Self.value(row, "time_offset"),
                    let label: String = Self.value(row, "label") else { continue }
                phases[id, default: []].append(["t": t, "label": label])
            }
        }
        var out: [(String, Data)] = []
        let rows = try Row.fetchCursor(db,
            sql: "SELECT \(select), p.data_blob AS data_blob FROM shots s LEFT JOIN shot_samples p ON p.shot_id = " +
                "s.id ORDER BY s.timestamp, s.id")
        while let row = try rows.next() {
            var fields: [String: Any] = [:]
            for c in columns {
                switch row[c] as DatabaseValue? {
                case .some(let v):
                    switch v.storage {
                    case .int64(let i): fields[c] = i
                    case .double(let d): fields[c] = d.isFinite ? d : nil
                    case .string(let s): fields[c] = s
                    case .blob, .null: break
                    }
                case nil: break
                }
            }
            let id: Int64 = Self.value(row, "id") ?? 0
            var doc: [String: Any] = ["decenza_shot": fields, "decenza_phases": phases[id] ?? []]
            let blob: Data? = Self.value(row, "data_blob")
            switch blob.map(Self.samples) {
            case .success(let samples)?: doc["decenza_series"] = samples
            case .failure(let why)?: doc["decenza_error"] = why.reason
            case nil: doc["decenza_error"] = "no shot_samples row for this shot"
            }
            let name = "\(file)/shot \(id)" + ((fields["uuid"] as? String).map { " (\($0))" } ?? "")
            let bytes = (try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys]))
                ?? Data("{\"decenza_shot\":{},\"decenza_error\":\"unreadable\"}".utf8)
            out.append((name, bytes))
        }
        return out
    }

    struct BlobProblem: Error { let reason: String }

    /// The sample blob's JSON object: Qt's `qCompress` layout (4 bytes of length, big-endian, then zlib: a 2-byte
    /// header, the deflate stream, a 4-byte Adler-32), inflated to at most the stated length and
    /// ``ShotLimits/maxFileBytes``.
    static func samples(_ blob: Data) -> Result<Any, BlobProblem> {
        let b = [UInt8](blob)
        guard b.count > 10 else { return .failure(BlobProblem(reason: "the sample blob is too short")) }
        let stated = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        guard stated <= ShotLimits.maxFileBytes else {
            return .failure(BlobProblem(reason: "the sample blob states \(stated) bytes, more than a shot may have"))
        }
        guard b[4] & 0x0F == 8, (Int(b[4]) << 8 | Int(b[5])) % 31 == 0, b[5] & 0x20 == 0 else {
            return .failure(BlobProblem(reason: "the sample blob is not zlib data (qCompress)"))
        }
        let deflate = Data(b[6...])
        var out = Data()
        do {
            _ = try Data.decompress(size: Int64(deflate.count), bufferSize: 64 << 10, skipCRC32: true,
                provider: { position, chunk in
                let from = Int(position)
                guard from < deflate.count else { throw BlobProblem(reason: "the sample blob is cut off") }
                var piece = deflate.subdata(in: from..<min(from + chunk, deflate.count))
                // ZIPFoundation's loop hands zlib `chunk` bytes whatever the piece's length: pad the last one.
                if piece.count < chunk { piece.append(Data(count: chunk - piece.count)) }
                return piece
            }, consumer: { piece in
                out.append(piece)
                if out.count > max(stated, 1) {
                    throw BlobProblem(reason: "the sample blob inflates past its stated length")
                }
            })
        } catch let problem as BlobProblem {
            return .failure(problem)
        } catch {
            return .failure(BlobProblem(reason: "the sample blob does not inflate: \(error)"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: out), object is [String: Any] else {
            return .failure(BlobProblem(reason: "the sample blob is not a JSON object"))
        }
        return .success(object)
    }
}
