import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import Foundation
import Testing
import TestSupport

/// `export --to csv` guards formula cells by default (a leading `'` on a text cell starting with `=`, `+`, `-`, `@`,
/// tab or CR), never a number; brewstats' CSV reader removes the guard, so export → import gives the text back
/// exactly; `--raw-cells` writes the cells as they are.
@Suite struct CSVFormulaGuardExportTests {
    /// Notes, each paired with the cell the guarded export must hold (written out by hand).
    static let notes: [(text: String, cell: String)] = [
        ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-5", "'-5"),
        ("@SUM(1)", "'@SUM(1)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("'=already quoted", "''=already quoted"),
        ("''+two quotes", "'''+two quotes"),
        ("'plain quote'", "'plain quote'"),
        ("'5", "'5"),
        ("a = b", "a = b"),
        ("", ""),
    ]

    /// A journal of one brew per note; the bean is `=Bean` by `@Roaster`, the grind setting text `-fine`, the
    /// pressure profile `+9 bar`, the water temperature −5 (a number, never guarded).
    static func journal() -> ShotJournal {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(id: "m", name: "V60", category: .pourOver))
        let bean = b.addBean(CoffeeBean(id: "b", name: "=Bean", roaster: "@Roaster"))
        for (i, note) in notes.enumerated() {
            var row = BrewRow()
            row.id = i == 0 ? "=id" : "brew-\(i)"
            row.brewDate = Timestamp(microseconds: 1_763_276_400_000_000 + Int64(i) * 3_600_000_000)
            row.method = m; row.bean = bean
            row.doseGrams = 15; row.waterTemperature = -5
            row.grindText = "-fine"; row.pressureProfile = "+9 bar"
            row.notes = note.text.isEmpty ? nil : note.text
            b.appendBrew(row)
        }
        let j = b.finish()
        let n = notes.count
        return ShotJournal(result: ImportResult(journal: j, report: ImportReport(file: "x", format: .csv, brews: .init(read: n, kept: n, rejected: 0),
                                                                                  methods: 1, grinders: 0, beans: 1, tastingNotes: 0)),
                           shots: nil)
    }

    func export(guarded: Bool) throws -> (URL, [[String: String]]) {
        let folder = try Repo.scratch("csv-guard")
        let url = folder.appendingPathComponent("j.csv")
        _ = try JournalExporter(format: .csv, guardsFormulas: guarded).export(Self.journal(), to: url)
        return (url, TestCSV.rows(try String(contentsOf: url, encoding: .utf8)))
    }

    @Test func textCellsAreGuardedNumbersAreNot() throws {
        let (url, rows) = try export(guarded: true)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(rows.count == Self.notes.count)
        for (row, note) in zip(rows, Self.notes) {
            #expect(row["notes"] == note.cell, "\(note.text.debugDescription)")
            #expect(row["bean"] == "'=Bean" && row["roaster"] == "'@Roaster")
            #expect(row["grind_setting"] == "'-fine" && row["pressure_profile"] == "'+9 bar")
            #expect(row["water_temp_c"] == "-5")
        }
        #expect(rows[0]["brew_id"] == "'=id")
    }

    @Test func aGuardedExportReadsBackExactly() throws {
        let (url, _) = try export(guarded: true)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let back = try importJournal(at: url, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        let t = back.journal.brews
        #expect(t.count == Self.notes.count)
        for (i, note) in Self.notes.enumerated() {
            #expect(t.notes[i] == (note.text.isEmpty ? nil : note.text), "\(note.text.debugDescription)")
            #expect(t.grindText[i] == "-fine" && t.pressureProfile[i] == "+9 bar" && t.waterTemperature[i] == -5)
            #expect(t.bean[i] == "=Bean" && t.roaster[i] == "@Roaster")
        }
        #expect(t.id[0] == "=id")
    }

    @Test func rawCellsAreWrittenAsTheyAre() throws {
        let (url, rows) = try export(guarded: false)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        for (row, note) in zip(rows, Self.notes) {
            #expect(row["notes"] == note.text, "\(note.text.debugDescription)")
            #expect(row["bean"] == "=Bean" && row["grind_setting"] == "-fine")
        }
    }

    /// The guard and its inverse, on their own: `restored(neutralised(t)) == t` for every text, and a cell
    /// brewstats never writes (`'x`) reads as it is.
    @Test func theGuardIsAnEscape() {
        for t in Self.notes.map(\.text) + ["'", "''", "'=", "=", "x'=", "'\u{FFFD}"] {
            #expect(CSVFormulaGuard.restored(CSVFormulaGuard.neutralised(t)) == t, "\(t.debugDescription)")
        }
        #expect(CSVFormulaGuard.restored("'x") == "'x")
        #expect(CSVFormulaGuard.neutralised("-5") == "'-5")
    }
}
