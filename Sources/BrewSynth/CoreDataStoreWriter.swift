import BrewColumns
import Foundation
import BrewFiles
import GRDB

/// Writes a generated journal as the app's Core Data SQLite store (docs/formats.md).
///
/// One transaction with prepared statements; the store ends in rollback-journal mode with nothing beside it,
/// unless ``walTail`` is positive: then the file is in WAL mode and the latest `walTail` brews (with their
/// tasting notes and the updated `Z_PRIMARYKEY`) exist only in the `-wal` file beside it, as in a store
/// copied out of a running app. Either way the store is built in a hidden staging folder beside the destination
/// (removed on SIGINT/SIGTERM, and a killed run's by the next) and renamed into place, flushed; stale `-wal`, `-shm`
/// and `-journal` files beside the destination are removed.
///
/// Dates are REAL seconds since 2001-01-01Z; a bean's roast date is stored as 12:00 UTC of its day (so it
/// reads back as the same day in any time zone within ±11 hours). `ZPHOTODATA` is present and NULL;
/// `Z_MODELCACHE` is present and empty.
public struct CoreDataStoreWriter: Sendable {
    /// How many of the latest brews to leave only in the `-wal` file (0: none, rollback-journal store).
    public var walTail: Int

    /// Creates a writer. `walTail` is clamped to the journal's brew count when writing.
    public init(walTail: Int = 0) {
        self.walTail = max(0, walTail)
    }

