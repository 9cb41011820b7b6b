import BrewColumns
import Foundation
import GRDB

/// One read of one store (see ``StoreImporter``); owns the session while the database is open.
///
/// Reads the entity tables first (each `Z_PK` → entity index), then the tasting notes (keyed by their brew's
/// `Z_PK`; skipped when ``ImportOptions/columns`` leaves them out), then the brews in one pass, selecting only the
/// columns of the groups read (``StoreBrewColumns/wanted(reading:)``) and resolving relationships through those maps
/// (``readBrews(table:methods:grinders:beans:notes:)``). The journal's columns are sized up front from the brew
/// count (``rowCount(_:)``).
struct StoreReader {
    let db: Database
    var session: ImportSession
    var resolver: LocalTimeResolver

    init(db: Database, file: String, options: ImportOptions, idCheck: IDSet.Check) {
        self.db = db
        self.session = ImportSession(file: file, format: .coreDataStore, options: options, idCheck: idCheck)
        self.resolver = LocalTimeResolver(timeZone: options.timeZone)
    }

    /// Entity name (`Z_NAME`) → table, from `Z_PRIMARYKEY`, defaulting to `Z` + the name in capitals.
    private var tables: [String: String] = [:]

    /// The store's table names, lowercased (SQLite matches table names without regard to ASCII case): read from
    /// `sqlite_master` once, by ``read()``, where each existence check would otherwise reload GRDB's schema cache.
    private var tableNames: Set<String> = []

    /// Whether the store has the table `name` (any ASCII case).
    func hasTable(_ name: String) -> Bool { tableNames.contains(name.lowercased()) }

