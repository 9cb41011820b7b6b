import Foundation
import Testing
import TestSupport
@testable import BrewColumns

/// `JournalBuilder` stages brews and moves them into the columns 64 at a time (`BrewStage`); these tests check that
/// the columns are exactly those of appending value by value, over every shape of stage (empty, partial, one full,
/// full plus one, many), with nulls starting early and late, and that copied builders stay independent.
@Suite("Staged journal builder")
struct StagedBuilderTests {
    static let sizes = [0, 1, 63, 64, 65, 129, 1_000]

    /// A random brew over `methods` methods: each field null about a quarter of the time (never before `nullsFrom`).
    static func row(_ i: Int, _ rng: inout TestRNG, nullsFrom: Int, methods: Int32) -> BrewRow {
        func maybe<T>(_ value: T) -> T? { i >= nullsFrom && rng.next() % 4 == 0 ? nil : value }
        var r = BrewRow()
        r.id = maybe("id-\(i)")
        r.brewDate = maybe(Timestamp(microseconds: Int64(i) * 1_000_000))
        r.method = maybe(Int32(rng.next() % UInt64(methods)))
        r.doseGrams = maybe(Double(rng.next() % 300) / 10)
        r.waterGrams = maybe(Double(rng.next() % 500))
        r.tds = maybe(1.3)
        r.rating = maybe(Double(rng.next() % 11) / 2)
        r.acidity = maybe(3)
        r.grindText = maybe("fine \(i)")
        r.notes = maybe(i % 3 == 0 ? "" : "note ☕ \(i)")
        r.flavorTags = maybe("berry")
        return r
    }

    @Test("Staged columns equal the rows appended", arguments: sizes)
    func stagedEqualsRows(n: Int) {
        for nullsFrom in [0, n / 2, n] {
            var rng = TestRNG(seed: UInt64(n * 7 + nullsFrom))
            var b = JournalBuilder(expectedBrews: nullsFrom == 0 ? 0 : n)
            let methods: [Int32] = [b.addMethod(BrewMethod(name: "V60", category: .pourOver)),
                                    b.addMethod(BrewMethod(name: "Espresso", category: .espresso))]
            let rows = (0..<n).map { Self.row($0, &rng, nullsFrom: nullsFrom, methods: Int32(methods.count)) }
            for r in rows { b.appendBrew(r) }
            #expect(b.brewCount == n)
            let t = b.finish().brews
            #expect(t.count == n)
            for (i, r) in rows.enumerated() {
                #expect(t.id[i] == r.id && t.brewDate[i] == r.brewDate?.microseconds && t.method.code(i) == r.method)
                #expect(t.doseGrams[i] == r.doseGrams && t.waterGrams[i] == r.waterGrams && t.tds[i] == r.tds)
                #expect(t.rating[i] == r.rating && t.acidity[i] == r.acidity && t.yieldGrams[i] == nil)
                #expect(t.grindText[i] == r.grindText && t.notes[i] == r.notes && t.flavorTags[i] == r.flavorTags)
                #expect(t.category(at: i) == (r.method.map { $0 == 0 ? .pourOver : .espresso } ?? .other))
            }
            #expect(t.doseGrams.nullCount == rows.filter { $0.doseGrams == nil }.count)
            #expect(t.notes.nullCount == rows.filter { $0.notes == nil }.count)
            #expect(t.yieldGrams.nullCount == n && t.pressureProfile.nullCount == n)
            if nullsFrom == n { #expect(t.doseGrams.validity == nil && t.id.validity == nil) }
        }
    }

    @Test("A copied builder keeps its own staged brews", arguments: [0, 10, 64, 100])
    func copiesAreIndependent(before: Int) {
        var a = JournalBuilder()
        for i in 0..<before { var r = BrewRow(); r.id = "a\(i)"; r.doseGrams = Double(i); a.appendBrew(r) }
        var b = a
        for i in 0..<30 { var r = BrewRow(); r.id = "b\(i)"; b.appendBrew(r) }
        var r = BrewRow(); r.id = "a-last"; a.appendBrew(r)
        let ta = a.finish().brews, tb = b.finish().brews
        #expect(ta.count == before + 1 && tb.count == before + 30)
        #expect(ta.id[before] == "a-last" && tb.id[before] == "b0" && tb.id[before + 29] == "b29")
        for i in 0..<before { #expect(ta.doseGrams[i] == Double(i) && tb.doseGrams[i] == Double(i) && tb.id[i] == "a\(i)") }
    }

    @Test("Roaster, origin and roast date are joined through each brew's bean", arguments: [1, 64, 130])
    func beanAttributesJoin(n: Int) {
        var b = JournalBuilder()
        let day = Day(index: 20_000)
        let beans = [b.addBean(CoffeeBean(name: "A", roaster: "R1", origin: "Kenya", roastDate: day)),
                     b.addBean(CoffeeBean(name: "B", roaster: nil, origin: "Peru", roastDate: nil))]
        for i in 0..<n { var r = BrewRow(); r.bean = i % 3 == 2 ? nil : beans[i % 3]; b.appendBrew(r) }
        let t = b.finish().brews
        for i in 0..<n {
            switch i % 3 {
            case 0: #expect(t.roaster[i] == "R1" && t.origin[i] == "Kenya" && t.roastDate[i] == day.index)
            case 1: #expect(t.roaster[i] == nil && t.origin[i] == "Peru" && t.roastDate[i] == nil)
            default: #expect(t.roaster[i] == nil && t.origin[i] == nil && t.roastDate[i] == nil && t.bean[i] == nil)
            }
        }
    }

    @Test("Bits appended in runs equal bits appended one by one", arguments: [1, 7, 63, 64])
    func bitRuns(run: Int) {
        var rng = TestRNG(seed: UInt64(run))
        var ones = BitmapBuilder(), runs = BitmapBuilder()
        for _ in 0..<20 {
            let n = 1 + Int(rng.next() % UInt64(run))
            let bits = rng.next()
            for k in 0..<n { ones.append(bits >> UInt64(k) & 1 == 1) }
            runs.append(bits: bits, count: n)
        }
        #expect(runs.finish() == ones.finish())
    }
}
