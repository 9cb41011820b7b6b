import BrewColumns
import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// Stores holding what the app never writes: dates no timestamp can hold, text that is not UTF-8.
@Suite(.cleansScratch) struct StoreHostileTests {
    /// A minimal store: one method, one bean, and the brews given as `(Z_PK, ZBREWDATE, ZNOTES, ZCREATEDAT)` SQL
    /// expressions.
    func store(method: String = "(1, 2, 1, 'V60', 'pour_over', NULL, NULL)",
               bean: String = "(1, 3, 1, 'Kochere', NULL)",
               brews: [(Int, String, String, String)]) throws -> URL {
        let url = try scratchFolder("store").appendingPathComponent("hostile.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'BrewLog', 0, 9), (2, 'BrewMethod', 0, 1), (3, 'CoffeeBean', 0, 1);
                CREATE TABLE ZBREWMETHOD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
                    ZCATEGORYRAWVALUE VARCHAR, ZLASTUSEDDATE TIMESTAMP, ZCREATEDAT TIMESTAMP);
                INSERT INTO ZBREWMETHOD VALUES \(method);
                CREATE TABLE ZCOFFEEBEAN (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR, ZROASTDATE TIMESTAMP);
                INSERT INTO ZCOFFEEBEAN VALUES \(bean);
                CREATE TABLE ZBREWLOG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZMETHOD INTEGER,
                    ZBEAN INTEGER, ZBREWDATE TIMESTAMP, ZNOTES VARCHAR, ZCREATEDAT TIMESTAMP);
                """)
            for (pk, date, notes, created) in brews {
                try db.execute(sql: "INSERT INTO ZBREWLOG VALUES (\(pk), 1, 1, 1, 1, \(date), \(notes), \(created))")
            }
        }
        try queue.close()
        return url
    }

    /// `ZBREWDATE` beyond any timestamp (`1e300` used to trap), infinite, or outside 1900–2199 rejects the brew
    /// with its table, `Z_PK` and column; the first and last accepted seconds are kept.
    @Test func brewDateLimits() throws {
        // Apple reference seconds: 1900-01-01 = -3187296000, 2200-01-01 = 6279811200.
        let url = try store(brews: [(1, "800000000", "NULL", "NULL"), (2, "1e300", "NULL", "NULL"),
                                    (3, "-9000000000000000000", "NULL", "NULL"), (4, "9e999", "NULL", "NULL"),
                                    (5, "-3187296000", "NULL", "NULL"), (6, "6279811199.5", "NULL", "NULL"),
                                    (7, "6279811200", "NULL", "NULL"), (8, "-3187296000.5", "NULL", "NULL")])
        let result = try importChecked(url)
        let r = result.report
        #expect(r.brews == .init(read: 8, kept: 3, rejected: 5))
        #expect(r.rejects.map(\.where) == ["ZBREWLOG Z_PK=2", "ZBREWLOG Z_PK=3", "ZBREWLOG Z_PK=4", "ZBREWLOG Z_PK=7", "ZBREWLOG Z_PK=8"])
        #expect(r.rejects.allSatisfy { $0.column == "ZBREWDATE" && $0.reason.contains("1900–2199") })
        #expect(r.rejects[0].reason.contains("1e+300"))
        #expect(result.journal.brews.brewDate[1] == -2_208_988_800 * 1_000_000)
    }

    /// A tasting note whose brew exists but is rejected (a date no timestamp holds, a number that is text) is that
    /// brew's note, not a dangling one; only a note naming no brew at all is warned about.
    @Test func notesOfRejectedBrewsAreNotDangling() throws {
        let url = try store(brews: [(1, "800000000", "NULL", "NULL"), (2, "1e300", "NULL", "NULL"), (3, "800003600", "NULL", "NULL")])
        try executeSQL("""
                INSERT INTO Z_PRIMARYKEY VALUES (4, 'TastingNote', 0, 3);
                CREATE TABLE ZTASTINGNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREW INTEGER,
                    ZACIDITY FLOAT, ZBODY FLOAT, ZSWEETNESS FLOAT, ZFLAVORTAGS VARCHAR);
                INSERT INTO ZTASTINGNOTE VALUES (1, 4, 1, 1, 3, 4, 5, 'cherry'), (2, 4, 1, 2, 1, 1, 1, 'lost'),
                    (3, 4, 1, 3, 2, 2, 2, NULL);
                """, on: url)
        let plain = try importChecked(url).report
        #expect(plain.brews == .init(read: 3, kept: 2, rejected: 1))
        #expect(plain.tastingNotes == 2)
        #expect(plain.warning(.danglingReference, column: "ZTASTINGNOTE.ZBREW") == nil)
        // The same with a note whose brew is not in the store at all: that one is dangling.
        try executeSQL("INSERT INTO ZTASTINGNOTE VALUES (4, 4, 1, 99, 1, 1, 1, NULL)", on: url)
        let dangling = try #require(try importChecked(url).report.warning(.danglingReference, column: "ZTASTINGNOTE.ZBREW"))
        #expect(dangling.count == 1)
    }

    /// Dates that are not the brew's own, out of range: dropped with one warning per column (the first `Z_PK` as
    /// the example); the rows are kept, and the cached-counter check does not trip over them.
    @Test func otherDatesOutOfRangeAreDroppedWithAWarning() throws {
        let url = try store(method: "(1, 2, 1, 'V60', 'pour_over', 1e300, -1e200)", bean: "(1, 3, 1, 'Kochere', 9e18)",
                            brews: [(1, "800000000", "NULL", "9e18"), (2, "800003600", "NULL", "9e18"), (3, "800007200", "NULL", "0")])
        // (Brew 3's ZCREATEDAT 0 is 2001-01-01, a plausible date: no warning for it.)
        let result = try importChecked(url)
        let r = result.report
        #expect(r.brews == .init(read: 3, kept: 3, rejected: 0))
        #expect(result.journal.methods[0].cachedLastUsed == nil && result.journal.methods[0].createdAt == nil)
        #expect(result.journal.beans[0].roastDate == nil)
        for column in ["ZBREWMETHOD.ZLASTUSEDDATE", "ZBREWMETHOD.ZCREATEDAT", "ZCOFFEEBEAN.ZROASTDATE"] {
            #expect(r.warning(.unreadableValue, column: column)?.count == 1, "\(column)")
        }
        let created = try #require(r.warning(.unreadableValue, column: "ZBREWLOG.ZCREATEDAT"))
        #expect(created.count == 2 && created.where == "ZBREWLOG Z_PK=1" && created.message.contains("9e+18"))
    }

    /// Text cells that are not UTF-8 are kept with U+FFFD and counted once per column, naming an example `Z_PK`
    /// (they used to be replaced silently).
    @Test func invalidUTF8IsWarnedPerColumn() throws {
        let url = try store(method: "(1, 2, 1, CAST(x'5636FF30' AS TEXT), 'pour_over', NULL, NULL)",
                            brews: [(1, "800000000", "'fine'", "NULL"), (2, "800003600", "CAST(x'6F6BC328' AS TEXT)", "NULL"),
                                    (3, "800007200", "CAST(x'E282' AS TEXT)", "NULL")])
        let result = try importChecked(url)
        let r = result.report, t = result.journal.brews
        #expect(r.brews.kept == 3)
        #expect(t.notes[0] == "fine" && t.notes[1] == "ok\u{FFFD}(" && t.notes[2] == "\u{FFFD}")
        let notes = try #require(r.warning(.invalidUTF8, column: "ZBREWLOG.ZNOTES"))
        #expect(notes.count == 2 && notes.where == "ZBREWLOG Z_PK=2")
        let name = try #require(r.warning(.invalidUTF8, column: "ZBREWMETHOD.ZNAME"))
        #expect(name.count == 1 && name.where == "ZBREWMETHOD Z_PK=1" && t.method[0] == "V6\u{FFFD}0")
    }
}
