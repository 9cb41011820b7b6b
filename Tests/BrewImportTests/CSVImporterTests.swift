import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

@Suite(.cleansScratch) struct CSVImporterTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// `Tests/Fixtures/import/edge.csv`: BOM, CRLF, spaced header names with unit suffixes, units in cells,
    /// a decimal comma, `m:ss`, a quoted comma and doubled quotes, a quoted CRLF, a local time, a date alone,
    /// text in the grind column and an unknown column.
    @Test func edgeCasesOfTheExport() throws {
        let result = try importChecked(Repo.fixture("import/edge.csv"), ImportOptions(timeZone: berlin))
        let t = result.journal.brews, r = result.report
        #expect(r.format == .csv)
        #expect(r.brews == .init(read: 3, kept: 3, rejected: 0))
        #expect(r.methods == 3 && r.grinders == 2 && r.beans == 2)
        #expect(t.id[0] == "b1" && t.id[1] == "b2" && t.id[2] == "b3")
        // 07:42 at +01:00 is 06:42Z; 2026-11-16T06:42:00Z = 1_794_811_320 (date -u -d … +%s) s since the epoch.
        let base: Int64 = 1_794_811_320, us: Int64 = 1_000_000
        #expect(t.brewDate[0] == base * us)
        // 08:10 in Berlin (CET, +01:00) is 07:10Z.
        #expect(t.brewDate[1] == (base + 28 * 60) * us)
        // A date alone is local midnight: 2026-11-17T00:00 CET = 2026-11-16T23:00Z.
        #expect(t.brewDate[2] == (base + 16 * 3600 + 18 * 60) * us)
        #expect(t.doseGrams[0] == 15 && t.waterGrams[0] == 250 && t.yieldGrams[0] == nil)
        #expect(t.brewTimeSeconds[0] == 165 && t.waterTemperature[0] == 93 && t.tds[0] == 1.38 && t.rating[0] == 4)
        #expect(t.notes[0] == "Bright, juicy \"tea-like\" cup")
        #expect(t.doseGrams[1] == 18.5 && t.yieldGrams[1] == 37 && t.brewTimeSeconds[1] == 28 && t.waterTemperature[1] == 93)
        #expect(t.notes[1] == "two\r\nline note")
        #expect(t.grindSetting[1] == 14.5 && t.grindText[1] == nil)
        #expect(t.grindSetting[2] == nil && t.grindText[2] == "fine-ish")
        #expect(t.category(at: 0) == .pourOver && t.category(at: 1) == .espresso)
        #expect(t.category(at: 2) == .immersion, "no category given: inferred from the name AeroPress")
        #expect(t.bean[0] == "Kochere" && t.roaster[0] == "Square Mile" && t.roastDate[0] == Day(year: 2026, month: 11, day: 2)!.index)
        #expect(t.bean[2] == "Santa Lucia" && t.roastDate[2] == nil)
        #expect(r.warning(.unknownColumn, column: "Mood") != nil)
    }

    /// Rejects name the physical line where the record starts, counting newlines inside quotes.
    @Test func rejectRulesAndLineNumbers() throws {
        let csv = """
            brew_id,brewed_at,dose_g,notes
            a,2026-11-16T07:00:00Z,15,"multi
            line
            note"
            b,2026-11-16T08:00:00Z,abc,
            c,not a date,15,
            d,2026-11-16T09:00:00Z,-3,
            e,2026-11-16T09:30:00Z,20000,
            a,2026-11-16T10:00:00Z,15,
            f,,15,
            g,2026-11-16T11:00:00Z,150,

            """
        let result = try importChecked(try scratchFile("rules.csv", csv), ImportOptions(timeZone: utc))
        let r = result.report
        // A dose that is no number is a missing cell (the brew kept, the cell listed); a negative or huge one
        // rejects its brew.
        #expect(r.brews == .init(read: 8, kept: 3, rejected: 5))
        #expect(r.rejects.map(\.where) == ["line 6", "line 7", "line 8", "line 9", "line 10"])
        #expect(r.rejects.map { $0.column ?? "" } == ["brewed_at", "dose_g", "dose_g", "brew_id", "brewed_at"])
        #expect(r.rejects[0].record == "c,not a date,15,")
        let cell = try #require(r.warning(.unreadableValue, column: "dose_g"))
        #expect(cell.where == "line 5" && cell.message == "'abc' is not a number; the brew is kept with dose_g missing")
        #expect(result.journal.brews.id[1] == "b" && result.journal.brews.doseGrams[1] == nil)
        #expect(result.journal.brews.notes[0] == "multi\nline\nnote")
        let dose = try #require(r.warning(.outOfRange, column: "dose_g"))
        #expect(dose.count == 1 && dose.where == "line 11")
    }

    @Test func unterminatedQuoteAtEndOfFileRejectsTheRecord() throws {
        let result = try importChecked(Repo.fixture("import/unterminated.csv"))
        #expect(result.report.brews == .init(read: 1, kept: 0, rejected: 1))
        #expect(result.report.rejects[0].where == "line 2")
        #expect(result.report.rejects[0].reason.contains("unterminated"))
    }

    @Test func headerOnlyIsAnEmptyJournal() throws {
        let result = try importChecked(Repo.fixture("import/header-only.csv"))
        #expect(result.report.brews == .init(read: 0, kept: 0, rejected: 0))
        #expect(result.journal.brews.count == 0)
    }

    @Test func emptyFileIsNotAJournal() {
        let error = importError(Repo.fixture("import/empty.csv"))
        #expect(error?.kind == .notAJournal)
        #expect(error?.description.contains("empty") == true)
    }

    @Test func headerWithoutADateColumnIsNotAJournal() throws {
        // No header field is a journal column at all: not a journal, said in one line without a parser's detail.
        let error = importError(Repo.fixture("import/no-date-column.csv"))
        #expect(error?.kind == .notAJournal)
        #expect(error?.description.hasSuffix("not a journal (no store, export, backup or shot data recognised)") == true)
        // Journal columns without the brew date: the header is named, at line 1.
        let url = try Repo.scratch("no-date").appendingPathComponent("j.csv")
        try Data("bean,dose_g\nGatare,15\n".utf8).write(to: url)
        let missing = importError(url)
        #expect(missing?.kind == .notAJournal)
        #expect(missing?.location == "line 1")
        #expect(missing?.description.contains("no brew date column (brewed_at)") == true)
    }

    /// Bytes that are not UTF-8 are replaced by U+FFFD, the row is kept, and a warning counts them.
    @Test func invalidUTF8IsReplacedAndWarned() throws {
        let result = try importChecked(Repo.fixture("import/latin1.csv"))
        #expect(result.report.brews == .init(read: 2, kept: 2, rejected: 0))
        #expect(result.journal.brews.method[0] == "V\u{FFFD}lo")
        #expect(result.journal.brews.notes[0] == "caf\u{FFFD} cr\u{FFFD}me")
        let invalid = result.report.warnings.filter { $0.kind == .invalidUTF8 }
        #expect(Set(invalid.map(\.column)) == ["method", "notes"] && invalid.allSatisfy { $0.count == 1 })
    }

    @Test func tenMegabyteFieldIsKept() throws {
        let big = String(repeating: "x", count: 10 << 20)
        let csv = "brewed_at,notes,dose_g\n2026-11-16T07:00:00Z,\"\(big)\",15\n2026-11-16T08:00:00Z,short,16\n"
        let result = try importChecked(try scratchFile("big.csv", csv))
        #expect(result.report.brews == .init(read: 2, kept: 2, rejected: 0))
        #expect(result.journal.brews.notes[0]?.utf8.count == 10 << 20)
        #expect(result.journal.brews.doseGrams[1] == 16)
    }

    @Test func reorderedMissingAndAliasedColumns() throws {
        let csv = "Notes;Temp [°C];Date;Coffee;Dose\nnice;94;2026-11-16T07:00:00Z;Kochere;15,5\n"
        let result = try importChecked(try scratchFile("semi.csv", csv))
        let t = result.journal.brews
        #expect(result.report.brews.kept == 1)
        #expect(t.doseGrams[0] == 15.5 && t.waterTemperature[0] == 94 && t.bean[0] == "Kochere" && t.notes[0] == "nice")
        #expect(t.method[0] == nil && t.category(at: 0) == .other)
    }

    @Test func columnMappingReadsAForeignCSV() throws {
        let mapping = try ColumnMapping(toml: """
            [columns]
            "When" = "brewed_at"
            "Coffee in (grams)" = "dose_g"
            cup = "water_g"
            [values]
            date_format = "dd.MM.yyyy HH:mm"
            decimal_comma = true
            delimiter = ";"
            time_zone = "Europe/Berlin"
            """)
        let csv = "When;Coffee in (grams);cup;Stars\n16.11.2026 07:42;15,5;1.250,0;4\n"
        let result = try importChecked(try scratchFile("foreign.csv", csv), ImportOptions(timeZone: utc, columnMapping: mapping))
        let t = result.journal.brews
        #expect(result.report.brews.kept == 1)
        #expect(t.brewDate[0] == Int64(1_794_811_320) * 1_000_000)  // 07:42 CET = 06:42Z
        #expect(t.doseGrams[0] == 15.5 && t.waterGrams[0] == 1250 && t.rating[0] == 4)
    }

    @Test func invalidMappingsAreRefused() {
        #expect(throws: ImportError.self) { try ColumnMapping(toml: "[columns]\nx = \"no_such_column\"") }
        #expect(throws: ImportError.self) { try ColumnMapping(toml: "[values]\ndate_format = \"banana\"") }
        #expect(throws: ImportError.self) { try ColumnMapping(toml: "[columns\nbroken") }
        do {
            _ = try ColumnMapping(toml: "[columns]\nx = \"no_such_column\"", file: "m.toml")
        } catch {
            #expect(error.kind == .invalidMapping && error.location == "columns.x")
        }
    }
}
