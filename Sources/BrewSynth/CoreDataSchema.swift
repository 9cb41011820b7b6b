/// The Core Data SQLite layout of the app's model (docs/formats.md), as Core Data creates it.
///
/// Entities get `Z_ENT` numbers in alphabetical order of their names (BrewLog 1, BrewMethod 2,
/// CoffeeBean 3, Grinder 4, TastingNote 5). Columns follow Core Data's order: `Z_PK`, `Z_ENT`, `Z_OPT`,
/// the to-one relationships, then the attributes. Dates are `TIMESTAMP` (REAL seconds since
/// 2001-01-01T00:00:00Z), doubles `FLOAT`, strings `VARCHAR`, UUIDs and binary data `BLOB`. The one-to-one
/// BrewLog ↔ TastingNote relationship has a column on both sides (`ZBREWLOG.ZTASTINGNOTE`, `ZTASTINGNOTE.ZBREW`).
enum CoreDataSchema {
    /// An entity: its name, `Z_ENT` and table.
    struct Entity {
        let name: String
        let number: Int
        var table: String { "Z" + name.uppercased() }
    }

    static let brewLog = Entity(name: "BrewLog", number: 1)
    static let brewMethod = Entity(name: "BrewMethod", number: 2)
    static let coffeeBean = Entity(name: "CoffeeBean", number: 3)
    static let grinder = Entity(name: "Grinder", number: 4)
    static let tastingNote = Entity(name: "TastingNote", number: 5)
    static let entities = [brewLog, brewMethod, coffeeBean, grinder, tastingNote]

    static let createTables = """
        CREATE TABLE ZBREWLOG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBEAN INTEGER, \
        ZGRINDER INTEGER, ZMETHOD INTEGER, ZTASTINGNOTE INTEGER, ZBREWDATE TIMESTAMP, ZBREWTIMESECONDS FLOAT, \
        ZCREATEDAT TIMESTAMP, ZDOSEGRAMS FLOAT, ZGRINDSETTING FLOAT, ZRATING FLOAT, ZTDS FLOAT, \
        ZUPDATEDAT TIMESTAMP, ZWATERGRAMS FLOAT, ZWATERTEMPERATURE FLOAT, ZYIELDGRAMS FLOAT, ZNOTES VARCHAR, \
        ZPRESSUREPROFILE VARCHAR, ZID BLOB, ZPHOTODATA BLOB );
        CREATE TABLE ZBREWMETHOD ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREWCOUNT INTEGER, \
        ZCREATEDAT TIMESTAMP, ZLASTUSEDDATE TIMESTAMP, ZUPDATEDAT TIMESTAMP, ZCATEGORYRAWVALUE VARCHAR, \
        ZNAME VARCHAR, ZNOTES VARCHAR, ZID BLOB );
        CREATE TABLE ZCOFFEEBEAN ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZISARCHIVED INTEGER, \
        ZCREATEDAT TIMESTAMP, ZROASTDATE TIMESTAMP, ZUPDATEDAT TIMESTAMP, ZNAME VARCHAR, ZNOTES VARCHAR, \
        ZORIGIN VARCHAR, ZPROCESSING VARCHAR, ZROASTER VARCHAR, ZROASTLEVELRAWVALUE VARCHAR, ZVARIETY VARCHAR, \
        ZID BLOB );
        CREATE TABLE ZGRINDER ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREWCOUNT INTEGER, \
        ZCREATEDAT TIMESTAMP, ZLASTUSEDDATE TIMESTAMP, ZSETTINGMAX FLOAT, ZSETTINGMIN FLOAT, ZSETTINGSTEP FLOAT, \
        ZUPDATEDAT TIMESTAMP, ZNAME VARCHAR, ZNOTES VARCHAR, ZTYPERAWVALUE VARCHAR, ZID BLOB );
        CREATE TABLE ZTASTINGNOTE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREW INTEGER, \
        ZACIDITY INTEGER, ZBODY INTEGER, ZSWEETNESS INTEGER, ZFLAVORTAGS VARCHAR, ZNOTES VARCHAR, ZID BLOB );
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
        """

