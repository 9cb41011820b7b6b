import BrewColumns
import BrewExport
import BrewFormatSchemas
import BrewShots
import Foundation
import Testing
import TestSupport
@testable import BrewImport
@testable import BrewSynth

/// One schema per format (BrewFormatSchemas' `JSONExportSchema`): a member added to the app's JSON export is read,
/// written and generated with no other edit. The test's schema adds three members the standard one does not have —
/// a brew's `brewTemperature` (the water temperature), a bean's `varietal` (its variety) and a tasting note's
/// `mouthfeel` (its body) — and takes out the standard members of those three fields, so that the new members are
/// their only carriers. Values are checked against the source's own numbers, read with JSONSerialization, not our
/// reader.
@Suite struct JSONExportSchemaTests {
    static let added: JSONExportSchema = {
        var schema = JSONExportSchema.standard
        schema.brews.removeAll { $0.field == .waterTemperature }
        schema.brews.append(.init("brewTemperature", .waterTemperature))
        schema.beans.removeAll { $0.field == .variety }
        schema.beans.append(.init("varietal", .variety))
        schema.tastingNotes.removeAll { $0.field == .body }
        schema.tastingNotes.append(.init("mouthfeel", .body))
        return schema
    }()

    /// Two brews of one bean (variety Heirloom): the first at 93.5 °C with a tasting note of body 4, the second
    /// without a temperature or a note.
    static let source = """
        {"format": "coffee-journal", "version": 1,
         "methods": [{"id": "m1", "name": "V60", "category": "pour_over"}],
         "grinders": [{"id": "g1", "name": "Ode", "settingMin": 1, "settingMax": 11, "settingStep": 0.5}],
         "beans": [{"id": "b1", "name": "Kochere", "roaster": "Roaster", "variety": "Heirloom"}],
         "brews": [{"id": "x1", "brewDate": "2026-05-01T08:00:00Z", "methodId": "m1", "grinderId": "g1",
                    "beanId": "b1", "doseGrams": 15, "waterGrams": 250, "waterTemperature": 93.5, "rating": 4},
                   {"id": "x2", "brewDate": "2026-05-02T08:00:00Z", "methodId": "m1", "beanId": "b1",
                    "doseGrams": 16}],
         "tastingNotes": [{"id": "n1", "brewId": "x1", "acidity": 3, "body": 4, "flavorTags": "plum"}]}
        """

