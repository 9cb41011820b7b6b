import BrewColumns
import BrewExport
import BrewFormatSchemas
import BrewImport
import Foundation
import Testing
import TestSupport
@testable import BrewShots
@testable import BrewSynth

/// One schema per format (BrewFormatSchemas' `DecentShotSchema`): a field added to the Decent schema is read,
/// written and generated with no other edit. The test's schema adds two fields the standard one does not have —
/// `meta.water_temperature` (the water temperature) and the series `scale.weight_flow` / `espresso_scale_weight_flow`
/// (the weight flow) — and takes out the standard places of those two values, so that the new fields are their only
/// carriers. Values are checked against the source's own numbers, read with JSONSerialization, not our reader.
@Suite struct DecentShotSchemaTests {
    static let added: DecentShotSchema = {
        var schema = DecentShotSchema.standard
        schema.settings.removeAll { $0.field == .waterTemperature }
        schema.fields.append(DecentShotSchema.Place(["meta", "water_temperature"], .waterTemperature))
        schema.series.removeAll { $0.channel == .weightFlow }
        schema.series.append(DecentShotSchema.Series(group: "scale", key: "weight_flow",
                                                     tcl: "espresso_scale_weight_flow", channel: .weightFlow))
        return schema
    }()

    /// 31 samples a second apart: 9 bar, 2 ml/s, weight flow 0.05 × t g/s; 93 °C water in the app's settings.
    static let source: String = {
        let t = (0...30).map(Double.init)
        func list(_ f: (Double) -> Double) -> String { "[" + t.map { "\"\(f($0))\"" }.joined(separator: ",") + "]" }
        return """
            {"timestamp": "1700000000", "elapsed": \(list { $0 }), "pressure": {"pressure": \(list { _ in 9 })},
             "flow": {"flow": \(list { _ in 2 }), "by_weight": \(list { 0.05 * $0 })},
             "totals": {"weight": \(list { max(0, 1.5 * ($0 - 6)) })}, "profile": {"title": "Classic"},
             "meta": {"in": "18"}, "app": {"data": {"settings": {"espresso_temperature": "93"}}}}
            """
    }()

    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    static func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).compactMap { Double("\($0)") } }

    @Test func addedFieldIsWrittenAndRead() throws {
        let folder = try Repo.scratch("decent-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shot.json")
        try Data(Self.source.utf8).write(to: file)
        let journal = try importAnyJournal(at: file, options: ImportOptions(timeZone: TimeZone(identifier: "UTC")!))
        let shots = try #require(journal.shots)
        var dropped = DroppedFields()

        // Written: the new places hold the values, the old ones are gone.
        let bytes = DecentShotWriter(schema: Self.added).encode(shot: 0, of: shots, journal: journal.result.journal,
                                                               dropped: &dropped)
        let o = try Self.object(bytes)
        #expect((o["meta"] as? [String: Any])?["water_temperature"] as? String == "93")
        let settings = ((o["app"] as? [String: Any])?["data"] as? [String: Any])?["settings"] as? [String: Any]
        #expect(settings?["espresso_temperature"] == nil)
        #expect(Self.numbers((o["scale"] as? [String: Any])?["weight_flow"]) == (0...30).map { Float(0.05 * Double($0)) }
            .map { Double($0.description)! })
        #expect((o["flow"] as? [String: Any])?["by_weight"] == nil)
        #expect(VisualizerUploadRules.problems(bytes) == [])

        // Read: the added schema finds both values; the standard one, which lacks the fields, finds neither.
        let read = try DecentShotImporter.readJSON(Data(bytes), schema: Self.added)
        #expect(read.temperature == 93)
        #expect(read.series[.weightFlow]?.compactMap { $0 }.count == 31)
        #expect(read.series[.weightFlow]?[30].map { abs($0 - 1.5) < 1e-6 } == true)
        let standard = try DecentShotImporter.readJSON(Data(bytes))
        #expect(standard.temperature == nil)
        #expect(standard.series[.weightFlow] == nil)
    }

    @Test func addedFieldIsGenerated() throws {
        let shot = ShotGenerator(count: 1, seed: 11).shot(0)
        let s = shot.series(step: 0.5)
        // JSON: the generator writes the new places, and the added schema reads them back.
        let bytes = ShotDecentWriter.json(shot, s, schema: Self.added)
        let o = try Self.object(bytes)
        let text = (o["meta"] as? [String: Any])?["water_temperature"] as? String
        let temperature = try #require(text.flatMap { Double($0) })
        #expect(abs(temperature - shot.temperatureGoal) < 1e-6)
        let settings = ((o["app"] as? [String: Any])?["data"] as? [String: Any])?["settings"] as? [String: Any]
        #expect(settings?["espresso_temperature"] == nil)
        let flow = Self.numbers((o["scale"] as? [String: Any])?["weight_flow"])
        #expect(flow.count == s.count)
        #expect(zip(flow, s.weightFlow).allSatisfy { abs($0 - $1) < 1e-6 })
        let read = try DecentShotImporter.readJSON(Data(bytes), schema: Self.added)
        #expect(read.temperature.map { abs($0 - shot.temperatureGoal) < 1e-6 } == true)
        #expect(read.series[.weightFlow]?.count == s.count)
        // Tcl: the new list is written under its name and read back by the same schema.
        let tcl = String(decoding: ShotDecentWriter.tcl(shot, s, schema: Self.added), as: UTF8.self)
        #expect(tcl.contains("\nespresso_scale_weight_flow {"))
        #expect(!tcl.contains("\nespresso_flow_weight {"))
        let fromTcl = try DecentShotImporter.readTcl(Array(tcl.utf8), schema: Self.added)
        #expect(fromTcl.series[.weightFlow]?.count == s.count)
        #expect(try DecentShotImporter.readTcl(Array(tcl.utf8)).series[.weightFlow] == nil)
    }

    /// The standard schema is the format as the readers knew it before: every channel but time has one series,
    /// every field one setting or place, and no key is used twice.
    @Test func standardSchemaCoversEveryChannelOnce() {
        let schema = DecentShotSchema.standard
        #expect(Set(schema.series.map(\.channel)) == Set(ShotChannel.allCases.filter { $0 != .time }))
        #expect(Set(schema.series.map(\.path)).count == schema.series.count)
        #expect(Set(schema.series.map(\.tcl)).count == schema.series.count)
        let places = (schema.settings + schema.fields).map { $0.path.joined(separator: ".") }
        #expect(Set(places).count == places.count)
        #expect(Set((schema.settings + schema.fields).map(\.field)) == Set(DecentShotSchema.Field.allCases))
    }
}
