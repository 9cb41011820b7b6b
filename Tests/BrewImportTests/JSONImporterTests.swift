import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

@Suite(.cleansScratch) struct JSONImporterTests {
    @Test func wrongTypesRejectTheBrewWithItsPath() throws {
        let json = """
            {"format": "coffee-journal", "version": 1,
             "methods": [{"id": "m1", "name": "V60", "category": "pour_over", "brewCount": 1}],
             "beans": [{"id": "k1", "name": "Kochere", "roaster": "Square Mile", "roastDate": "2026-11-02"}],
             "brews": [
               {"id": "b1", "brewDate": "2026-11-16T07:42:00+01:00", "methodId": "m1", "beanId": "k1", "doseGrams": 15,
                "waterGrams": 250, "grindSetting": "coarse", "rating": 4},
               {"id": "b2", "brewDate": "2026-11-16T08:00:00Z", "doseGrams": "eighteen"},
               {"id": "b3", "brewDate": 1234},
               "not a brew",
               {"id": "b4", "brewDate": "2026-11-16T09:00:00Z", "methodId": "nope", "rating": true},
               {"id": "b5", "brewDate": "2026-11-16T10:00:00Z", "methodId": "nope", "tds": 30},
               {"id": "b1", "brewDate": "2026-11-16T11:00:00Z"}
             ],
             "tastingNotes": [{"id": "t1", "brewId": "b1", "acidity": 4, "body": 3, "sweetness": 5, "flavorTags": "peach"},
                              {"id": "t2", "brewId": "b404", "acidity": 1}]}
            """
        let result = try importChecked(try scratchFile("j.json", json))
        let r = result.report, t = result.journal.brews
        #expect(r.format == .json)
        #expect(r.brews == .init(read: 7, kept: 2, rejected: 5))
        #expect(r.rejects.map(\.where) == ["brews[1]", "brews[2]", "brews[3]", "brews[4]", "brews[6]"])
        #expect(r.rejects.map { $0.column ?? "-" } == ["doseGrams", "brewDate", "-", "rating", "id"])
        #expect(r.rejects[0].record?.contains("eighteen") == true)
        #expect(t.id[0] == "b1" && t.grindText[0] == "coarse" && t.method[0] == "V60" && t.bean[0] == "Kochere")
        #expect(t.acidity[0] == 4 && t.sweetness[0] == 5 && t.flavorTags[0] == "peach" && r.tastingNotes == 1)
        #expect(t.method[1] == nil && t.tds[1] == 30)
        #expect(r.warning(.danglingReference, column: "methodId")?.where == "brews[5]")
        #expect(r.warning(.danglingReference, column: "tastingNotes.brewId") != nil)
        #expect(r.warning(.outOfRange, column: "tds") != nil)
        #expect(t.roastDate[0] == Day(year: 2026, month: 11, day: 2)!.index)
    }

    @Test func truncatedJSONIsCorrupt() {
        let error = importError(Repo.fixture("import/truncated.json"))
        #expect(error?.kind == .corrupt)
    }

    @Test func otherJSONIsNotAJournal() throws {
        #expect(importError(try scratchFile("a.json", "[1, 2, 3]"))?.kind == .notAJournal)
        #expect(importError(try scratchFile("b.json", "{\"format\": \"recipes\"}"))?.kind == .notAJournal)
        #expect(importError(try scratchFile("c.json", "{\"format\": \"coffee-journal\", \"brews\": 7}"))?.kind == .notAJournal)
    }

    @Test func emptyBrewsArray() throws {
        let result = try importChecked(try scratchFile("e.json", "{\"format\": \"coffee-journal\", \"brews\": []}"))
        #expect(result.report.brews == .init(read: 0, kept: 0, rejected: 0))
    }
}
