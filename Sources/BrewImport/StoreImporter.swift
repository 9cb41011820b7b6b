import BrewColumns
import Foundation
import GRDB

/// Reads the app's Core Data / SwiftData store (contract §2a), read-only.
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
/// Brews are read by one `SELECT` through a cursor, columns by index, straight into the journal builder.
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
            throw ImportError(.unreadable, file: path, "cannot create a private temporary folder to read the WAL: \(error.localizedDescription)")
        }
        defer { try? fm.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store.sqlite").path
        for suffix in ["", "-wal", "-shm", "-journal"] where fm.fileExists(atPath: path + suffix) {
            do {
                try fm.copyItem(atPath: path + suffix, toPath: copy + suffix)
            } catch {
                throw ImportError(.unreadable, file: path + suffix, "cannot copy for reading: \(error.localizedDescription)")
            }
        }
        return try read(openAt: copy, readonly: false, reportedPath: path, options: options)
    }

    private static func read(openAt path: String, readonly: Bool, reportedPath: String,
                             options: ImportOptions) throws(ImportError) -> ImportResult {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.label = "brewstats.import"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                var reader = StoreReader(db: db, file: reportedPath, options: options)
                return try reader.read()
            }
        } catch let error as ImportError {
            throw error
        } catch let error as DatabaseError {
            throw map(error, file: reportedPath)
        } catch {
            throw ImportError(.corrupt, file: reportedPath, "\(error)")
        }
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

/// One read of one store; owns the session while the database is open.
private struct StoreReader {
    let db: Database
    var session: ImportSession
    var resolver: LocalTimeResolver

    init(db: Database, file: String, options: ImportOptions) {
        self.db = db
        self.session = ImportSession(file: file, format: .coreDataStore, options: options)
        self.resolver = LocalTimeResolver(timeZone: options.timeZone)
    }

    /// Entity name (`Z_NAME`) → table, from `Z_PRIMARYKEY`, defaulting to `Z` + the name in capitals.
    private var tables: [String: String] = [:]

    mutating func read() throws -> ImportResult {
        var missing: [String] = []
        if try !db.tableExists("Z_PRIMARYKEY") { missing.append("Z_PRIMARYKEY") }
        if missing.isEmpty {
            for row in try Row.fetchAll(db, sql: "SELECT Z_NAME FROM Z_PRIMARYKEY") {
                if let name: String = row[0] { tables[name] = "Z" + name.uppercased() }
            }
        }
        let brewTable = tables["BrewLog"] ?? "ZBREWLOG"
        if try !db.tableExists(brewTable) { missing.append(brewTable) }
        guard missing.isEmpty else {
            let found = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 12")
            throw ImportError(.notAJournal, file: session.file,
                              "not a journal store: missing table\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", "))"
                              + (found.isEmpty ? " (the database has no tables)" : " (it has \(found.joined(separator: ", ")))"))
        }
        let methods = try readMethods()
        let grinders = try readGrinders()
        let beans = try readBeans()
        let notes = try readTastingNotes()
        try readBrews(table: brewTable, methods: methods, grinders: grinders, beans: beans, notes: notes)
        return session.finish()
    }

    // MARK: Columns

    /// The `SELECT` list of the wanted columns the table has, and each wanted column's index in it.
    private func select(_ table: String, _ wanted: [String]) throws -> (sql: String, index: [String: Int])? {
        guard try db.tableExists(table) else { return nil }
        let present = Set(try db.columns(in: table).map { $0.name.uppercased() })
        var index: [String: Int] = [:]
        var list: [String] = []
        for column in wanted where present.contains(column) && column != "ZPHOTODATA" {
            index[column] = list.count
            list.append(column)
        }
        guard index["Z_PK"] != nil else { return nil }
        return ("SELECT \(list.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \"\(table)\"", index)
    }

    private func table(_ entity: String) -> String { tables[entity] ?? "Z" + entity.uppercased() }

    // MARK: Entities