    static let utc = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)

    static func object(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func records(_ o: [String: Any], _ key: String) -> [[String: Any]] { o[key] as? [[String: Any]] ?? [] }

    /// A JSON number as a `Double` (JSONSerialization hands numbers over as `NSNumber`s).
    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test func addedMemberIsWrittenAndRead() throws {
        let folder = try Repo.scratch("json-export-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("journal.json")
        try Data(Self.source.utf8).write(to: file)
        let journal = try importAnyJournal(at: file, options: Self.utc).result.journal
        var dropped = DroppedFields()

        // Written: the new members hold the values, the old ones are gone.
        let out = folder.appendingPathComponent("added.json")
        try Data(try JournalJSONWriter(schema: Self.added).encode(journal, dropped: &dropped)).write(to: out)
        let o = try Self.object(out)
        let brews = Self.records(o, "brews")
        #expect(brews.count == 2)
        #expect(Self.number(brews.first?["brewTemperature"]) == 93.5)
        #expect(brews.allSatisfy { $0["waterTemperature"] == nil })
        #expect(brews.last?["brewTemperature"] == nil)
        #expect(Self.records(o, "beans").first?["varietal"] as? String == "Heirloom")
        #expect(Self.records(o, "beans").first?["variety"] == nil)
        let notes = Self.records(o, "tastingNotes")
        #expect(notes.count == 1 && Self.number(notes.first?["mouthfeel"]) == 4 && notes.first?["body"] == nil)
        #expect(Self.number(notes.first?["acidity"]) == 3)

        // Read: the added schema finds the three values; the standard one, which lacks the members, finds none.
        let read = try JSONExportImporter.read(out, options: Self.utc, schema: Self.added).journal
        #expect(read.brews.count == 2)
        #expect(read.brews.waterTemperature.isValid(0) && read.brews.waterTemperature.values[0] == 93.5)
        #expect(!read.brews.waterTemperature.isValid(1))
        #expect(read.beans.first?.variety == "Heirloom")
        #expect(read.brews.body.isValid(0) && read.brews.body.values[0] == 4)
        #expect(read.brews.acidity.isValid(0) && read.brews.acidity.values[0] == 3)
        let standard = try JSONExportImporter.read(out, options: Self.utc, schema: .standard).journal
        #expect(standard.brews.count == 2)
        #expect(!standard.brews.waterTemperature.isValid(0))
        #expect(standard.beans.first?.variety == nil)
        #expect(!standard.brews.body.isValid(0))
        #expect(standard.brews.acidity.isValid(0) && standard.brews.acidity.values[0] == 3)
    }

    @Test func addedMemberIsGenerated() throws {
        let folder = try Repo.scratch("json-export-schema-generated")
        defer { try? FileManager.default.removeItem(at: folder) }
        let g = JournalGenerator(GeneratorOptions(brewCount: 300, seed: 5))
        let url = folder.appendingPathComponent("generated.json")
        try JSONExportWriter(schema: Self.added).write(g, to: url)
        let o = try Self.object(url)

        // The generator writes the new members with its own values, and none of the old.
        let brews = Self.records(o, "brews")
        #expect(brews.count == g.brews.count)
        #expect(brews.allSatisfy { $0["waterTemperature"] == nil })
        let temperatures = brews.map { Self.number($0["brewTemperature"]) }
        #expect(temperatures == g.brews.map { $0.waterTemperature })
        #expect(temperatures.compactMap { $0 }.count > 100)
        let beans = Self.records(o, "beans")
        #expect(beans.map { $0["varietal"] as? String } == g.beans.map(\.variety))
        #expect(beans.allSatisfy { $0["variety"] == nil })
        #expect(beans.compactMap { $0["varietal"] }.count > 0)
        let notes = Self.records(o, "tastingNotes")
        let generatedNotes = g.brews.compactMap(\.tastingNote)
        #expect(notes.map { Self.number($0["mouthfeel"]) } == generatedNotes.map { $0.body.map(Double.init) })
        #expect(notes.allSatisfy { $0["body"] == nil })

        // Read back by the same schema: the generator's values; by the standard one: none.
        let read = try JSONExportImporter.read(url, options: Self.utc, schema: Self.added).journal
        #expect(read.brews.count == g.brews.count)
        let byID = Dictionary(uniqueKeysWithValues: (0..<read.brews.count).map { (read.brews.id[$0]!, $0) })
        for brew in g.brews {
            let i = try #require(byID[brew.id.string])
            let value = read.brews.waterTemperature.isValid(i) ? read.brews.waterTemperature.values[i] : nil
            #expect(value == brew.waterTemperature, "\(brew.id.string)")
            let body = read.brews.body.isValid(i) ? read.brews.body.values[i] : nil
            #expect(body == brew.tastingNote?.body.map(Double.init), "\(brew.id.string)")
        }
        #expect(read.beans.map(\.variety) == g.beans.map(\.variety))
        let standard = try JSONExportImporter.read(url, options: Self.utc, schema: .standard).journal
        #expect((0..<standard.brews.count).allSatisfy { !standard.brews.waterTemperature.isValid($0) })
        #expect(standard.beans.allSatisfy { $0.variety == nil })
    }

    /// The standard schema names each field of each record once, with no key used twice in a record.
    @Test func standardSchemaCoversEveryFieldOnce() {
        let s = JSONExportSchema.standard
        func once<F: CaseIterable & Equatable>(_ members: [JSONExportSchema.Member<F>], _ all: F.AllCases) {
            #expect(Set(members.map(\.key)).count == members.count)
            #expect(members.count == all.count)
            for field in all { #expect(members.filter { $0.field == field }.count == 1, "\(field)") }
        }
        once(s.methods, JSONExportSchema.MethodField.allCases)
        once(s.grinders, JSONExportSchema.GrinderField.allCases)
        once(s.beans, JSONExportSchema.BeanField.allCases)
        once(s.brews, JSONExportSchema.BrewField.allCases)
        once(s.tastingNotes, JSONExportSchema.NoteField.allCases)
        // docs/formats.md, the app's JSON export: the keys of the model.
        #expect(s.brews.map(\.key).prefix(5) == ["id", "brewDate", "methodId", "grinderId", "beanId"])
        #expect(s.tastingNotes.map(\.key).prefix(2) == ["id", "brewId"])
    }
}