    /// Writes `generator`'s journal to `url`.
    ///
    /// - Throws: ``SynthError`` when the folder is not writable or SQLite fails.
    public func write(_ generator: JournalGenerator, to url: URL) throws {
        let fm = FileManager.default
        // The store is built in a staging folder beside the destination (BrewFiles' ``FolderStaging``: registered for
        // the SIGINT/SIGTERM handler, a killed run's removed by the next), then renamed into place.
        let build: FolderStaging
        do { build = try FolderStaging(target: url, marker: Self.buildMarker) } catch {
            throw SynthError(path: url.path, step: "creating a build folder", reason: error.reason)
        }
        defer { build.discard() }
        let store = build.staging.appendingPathComponent("store.sqlite")
        let tail = min(walTail, generator.options.brewCount)
        let headCount = generator.options.brewCount - tail
        let copy = build.staging.appendingPathComponent("copy.sqlite")

        do {
            let queue = try DatabaseQueue(path: store.path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA page_size = 4096; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
                try db.execute(sql: tail > 0 ? "PRAGMA journal_mode = WAL" : "PRAGMA journal_mode = DELETE")
                try db.inTransaction {
                    try db.execute(sql: CoreDataSchema.createTables)
                    try insertEntities(generator, db: db, path: url.path)
                    let notes = try insertBrews(generator, range: 0..<headCount, firstNotePK: 1, db: db, path: url.path)
                    try db.execute(sql: CoreDataSchema.createIndexes)
                    try insertBookkeeping(generator, brews: headCount, notes: notes, db: db)
                    return .commit
                }
                if tail > 0 {
                    try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                    try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
                    try db.inTransaction {
                        let headNotes = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZTASTINGNOTE") ?? 0
                        let notes = try insertBrews(generator, range: headCount..<generator.options.brewCount,
                                                    firstNotePK: headNotes + 1, db: db, path: url.path)
                        try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?",
                                       arguments: [generator.options.brewCount, CoreDataSchema.brewLog.number])
                        try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?",
                                       arguments: [headNotes + notes, CoreDataSchema.tastingNote.number])
                        return .commit
                    }
                    // Copy the store and its WAL aside while the connection is open: closing the last
                    // connection would checkpoint the tail into the main file.
                    for s in ["", "-wal"] {
                        do { try fm.copyItem(atPath: store.path + s, toPath: copy.path + s) } catch {
                            throw SynthError(path: url.path, step: "copying the store\(s) aside", error)
                        }
                    }
                }
            }
            try queue.close()
        } catch let error as SynthError { throw error } catch {
            throw SynthError(path: url.path, step: "writing the store", error)
        }

        let built = tail > 0 ? copy : store
        for s in tail > 0 ? ["-wal", ""] : [""] {
            if let code = SystemFile.flush(built.path + s) {
                throw SynthError(path: url.path + s, step: "writing", reason: String(cString: strerror(code)))
            }
        }
        for suffix in ["-wal", "-shm", "-journal"] where !(tail > 0 && suffix == "-wal") {
            try? fm.removeItem(atPath: url.path + suffix)
        }
        if tail > 0 {
            try replaceItem(at: URL(fileURLWithPath: url.path + "-wal"), with: URL(fileURLWithPath: copy.path + "-wal"))
        }
        try replaceItem(at: url, with: built)
        _ = SystemFile.flushFolder(url.deletingLastPathComponent().path)
    }

    /// The marker name the build folder's staging is made with (it is never put in place, so never holds one).
    static let buildMarker = ".brewstats-build"

    private func insertEntities(_ g: JournalGenerator, db: Database, path: String) throws {
        let m = StatementBinder(try db.makeStatement(sql: CoreDataSchema.insertMethod), path: path)
        for (i, method) in g.methods.enumerated() {
            m.bind(1, i + 1); m.bind(2, CoreDataSchema.brewMethod.number); m.bind(3, g.methodVersions[i])
            m.bind(4, method.cachedBrewCount); m.bind(5, method.createdAt); m.bind(6, method.cachedLastUsed)
            m.bind(7, method.updatedAt); m.bind(8, method.category.rawString); m.bind(9, method.name)
            m.bind(10, method.notes); m.bind(11, g.methodIDs[i])
            try m.step()
        }
        let r = StatementBinder(try db.makeStatement(sql: CoreDataSchema.insertGrinder), path: path)
        for (i, grinder) in g.grinders.enumerated() {
            let has = g.grinderHasSettings(i)
            r.bind(1, i + 1); r.bind(2, CoreDataSchema.grinder.number); r.bind(3, g.grinderVersions[i])
            r.bind(4, grinder.cachedBrewCount); r.bind(5, grinder.createdAt); r.bind(6, grinder.cachedLastUsed)
            r.bind(7, has ? grinder.settingMax : nil); r.bind(8, has ? grinder.settingMin : nil)
            r.bind(9, has ? grinder.settingStep : nil); r.bind(10, grinder.updatedAt); r.bind(11, grinder.name)
            r.bind(12, grinder.notes); r.bind(13, grinder.type?.rawValue); r.bind(14, g.grinderIDs[i])
            try r.step()
        }
        let b = StatementBinder(try db.makeStatement(sql: CoreDataSchema.insertBean), path: path)
        for (i, bean) in g.beans.enumerated() {
            b.bind(1, i + 1); b.bind(2, CoreDataSchema.coffeeBean.number); b.bind(3, g.beanVersions[i])
            b.bind(4, bean.isArchived.map { $0 ? 1 : 0 }); b.bind(5, bean.createdAt)
            b.bind(6, bean.roastDate.map { Timestamp(unixSeconds: Double($0.index) * 86_400 + 43_200) })
            b.bind(7, bean.updatedAt); b.bind(8, bean.name); b.bind(9, bean.notes); b.bind(10, bean.origin)
            b.bind(11, bean.processing); b.bind(12, bean.roaster); b.bind(13, bean.roastLevel?.rawString)
            b.bind(14, bean.variety); b.bind(15, g.beanIDs[i])
            try b.step()
        }
    }

    /// Inserts brews `range` (by index) and their tasting notes, numbering notes from `firstNotePK`.
    /// Returns the number of notes inserted.
    private func insertBrews(_ g: JournalGenerator, range: Range<Int>, firstNotePK: Int, db: Database,
                             path: String) throws -> Int {
        let s = StatementBinder(try db.makeStatement(sql: CoreDataSchema.insertBrew), path: path)
        let n = StatementBinder(try db.makeStatement(sql: CoreDataSchema.insertTastingNote), path: path)
        var notePK = firstNotePK
        for brew in g.brews {
            if brew.index < range.lowerBound { continue }
            if brew.index >= range.upperBound { break }
            let pk = brew.index + 1
            s.bind(1, pk); s.bind(2, CoreDataSchema.brewLog.number); s.bind(3, brew.version)
            s.bind(4, brew.bean.map { Int($0) + 1 }); s.bind(5, brew.grinder.map { Int($0) + 1 })
            s.bind(6, brew.method.map { Int($0) + 1 }); s.bind(7, brew.tastingNote == nil ? nil : notePK)
            s.bind(8, brew.brewDate); s.bind(9, brew.brewTimeSeconds); s.bind(10, brew.createdAt)
            s.bind(11, brew.doseGrams); s.bind(12, brew.grindSetting); s.bind(13, brew.rating); s.bind(14, brew.tds)
            s.bind(15, brew.updatedAt); s.bind(16, brew.waterGrams); s.bind(17, brew.waterTemperature)
            s.bind(18, brew.yieldGrams); s.bind(19, brew.notes); s.bind(20, brew.pressureProfile); s.bind(21, brew.id)
            try s.step()
            if let note = brew.tastingNote {
                n.bind(1, notePK); n.bind(2, CoreDataSchema.tastingNote.number); n.bind(3, 1); n.bind(4, pk)
                n.bind(5, note.acidity); n.bind(6, note.body); n.bind(7, note.sweetness)
                n.bind(8, note.flavorTags); n.bind(9, note.notes); n.bind(10, note.id)
                try n.step()
                notePK += 1
            }
        }
        return notePK - firstNotePK
    }

    private func insertBookkeeping(_ g: JournalGenerator, brews: Int, notes: Int, db: Database) throws {
        let maxima: [Int: Int] = [
            CoreDataSchema.brewLog.number: brews, CoreDataSchema.brewMethod.number: g.methods.count,
            CoreDataSchema.coffeeBean.number: g.beans.count, CoreDataSchema.grinder.number: g.grinders.count,
            CoreDataSchema.tastingNote.number: notes,
        ]
        for e in CoreDataSchema.entities {
            try db.execute(sql: "INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, 0, ?)",
                           arguments: [e.number, e.name, maxima[e.number] ?? 0])
        }
        // Store UUID and model version hashes: deterministic, from the journal's seed.
        var rng = SynthRandom(seed: g.options.seed, stream: 9)
        let storeUUID = SynthUUID(using: &rng).string
        let hashes = CoreDataSchema.entities.map { e -> (String, String) in
            var bytes: [UInt8] = []
            for _ in 0..<4 { withUnsafeBytes(of: rng.next().bigEndian) { bytes.append(contentsOf: $0) } }
            return (e.name, Data(bytes).base64EncodedString())
        }
        let plist = CoreDataSchema.metadataPlist(storeUUID: storeUUID, hashes: hashes)
        try db.execute(sql: "INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)",
                       arguments: [storeUUID, Data(plist.utf8)])
        // Z_MODELCACHE stays empty: Core Data fills it with the compiled model, which no importer reads.
    }
}
