import BrewColumns
import BrewImport
import Foundation
import Testing
import TestSupport

/// The BrewSpec v1.0 importer on every example of `peer-data/brewspec/` (values read off the raw files by hand)
/// and on documents written here.
@Suite(.cleansScratch) struct BrewSpecImporterTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// `shared/peer-data/brewspec` beside the repository or beside one of its parent folders (a worktree sits
    /// one level deeper than the main checkout), or `nil` when there is none.
    static let examples: URL? = {
        var folder = Repo.root
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            let url = folder.appendingPathComponent("shared/peer-data/brewspec")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }()

    static func example(_ name: String) -> URL { examples!.appendingPathComponent(name) }

    /// Microseconds since the epoch of a UTC wall-clock time, by Foundation's calendar (not the importer's parser).
    static func micros(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, zone: TimeZone = utc) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
        return Int64(date.timeIntervalSince1970) * 1_000_000
    }

    static func day(_ t: BrewTable, _ i: Int) -> String? { t.roastDate[i].map { Day(index: $0).description } }

    static func read(_ url: URL, zone: TimeZone = utc) throws -> ImportResult {
        try importChecked(url, ImportOptions(timeZone: zone))
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func everyExampleIsSniffedAsBrewSpec() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.example("").path)
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && $0 != "brewspec.schema.json" }.sorted()
        #expect(names.count == 8)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.example(name)))
            #expect(JournalFormat.sniff(bytes) == .brewSpec, "\(name)")
            let result = try Self.read(Self.example(name))
            #expect(result.report.format == .brewSpec)
            // The two invalid examples are rejected; every other example keeps all its brews.
            #expect(result.report.brews.rejected == (name.hasPrefix("invalid_") ? 1 : 0), "\(name): \(result.report.rejects)")
        }
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func lightRoastEthiopian() throws {
        let result = try Self.read(Self.example("light_roast_ethiopian.yaml"))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 1, kept: 1, rejected: 0))
        #expect(t.brewDate[0] == Self.micros(2026, 3, 19))  // date only: midnight in the import's zone
        #expect(t.method[0] == "Hario V60" && t.category(at: 0) == .pourOver)
        #expect(t.doseGrams[0] == 18 && t.waterGrams[0] == 280 && t.yieldGrams[0] == 260)
        #expect(t.waterTemperature[0] == 96 && t.brewTimeSeconds[0] == 195)
        #expect(t.grinder[0] == "Comandante C40 MK4" && t.grindSetting[0] == 24 && t.grindText[0] == nil)
        #expect(t.bean[0] == "Ethiopia Yirgacheffe" && t.roaster[0] == "Onyx" && Self.day(t, 0) == "2026-03-10")
        #expect(t.origin[0] == "Ethiopia, Yirgacheffe")
        let bean = result.journal.beans[0]
        #expect(bean.variety == "Heirloom" && bean.processing == "Natural" && bean.roastLevel == .light)
        #expect(t.tds[0] == 1.38)
        #expect(t.rating[0] == 2.5)  // overall 5 on 1–9: (5 − 1) ÷ 8 × 5
        #expect(t.notes[0] == "Bright blueberry, jasmine, honey sweetness")
        // 280 ÷ 18 = 15.556 agrees with brew_ratio 15.56; 1.38 × 260 ÷ 18 = 19.93 agrees with ey 20.1 (within 0.5).
        #expect(result.report.warning(.note, column: "brew_ratio") == nil)
        #expect(result.report.warning(.note, column: "result.ey") == nil)
        let scale = try #require(result.report.warning(.ratingScale))
        #expect(scale.message.contains("1–9") && scale.message.contains("0–5") && scale.count == 1)
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func pourOverYAMLAndJSONAgree() throws {
        for name in ["pour_over.yaml", "pour_over.json"] {
            let result = try Self.read(Self.example(name))
            let t = result.journal.brews
            #expect(result.report.brews == .init(read: 1, kept: 1, rejected: 0), "\(name)")
            #expect(t.brewDate[0] == Self.micros(2026, 2, 15, 8, 30), "\(name)")
            #expect(t.method[0] == "Hario V60" && t.category(at: 0) == .pourOver)
            #expect(t.doseGrams[0] == 20 && t.waterGrams[0] == 320 && t.yieldGrams[0] == nil)
            #expect(t.waterTemperature[0] == 96 && t.brewTimeSeconds[0] == 180)
            #expect(t.grinder[0] == nil && t.grindSetting[0] == nil && t.grindText[0] == "medium_fine")
            #expect(t.bean[0] == "Ethiopia" && t.origin[0] == "Ethiopia" && Self.day(t, 0) == "2026-01-20")
            #expect(result.journal.beans[0].processing == "Washed" && result.journal.beans[0].variety == "Heirloom")
            #expect(t.tds[0] == 1.38 && t.rating[0] == 1.875)  // (4 − 1) ÷ 8 × 5
            #expect(t.notes[0] == "Bright acidity, slightly under-extracted\nBright citrus acidity, caramel sweetness, clean finish")
            // EY from TDS: 1.38 × (320 − 2 × 20) ÷ 20 = 19.32 %, 1.18 points from the stated 20.5: a note says so.
            let ey = try #require(result.report.warning(.note, column: "result.ey"), "\(name)")
            #expect(ey.message.contains("19.32"))
        }
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func espressoTakesTheResultMasses() throws {
        let result = try Self.read(Self.example("espresso_full_symmetry.yaml"))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 1, kept: 1, rejected: 0))
        #expect(t.brewDate[0] == Self.micros(2026, 3, 20, 7, 30))
        #expect(t.method[0] == "La Marzocco Linea Mini" && t.category(at: 0) == .espresso)
        // The measurements, not the targets (18 / 36 / 36 / 28 s).
        #expect(t.doseGrams[0] == 17.8 && t.waterGrams[0] == 35.5 && t.yieldGrams[0] == 35.8 && t.brewTimeSeconds[0] == 29)
        #expect(t.grinder[0] == "Comandante C40 MK4" && t.grindSetting[0] == 11)
        #expect(t.bean[0] == nil && t.tds[0] == 9.1 && t.rating[0] == 4.375)  // (8 − 1) ÷ 8 × 5
        #expect(t.pressureProfile[0] == "9 bar · 2.5 ml/s")
        #expect(t.notes[0] == "Rich caramel, dark chocolate, syrupy mouthfeel")
        // 9.1 × 35.8 ÷ 17.8 = 18.30 % against the stated 19.6.
        #expect(result.report.warning(.note, column: "result.ey")?.message.contains("18.3") == true)
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func multiBrewDocumentGivesThreeBrews() throws {
        let result = try Self.read(Self.example("multi_brew.yaml"))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 3, kept: 3, rejected: 0))
        #expect(t.brewDate[0] == Self.micros(2026, 2, 21) && t.brewDate[1] == Self.micros(2026, 2, 14, 7)
            && t.brewDate[2] == Self.micros(2026, 2, 13, 6, 45))
        #expect([t.method[0], t.method[1], t.method[2]] == ["Hario V60", "French press", "Espresso"])
        #expect([t.category(at: 0), t.category(at: 1), t.category(at: 2)] == [.pourOver, .immersion, .espresso])
        #expect(t.doseGrams[1] == 30 && t.waterGrams[1] == 500 && t.doseGrams[2] == 18 && t.waterGrams[2] == 36)
        // The espresso has no result.yield_g: no yield (its water_g 36 is never taken for one).
        #expect(t.yieldGrams[2] == nil)
        #expect(t.bean[0] == "Ethiopia" && Self.day(t, 0) == "2026-01-20")
        #expect(t.bean[1] == "Ethiopia + Colombia" && t.origin[1] == "Ethiopia + Colombia" && t.bean[2] == nil)
        #expect(t.rating[0] == 1.875 && t.rating[1] == 1.25 && t.rating[2] == nil)
        #expect(result.journal.methods.count == 3 && result.journal.beans.count == 2 && result.journal.grinders.isEmpty)
        #expect(result.report.warning(.ratingScale)?.count == 2)
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func blendWithPerOriginVarietal() throws {
        let result = try Self.read(Self.example("valid_blend_with_per_origin_varietal.yaml"))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 1, kept: 1, rejected: 0))
        #expect(t.brewDate[0] == Self.micros(2026, 3, 2) && t.waterTemperature[0] == 94 && t.grindText[0] == "medium_fine")
        #expect(t.doseGrams[0] == 20 && t.waterGrams[0] == 300 && t.rating[0] == 1.875)
        #expect(t.bean[0] == "House Blend" && t.origin[0] == "Ethiopia, Yirgacheffe + Colombia, Huila")
        let bean = result.journal.beans[0]
        #expect(bean.variety == "Heirloom + Gesha" && bean.processing == "Washed + Natural")
        #expect(result.report.warning(.note, column: "brew_ratio") == nil)  // 300 ÷ 20 = 15 = brew_ratio
    }

    @Test(.enabled(if: examples != nil, "needs the BrewSpec examples in ../shared/peer-data/brewspec")) func invalidExamplesAreRejectedWithTheSchemaReason() throws {
        let rating = try Self.read(Self.example("invalid_rating_out_of_range.yaml"))
        #expect(rating.report.brews == .init(read: 1, kept: 0, rejected: 1))
        let r = try #require(rating.report.rejects.first)
        #expect(r.file.hasSuffix("invalid_rating_out_of_range.yaml"))
        #expect(r.column == "result.ratings.overall" && r.where == "brews[0], line 12")  // `overall: 10` is line 12
        #expect(r.reason == "10 is greater than the maximum of 9")
        #expect(r.record?.contains("overall: 10") == true)

        let yield = try Self.read(Self.example("invalid_yield_zero.yaml"))
        #expect(yield.report.brews == .init(read: 1, kept: 0, rejected: 1))
        let y = try #require(yield.report.rejects.first)
        #expect(y.column == "result.yield_g" && y.where == "brews[0], line 10")
        #expect(y.reason == "0 is not greater than 0 (exclusiveMinimum)")
    }

    /// `sample-data/journal.brewspec.yaml`, read off the file: six brews, the last rejected for its rating of 0.
    @Test func sampleDocument() throws {
        let result = try Self.read(Repo.sample("journal.brewspec.yaml"))
        let t = result.journal.brews
        #expect(result.report.brews == .init(read: 6, kept: 5, rejected: 1))
        #expect(result.report.rejects[0].where == "brews[5], line 138" && result.report.rejects[0].column == "result.ratings.overall")
        #expect(result.report.rejects[0].reason == "0 is less than the minimum of 1")
        #expect(result.journal.beans.count == 2 && result.journal.grinders.count == 2 && result.journal.methods.count == 3)
        // Brew 3: Lelit Bianca espresso, measured 18.2 g → 38.5 g in 29 s (targets 18 → 36 g, 28 s); rating 8 → 4.375.
        #expect(t.method[2] == "Lelit Bianca" && t.category(at: 2) == .espresso)
        #expect(t.doseGrams[2] == 18.2 && t.yieldGrams[2] == 38.5 && t.brewTimeSeconds[2] == 29 && t.rating[2] == 4.375)
        #expect(t.bean[2] == "Santa Bárbara" && t.roaster[2] == "Kaffeerösterei Müller" && t.grindSetting[2] == 14)
        // Brew 5: AeroPress on 2026-11-21 (midnight UTC here), grind "medium" as text, 88.5 °C.
        #expect(t.brewDate[4] == Self.micros(2026, 11, 21) && t.grindText[4] == "medium" && t.waterTemperature[4] == 88.5)
        #expect(t.category(at: 4) == .immersion && t.rating[4] == 3.125)  // (6 − 1) ÷ 8 × 5
    }

    @Test func yamlSyntaxErrorIsAClearImportError() throws {
        let url = try scratchFile("broken.yaml", "brewspec_version: \"1.0\"\nbrews:\n  - date: \"2026-01-05\"\n    dose_g: [18\n")
        let error = try #require(importError(url))
        #expect(error.kind == .corrupt)
        #expect(error.message.hasPrefix("not valid YAML"))
        #expect(error.location?.hasPrefix("line ") == true)
    }

    /// An alias bomb (nine levels of nine aliases: 387 million values once expanded) and deep nesting are refused
    /// with an ImportError, never an unbounded allocation or a crash.
    @Test func hostileYAMLIsRefused() throws {
        var bomb = "brewspec_version: \"1.0\"\nl0: &l0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            bomb += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        bomb += "brews: [*l8]\n"
        let error = try #require(importError(try scratchFile("bomb.yaml", bomb)))
        #expect(error.kind == .notAJournal && error.message.contains("values"), "\(error)")

        let deep = "brewspec_version: \"1.0\"\nbrews: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        let nested = try #require(importError(try scratchFile("deep.yaml", deep)))
        #expect(nested.kind == .notAJournal && nested.message.contains("nested"), "\(nested)")
        let block = "brewspec_version: \"1.0\"\nbrews:\n  " + String(repeating: "- ", count: 100_000) + "x\n"
        let blockError = try #require(importError(try scratchFile("block.yaml", block)))
        #expect(blockError.kind == .corrupt && blockError.message.contains("nesting"), "\(blockError)")
    }

    @Test func invalidUTF8IsKeptAndSaid() throws {
        var bytes = Array("brewspec_version: \"1.0\"\nbrews:\n  - date: \"2026-01-05\"\n    method: \"V".utf8)
        bytes += [0xFF]
        bytes += Array("60\"\n".utf8)
        let result = try Self.read(try scratchFile("latin.yaml", Data(bytes)))
        #expect(result.journal.brews.method[0] == "V\u{FFFD}60")
        #expect(result.report.warning(.invalidUTF8) != nil)
    }

    @Test func documentLevelProblemsRefuseTheFile() throws {
        let cases: [(String, String)] = [
            ("brewspec_version: \"0.9\"\nbrews:\n  - date: \"2026-01-05\"\n", "not supported"),
            ("brewspec_version: \"1.0\"\nbrews: []\n", "at least one brew"),
            ("brewspec_version: \"1.0\"\nbrews: 3\n", "not an array"),
            ("brews:\n  - date: \"2026-01-05\"\n", "no brewspec_version"),
        ]
        for (text, message) in cases {
            let error = importError(try scratchFile("doc.yaml", text))
            #expect(error?.kind == .notAJournal && error?.message.contains(message) == true, "\(text): \(String(describing: error))")
        }
    }

    @Test func schemaRulesRejectOneBrewAndKeepTheOthers() throws {
        let text = """
        brewspec_version: "1.0"
        brews:
          - date: "2026-01-05T07:00:00Z"
            dose_g: "18 g"
          - date: "2026-01-05T08:00:00Z"
            water_temp_c: 93.25
          - date: "2026-01-05T09:00:00Z"
            equipment:
              burrs: "new"
          - date: "2026-01-05T10:00:00+01:00"
          - dose_g: 18
          - date: "2026-01-05"
            type: "espresso"
            dose_g: 18
            yield_g: 40
            brew_ratio: 2.2
            result:
              ratings:
                overall: 9
        """
        let result = try importChecked(try scratchFile("rules.yaml", text), ImportOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!))
        #expect(result.report.brews == .init(read: 6, kept: 1, rejected: 5))
        let rejects = result.report.rejects
        #expect(rejects.map(\.column) == ["dose_g", "water_temp_c", "equipment.burrs", "date", "date"])
        #expect(rejects[0].reason == "dose_g is a string, not a number" && rejects[0].where == "brews[0], line 4")
        #expect(rejects[1].reason == "93.25 is not a multiple of 0.1")
        #expect(rejects[2].reason.hasPrefix("unknown key 'burrs'"))
        #expect(rejects[3].reason.contains("does not match"))
        #expect(rejects[4].reason == "missing brew date")
        let t = result.journal.brews
        // A date alone is midnight in the import's zone: 2026-01-05 00:00 in Berlin is 2026-01-04 23:00 UTC.
        #expect(t.brewDate[0] == Self.micros(2026, 1, 4, 23))
        #expect(t.rating[0] == 5 && t.yieldGrams[0] == nil)
        #expect(result.report.warning(.note, column: "yield_g") != nil)
        #expect(result.report.warning(.note, column: "brew_ratio")?.message.contains("not read for espresso") == true)
    }

    @Test func sniffingKeepsYAMLAndCSVAndTheAppsJSONApart() {
        func sniff(_ s: String) -> JournalFormat { JournalFormat.sniff(Array(s.utf8)) }
        #expect(sniff("# log\n---\nbrewspec_version: \"1.0\"\nbrews:\n") == .brewSpec)
        #expect(sniff("brews:\n  - date: \"2026-01-05\"\nbrewspec_version: '1.0'\n") == .brewSpec)
        #expect(sniff("{\"brews\": [], \"brewspec_version\" : \"1.0\"}") == .brewSpec)
        #expect(sniff("{brewspec_version: \"1.0\", brews: []}") == .brewSpec)
        #expect(sniff("brewed_at,method,notes\n2026-01-05,V60,\"brews: many\"\n") == .csv)
        #expect(sniff("name: x\nvalue: 3\n") == .csv)
        #expect(sniff("{\"format\": \"coffee-journal\", \"brews\": [{\"notes\": \"brewspec_version: 1\"}]}") == .json)
    }

    @Test func jsonReadWithFormatJSONIsStillBrewSpec() throws {
        let url = try scratchFile("doc.json", "{\"brewspec_version\": \"1.0\", \"brews\": [{\"date\": \"2026-01-05\", \"dose_g\": 15}]}")
        let result = try importChecked(url, ImportOptions(format: .json, timeZone: Self.utc))
        #expect(result.report.format == .brewSpec && result.journal.brews.doseGrams[0] == 15)
    }
}
