import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// Control characters in names are replaced at import, and the report says so.
@Suite(.cleansScratch) struct ControlCharacterNameTests {
    @Test func namesLoseTheirControlCharacters() throws {
        let csv = "brew_id,brewed_at,method,grinder,bean,roaster\n"
            + "a\u{1}b,2026-11-16T07:00:00Z,V\u{2}60,Ni\u{7}che,\"Be\u{1B}an\tx\",\"Ro\u{3}ast\"\n"
            + "c,2026-11-16T08:00:00Z,V60,Niche,\"Multi\nLine\",R\n"
        let result = try importChecked(try scratchFile("ctl.csv", csv))
        let journal = result.journal
        #expect(journal.methods.compactMap(\.name).sorted() == ["V60", "V\u{FFFD}60"])
        #expect(journal.grinders.compactMap(\.name).sorted() == ["Niche", "Ni\u{FFFD}che"])
        #expect(journal.beans.compactMap(\.name).sorted() == ["Be\u{FFFD}an\tx", "Multi\nLine"])
        #expect(journal.beans.compactMap(\.roaster).sorted() == ["R", "Ro\u{FFFD}ast"])
        #expect(journal.brews.id[0] == "a\u{FFFD}b")
        let notes = result.report.warnings.filter { $0.kind == .note && $0.message.contains("U+FFFD") }
        #expect(notes.count == 1 && notes.first?.count == 5, "\(notes)")
        #expect(notes.first?.message.hasPrefix("5 text values held control characters") == true)
        #expect(notes.first?.message.hasSuffix("(1 bean name, 1 bean roaster, 1 brew id, 1 grinder name, 1 method name)") == true,
                "\(notes)")
    }

    /// A NUL (which a CSV cannot carry: it reads as binary) written as `\u0000` in the app's JSON export.
    @Test func aNULInAJSONNameIsReplaced() throws {
        let json = #"{"format": "coffee-journal", "version": 1, "methods": [{"id": "m", "name": "V\u000060", "category": "pour_over"}], "#
            + #""grinders": [{"id": "g", "name": "Ni\u0000che"}], "beans": [{"id": "b", "name": "Be\u0000an"}], "#
            + #""brews": [{"id": "x", "brewDate": "2026-11-16T07:00:00Z", "methodId": "m", "grinderId": "g", "beanId": "b"}]}"#
        let result = try importChecked(try scratchFile("nul.json", json))
        #expect(result.journal.methods.first?.name == "V\u{FFFD}60")
        #expect(result.journal.grinders.first?.name == "Ni\u{FFFD}che")
        #expect(result.journal.beans.first?.name == "Be\u{FFFD}an")
        #expect(!result.journal.brews.bean.dictionary.joined().unicodeScalars.contains { $0.value == 0 })
    }
}
