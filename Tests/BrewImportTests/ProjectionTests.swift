import BrewColumns
import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// Column projection (`ImportOptions.columns`) on clean journals in every format: a projected import holds the full
/// import's brews, the full import's values in every column read and nulls in the others, with the same counts;
/// with `validatesAllColumns` its report is the full import's exactly.
@Suite(.cleansScratch) struct ProjectionTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// The clean journals: the sample journal in its three encodings, the real Beanconqueror backups when the peer
    /// data is there.
    static var files: [URL] {
        var urls = ["journal.sqlite", "journal.csv", "journal.json"].map(Repo.sample)
        if let peer = Repo.peerData?.appendingPathComponent("beanconqueror") {
            urls += ["Beanconqueror_old.json", "BeanconquerorTestData.json"].map(peer.appendingPathComponent)
        } else {
            print("ProjectionTests: the real Beanconqueror backups are not checked: ../shared/peer-data is absent")
        }
        return urls
    }

    func check(_ url: URL) throws {
        let full = try importChecked(url, ImportOptions(timeZone: Self.berlin))
        for set in Projection.sets {
            let projected = try importChecked(url, ImportOptions(timeZone: Self.berlin, columns: set))
            Projection.expectMatches(projected, full: full, set: set, url.lastPathComponent)
        }
    }

    @Test(arguments: files) func sampleJournalsProjectEveryWay(_ url: URL) throws {
        try check(url)
    }

    @Test func generatedJournalsProjectEveryWay() throws {
        for url in try Projection.generated(in: try scratchFolder("projection")) { try check(url) }
    }

    /// With `validatesAllColumns` every column is read and checked, only the projection is kept: the report is the
    /// full import's (counts, rejects, warnings, tasting notes), the table the projected one — on a messy CSV too,
    /// whose rejects a plain projection would not all make.
    @Test(arguments: files + [Repo.sample("messy.csv")])
    func validatingAllKeepsTheFullReport(_ url: URL) throws {
        let full = try importChecked(url, ImportOptions(timeZone: Self.berlin))
        for set in [BrewColumnSet(), [.masses, .brewTime, .grindSetting, .rating, .tds], .all.subtracting(.tastingNote)] {
            let result = try importChecked(url, ImportOptions(timeZone: Self.berlin, columns: set, validatesAllColumns: true))
            #expect(result.report == full.report, "\(url.lastPathComponent) \(set)")
            let t = result.journal.brews, f = full.journal.brews
            try #require(t.count == f.count)
            for info in f.schema {
                let got = Projection.slots(t, info.name)
                if Projection.reads(set, info.name) { #expect(got == Projection.slots(f, info.name), "\(info.name)") }
                else { #expect(got.allSatisfy { $0 == nil }, "\(info.name)") }
            }
        }
    }

    /// The store selects only the columns read (a store that lacks the others imports alike) and skips
    /// `ZTASTINGNOTE` without the tasting note: no note joined, counted or warned about.
    @Test func storeReadsOnlyTheColumnsAsked() throws {
        let url = try scratchFolder("projection").appendingPathComponent("thin.sqlite")
        try executeSQL("""
                CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
                INSERT INTO Z_PRIMARYKEY VALUES (1, 'BrewLog', 0, 3), (2, 'TastingNote', 0, 2);
                CREATE TABLE ZBREWLOG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZID VARCHAR,
                    ZBREWDATE TIMESTAMP, ZRATING FLOAT);
                INSERT INTO ZBREWLOG VALUES (1, 1, 1, 'a', 800000000, 4), (2, 1, 1, 'b', 800003600, 3.5),
                    (3, 1, 1, 'a', 800007200, 5);
                CREATE TABLE ZTASTINGNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBREW INTEGER,
                    ZACIDITY INTEGER);
                INSERT INTO ZTASTINGNOTE VALUES (1, 2, 1, 2, 3), (2, 2, 1, 99, 4);
                """, on: url)
        for set: BrewColumnSet in [[], .rating, .tastingNote, .all] {
            let result = try importChecked(url, ImportOptions(timeZone: Self.berlin, columns: set))
            let t = result.journal.brews, r = result.report
            // The id repeats: the second "a" is rejected whatever the projection.
            #expect(r.brews == .init(read: 3, kept: 2, rejected: 1), "\(set)")
            #expect(r.rejects.first?.column == "ZID")
            #expect(t.id[0] == "a" && t.id[1] == "b")
            #expect(t.rating[0] == (set.contains(.rating) ? 4 : nil))
            let notes = set.contains(.tastingNote)
            #expect(t.acidity[1] == (notes ? 3 : nil) && r.tastingNotes == (notes ? 1 : 0))
            #expect((r.warning(.danglingReference, column: "ZTASTINGNOTE.ZBREW") != nil) == notes, "\(set)")
        }
    }

    /// A repeated id is rejected under any projection, in every format (ids are always read).
    @Test func duplicateIDsAreFoundWhateverIsRead() throws {
        let csv = "brew_id,brewed_at,rating,notes\nx,2026-11-16T07:00:00Z,4,a\ny,2026-11-16T08:00:00Z,3,b\nx,2026-11-16T09:00:00Z,5,c\n"
        let url = try scratchFile("dup.csv", csv)
        for set: BrewColumnSet in [[], .freeText, .all] {
            let result = try importChecked(url, ImportOptions(timeZone: utc, columns: set))
            #expect(result.report.brews == .init(read: 3, kept: 2, rejected: 1))
            #expect(result.report.rejects.first?.where == "line 4" && result.report.rejects.first?.column == "brew_id")
            #expect(result.journal.brews.notes[1] == (set.contains(.freeText) ? "b" : nil))
        }
    }

    @Test func defaultsReadEverything() {
        let o = ImportOptions()
        #expect(o.columns == .all && !o.validatesAllColumns)
    }
}