    /// Indexes on the to-one columns, created once the rows are in (as Core Data declares them).
    static let createIndexes = """
        CREATE INDEX ZBREWLOG_ZBEAN_INDEX ON ZBREWLOG (ZBEAN);
        CREATE INDEX ZBREWLOG_ZGRINDER_INDEX ON ZBREWLOG (ZGRINDER);
        CREATE INDEX ZBREWLOG_ZMETHOD_INDEX ON ZBREWLOG (ZMETHOD);
        CREATE INDEX ZBREWLOG_ZTASTINGNOTE_INDEX ON ZBREWLOG (ZTASTINGNOTE);
        CREATE INDEX ZTASTINGNOTE_ZBREW_INDEX ON ZTASTINGNOTE (ZBREW);
        """

    static let insertMethod = """
        INSERT INTO ZBREWMETHOD (Z_PK, Z_ENT, Z_OPT, ZBREWCOUNT, ZCREATEDAT, ZLASTUSEDDATE, ZUPDATEDAT, \
        ZCATEGORYRAWVALUE, ZNAME, ZNOTES, ZID) VALUES (?,?,?,?,?,?,?,?,?,?,?)
        """
    static let insertGrinder = """
        INSERT INTO ZGRINDER (Z_PK, Z_ENT, Z_OPT, ZBREWCOUNT, ZCREATEDAT, ZLASTUSEDDATE, ZSETTINGMAX, ZSETTINGMIN, \
        ZSETTINGSTEP, ZUPDATEDAT, ZNAME, ZNOTES, ZTYPERAWVALUE, ZID) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
        """
    static let insertBean = """
        INSERT INTO ZCOFFEEBEAN (Z_PK, Z_ENT, Z_OPT, ZISARCHIVED, ZCREATEDAT, ZROASTDATE, ZUPDATEDAT, ZNAME, ZNOTES, \
        ZORIGIN, ZPROCESSING, ZROASTER, ZROASTLEVELRAWVALUE, ZVARIETY, ZID) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
        """
    static let insertBrew = """
        INSERT INTO ZBREWLOG (Z_PK, Z_ENT, Z_OPT, ZBEAN, ZGRINDER, ZMETHOD, ZTASTINGNOTE, ZBREWDATE, \
        ZBREWTIMESECONDS, ZCREATEDAT, ZDOSEGRAMS, ZGRINDSETTING, ZRATING, ZTDS, ZUPDATEDAT, ZWATERGRAMS, \
        ZWATERTEMPERATURE, ZYIELDGRAMS, ZNOTES, ZPRESSUREPROFILE, ZID, ZPHOTODATA) \
        VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,NULL)
        """
    static let insertTastingNote = """
        INSERT INTO ZTASTINGNOTE (Z_PK, Z_ENT, Z_OPT, ZBREW, ZACIDITY, ZBODY, ZSWEETNESS, ZFLAVORTAGS, ZNOTES, ZID) \
        VALUES (?,?,?,?,?,?,?,?,?,?)
        """

    /// The store's metadata property list (Core Data keeps a binary plist; an XML plist with sorted keys is
    /// written here so the store is byte-reproducible — both are property lists to a reader).
    static func metadataPlist(storeUUID: String, hashes: [(entity: String, base64: String)]) -> String {
        var s = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>NSAutoVacuumLevel</key>
            \t<string>2</string>
            \t<key>NSPersistenceFrameworkVersion</key>
            \t<integer>1338</integer>
            \t<key>NSStoreModelVersionChecksumKey</key>
            \t<string>\(hashes.map(\.base64).joined().prefix(44))</string>
            \t<key>NSStoreModelVersionHashes</key>
            \t<dict>

            """
        for h in hashes { s += "\t\t<key>\(h.entity)</key>\n\t\t<data>\(h.base64)</data>\n" }
        s += """
            \t</dict>
            \t<key>NSStoreModelVersionHashesVersion</key>
            \t<integer>3</integer>
            \t<key>NSStoreModelVersionIdentifiers</key>
            \t<array>
            \t\t<string></string>
            \t</array>
            \t<key>NSStoreType</key>
            \t<string>SQLite</string>
            \t<key>NSStoreUUID</key>
            \t<string>\(storeUUID)</string>
            </dict>
            </plist>

            """
        return s
    }
}
