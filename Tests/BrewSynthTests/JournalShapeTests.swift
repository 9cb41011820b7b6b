import BrewColumns
import BrewSynth
import Foundation
import Testing
import TestSupport

/// The generated journal has the structure the brief promises: conventions, TDS consistency, missing
/// fields, unused equipment, stale counters, odd names.
@Suite struct JournalShapeTests {
    static let generator = JournalGenerator(GeneratorOptions(brewCount: 5000, seed: 31))

    @Test func conventions() {
        let g = Self.generator
        var espressoDose: [Double] = [], filterRatio: [Double] = [], ey: [Double] = []
        for brew in g.brews {
            guard let m = brew.method else { continue }
            let espresso = g.methods[Int(m)].category == .espresso
            if espresso, let d = brew.doseGrams, let t = brew.brewTimeSeconds {
                espressoDose.append(d)
                #expect(t >= 22 && t <= 38)
                if let temp = brew.waterTemperature { #expect(temp >= 92 && temp <= 94) }
            }
            if !espresso, let d = brew.doseGrams, let w = brew.waterGrams { filterRatio.append(w / d) }
            if let tds = brew.tds, let d = brew.doseGrams {
                let beverage = brew.yieldGrams ?? (brew.waterGrams! - 2 * d)
                ey.append(tds * beverage / d)
            }
        }
        let meanDose = espressoDose.reduce(0, +) / Double(espressoDose.count)
        #expect(abs(meanDose - 18) < 0.5)
        let meanRatio = filterRatio.reduce(0, +) / Double(filterRatio.count)
        #expect(meanRatio > 14 && meanRatio < 18)
        // Extraction: most in 16–24 % (rounding TDS and yields widen it a little), a few typing slips.
        let plausible = ey.filter { $0 >= 15.5 && $0 <= 24.5 }.count
        let outliers = ey.filter { $0 > 35 || $0 < 5 }.count
        #expect(Double(plausible) > 0.95 * Double(ey.count))
        #expect(outliers > 0 && Double(outliers) < 0.04 * Double(ey.count))
    }

    @Test func equipmentAndCounters() {
        let g = Self.generator
        #expect(g.methodUsage.contains { $0.count == 0 }, "an unused method")
        #expect(g.grinderUsage.contains { $0.count == 0 }, "an unused grinder")
        var stale = 0
        for (m, use) in zip(g.methods, g.methodUsage) {
            if use.count == 0 { #expect(m.cachedBrewCount == 0 && m.cachedLastUsed == nil) }
            if m.cachedBrewCount != use.count || m.cachedLastUsed != use.last { stale += 1 }
        }
        for (r, use) in zip(g.grinders, g.grinderUsage) where r.cachedBrewCount != use.count { stale += 1 }
        #expect(stale >= 1)
        let journal = g.makeJournal()
        #expect(journal.methods.count == g.methods.count && journal.tastingNoteCount == g.tastingNoteCount)
        var counted = [Int](repeating: 0, count: g.methods.count)
        for i in 0..<journal.brews.count { if let c = journal.brews.method.code(i) { counted[Int(c)] += 1 } }
        #expect(counted == g.methodUsage.map(\.count))
    }

    @Test func namesAndMissingFields() {
        let g = Self.generator
        let names = g.beans.compactMap(\.name) + g.beans.compactMap(\.roaster) + g.grinders.compactMap(\.name)
        #expect(names.contains { $0.contains(",") && $0.contains("\"") })
        #expect(names.contains { $0.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } })
        #expect(names.contains { $0.contains("ü") || $0.contains("é") || $0.contains("à") })
        let brews = Array(g.brews)
        #expect(brews.contains { $0.grinder == nil } && brews.contains { $0.rating == nil })
        #expect(brews.contains { $0.waterTemperature == nil } && brews.contains { $0.tastingNote != nil })
        #expect(brews.contains { $0.notes?.contains("\n") ?? false })
        // Beans come and go: every brew's bean was roasted before it.
        for brew in brews {
            guard let b = brew.bean, let roast = g.beans[Int(b)].roastDate else { continue }
            #expect(Int64(roast.index) * 86_400 * 1_000_000 < brew.brewDate.microseconds)
        }
    }

    @Test func quotingRoundTrips() {
        for field in ["plain", "a,b", "say \"hi\"", "two\nlines", "crlf\r\nend", "\"", ",", "", "日本, \"é\""] {
            let line = CSVExportWriter.quoted(field) + "," + CSVExportWriter.quoted("x") + "\n"
            #expect(TestCSV.parse(line) == [[field, "x"]], "round trip of \(field.debugDescription)")
        }
        #expect(CSVExportWriter.quoted("a,b") == "\"a,b\"")
        #expect(CSVExportWriter.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVExportWriter.quoted("plain") == "plain")
    }
}
