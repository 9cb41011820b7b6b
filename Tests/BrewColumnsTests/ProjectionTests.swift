import Foundation
import Testing
import TestSupport
@testable import BrewColumns

/// A builder with a column projection (`BrewColumnSet`) keeps exactly the projected and always-read columns, equal to
/// a full builder's, and every other column null; all-null columns share their storage.
@Suite("Column projection in the builder")
struct ProjectionTests {
    static let sizes = [0, 1, 63, 64, 65, 1_000]

    /// A brew with every field set (some null at random, never the id or date), through `methods` methods.
    static func row(_ i: Int, _ rng: inout TestRNG) -> BrewRow {
        func maybe<T>(_ value: T) -> T? { rng.next() % 5 == 0 ? nil : value }
        var r = BrewRow()
        r.id = "id-\(i)"
        r.brewDate = Timestamp(microseconds: Int64(i) * 60_000_000)
        r.method = maybe(Int32(i % 2))
        r.bean = maybe(0)
        r.doseGrams = maybe(Double(rng.next() % 300) / 10); r.waterGrams = maybe(250); r.yieldGrams = maybe(36)
        r.brewTimeSeconds = maybe(Double(i % 200)); r.waterTemperature = maybe(93)
        r.grindSetting = maybe(Double(i % 30)); r.grindText = i % 7 == 0 ? "fine" : nil
        r.pressureProfile = maybe("9 bar"); r.rating = maybe(Double(i % 11) / 2); r.tds = maybe(1.35)
        r.notes = maybe("note ☕ \(i)"); r.acidity = maybe(3); r.body = maybe(4); r.sweetness = maybe(2)
        r.flavorTags = maybe("berry,cocoa")
        return r
    }

    static func table(_ n: Int, columns: BrewColumnSet, seed: UInt64 = 1) -> BrewTable {
        var rng = TestRNG(seed: seed)
        var b = JournalBuilder(expectedBrews: n, columns: columns)
        _ = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        _ = b.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        _ = b.addBean(CoffeeBean(name: "Kochere", roaster: "R", origin: "Ethiopia", roastDate: Day(index: 20_000)))
        for i in 0..<n { b.appendBrew(row(i, &rng)) }
        #expect(b.columns == columns)
        return b.finish().brews
    }

    /// Every slot of the schema column `name`, as text (`nil` for a null), so columns of any type compare alike.
    static func slots(_ t: BrewTable, _ name: String) -> [String?] {
        guard let texts = t.slotTexts(name) else { Issue.record("unknown column \(name)"); return [] }
        return texts
    }

    /// The sets tested: none, each group alone, all but each group, all.
    static let sets: [BrewColumnSet] = [[], .all] + BrewColumnSet.groups.map(\.group)
        + BrewColumnSet.groups.map { BrewColumnSet.all.subtracting($0.group) }

    @Test("Kept columns equal the full table's; the others are all null", arguments: sizes)
    func projectedEqualsFullOnKeptColumns(n: Int) {
        let full = Self.table(n, columns: .all)
        for set in Self.sets {
            let t = Self.table(n, columns: set)
            #expect(t.count == n)
            for info in full.schema {
                let kept = BrewColumnSet.group(ofColumn: info.name).map(set.contains) ?? true
                if kept {
                    #expect(Self.slots(t, info.name) == Self.slots(full, info.name), "\(set): \(info.name)")
                } else {
                    #expect(Self.slots(t, info.name).allSatisfy { $0 == nil }, "\(set): \(info.name) not null")
                    #expect(t.schema.first { $0.name == info.name }?.nullCount == n, "\(set): \(info.name)")
                }
            }
            #expect(t.schema.map(\.name) == full.schema.map(\.name) && t.schema.map(\.type) == full.schema.map(\.type))
        }
    }

    @Test("Every schema column is always read or in exactly one group")
    func groupsCoverTheSchema() {
        let schema = Self.table(3, columns: .all).schema.map(\.name)
        let always = Set(BrewColumnSet.alwaysReadColumns)
        var grouped: [String] = []
        for (group, _) in BrewColumnSet.groups { grouped += group.columnNames }
        #expect(Set(grouped).count == grouped.count, "a column in two groups")
        #expect(always.isDisjoint(with: grouped))
        #expect(Set(schema) == always.union(grouped))
        #expect(BrewColumnSet.all.columnNames == schema.filter { !always.contains($0) })
        #expect(BrewColumnSet([]).columnNames.isEmpty)
        #expect(BrewColumnSet([.masses, .tds]).columnNames == ["dose_g", "water_g", "yield_g", "tds_pct"])
        #expect(BrewColumnSet.group(ofColumn: "id") == nil && BrewColumnSet.group(ofColumn: "nonsense") == nil)
        #expect(BrewColumnSet.group(ofColumn: "grind_text") == .grindSetting)
        #expect(BrewColumnSet.all.description == "all" && BrewColumnSet([]).description == "[]")
        #expect(BrewColumnSet([.tds, .masses]).description == "[masses, tds]")
        #expect(BrewColumnSet(rawValue: .max) == .all)
    }

    @Test("All-null columns share one buffer per kind", arguments: [1, 64, 1_000])
    func nullColumnsShareStorage(n: Int) {
        let t = Self.table(n, columns: [.rating])
        func base(_ c: Float64Column) -> UnsafeRawPointer? { c.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        func base(_ c: StringColumn) -> UnsafeRawPointer? { c.offsets.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let floats = [t.doseGrams, t.waterGrams, t.yieldGrams, t.brewTimeSeconds, t.waterTemperature, t.grindSetting,
                      t.tds, t.acidity, t.body, t.sweetness]
        #expect(Set(floats.map(base)).count == 1)
        #expect(Set([t.grindText, t.pressureProfile, t.notes, t.flavorTags].map(base)).count == 1)
        #expect(base(t.rating) != base(t.doseGrams))
        for c in floats {
            #expect(c.nullCount == n && c.isSorted && c.values.allSatisfy { $0 == 0 } && c.validity?.setCount == 0)
        }
        #expect(t.notes.nullCount == n && t.notes.bytes.isEmpty && t.notes.offsets.allSatisfy { $0 == 0 })
    }

    @Test("A kept column no brew gave a value is null like a left-out one")
    func keptButEmptyColumnsAreShared() {
        var b = JournalBuilder(columns: .all)
        for i in 0..<100 { var r = BrewRow(); r.id = "\(i)"; r.rating = Double(i % 5); b.appendBrew(r) }
        let t = b.finish().brews
        #expect(t.doseGrams.nullCount == 100 && t.notes.nullCount == 100 && t.rating.nullCount == 0)
        #expect(t.doseGrams.values.withUnsafeBufferPointer { $0.baseAddress } == t.tds.values.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test("An empty projected table has empty columns without bitmaps")
    func emptyTable() {
        let t = Self.table(0, columns: [])
        #expect(t.count == 0 && t.doseGrams.count == 0 && t.doseGrams.validity == nil && t.doseGrams.nullCount == 0)
        #expect(t.notes.count == 0 && t.notes.validity == nil)
    }
}
