import BrewColumns
import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// The store's brew cells read in place — `ZID` blobs and texts, borrowed text, joined tasting notes — agree with what
/// the general path makes of odd values, and repeated ids are rejected where they occur (the import first checks ids
/// optimistically and reads the store again when one repeats).
@Suite(.cleansScratch) struct StoreCellTests {
    /// A store with one method and the given brews `(Z_PK, ZID, ZBREWDATE, ZPRESSUREPROFILE, ZNOTES)` and tasting
    /// notes `(Z_PK, ZBREW, ZACIDITY, ZFLAVORTAGS)`, as SQL expressions.
    func store(brewMax: Int = 9, brews: [(Int, String, String, String, String)], notes: [(Int, String, String, String)],
               extraSQL: String = "") throws -> URL {
        let url = try scratchFolder("store").appendingPathComponent("cells.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'BrewLog', 0, \(brewMax)), (2, 'BrewMethod', 0, 1), (5, 'TastingNote', 0, 9);
                CREATE TABLE ZBREWMETHOD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
                INSERT INTO ZBREWMETHOD VALUES (1, 2, 1, 'V60');
                CREATE TABLE ZBREWLOG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZMETHOD INTEGER, ZID BLOB,
                    ZBREWDATE TIMESTAMP, ZPRESSUREPROFILE VARCHAR, ZNOTES VARCHAR);
                CREATE TABLE ZTASTINGNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREW INTEGER,
                    ZACIDITY INTEGER, ZFLAVORTAGS VARCHAR);
                """)
            for (pk, id, date, profile, notes) in brews {
                try db.execute(sql: "INSERT INTO ZBREWLOG VALUES (\(pk), 1, 1, 1, \(id), \(date), \(profile), \(notes))")
            }
            for (pk, brew, acidity, tags) in notes {
                try db.execute(sql: "INSERT INTO ZTASTINGNOTE VALUES (\(pk), 5, 1, \(brew), \(acidity), \(tags))")
            }
            if !extraSQL.isEmpty { try db.execute(sql: extraSQL) }
        }
        try queue.close()
        return url
    }

    @Test func idsTextAndNotes() throws {
        let uuid = "00112233-4455-6677-8899-AABBCCDDEEFF"
        let url = try store(
            brews: [(1, "x'00112233445566778899AABBCCDDEEFF'", "800000000", "'9 bar flat'", "'héllo'"),
                    (2, "'\(uuid.lowercased())'", "800000001", "NULL", "'x'"),
                    (3, "'plain-id'", "800000002", "CAST(x'C0AF' AS TEXT)", "''"),
                    (4, "x'0102030405'", "800000003", "12", "NULL"),
                    (5, "CAST(x'41FF' AS TEXT)", "800000004", "NULL", "NULL"),
                    (6, "NULL", "800000005", "NULL", "NULL"),
                    (7, "'plain-id'", "800000006", "NULL", "NULL"),
                    (8, "zeroblob(16)", "800000007", "NULL", "NULL"),
                    (9, "x'00000000000000000000000000000000'", "800000008", "NULL", "NULL"),
                    (10, "x'00112233445566778899AABBCCDDEEFF'", "1e300", "NULL", "NULL")],
            notes: [(1, "1", "4", "'berry'"), (2, "1", "2", "'second'"), (3, "NULL", "1", "'no brew'"),
                    (4, "2", "3", "'rejected brew'"), (5, "99", "3", "'orphan'"), (6, "3", "NULL", "CAST(x'FF' AS TEXT)")])
        let result = try importChecked(url)
        let r = result.report, t = result.journal.brews
        #expect(r.brews == .init(read: 10, kept: 6, rejected: 4))
        #expect(r.rejects.map(\.where) == ["ZBREWLOG Z_PK=2", "ZBREWLOG Z_PK=7", "ZBREWLOG Z_PK=9", "ZBREWLOG Z_PK=10"])
        #expect(r.rejects.map(\.column) == ["ZID", "ZID", "ZID", "ZBREWDATE"])
        #expect(r.rejects[0].reason == "duplicate brew id \(uuid) (the first record with it is kept)")
        #expect((0..<6).map { t.id[$0] } == [uuid, "plain-id", "0102030405", "A\u{FFFD}", nil, "00000000-0000-0000-0000-000000000000"])
        #expect(t.pressureProfile[0] == "9 bar flat" && t.pressureProfile[1] == "\u{FFFD}\u{FFFD}" && t.pressureProfile[2] == "12")
        #expect(t.notes[0] == "héllo" && t.notes[1] == "" && t.notes[2] == nil)
        // Notes: the first of brew 1's two, brew 3's repaired tags; brew 2's note was used by a rejected brew.
        #expect(t.acidity[0] == 4 && t.flavorTags[0] == "berry" && t.acidity[1] == nil && t.flavorTags[1] == "\u{FFFD}")
        #expect(result.journal.tastingNoteCount == 2)
        #expect(r.warning(.note, column: "ZTASTINGNOTE.ZBREW")?.where == "ZTASTINGNOTE Z_PK=2")
        let dangling = try #require(r.warning(.danglingReference, column: "ZTASTINGNOTE.ZBREW"))
        #expect(dangling.count == 2 && dangling.where == "ZTASTINGNOTE Z_PK=3")
        for (column, place) in [("ZTASTINGNOTE.ZFLAVORTAGS", "ZTASTINGNOTE Z_PK=6"), ("ZBREWLOG.ZPRESSUREPROFILE", "ZBREWLOG Z_PK=3"),
                                ("ZBREWLOG.ZID", "ZBREWLOG Z_PK=5")] {
            #expect(r.warning(.invalidUTF8, column: column)?.where == place, "\(column)")
        }
    }

    /// Thousands of brews, more than `Z_MAX` announces (the id set grows past its reservation, in batches), with one id
    /// repeated by the very last brew: only that brew is rejected.
    @Test(arguments: [false, true])
    func aLateRepeatAmongMany(repeatLast: Bool) throws {
        let url = try store(brewMax: 10, brews: [], notes: [], extraSQL: """
            WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < 3000)
            INSERT INTO ZBREWLOG SELECT k, 1, 1, 1, randomblob(16), 800000000 + k, NULL, NULL FROM n;
            \(repeatLast ? "UPDATE ZBREWLOG SET ZID = (SELECT ZID FROM ZBREWLOG WHERE Z_PK = 5) WHERE Z_PK = 3000;" : "")
            """)
        let r = try importChecked(url).report
        #expect(r.brews == .init(read: 3000, kept: repeatLast ? 2999 : 3000, rejected: repeatLast ? 1 : 0))
        #expect(r.rejects.map(\.where) == (repeatLast ? ["ZBREWLOG Z_PK=3000"] : []))
    }
}
