import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// The three-brew journals of ``ProjectionHostileTests``, one per format, every column filled with a good value
/// except the bad one in the second brew.
extension ProjectionHostileTests {
    static func file(_ bad: Bad, settings: Bool = true) throws -> URL {
        let folder = try scratchFolder("projection-hostile")
        switch bad.format {
        case .csv: return try csv(bad, in: folder)
        case .store: return try store(bad, in: folder)
        case .json: return try json(bad, in: folder)
        case .beanconqueror: return try beanconqueror(bad, settings: settings, in: folder)
        }
    }

    /// The CSV's bytes: every character of the text up to U+00FF is written as that one byte, so `\u{FF}` in a cell
    /// is the byte 0xFF (not UTF-8).
    private static func csv(_ bad: Bad, in folder: URL) throws -> URL {
        let header = ["brew_id", "brewed_at", "method", "grinder", "grind_setting", "bean", "dose_g", "water_g", "yield_g",
                      "brew_time_s", "water_temp_c", "tds_pct", "rating", "acidity", "body", "sweetness", "flavor_tags",
                      "notes", "pressure_profile"]
        var lines = [header.joined(separator: ",")]
        for i in 1...3 {
            var cells = ["b\(i)", "2026-11-1\(5 + i)T07:00:00Z", "V60", "C40", "20", "Kochere", "15", "250", "", "180", "94",
                         "1.3", "4", "3", "3", "3", "berry", "ok", "flat"]
            if i == 2, let k = header.firstIndex(of: bad.column) { cells[k] = bad.cell }
            lines.append(cells.joined(separator: ","))
        }
        let text = lines.joined(separator: "\n") + "\n"
        let url = folder.appendingPathComponent("bad.csv")
        try Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }).write(to: url)
        return url
    }

    private static func store(_ bad: Bad, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("bad.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'BrewLog', 0, 3), (2, 'BrewMethod', 0, 1), (3, 'CoffeeBean', 0, 1),
                    (4, 'TastingNote', 0, 3), (5, 'Grinder', 0, 1);
                CREATE TABLE ZBREWMETHOD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
                    ZCATEGORYRAWVALUE VARCHAR);
                INSERT INTO ZBREWMETHOD VALUES (1, 2, 1, 'V60', 'pour_over');
                CREATE TABLE ZGRINDER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                INSERT INTO ZGRINDER VALUES (1, 5, 1, 'C40');
                CREATE TABLE ZCOFFEEBEAN (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                INSERT INTO ZCOFFEEBEAN VALUES (1, 3, 1, 'Kochere');
                CREATE TABLE ZBREWLOG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZID VARCHAR,
                    ZBREWDATE TIMESTAMP, ZMETHOD INTEGER, ZGRINDER INTEGER, ZBEAN INTEGER, ZDOSEGRAMS FLOAT,
                    ZWATERGRAMS FLOAT, ZYIELDGRAMS FLOAT, ZBREWTIMESECONDS FLOAT, ZWATERTEMPERATURE FLOAT,
                    ZGRINDSETTING FLOAT, ZPRESSUREPROFILE VARCHAR, ZRATING FLOAT, ZTDS FLOAT, ZNOTES VARCHAR);
                CREATE TABLE ZTASTINGNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREW INTEGER,
                    ZACIDITY INTEGER, ZBODY INTEGER, ZSWEETNESS INTEGER, ZFLAVORTAGS VARCHAR);
                """)
            let columns = ["Z_PK", "Z_ENT", "Z_OPT", "ZID", "ZBREWDATE", "ZMETHOD", "ZGRINDER", "ZBEAN", "ZDOSEGRAMS",
                           "ZWATERGRAMS", "ZYIELDGRAMS", "ZBREWTIMESECONDS", "ZWATERTEMPERATURE", "ZGRINDSETTING",
                           "ZPRESSUREPROFILE", "ZRATING", "ZTDS", "ZNOTES"]
            let notes = ["Z_PK", "Z_ENT", "Z_OPT", "ZTASTINGNOTE.ZBREW", "ZTASTINGNOTE.ZACIDITY", "ZBODY", "ZSWEETNESS",
                         "ZFLAVORTAGS"]
            for pk in 1...3 {
                var brew = ["\(pk)", "1", "1", "'b\(pk)'", "\(815_000_000 + pk * 3600)", "1", "1", "1", "15", "250", "NULL",
                            "180", "94", "20", "'flat'", "4", "1.3", "'ok'"]
                var note = ["\(pk)", "4", "1", "\(pk)", "3", "3", "3", "'berry'"]
                if pk == 2 {
                    // Warnings about text name the table too (`ZBREWLOG.ZNOTES`); rejects name the column alone.
                    if let k = columns.firstIndex(of: bad.column.replacingOccurrences(of: "ZBREWLOG.", with: "")) {
                        brew[k] = bad.cell
                    }
                    if let k = notes.firstIndex(of: bad.column) { note[k] = bad.cell }
                }
                try db.execute(sql: "INSERT INTO ZBREWLOG VALUES (\(brew.joined(separator: ", ")))")
                try db.execute(sql: "INSERT INTO ZTASTINGNOTE VALUES (\(note.joined(separator: ", ")))")
            }
        }
        try queue.close()
        return url
    }

    private static func json(_ bad: Bad, in folder: URL) throws -> URL {
        var brews: [String] = [], notes: [String] = []
        for i in 1...3 {
            var brew: [(String, String)] = [("id", "\"b\(i)\""), ("brewDate", "\"2026-11-1\(5 + i)T07:00:00Z\""),
                ("methodId", "\"m1\""), ("grinderId", "\"g1\""), ("beanId", "\"k1\""), ("doseGrams", "15"),
                ("waterGrams", "250"), ("brewTimeSeconds", "180"), ("waterTemperature", "94"), ("grindSetting", "20"),
                ("rating", "4"), ("tds", "1.3"), ("notes", "\"ok\""), ("pressureProfile", "\"flat\"")]
            var note: [(String, String)] = [("id", "\"n\(i)\""), ("tastingNotes.brewId", "\"b\(i)\""), ("acidity", "3"),
                                            ("body", "3"), ("sweetness", "3"), ("flavorTags", "\"berry\"")]
            if i == 2 {
                if let k = brew.firstIndex(where: { $0.0 == bad.column }) { brew[k].1 = bad.cell }
                if let k = note.firstIndex(where: { $0.0 == bad.column }) { note[k].1 = bad.cell }
            }
            func object(_ pairs: [(String, String)]) -> String {
                "{" + pairs.map { "\"\($0.0.replacingOccurrences(of: "tastingNotes.", with: ""))\": \($0.1)" }
                    .joined(separator: ", ") + "}"
            }
            brews.append(object(brew))
            notes.append(object(note))
        }
        let text = """
            {"format": "coffee-journal", "version": 1,
             "methods": [{"id": "m1", "name": "V60", "category": "pour_over"}],
             "grinders": [{"id": "g1", "name": "C40"}], "beans": [{"id": "k1", "name": "Kochere"}],
             "brews": [\(brews.joined(separator: ",\n"))],
             "tastingNotes": [\(notes.joined(separator: ",\n"))]}
            """
        let url = folder.appendingPathComponent("bad.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A Beanconqueror backup; without `settings` it states no rating scale.
    private static func beanconqueror(_ bad: Bad, settings: Bool, in folder: URL) throws -> URL {
        var brews: [String] = []
        for i in 1...3 {
            var fields: [(String, String)] = [("config", "{\"uuid\": \"b\(i)\", \"unix_timestamp\": \(1_763_276_400 + i * 3600)}"),
                ("grind_weight", "15"), ("brew_quantity", "250"), ("brew_beverage_quantity", "0"), ("brew_time", "180"),
                ("brew_temperature", "94"), ("grind_size", "\"20\""), ("rating", "4"), ("tds", "1.3"), ("note", "\"ok\""),
                ("mill", "\"g1\""), ("method_of_preparation", "\"m1\""), ("bean", "\"k1\"")]
            if i == 2, let k = fields.firstIndex(where: { $0.0 == bad.column }) { fields[k].1 = bad.cell }
            brews.append("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        }
        let text = """
            {"BREWS": [\(brews.joined(separator: ",\n"))],
             "MILL": [{"name": "C40", "config": {"uuid": "g1"}}],
             "PREPARATION": [{"name": "V60", "style_type": "POUR_OVER", "config": {"uuid": "m1"}}],
             "BEANS": [{"name": "Kochere", "config": {"uuid": "k1"}}]\(settings ? ", \"SETTINGS\": [{\"brew_rating\": 5}]" : "")}
            """
        let url = folder.appendingPathComponent("Beanconqueror.json")
        try Data(text.utf8).write(to: url)
        return url
    }
}