    private mutating func readMethods() throws -> PKMap<Int32> {
        let t = table("BrewMethod")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZNAME", "ZCATEGORYRAWVALUE", "ZCATEGORY", "ZNOTES",
                                             "ZBREWCOUNT", "ZLASTUSEDDATE", "ZCREATEDAT", "ZUPDATEDAT"]) else { return PKMap() }
        var map = PKMap<Int32>()
        let row = try StoreRows(db, sql: sql)
        while try row.next() {
            let raw = row.string(ix["ZCATEGORYRAWVALUE"]) ?? row.string(ix["ZCATEGORY"])
            let method = BrewMethod(
                id: row.uuid(ix["ZID"]), name: row.string(ix["ZNAME"]),
                category: raw.map(MethodCategory.init(rawString:)) ?? .other, notes: row.string(ix["ZNOTES"]),
                cachedBrewCount: row.int(ix["ZBREWCOUNT"]), cachedLastUsed: row.timestamp(ix["ZLASTUSEDDATE"]),
                createdAt: row.timestamp(ix["ZCREATEDAT"]), updatedAt: row.timestamp(ix["ZUPDATEDAT"]))
            map[row.int64(ix["Z_PK"]) ?? 0] = session.builder.addMethod(method)
        }
        return map
    }

    private mutating func readGrinders() throws -> PKMap<Int32> {
        let t = table("Grinder")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZNAME", "ZTYPERAWVALUE", "ZTYPE", "ZSETTINGMIN", "ZSETTINGMAX",
                                             "ZSETTINGSTEP", "ZNOTES", "ZBREWCOUNT", "ZLASTUSEDDATE", "ZCREATEDAT",
                                             "ZUPDATEDAT"]) else { return PKMap() }
        var map = PKMap<Int32>()
        let row = try StoreRows(db, sql: sql)
        while try row.next() {
            let raw = row.string(ix["ZTYPERAWVALUE"]) ?? row.string(ix["ZTYPE"])
            let grinder = Grinder(
                id: row.uuid(ix["ZID"]), name: row.string(ix["ZNAME"]),
                type: raw.flatMap { GrinderType(rawValue: $0.lowercased()) },
                settingMin: row.double(ix["ZSETTINGMIN"]) ?? 0, settingMax: row.double(ix["ZSETTINGMAX"]) ?? 40,
                settingStep: row.double(ix["ZSETTINGSTEP"]) ?? 1, notes: row.string(ix["ZNOTES"]),
                cachedBrewCount: row.int(ix["ZBREWCOUNT"]), cachedLastUsed: row.timestamp(ix["ZLASTUSEDDATE"]),
                createdAt: row.timestamp(ix["ZCREATEDAT"]), updatedAt: row.timestamp(ix["ZUPDATEDAT"]))
            map[row.int64(ix["Z_PK"]) ?? 0] = session.builder.addGrinder(grinder)
        }
        return map
    }

    private mutating func readBeans() throws -> PKMap<Int32> {
        let t = table("CoffeeBean")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZNAME", "ZROASTER", "ZORIGIN", "ZVARIETY", "ZPROCESSING",
                                             "ZROASTLEVELRAWVALUE", "ZROASTLEVEL", "ZROASTDATE", "ZISARCHIVED", "ZNOTES",
                                             "ZCREATEDAT", "ZUPDATEDAT"]) else { return PKMap() }
        var map = PKMap<Int32>()
        let row = try StoreRows(db, sql: sql)
        while try row.next() {
            let level = row.string(ix["ZROASTLEVELRAWVALUE"]) ?? row.string(ix["ZROASTLEVEL"])
            let bean = CoffeeBean(
                id: row.uuid(ix["ZID"]), name: row.string(ix["ZNAME"]), roaster: row.string(ix["ZROASTER"]),
                origin: row.string(ix["ZORIGIN"]), variety: row.string(ix["ZVARIETY"]),
                processing: row.string(ix["ZPROCESSING"]), roastLevel: level.flatMap(RoastLevel.init(rawString:)),
                roastDate: row.timestamp(ix["ZROASTDATE"]).map { resolver.day(of: $0) },
                isArchived: row.int(ix["ZISARCHIVED"]).map { $0 != 0 }, notes: row.string(ix["ZNOTES"]),
                createdAt: row.timestamp(ix["ZCREATEDAT"]), updatedAt: row.timestamp(ix["ZUPDATEDAT"]))
            map[row.int64(ix["Z_PK"]) ?? 0] = session.builder.addBean(bean)
        }
        return map
    }

    /// Tasting notes keyed by their brew's `Z_PK`.
    struct Notes {
        var byBrew = PKMap<Int>()
        var acidity: [Double?] = [], body: [Double?] = [], sweetness: [Double?] = [], tags: [String?] = []
        var used: [Bool] = []
    }

    private mutating func readTastingNotes() throws -> Notes {
        var notes = Notes()
        let t = table("TastingNote")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZBREW", "ZACIDITY", "ZBODY", "ZSWEETNESS", "ZFLAVORTAGS"]),
              let brewIndex = ix["ZBREW"] else { return notes }
        let row = try StoreRows(db, sql: sql)
        while try row.next() {
            guard let brew = row.int64(brewIndex) else {
                session.warn(.danglingReference, column: "ZTASTINGNOTE.ZBREW", at: .storeRow(table: t, pk: row.int64(0) ?? 0),
                             "tasting note without a brew; ignored")
                continue
            }
            guard notes.byBrew[brew] == nil else {
                session.warn(.note, column: "ZTASTINGNOTE.ZBREW", at: .storeRow(table: t, pk: row.int64(0) ?? 0),
                             "a second tasting note for one brew; the first is used")
                continue
            }
            notes.byBrew[brew] = notes.acidity.count
            notes.acidity.append(row.double(ix["ZACIDITY"]))
            notes.body.append(row.double(ix["ZBODY"]))
            notes.sweetness.append(row.double(ix["ZSWEETNESS"]))
            notes.tags.append(row.string(ix["ZFLAVORTAGS"]))
            notes.used.append(false)
        }
        return notes
    }

    // MARK: Brews

    private mutating func readBrews(table t: String, methods: PKMap<Int32>, grinders: PKMap<Int32>,
                                    beans: PKMap<Int32>, notes: Notes) throws {
        var notes = notes
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZBREWDATE", "ZMETHOD", "ZGRINDER", "ZBEAN", "ZDOSEGRAMS",
                                             "ZWATERGRAMS", "ZYIELDGRAMS", "ZBREWTIMESECONDS", "ZWATERTEMPERATURE",
                                             "ZGRINDSETTING", "ZPRESSUREPROFILE", "ZRATING", "ZTDS", "ZNOTES",
                                             "ZCREATEDAT", "ZUPDATEDAT"]) else { return }
        let iID = ix["ZID"], iDate = ix["ZBREWDATE"], iMethod = ix["ZMETHOD"], iGrinder = ix["ZGRINDER"]
        let iBean = ix["ZBEAN"], iDose = ix["ZDOSEGRAMS"], iWater = ix["ZWATERGRAMS"], iYield = ix["ZYIELDGRAMS"]
        let iTime = ix["ZBREWTIMESECONDS"], iTemp = ix["ZWATERTEMPERATURE"], iGrind = ix["ZGRINDSETTING"]
        let iProfile = ix["ZPRESSUREPROFILE"], iRating = ix["ZRATING"], iTDS = ix["ZTDS"], iNotes = ix["ZNOTES"]
        let iCreated = ix["ZCREATEDAT"], iUpdated = ix["ZUPDATEDAT"]
        let hasNotes = !notes.byBrew.isEmpty

        let row = try StoreRows(db, sql: sql)
        while try row.next() {
            let pk = row.int64(0) ?? 0
            var brew = BrewRow()
            brew.id = row.uuid(iID)
            if let i = iDate {
                switch row.cell(i) {
                case .real(let v): brew.brewDate = v.isFinite ? Timestamp(appleReferenceSeconds: v) : nil
                case .integer(let v): brew.brewDate = Timestamp(appleReferenceSeconds: Double(v))
                case .null: break
                case .text(let p):
                    guard case .instant(let us) = ISO8601.parse(p) else {
                        session.reject(at: .storeRow(table: t, pk: pk), column: "ZBREWDATE",
                                       reason: "unparseable brew date '\(String(decoding: p.prefix(80), as: UTF8.self))'", record: nil)
                        continue
                    }
                    brew.brewDate = Timestamp(microseconds: us)
                case .blob:
                    session.reject(at: .storeRow(table: t, pk: pk), column: "ZBREWDATE", reason: "brew date is a blob", record: nil)
                    continue
                }
            }
            brew.method = reference(row, iMethod, methods, column: "ZMETHOD", table: t, pk: pk)
            brew.grinder = reference(row, iGrinder, grinders, column: "ZGRINDER", table: t, pk: pk)
            brew.bean = reference(row, iBean, beans, column: "ZBEAN", table: t, pk: pk)
            do {
                brew.doseGrams = try row.number(iDose, "ZDOSEGRAMS")
                brew.waterGrams = try row.number(iWater, "ZWATERGRAMS")
                brew.yieldGrams = try row.number(iYield, "ZYIELDGRAMS")
                brew.brewTimeSeconds = try row.number(iTime, "ZBREWTIMESECONDS")
                brew.waterTemperature = try row.number(iTemp, "ZWATERTEMPERATURE")
                brew.rating = try row.number(iRating, "ZRATING")
                brew.tds = try row.number(iTDS, "ZTDS")
            } catch {
                session.reject(at: .storeRow(table: t, pk: pk), column: error.column, reason: error.reason, record: nil)
                continue
            }
            if let i = iGrind {
                switch row.cell(i) {
                case .real(let v): brew.grindSetting = v
                case .integer(let v): brew.grindSetting = Double(v)
                case .text(let p):
                    if case .value(let v) = NumberParser.parse(p) { brew.grindSetting = v }
                    else if !p.isEmpty { brew.grindText = String(decoding: p, as: UTF8.self) }
                case .null, .blob: break
                }
            }
            brew.pressureProfile = row.string(iProfile)
            brew.notes = row.string(iNotes)
            brew.createdAt = row.timestamp(iCreated)
            brew.updatedAt = row.timestamp(iUpdated)
            var note: Int?
            if hasNotes, let k = notes.byBrew[pk] {
                note = k
                brew.acidity = notes.acidity[k]; brew.body = notes.body[k]; brew.sweetness = notes.sweetness[k]
                brew.flavorTags = notes.tags[k]
            }
            if session.offer(brew, at: .storeRow(table: t, pk: pk), record: { nil }), let k = note {
                notes.used[k] = true
                session.builder.tastingNoteCount += 1
            } else if let k = note {
                notes.used[k] = true  // its brew was rejected: not dangling
            }
        }
        let orphans = notes.used.lazy.filter { !$0 }.count
        if orphans > 0 {
            for _ in 0..<orphans {
                session.warn(.danglingReference, column: "ZTASTINGNOTE.ZBREW", at: nil,
                             "tasting note whose brew does not exist; ignored")
            }
        }
    }

    private mutating func reference(_ row: StoreRows, _ index: Int?, _ map: PKMap<Int32>, column: String,
                                    table: String, pk: Int64) -> Int32? {
        guard let target = row.int64(index) else { return nil }
        if let entity = map[target] { return entity }
        session.warn(.danglingReference, column: column, at: .storeRow(table: table, pk: pk),
                     "\(column) refers to Z_PK=\(target), which does not exist; the brew is kept without it")
        return nil
    }
}
