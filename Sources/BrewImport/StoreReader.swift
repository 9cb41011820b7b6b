import BrewColumns
import Foundation
import GRDB

/// One read of one store (see ``StoreImporter``); owns the session while the database is open.
///
/// Reads the entity tables first (each `Z_PK` → entity index), then the tasting notes (keyed by their brew's
/// `Z_PK`), then the brews in one pass, resolving relationships through those maps.
struct StoreReader {
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
            let cells = StoreCells(row: row, index: ix, table: t)
            let raw = cells.string("ZCATEGORYRAWVALUE", &session) ?? cells.string("ZCATEGORY", &session)
            let method = BrewMethod(
                id: cells.uuid("ZID", &session), name: cells.string("ZNAME", &session),
                category: raw.map(MethodCategory.init(rawString:)) ?? .other, notes: cells.string("ZNOTES", &session),
                cachedBrewCount: row.int(ix["ZBREWCOUNT"]), cachedLastUsed: cells.date("ZLASTUSEDDATE", &session),
                createdAt: cells.date("ZCREATEDAT", &session), updatedAt: cells.date("ZUPDATEDAT", &session))
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
            let cells = StoreCells(row: row, index: ix, table: t)
            let raw = cells.string("ZTYPERAWVALUE", &session) ?? cells.string("ZTYPE", &session)
            let grinder = Grinder(
                id: cells.uuid("ZID", &session), name: cells.string("ZNAME", &session),
                type: raw.flatMap { GrinderType(rawValue: $0.lowercased()) },
                settingMin: row.double(ix["ZSETTINGMIN"]) ?? 0, settingMax: row.double(ix["ZSETTINGMAX"]) ?? 40,
                settingStep: row.double(ix["ZSETTINGSTEP"]) ?? 1, notes: cells.string("ZNOTES", &session),
                cachedBrewCount: row.int(ix["ZBREWCOUNT"]), cachedLastUsed: cells.date("ZLASTUSEDDATE", &session),
                createdAt: cells.date("ZCREATEDAT", &session), updatedAt: cells.date("ZUPDATEDAT", &session))
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
            let cells = StoreCells(row: row, index: ix, table: t)
            let level = cells.string("ZROASTLEVELRAWVALUE", &session) ?? cells.string("ZROASTLEVEL", &session)
            let bean = CoffeeBean(
                id: cells.uuid("ZID", &session), name: cells.string("ZNAME", &session), roaster: cells.string("ZROASTER", &session),
                origin: cells.string("ZORIGIN", &session), variety: cells.string("ZVARIETY", &session),
                processing: cells.string("ZPROCESSING", &session), roastLevel: level.flatMap(RoastLevel.init(rawString:)),
                roastDate: cells.date("ZROASTDATE", &session).map { resolver.day(of: $0) },
                isArchived: row.int(ix["ZISARCHIVED"]).map { $0 != 0 }, notes: cells.string("ZNOTES", &session),
                createdAt: cells.date("ZCREATEDAT", &session), updatedAt: cells.date("ZUPDATEDAT", &session))
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
            let cells = StoreCells(row: row, index: ix, table: t)
            notes.tags.append(cells.string("ZFLAVORTAGS", &session))
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
            let cells = StoreCells(row: row, index: ix, table: t, pk: pk)
            var brew = BrewRow()
            brew.id = cells.uuid(iID, "ZID", &session)
            switch row.date(iDate, column: "ZBREWDATE") {
            case .date(let date): brew.brewDate = date
            case .missing: break
            case .unusable(let why):
                session.reject(at: .storeRow(table: t, pk: pk), column: "ZBREWDATE", reason: why, record: nil)
                continue
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
                    else if !p.isEmpty { brew.grindText = cells.string(i, "ZGRINDSETTING", &session) }
                case .null, .blob: break
                }
            }
            brew.pressureProfile = cells.string(iProfile, "ZPRESSUREPROFILE", &session)
            brew.notes = cells.string(iNotes, "ZNOTES", &session)
            brew.createdAt = cells.date(iCreated, "ZCREATEDAT", &session)
            brew.updatedAt = cells.date(iUpdated, "ZUPDATEDAT", &session)
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
