import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

/// The row kernels the report asks instead of walking rows (``Kernel/take(_:_:)``, ``BrewAnalysis/dayRange(_:)``,
/// ``RowFilter``, …), each against values worked out by hand from the rows below.
@Suite("Row kernels")
struct RowKernelTests {
    /// A column from values and a validity mask (`true` = valid).
    static func column<E>(_ values: [E], _ valid: [Bool]) -> PrimitiveColumn<E> {
        var words = [UInt64](repeating: 0, count: (valid.count + 63) / 64)
        for (i, v) in valid.enumerated() where v { words[i / 64] |= 1 << UInt64(i % 64) }
        return PrimitiveColumn(values: values, validity: Bitmap(words: words, count: valid.count))
    }

    @Test func presenceTakeRangeAndDistinct() {
        let f = Self.column([1.0, .nan, 3, 7], [true, true, false, true])
        #expect(Kernel.anyPresent(f))
        #expect(!Kernel.anyPresent(Self.column([.nan, 2.0], [true, false])))   // NaN, then a null
        #expect(!Kernel.anyPresent(Self.column([Double](), [])))
        #expect(Kernel.anyValid(f) && !Kernel.anyValid(Self.column([1.0, 2], [false, false])))
        #expect(Kernel.take(Self.column([10.0, 20, 30, 40], [true, true, true, true]), Selection([3, 1])) == [40, 20])
        let i = Self.column([Int32(5), 2, 9, 1], [true, true, true, false])
        #expect(Kernel.validRange(i) == 2...9)                      // 1 is null
        #expect(Kernel.validRange(i, Selection([0, 3])) == 5...5)
        #expect(Kernel.validRange(Self.column([Int32(4)], [false])) == nil)
        #expect(Kernel.distinctValues(Self.column([Int32(3), 1, 3, 2], [true, true, true, false])) == [1, 3])
        let codes = DictionaryColumn(codes: Self.column([Int32(1), 0, 1, 0], [true, false, true, true]), dictionary: ["a", "b"])
        #expect(Kernel.distinctCodes(codes) == [0, 1])
        #expect(Kernel.takeCodes(codes, Selection([1, 2, 3])) == [-1, 1, 0])
    }

    /// Five brews (UTC): 2026-11-02 (W45), 2026-11-08 (W45), undated, 2026-10-20 (W43), 2026-12-01 (W49).
    static func journal() -> Journal {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let espresso = b.addMethod(BrewMethod(name: "Espresso", category: .espresso))
        let press = b.addMethod(BrewMethod(name: "French press", category: .immersion))
        let g0 = b.addGrinder(Grinder(name: "G0")), g1 = b.addGrinder(Grinder(name: "G1"))
        let rows: [(String?, Int32, Int32, Double?, Double?)] = [
            ("2026-11-02", v60, g0, 20, 4), ("2026-11-08", espresso, g1, 10, 3), (nil, press, g0, nil, 5),
            ("2026-10-20", v60, g0, 20, 4), ("2026-12-01", press, g0, 20, .nan),
        ]
        for (day, method, grinder, setting, rating) in rows {
            var r = BrewRow()
            r.method = method; r.grinder = grinder; r.grindSetting = setting; r.rating = rating
            r.brewDate = day.map { Timestamp(microseconds: Int64(Day(iso: $0)!.index) * 86_400_000_000 + 43_200_000_000) }
            b.appendBrew(r)
        }
        return b.finish()
    }

    static func analysis() -> BrewAnalysis {
        var options = StatsOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        return BrewAnalysis(journal: journal(), options: options)
    }

    static func day(_ s: String) -> Day { Day(iso: s)! }

    @Test func daysWeeksCategoriesAndGrindPoints() throws {
        let a = Self.analysis()
        #expect(a.dayRange() == Self.day("2026-10-20")...Self.day("2026-12-01"))
        #expect(a.dayRange(Selection([0, 1, 2])) == Self.day("2026-11-02")...Self.day("2026-11-08"))
        #expect(a.dayRange(Selection([2])) == nil)
        #expect(a.weeksWithBrews.map(\.label) == ["2026-W43", "2026-W45", "2026-W49"])
        #expect(a.categoryCounts(.all(5)) == [.pourOver: 2, .espresso: 1, .immersion: 2])
        #expect(a.categoryCounts(Selection([1, 4])) == [.espresso: 1, .immersion: 1])
        #expect(a.categories(Selection([4, 0])) == [.immersion, .pourOver])
        // G0 at 20 rated 4 twice (rows 0 and 3); G1 at 10 rated 3; row 2 has no setting, row 4 a NaN rating.
        // Per grinder × method: G0's two are V60 (method 0), G1's espresso (method 1).
        #expect(a.grindPointCounts() == [GrindPointCount(grinder: 0, setting: 20, rating: 4, count: 2, method: 0),
                                         GrindPointCount(grinder: 1, setting: 10, rating: 3, count: 1, method: 1)])
    }

    @Test func cutAndFilterRows() throws {
        let j = Self.journal()
        let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
        let cut = utc.rows(of: j.brews, through: Self.day("2026-11-08"))
        #expect(cut.kept == Selection([0, 1, 2, 3]) && cut.later == 1)   // the undated brew stays
        #expect(utc.rows(of: j.brews, through: Self.day("2026-10-19")).later == 4)
        // In UTC+14 the noon brews of 2026-11-08 fall on 2026-11-09: after the day.
        let kiritimati = LocalCalendar(timeZone: TimeZone(identifier: "Pacific/Kiritimati")!)
        #expect(kiritimati.rows(of: j.brews, through: Self.day("2026-11-08")).kept == Selection([0, 2, 3]))
        #expect(RowFilter(methods: [0], since: Self.day("2026-10-25")).rows(j.brews, calendar: utc) == Selection([0]))
        #expect(RowFilter(grinders: [0]).rows(j.brews, calendar: utc) == Selection([0, 2, 3, 4]))
        #expect(RowFilter(until: Self.day("2026-11-02")).rows(j.brews, calendar: utc) == Selection([0, 3]))  // undated fails
        #expect(RowFilter(grinders: [1], beans: [0]).rows(j.brews, calendar: utc).isEmpty)                      // no bean
        #expect(RowFilter().rows(j.brews, calendar: utc) == .all(5))
    }
}

/// The kernels that pick brews to compare, against lists worked out by hand.
@Suite struct PickKernelTests {
    @Test func latestRowsSkipUndatedAndBreakTiesByRow() {
        // Dates 5, nil, 3, 5, 1: dated rows by (date, row) are 4 (1), 2 (3), 0 (5), 3 (5).
        var builder = PrimitiveColumnBuilder<Int64>()
        for d in [5, nil, 3, 5, 1] as [Int64?] { builder.append(d) }
        let dates = builder.finish()
        #expect(Kernel.latestRows(dates, count: 2) == [0, 3])
        #expect(Kernel.latestRows(dates, count: 3) == [2, 0, 3])
        #expect(Kernel.latestRows(dates, count: 9) == [4, 2, 0, 3])
        #expect(Kernel.latestRows(dates, count: 0) == [])
    }

    @Test func firstRowsMatchIdsExactly() {
        var builder = StringColumnBuilder()
        for id in ["a", nil, "b", "a", "B"] as [String?] { builder.append(id) }
        let ids = builder.finish()
        #expect(Kernel.firstRows(ids, matching: ["a", "B", "x", "a"]) == [0, 4, nil, 0])
        #expect(Kernel.firstRows(ids, matching: []) == [])
    }
}
