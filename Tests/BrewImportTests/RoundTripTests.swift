import BrewColumns
import BrewImport
import BrewSynth
import Foundation
import Testing
import TestSupport

/// A generated journal written as a store, as CSV (clean and messy) and as JSON imports to the same brews.
@Suite(.cleansScratch) struct RoundTripTests {
    static let generator = JournalGenerator(GeneratorOptions(brewCount: 400, seed: 11, timeZone: "Europe/Berlin"))

    /// Compares every column the encoding carries with the generator's own journal, brew by brew.
    func expectSameBrews(_ got: Journal, _ want: Journal, pressureProfile: Bool = true, roastDate: Bool = true,
                         dateResolutionSeconds: Int64 = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        let a = got.brews, b = want.brews
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        guard a.count == b.count else { return }
        var mismatches: [String] = []
        func check(_ name: String, _ i: Int, _ x: Double?, _ y: Double?) {
            if !isClose(x, y, relative: 1e-12, absolute: 1e-9) { mismatches.append("\(name)[\(i)]: \(String(describing: x)) vs \(String(describing: y))") }
        }
        for i in 0..<a.count {
            if a.id[i] != b.id[i] { mismatches.append("id[\(i)]: \(a.id[i] ?? "nil") vs \(b.id[i] ?? "nil")") }
            let step = max(dateResolutionSeconds, 1) * 1_000_000
            let wantDate = b.brewDate[i].map { dateResolutionSeconds > 0 ? $0 / step * step : $0 }
            if a.brewDate[i] != wantDate { mismatches.append("brewDate[\(i)]") }
            if a.method[i] != b.method[i] { mismatches.append("method[\(i)]: \(a.method[i] ?? "nil") vs \(b.method[i] ?? "nil")") }
            if a.category.values[i] != b.category.values[i] { mismatches.append("category[\(i)]") }
            if a.grinder[i] != b.grinder[i] { mismatches.append("grinder[\(i)]") }
            if a.bean[i] != b.bean[i] { mismatches.append("bean[\(i)]") }
            if a.roaster[i] != b.roaster[i] { mismatches.append("roaster[\(i)]") }
            if roastDate, a.roastDate[i] != b.roastDate[i] { mismatches.append("roastDate[\(i)]") }
            check("dose", i, a.doseGrams[i], b.doseGrams[i])
            check("water", i, a.waterGrams[i], b.waterGrams[i])
            check("yield", i, a.yieldGrams[i], b.yieldGrams[i])
            check("time", i, a.brewTimeSeconds[i], b.brewTimeSeconds[i])
            check("temperature", i, a.waterTemperature[i], b.waterTemperature[i])
            check("grind", i, a.grindSetting[i], b.grindSetting[i])
            check("rating", i, a.rating[i], b.rating[i])
            check("tds", i, a.tds[i], b.tds[i])
            check("acidity", i, a.acidity[i], b.acidity[i])
            check("body", i, a.body[i], b.body[i])
            if a.notes[i] != b.notes[i] { mismatches.append("notes[\(i)]: \(a.notes[i] ?? "nil") vs \(b.notes[i] ?? "nil")") }
            if a.flavorTags[i] != b.flavorTags[i] { mismatches.append("flavorTags[\(i)]") }
            if pressureProfile, a.pressureProfile[i] != b.pressureProfile[i] { mismatches.append("pressureProfile[\(i)]") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))", sourceLocation: sourceLocation)
    }

    @Test func store() throws {
        let url = try scratchFolder("rt").appendingPathComponent("journal.sqlite")
        try CoreDataStoreWriter().write(Self.generator, to: url)
        let result = try importChecked(url, ImportOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!))
        #expect(result.report.format == .coreDataStore)
        #expect(result.report.brews.rejected == 0)
        #expect(result.report.methods == Self.generator.methods.count)
        #expect(result.report.grinders == Self.generator.grinders.count)
        #expect(result.report.beans == Self.generator.beans.count)
        #expect(result.report.tastingNotes == Self.generator.tastingNoteCount)
        expectSameBrews(result.journal, Self.generator.makeJournal())
    }

    @Test func json() throws {
        let url = try scratchFolder("rt").appendingPathComponent("journal.json")
        try JSONExportWriter().write(Self.generator, to: url)
        let result = try importChecked(url)
        #expect(result.report.format == .json)
        #expect(result.report.brews.rejected == 0)
        #expect(result.report.methods == Self.generator.methods.count)
        #expect(result.report.tastingNotes == Self.generator.tastingNoteCount)
        expectSameBrews(result.journal, Self.generator.makeJournal())
    }

    @Test(arguments: [CSVStyle.standard, .messy(seed: 3)])
    func csv(style: CSVStyle) throws {
        let url = try scratchFolder("rt").appendingPathComponent("journal.csv")
        try CSVExportWriter(style: style).write(Self.generator, to: url)
        let result = try importChecked(url, ImportOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!))
        #expect(result.report.format == .csv)
        #expect(result.report.brews.rejected == 0, "\(result.report.rejects.prefix(3))")
        // CSV names only equipment some brew uses.
        let used = Set((0..<Self.generator.makeJournal().brews.count).compactMap { Self.generator.makeJournal().brews.method.code($0) })
        #expect(result.report.methods == used.count)
        // A CSV names a bean by roaster + name (contract §4): bags of one coffee bought again merge into one
        // bean, whose roast date is the first bag's — so roast dates are compared per bean identity below.
        expectSameBrews(result.journal, Self.generator.makeJournal(), pressureProfile: false, roastDate: false,
                        dateResolutionSeconds: style.brewedAtWithoutOffset ? 60 : 0)
        let want = Self.generator.makeJournal()
        let usedBeans = Set((0..<want.brews.count).compactMap { want.brews.bean.code($0) }).map { want.beans[Int($0)] }
        let identities = Set(usedBeans.map { "\($0.roaster ?? "")\u{0}\($0.name ?? "")" })
        #expect(result.report.beans == identities.count)
        var firstRoast: [String: Int32?] = [:]
        for i in 0..<want.brews.count {
            guard let b = want.brews.bean.code(i) else { continue }
            let key = "\(want.beans[Int(b)].roaster ?? "")\u{0}\(want.beans[Int(b)].name ?? "")"
            if firstRoast[key] == nil { firstRoast[key] = .some(want.brews.roastDate[i]) }
            #expect(result.journal.brews.roastDate[i] == firstRoast[key]!, "brew \(i)")
        }
    }
}
