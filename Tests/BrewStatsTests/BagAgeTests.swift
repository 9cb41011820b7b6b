import BrewColumns
import BrewStats
import Foundation
import Testing

/// The bag age (docs/definitions.md, ``BagAge``) against ages worked out by hand: days off roast less days frozen.
@Suite struct BagAgeTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static func nov(_ d: Int) -> Int32 { Day(year: 2026, month: 11, day: d)!.index }

    /// Roasted 1 Nov, frozen 5 Nov, thawed 15 Nov.
    @Test func ageByHand() {
        func age(_ brew: Int, frozen: Int? = 5, thawed: Int? = 15) -> Int32 {
            BagAge.days(brewDay: Self.nov(brew), roastDay: Self.nov(1), frozen: frozen.map(Self.nov),
                        thawed: thawed.map(Self.nov))
        }
        #expect(age(3) == 2)  // before the freezer: 2 days off roast, none frozen
        #expect(age(5) == 4)  // on the freezing day: none of it frozen yet
        #expect(age(10) == 4)  // 9 days off roast, 5 of them (5–9 Nov) frozen
        #expect(age(15) == 4)  // thawed that day: 14 − 10
        #expect(age(20) == 9)  // 19 − 10
        #expect(age(20, thawed: nil) == 4)  // still in the freezer: 19 − 15
        #expect(age(20, frozen: nil) == 19)  // a thawing day alone says nothing
        #expect(age(20, frozen: 15, thawed: 5) == 19)  // thawed before frozen: a contradiction, none frozen
        #expect(age(20, frozen: nil, thawed: nil) == 19)
        // Frozen before the roast day (a typo in the journal): only the days after the roast count as frozen.
        #expect(BagAge.days(brewDay: Self.nov(20), roastDay: Self.nov(10), frozen: Self.nov(1),
                            thawed: Self.nov(12)) == 8)
        // Brewed before the roast day: negative days off roast, none frozen.
        #expect(BagAge.days(brewDay: Self.nov(1), roastDay: Self.nov(3), frozen: Self.nov(1), thawed: nil) == -2)
    }

    /// A bag frozen for 10 days between two brews, and a bag that never saw the freezer: the derived column, the rest
    /// chart's rows and its note.
    static func journal() -> Journal {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let frozen = b.addBean(CoffeeBean(name: "Kochere", roastDate: Day(year: 2026, month: 11, day: 1),
                                          frozenDate: Day(year: 2026, month: 11, day: 10),
                                          thawDate: Day(year: 2026, month: 11, day: 20)))
        let plain = b.addBean(CoffeeBean(name: "Gayo", roastDate: Day(year: 2026, month: 11, day: 2)))
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        for (k, (bean, day)) in [(frozen, 4), (frozen, 25), (plain, 25), (frozen, 15)].enumerated() {
            var row = BrewRow()
            row.id = "\(k)"
            // 00:30 local on the day: the day is the local one (23:30 UTC the day before).
            row.brewDate = Timestamp(cal.date(from: DateComponents(year: 2026, month: 11, day: day, hour: 0,
                                                                   minute: 30))!)
            row.bean = bean; row.method = v60; row.rating = 4
            b.appendBrew(row)
        }
        return b.finish()
    }

    @Test func derivedColumnAndRestChart() throws {
        var o = StatsOptions()
        o.timeZone = Self.zone
        let a = BrewAnalysis(journal: Self.journal(), options: o)
        // Kochere on 4 Nov: 3 days, before the freezer. On 25 Nov: 24 days off roast, 10 frozen (10–19 Nov): 14.
        // Gayo on 25 Nov: 23 days, never frozen. Kochere on 15 Nov, in the freezer: 14 − 5 (10–14 Nov) = 9.
        #expect(a.derived.bagAge.values == [3, 14, 23, 9])
        #expect(a.derived.daysOffRoast.values == [3, 24, 23, 14])
        let rows = a.restChartRows()
        #expect(rows.indices == [0, 1, 2, 3])
        #expect(a.frozenDaysNote(rows) ==
            "Days off roast leave out the days the bag was frozen (2 brews, up to 10 days frozen).")
        #expect(a.frozenDaysNote(Selection([0, 2])) == nil)
    }

    /// Without a freezing day anywhere the bag age is the days off roast, sharing its column.
    @Test func noFreezerIsDaysOffRoast() {
        var b = JournalBuilder()
        let bean = b.addBean(CoffeeBean(name: "Gayo", roastDate: Day(year: 2026, month: 11, day: 2)))
        var row = BrewRow()
        row.brewDate = Timestamp(unixSeconds: Double(Self.nov(9)) * 86_400 + 43_200)
        row.bean = bean
        b.appendBrew(row)
        let j = b.finish()
        #expect(j.brews.frozenDate.isAllNull && j.brews.thawDate.isAllNull)
        var o = StatsOptions()
        o.timeZone = TimeZone(identifier: "UTC")!
        let d = DerivedColumns(j.brews, options: o)
        #expect(d.bagAge.values == [7] && d.daysOffRoast.values == [7])
    }
}