    /// Reads the store; `nil` when the session's id check is ``IDSet/Check/optimistic`` and a brew id repeated, so
    /// the store must be read again with an exact check.
    mutating func read() throws -> ImportResult? {
        var missing: [String] = []
        tableNames =
            Set(
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").map { $0.lowercased() })
        if !hasTable("Z_PRIMARYKEY") { missing.append("Z_PRIMARYKEY") }
        if missing.isEmpty {
            for row in try Row.fetchAll(db, sql: "SELECT Z_NAME FROM Z_PRIMARYKEY") {
                // Read as a database value: GRDB's typed subscript traps on a Z_NAME that is not text (a damaged
                // store held the integer 8; found by the `fuzz-store` target). Such a row names no entity.
                let value: DatabaseValue = row[0]
                if case .string(let name) = value.storage { tables[name] = "Z" + name.uppercased() }
            }
        }
        let brewTable = tables["BrewLog"] ?? "ZBREWLOG"
        if !hasTable(brewTable) { missing.append(brewTable) }
        guard missing.isEmpty else {
            let found = try String.fetchAll(db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 12")
            throw ImportError(.notAJournal, file: session.file,
                              "not a journal store: missing table\(missing.count > 1 ? "s" : "") " +
                                  "\(missing.joined(separator: ", "))"
                              + (
                                  found.isEmpty ? " (the database has no tables)"
                                      : " (it has \(found.joined(separator: ", ")))"))
        }
        let expected = rowCount(brewTable)
        session.reserve(brews: expected)
        let methods = try readMethods()
        let grinders = try readGrinders()
        let beans = try readBeans()
        do {  // the notes are freed before the journal is finished; not read at all when not wanted
            let notes = session.reads.contains(.tastingNote)
                ? try StoreTastingNotes(reader: &self, expectedBrews: expected) : StoreTastingNotes()
            try readBrews(table: brewTable, expectedBrews: expected, methods: methods, grinders: grinders, beans: beans,
                          notes: notes)
        }
        return session.idsRepeated ? nil : session.finish()
    }

    /// How many rows `table` holds, to size what is built from it up front (0 when it cannot be counted).
    ///
    /// `count(*)` rather than `Z_PRIMARYKEY.Z_MAX`: `Z_MAX` is the last `Z_PK` Core Data handed out, which overstates
    /// the rows of a journal whose brews were deleted (and is whatever a hand-made store says), and the duplicate-id
    /// set is sized from this count — an oversized one is memory its random inserts touch. SQLite counts the entries
    /// of the table's smallest index: 10 ms for the 1,000,000-brew benchmark store.
    func rowCount(_ table: String) -> Int {
        guard let row = try? StoreRows(db, sql: "SELECT count(*) FROM \"\(table)\""),
            (try? row.next()) == true else { return 0 }
        return Int(max(0, row.int64(0) ?? 0))
    }

    // MARK: Columns

    /// The `SELECT` list of the wanted columns the table has, and each wanted column's index in it.
    func select(_ table: String, _ wanted: [String]) throws -> (sql: String, index: [String: Int])? {
        guard hasTable(table) else { return nil }
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

    func table(_ entity: String) -> String { tables[entity] ?? "Z" + entity.uppercased() }

    // MARK: Entities

    private mutating func readMethods() throws -> PKMap {
        let t = table("BrewMethod")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZNAME", "ZCATEGORYRAWVALUE", "ZCATEGORY", "ZNOTES",
                                             "ZBREWCOUNT", "ZLASTUSEDDATE", "ZCREATEDAT",
                                             "ZUPDATEDAT"]) else { return PKMap() }
        var map = PKMap()
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

    private mutating func readGrinders() throws -> PKMap {
        let t = table("Grinder")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZNAME", "ZTYPERAWVALUE", "ZTYPE", "ZSETTINGMIN",
                                             "ZSETTINGMAX",
                                             "ZSETTINGSTEP", "ZNOTES", "ZBREWCOUNT", "ZLASTUSEDDATE", "ZCREATEDAT",
                                             "ZUPDATEDAT"]) else { return PKMap() }
        var map = PKMap()
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
            let pk = row.int64(ix["Z_PK"]) ?? 0
            map[pk] = session.addGrinder(grinder, at: .storeRow(table: t, pk: pk),
                                         columns: ("ZSETTINGMIN", "ZSETTINGMAX", "ZSETTINGSTEP"))
        }
        return map
    }

    private mutating func readBeans() throws -> PKMap {
        let t = table("CoffeeBean")
        guard let (sql, ix) = try select(t, ["Z_PK", "ZID", "ZNAME", "ZROASTER", "ZORIGIN", "ZVARIETY", "ZPROCESSING",
                                             "ZROASTLEVELRAWVALUE", "ZROASTLEVEL", "ZROASTDATE", "ZISARCHIVED",
                                             "ZNOTES",
                                             "ZCREATEDAT", "ZUPDATEDAT"]) else { return PKMap() }
        var map = PKMap()
        let row = try StoreRows(db, sql: sql)
        while try row.next() {
            let cells = StoreCells(row: row, index: ix, table: t)
            let level = cells.string("ZROASTLEVELRAWVALUE", &session) ?? cells.string("ZROASTLEVEL", &session)
            let bean = CoffeeBean(
                id: cells.uuid("ZID", &session), name: cells.string("ZNAME", &session),
                roaster: cells.string("ZROASTER", &session),
                origin: cells.string("ZORIGIN", &session), variety: cells.string("ZVARIETY", &session),
                processing: cells.string("ZPROCESSING", &session),
                roastLevel: level.flatMap(RoastLevel.init(rawString:)),
                roastDate: cells.date("ZROASTDATE", &session).map { resolver.day(of: $0) },
                isArchived: row.int(ix["ZISARCHIVED"]).map { $0 != 0 }, notes: cells.string("ZNOTES", &session),
                createdAt: cells.date("ZCREATEDAT", &session), updatedAt: cells.date("ZUPDATEDAT", &session))
            map[row.int64(ix["Z_PK"]) ?? 0] = session.builder.addBean(bean)
        }
        return map
    }
}
