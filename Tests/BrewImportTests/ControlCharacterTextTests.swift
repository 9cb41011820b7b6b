import BrewColumns
import BrewImport
import Foundation
import GRDB
import Testing
import TestSupport

/// NUL and the other control characters in free text — notes, flavour tags, a grind setting's text, entity notes,
/// ids — are replaced by U+FFFD at import in every importer (CSV, a mapped CSV, the app's JSON export, the store,
/// a Beanconqueror backup, BrewSpec), line breaks kept, and the report says so in one line.
@Suite(.cleansScratch) struct ControlCharacterTextTests {
    /// The note every format carries: a NUL, a bell, an escape code and a CR LF line break.
    static let note = "sour\u{0}ish\u{7} \u{1B}[31mred\r\nnext line"
    /// The note as the journal must hold it (written out by hand: each replaced scalar is one U+FFFD).
    static let cleanNote = "sour\u{FFFD}ish\u{FFFD} \u{FFFD}[31mred\r\nnext line"

    /// The one report line about control characters: its count, and the kinds it lists.
    func expectOneLine(_ report: ImportReport, count: Int, kinds: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = report.warnings.filter { $0.message.contains("held control characters") }
        #expect(lines.count == 1, "\(report.warnings)", sourceLocation: sourceLocation)
        #expect(lines.first?.count == count, "\(lines)", sourceLocation: sourceLocation)
        #expect(lines.first?.message.hasPrefix("\(count) text value\(count == 1 ? "" : "s") held control characters") == true,
                "\(lines)", sourceLocation: sourceLocation)
        for kind in kinds {
            #expect(lines.first?.message.contains(kind) == true, "\(kind): \(lines)", sourceLocation: sourceLocation)
        }
    }

    func csvField(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// A CSV whose note holds a NUL after the first 64 KiB (the binary sniff reads only those) and control codes,
    /// and whose flavour tags hold a unit separator.
    @Test func csvNotesAndTags() throws {
        var text = "brew_id,brewed_at,method,bean,dose_g,flavor_tags,notes\n"
        var row = 0
        while text.utf8.count < 70_000 {
            text += "r\(row),2026-11-16T07:00:00Z,V60,Kochere,15,,plain note \(row)\n"
            row += 1
        }
        text += "last,2026-11-16T08:00:00Z,V60,Kochere,15,\(csvField("cherry\u{1F}plum")),\(csvField(Self.note))\n"
        let result = try importChecked(try scratchFile("nul-late.csv", text))
        let t = result.journal.brews
        #expect(t.count == row + 1)
        #expect(t.notes[row] == Self.cleanNote)
        #expect(t.flavorTags[row] == "cherry\u{FFFD}plum")
        #expect(t.notes[0] == "plain note 0")
        expectOneLine(result.report, count: 2, kinds: ["1 notes", "1 flavour tags"])
    }

    /// The same through a column mapping (a foreign CSV's headers).
    @Test func mappedCSVNotes() throws {
        // Past the 64 KiB the binary sniff reads (a NUL there is refused as binary content).
        var csv = "When,Brewer,Coffee,Dose,Remarks\n"
        while csv.utf8.count < 70_000 { csv += "2026-11-16T06:00:00Z,V60,Kochere,15,plain\n" }
        let rows = csv.split(separator: "\n").count - 1
        csv += "2026-11-16T07:00:00Z,V60,Kochere,15,\(csvField(Self.note))\n"
        let url = try scratchFile("foreign.csv", csv)
        let map = try scratchFile("map.toml", "[columns]\nWhen = \"brewed_at\"\nBrewer = \"method\"\nCoffee = \"bean\"\nDose = \"dose_g\"\nRemarks = \"notes\"\n")
        var options = ImportOptions()
        options.columnMapping = try ColumnMapping.load(from: map)
        let result = try importChecked(url, options)
        #expect(result.journal.brews.notes[rows] == Self.cleanNote)
        expectOneLine(result.report, count: 1, kinds: ["1 notes"])
    }

    /// The app's JSON export: `\u0000` in a brew's notes and pressure profile, a text grind setting, a tasting
    /// note's flavour tags, and a method's and a bean's notes and ids.
    @Test func jsonExportFreeText() throws {
        let json = #"{"format": "coffee-journal", "version": 1, "#
            + #""methods": [{"id": "m\u0000", "name": "V60", "category": "pour_over", "notes": "method\u0001note"}], "#
            + #""beans": [{"id": "b", "name": "Kochere", "notes": "bean\u0000note"}], "#
            + #""brews": [{"id": "x", "brewDate": "2026-11-16T07:00:00Z", "methodId": "m\u0000", "beanId": "b", "#
            + #""grindSetting": "fine\u0000ish", "pressureProfile": "9\u0000bar", "notes": "sour\u0000ish\u0007 \u001b[31mred\r\nnext line"}], "#
            + #""tastingNotes": [{"id": "t", "brewId": "x", "flavorTags": "cherry\u0000, plum"}]}"#
        let result = try importChecked(try scratchFile("nul.json", json))
        let j = result.journal, t = j.brews
        #expect(t.notes[0] == Self.cleanNote)
        #expect(t.grindText[0] == "fine\u{FFFD}ish")
        #expect(t.pressureProfile[0] == "9\u{FFFD}bar")
        #expect(t.flavorTags[0] == "cherry\u{FFFD}, plum")
        #expect(t.method[0] == "V60", "the brew still finds its method by the id as written")
        #expect(j.methods.first?.id == "m\u{FFFD}" && j.methods.first?.notes == "method\u{FFFD}note")
        #expect(j.beans.first?.notes == "bean\u{FFFD}note")
        expectOneLine(result.report, count: 7, kinds: ["1 notes", "1 flavour tags", "1 grind setting", "1 pressure profile",
                                                       "1 method id", "1 method notes", "1 bean notes"])
    }

    /// The app's store: `ZNOTES` holding a NUL (`char(0)`) and an escape code.
    @Test func storeNotes() throws {
        let url = try StoreHostileTests().store(brews: [
            (1, "800000000", "'sour' || char(0) || 'ish' || char(7) || ' ' || char(27) || '[31mred' || char(13, 10) || 'next line'", "NULL"),
            (2, "800003600", "'plain'", "NULL"),
        ])
        let result = try importChecked(url)
        #expect(result.journal.brews.notes[0] == Self.cleanNote)
        #expect(result.journal.brews.notes[1] == "plain")
        expectOneLine(result.report, count: 1, kinds: ["1 notes"])
    }

    /// A Beanconqueror backup: a brew's note and a bean's note.
    @Test func beanconquerorNotes() throws {
        let data = try BeanconquerorHostileTests().backup(
            [BeanconquerorHostileTests().brew("a", ["note": Self.note, "grind_size": "fine\u{0}ish"])],
            extra: ["BEANS": [["name": "Kochere", "note": "bean\u{0}note", "config": ["uuid": "k1", "unix_timestamp": 1_700_000_000]]]])
        let result = try importChecked(try scratchFile("Beanconqueror.json", data))
        #expect(result.journal.brews.notes[0] == Self.cleanNote)
        #expect(result.journal.brews.grindText[0] == "fine\u{FFFD}ish")
        #expect(result.journal.beans.first?.notes == "bean\u{FFFD}note")
        expectOneLine(result.report, count: 3, kinds: ["1 notes", "1 grind setting", "1 bean notes"])
    }

    /// A BrewSpec document: process and tasting notes (joined into the brew's notes) and the coffee's cupping notes.
    @Test func brewSpecNotes() throws {
        let document: [String: Any] = ["brewspec_version": "1.0", "brews": [[
            "date": "2026-11-16T07:00:00Z", "type": "pour_over", "method": "V60", "dose_g": 15,
            "process_notes": "bloom\u{0}40s", "coffee": ["name": "Kochere", "roaster": "R", "cupping_notes": "jasmine\u{1B}tea"],
            "result": ["tasting_notes": "sour\u{7}ish"],
        ]]]
        let url = try scratchFile("nul.brewspec.json", try JSONSerialization.data(withJSONObject: document))
        let result = try importChecked(url)
        #expect(result.report.brews.kept == 1, "\(result.report.rejects)")
        #expect(result.journal.brews.notes[0] == "bloom\u{FFFD}40s\nsour\u{FFFD}ish")
        #expect(result.journal.beans.first?.notes == "jasmine\u{FFFD}tea")
        expectOneLine(result.report, count: 2, kinds: ["1 notes", "1 bean notes"])
    }

    /// Rejects quote the input: a rejected CSV record holding control codes is kept in the report cleaned (its line
    /// break kept), so the rejects file and `inspect --json` never carry them.
    @Test func rejectedRecordsAreCleaned() throws {
        let csv = "brew_id,brewed_at,method,dose_g,notes\na,2026-11-16T07:00:00Z,V60,15,ok\nb,not a date\u{1B}[2J,V60,15,\"x\u{7}\r\ny\"\n"
        let result = try importChecked(try scratchFile("reject.csv", csv))
        let reject = try #require(result.report.rejects.first)
        let texts = [reject.file, reject.where, reject.column ?? "", reject.reason, reject.record ?? ""]
        for text in texts {
            #expect(!text.unicodeScalars.contains { ControlCharacters.isReplaced($0.value, in: .freeText) }, "\(text)")
        }
        #expect(reject.record?.contains("\r\n") == true, "\(reject.record ?? "")")
    }
}
