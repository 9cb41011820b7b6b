import Foundation
import Testing
import TestSupport
@testable import BrewColumns

@Suite("Bitmap and primitive columns")
struct ColumnTests {
    /// Shapes every builder test runs over: empty, one slot, a word boundary, and a large column.
    static let sizes = [0, 1, 63, 64, 65, 200, 10_000]

    @Test("No nulls means no bitmap", arguments: sizes)
    func noNullsNoBitmap(n: Int) {
        var b = PrimitiveColumnBuilder<Double>()
        for i in 0..<n { b.append(Double(i)) }
        let c = b.finish()
        #expect(c.count == n)
        #expect(c.validity == nil)
        #expect(c.nullCount == 0)
        #expect(c.isSorted)
        for i in 0..<n { #expect(c[i] == Double(i)) }
    }

    @Test("A lazily created bitmap back-fills earlier slots as valid", arguments: sizes.filter { $0 > 0 })
    func lazyBitmap(n: Int) {
        var rng = TestRNG(seed: UInt64(n))
        var expected: [Int64?] = []
        var b = PrimitiveColumnBuilder<Int64>()
        for i in 0..<n {
            // A null only after the first third, so the bitmap is created late and must back-fill.
            let value: Int64? = (i > n / 3 && rng.next() % 4 == 0) ? nil : Int64(rng.next() % 1000)
            expected.append(value)
            b.append(value)
        }
        let c = b.finish()
        #expect(c.count == n)
        #expect(c.nullCount == expected.filter { $0 == nil }.count)
        for i in 0..<n {
            #expect(c[i] == expected[i], "slot \(i)")
            #expect(c.isValid(i) == (expected[i] != nil))
        }
        if c.nullCount == 0 { #expect(c.validity == nil) }
    }

    @Test("All-null column")
    func allNull() {
        var b = PrimitiveColumnBuilder<Double>()
        for _ in 0..<130 { b.appendNull() }
        let c = b.finish()
        #expect(c.nullCount == 130)
        #expect(c.validity?.setCount == 0)
        #expect((0..<130).allSatisfy { c[$0] == nil })
        let n = Float64Column.nulls(count: 70)
        #expect(n.nullCount == 70)
    }

    @Test("Sorted flag ignores nulls and sees a single descent")
    func sortedFlag() {
        var b = PrimitiveColumnBuilder<Int32>()
        [1, nil, 2, 2, nil, 5].forEach { b.append($0) }
        #expect(b.finish().isSorted)
        var d = PrimitiveColumnBuilder<Int32>()
        [1, 3, 2].forEach { d.append($0) }
        #expect(!d.finish().isSorted)
        // A null's placeholder (0) between larger values is no descent; a descent across a null is one.
        #expect(PrimitiveColumn<Double>(values: [5, 0, 6], validity: Bitmap(words: [0b101], count: 3)).isSorted)
        #expect(!PrimitiveColumn<Double>(values: [3, 0, 2], validity: Bitmap(words: [0b101], count: 3)).isSorted)
        // Without a bitmap, a descent in the very last slot counts; one slot and none are sorted.
        #expect(!PrimitiveColumn<Int64>(values: [1, 2, 3, 4, 0], validity: nil).isSorted)
        #expect(PrimitiveColumn<UInt8>(values: [7], validity: nil).isSorted)
        #expect(PrimitiveColumn<UInt8>(values: [], validity: nil).isSorted)
    }

    @Test("appendSet fills partial words exactly")
    func appendSet() {
        var b = BitmapBuilder()
        b.append(false)
        b.appendSet(count: 70)
        b.append(false)
        b.appendSet(count: 3)
        let m = b.finish()
        #expect(m.count == 75)
        #expect(m.setCount == 73)
        #expect(!m.isSet(0) && m.isSet(1) && m.isSet(70) && !m.isSet(71) && m.isSet(74))
    }
}

@Suite("Dictionary and string columns")
struct StringColumnTests {
    @Test("Equal strings share a code; null stays null")
    func interning() {
        var b = DictionaryColumnBuilder()
        ["V60", "Espresso", nil, "V60", "Café Ümlaut 日本"].forEach { b.append($0) }
        let c = b.finish()
        #expect(c.dictionary == ["V60", "Espresso", "Café Ümlaut 日本"])
        #expect(c.code(0) == c.code(3))
        #expect(c[2] == nil)
        #expect(c.nullCount == 1)
        #expect(c[4] == "Café Ümlaut 日本")
    }

    @Test("Empty string and null are different")
    func emptyVersusNull() {
        var b = StringColumnBuilder()
        b.append("")
        b.append(nil)
        b.append("a,\"b\"\nc")
        let c = b.finish()
        #expect(c[0] == "")
        #expect(c[1] == nil)
        #expect(c[2] == "a,\"b\"\nc")
        #expect(c.nullCount == 1)
        #expect(c.offsets == [0, 0, 0, 7])
    }

    @Test("Offsets are 32-bit UTF-8 byte ends")
    func thirtyTwoBitOffsets() throws {
        // Multi-byte text: offsets count UTF-8 bytes, summed by hand (é 2 bytes, ☕ 3, space and letters 1, 𝄞 4).
        let texts: [String?] = ["é", nil, "☕ ok", "", "𝄞𝄞", nil, "plain"]
        let ends = [2, 2, 8, 8, 16, 16, 21]
        var b = StringColumnBuilder()
        for t in texts { b.append(t) }
        let c = b.finish()
        #expect(MemoryLayout.size(ofValue: c.offsets[0]) == 4)
        #expect(c.offsets == [0] + ends.map { UInt32($0) })
        #expect((0..<texts.count).map { c[$0] } == texts)
        // A column built across a million slots keeps 4 bytes per offset: half of `Int` offsets.
        var big = StringColumnBuilder(minimumCapacity: 1_000_000)
        for k in 0..<1_000_000 { big.append(k % 10 == 0 ? "sour" : nil) }
        let column = big.finish()
        #expect(column.offsets.count * MemoryLayout.size(ofValue: column.offsets[0]) == 4_000_004)
        #expect(column.offsets.last == 400_000 && column[999_990] == "sour" && column[999_991] == nil)
        #expect(StringColumn.maximumBytes == 4_294_967_295)
    }
}

@Suite("Temporal logical types")
struct TemporalTests {
    /// Foundation's Gregorian calendar in UTC: an independent reference for day arithmetic.
    static let utc: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    @Test("Day ↔ civil date agrees with Foundation over many years")
    func civilRoundTrip() {
        var rng = TestRNG(seed: 7)
        for _ in 0..<2000 {
            let index = Int32(truncatingIfNeeded: Int64(rng.next() % 200_000) - 100_000)
            let day = Day(index: index)
            let date = Date(timeIntervalSince1970: Double(index) * 86_400)
            let comps = Self.utc.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = day.civil
            #expect(civil.year == comps.year && civil.month == comps.month && civil.day == comps.day)
            #expect(Day(year: civil.year, month: civil.month, day: civil.day) == day)
            // Foundation: 1 = Sunday … 7 = Saturday; ISO: 1 = Monday … 7 = Sunday.
            #expect(day.isoWeekday == (comps.weekday! + 5) % 7 + 1)
        }
    }

    @Test("Invalid dates are rejected")
    func invalidDates() {
        #expect(Day(year: 2026, month: 2, day: 29) == nil)
        #expect(Day(year: 2024, month: 2, day: 29) != nil)
        #expect(Day(year: 1900, month: 2, day: 29) == nil)
        #expect(Day(year: 2000, month: 2, day: 29) != nil)
        #expect(Day(year: 2026, month: 13, day: 1) == nil)
        #expect(Day(iso: "2026-11-2") == nil || Day(iso: "2026-11-2")?.description == "2026-11-02")
        #expect(Day(iso: "2026-11-02T08:00:00Z")?.description == "2026-11-02")
        #expect(Day(iso: "not a date") == nil)
    }

    @Test("Apple reference-date seconds convert to Unix time")
    func appleReference() {
        // 2001-01-01T00:00:00Z is 978307200 s after the Unix epoch.
        #expect(Timestamp(appleReferenceSeconds: 0).microseconds == 978_307_200_000_000)
        let t = Timestamp(appleReferenceSeconds: 785_000_000.25)
        #expect(t.appleReferenceSeconds == 785_000_000.25)
        #expect(t.date == Date(timeIntervalSinceReferenceDate: 785_000_000.25))
    }

    /// Seconds beyond what `Int64` microseconds hold (±2⁶³ µs ≈ ±9.22 × 10¹² s) used to trap in
    /// `Int64(_:)`; the checked conversion answers `nil` for them, NaN and ±∞, and is exact inside.
    @Test("Checked conversion: nil outside the representable range, never a trap")
    func checkedConversion() {
        for s in [1e300, -1e300, .infinity, -.infinity, .nan, 9.3e12, -9.3e12, 9_223_372_036_854.776] {
            #expect(Timestamp(checkedUnixSeconds: s) == nil, "\(s)")
        }
        #expect(Timestamp(checkedAppleReferenceSeconds: 1e300) == nil)
        #expect(Timestamp(checkedUnixSeconds: 0)?.microseconds == 0)
        #expect(Timestamp(checkedUnixSeconds: -2_208_988_800)?.microseconds == -2_208_988_800_000_000)
        #expect(Timestamp(checkedUnixSeconds: 0x1p-20)?.microseconds == 1, "0.95 µs rounds to the nearest µs")
        #expect(Timestamp(checkedUnixSeconds: 9e12)?.microseconds == 9_000_000_000_000_000_000)
        #expect(Timestamp(checkedUnixSeconds: -9e12)?.microseconds == -9_000_000_000_000_000_000)
        #expect(Timestamp(checkedAppleReferenceSeconds: 0)?.microseconds == 978_307_200_000_000)
    }

    /// The unchecked initialisers clamp instead of trapping: beyond the range is the nearest end, NaN the epoch.
    @Test("Unchecked conversion clamps")
    func clampedConversion() {
        #expect(Timestamp(unixSeconds: 1e300) == .latestRepresentable)
        #expect(Timestamp(unixSeconds: -.infinity) == .earliestRepresentable)
        #expect(Timestamp(unixSeconds: .nan).microseconds == 0)
        #expect(Timestamp(appleReferenceSeconds: 1e300) == .latestRepresentable)
        #expect(Timestamp(unixSeconds: 1_731_445_292.5).microseconds == 1_731_445_292_500_000)
    }

    /// `Day(year:month:day:)` used to trap in `Int32(_:)` for years far outside what an `Int32` of days holds.
    @Test("Days beyond Int32 are nil, not a trap")
    func hugeYears() {
        #expect(Day(year: 10_000_000, month: 1, day: 1) == nil)
        #expect(Day(year: -10_000_000, month: 1, day: 1) == nil)
        #expect(Day(year: Int.max, month: 12, day: 31) == nil)
        #expect(Day(year: 5_000_000, month: 12, day: 31) != nil)
        #expect(Day(year: -5_000_000, month: 1, day: 1) != nil)
    }
}

@Suite("Journal builder")
struct JournalBuilderTests {
    @Test("Entity codes index the entity tables, bean attributes are joined")
    func joins() {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(id: "m1", name: "V60", category: .pourOver))
        let esp = b.addMethod(BrewMethod(id: "m2", name: "Espresso", category: .espresso))
        _ = b.addMethod(BrewMethod(id: "m3", name: "Unused"))
        let g = b.addGrinder(Grinder(id: "g1", name: "C40", type: .manual))
        let bean = b.addBean(CoffeeBean(id: "b1", name: "Kochere", roaster: "Roaster A", origin: "Ethiopia",
                                        roastDate: Day(year: 2026, month: 11, day: 2)))
        var r = BrewRow()
        r.id = "x"; r.method = v60; r.grinder = g; r.bean = bean; r.doseGrams = 15; r.waterGrams = 250
        b.appendBrew(r)
        var e = BrewRow()
        e.id = "y"; e.method = esp; e.doseGrams = 18; e.yieldGrams = 36
        b.appendBrew(e)
        b.appendBrew(BrewRow())  // every field missing
        let j = b.finish()
        #expect(j.brews.count == 3)
        #expect(j.methods.count == 3)
        #expect(j.brews.method[0] == "V60" && j.brews.method[1] == "Espresso" && j.brews.method[2] == nil)
        #expect(j.brews.category(at: 0) == .pourOver && j.brews.category(at: 1) == .espresso && j.brews.category(at: 2) == .other)
        #expect(j.brews.roaster[0] == "Roaster A" && j.brews.roaster[1] == nil)
        #expect(j.brews.roastDate[0] == Day(year: 2026, month: 11, day: 2)!.index)
        #expect(j.brews.doseGrams.nullCount == 1)
        #expect(j.brews.schema.first { $0.name == "yield_g" }?.nullCount == 2)
    }

    @Test("The empty journal has no rows and no entities")
    func empty() {
        let j = Journal.empty
        #expect(j.brews.count == 0 && j.methods.isEmpty && j.brews.schema.allSatisfy { $0.nullCount == 0 })
    }

    @Test("Unknown category strings read as other")
    func categories() {
        #expect(MethodCategory(rawString: "Pour-Over") == .pourOver)
        #expect(MethodCategory(rawString: "siphon") == .other)
        #expect(RoastLevel(rawString: "Medium Light") == .mediumLight)
        #expect(RoastLevel(rawString: "burnt") == nil)
    }
}

@Suite("Selections")
struct SelectionTests {
    @Test("Grouping by dictionary codes drops nulls and keeps order")
    func grouping() {
        var b = DictionaryColumnBuilder()
        ["a", "b", nil, "a", "c", "b"].forEach { b.append($0) }
        let col = b.finish()
        let groups = Selection.all(col.count).group(by: col, codeCount: col.dictionary.count)
        #expect(groups.map(\.indices) == [[0, 3], [1, 5], [4]])
        let evens = Selection.all(6).filter { $0 % 2 == 0 }
        #expect(evens.indices == [0, 2, 4])
    }
}
