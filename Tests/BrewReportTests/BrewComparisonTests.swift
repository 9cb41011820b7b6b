import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
@testable import BrewPages
import TestSupport
@testable import BrewReport

/// `compare` of brews without telemetry: which brews are picked, and the table's differences against values worked
/// out here from the rows as written.
@Suite struct BrewComparisonTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func journal(_ csv: String) throws -> Journal {
        let url = try Repo.scratch("brew-compare").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        return try importJournal(at: url).journal
    }

    static var options: StatsOptions {
        var o = StatsOptions()
        o.timeZone = berlin
        return o
    }

    static let header = "brew_id,brewed_at,method,method_category,grinder,grind_setting,bean,roaster,roast_date,dose_g,water_g,yield_g,brew_time_s,water_temp_c,tds_pct,rating,acidity,body,sweetness,flavor_tags,notes"

    func q(_ name: String) -> Int { BrewComparison.quantities.firstIndex(of: name)! }

    /// Three V60 brews of one bean and one of another: the latest two of the bean, oldest first, and every difference
    /// as the rows give it.
    @Test func theLatestTwoBrewsOfABean() throws {
        let j = try Self.journal(Self.header + """

            a,2026-11-01T08:00:00+01:00,V60,pour_over,C40,24,Kochere,Friedhats,2026-10-20,15,250,,180,93,1.30,3.5,,,,,
            b,2026-11-05T08:00:00+01:00,V60,pour_over,C40,22,Kochere,Friedhats,2026-10-20,15,240,,200,94,1.40,4,3,4,3,"peach, jasmine",sweeter
            c,2026-11-06T08:00:00+01:00,V60,pour_over,C40,20,Other,Friedhats,2026-10-20,16,250,,190,94,,2,,,,,
            d,2026-11-07T09:30:00+01:00,V60,pour_over,C40,21,Kochere,Friedhats,2026-10-20,16,256,,210,,1.35,4.5,,,,,
            """)
        let c = try BrewComparison.latest(j, count: 2, filter: JournalFilter(bean: "Kochere"), options: Self.options)
        #expect(c.brews.map(\.id) == ["b", "d"])
        #expect(c.brews.map(\.date) == ["2026-11-05 08:00", "2026-11-07 09:30"])
        // By hand: grind 21 − 22, dose 16 − 15, water 256 − 240, time 210 − 200; ratio 256/16 − 240/15 = 16 − 16;
        // days off roast 18 − 16; rating 4.5 − 4; temperature missing in d.
        #expect(c.difference(q("grind_setting"), brew: 1) == -1)
        #expect(c.difference(q("dose_g"), brew: 1) == 1)
        #expect(c.difference(q("water_g"), brew: 1) == 16)
        #expect(c.difference(q("brew_time_s"), brew: 1) == 10)
        #expect(c.difference(q("water_temp_c"), brew: 1) == nil)
        #expect(abs(c.difference(q("brew_ratio"), brew: 1)! - (256.0 / 16 - 240.0 / 15)) < 1e-12)
        #expect(c.difference(q("days_off_roast"), brew: 1) == 2)
        #expect(c.difference(q("rating"), brew: 1) == 0.5)
        // EY = TDS × beverage ÷ dose, beverage = water − 2 × dose (the default retention): b 1.40 × 210 ÷ 15,
        // d 1.35 × 224 ÷ 16.
        let ey = 1.35 * (256 - 32) / 16 - 1.40 * (240 - 30) / 15
        #expect(abs(c.difference(q("extraction_yield_pct"), brew: 1)! - ey) < 1e-9)
        #expect(c.difference(q("acidity"), brew: 1) == nil)

        let csv = c.csv().split(separator: "\n")
        #expect(csv[0] == "quantity,brew_1,brew_2,diff_2_1")
        #expect(csv.contains("water_g,240.000,256.000,16.000"))
        #expect(csv.contains("water_temp_c,94.000,,"))
        let md = MarkdownRenderer.render(ComparePage.page(c))
        #expect(md.contains("- 1. · 2026-11-05 08:00 · Kochere · V60 · C40 · id b"))
        #expect(md.contains("flavours: peach, jasmine · notes: sweeter"))
        #expect(md.contains("| Quantity | Brew 1 | Brew 2 | 2 − 1 |"))
        #expect(md.contains("| Water (g) | 240 | 256 | +16 |"))
        #expect(!md.contains("no difference is taken"))
    }

    /// An espresso and a pour-over: their ratios are shown, but no difference of yield ÷ dose and water ÷ dose.
    @Test func ratiosOfTwoConventionsAreNotSubtracted() throws {
        let j = try Self.journal(Self.header + """

            e,2026-11-01T08:00:00+01:00,Espresso,espresso,Niche,12,Kochere,Friedhats,,18,,36,28,,,4,,,,,
            f,2026-11-02T08:00:00+01:00,V60,pour_over,Niche,40,Kochere,Friedhats,,15,250,,180,,,4,,,,,
            """)
        let c = try BrewComparison.latest(j, count: 3, filter: JournalFilter(), options: Self.options)
        #expect(c.brews.map(\.id) == ["e", "f"])
        #expect(c.brews[0].values[q("brew_ratio")] == 2)
        #expect(abs(c.brews[1].values[q("brew_ratio")]! - 250.0 / 15) < 1e-12)
        #expect(c.difference(q("brew_ratio"), brew: 1) == nil)
        #expect(c.difference(q("dose_g"), brew: 1) == -3)
        #expect(MarkdownRenderer.render(ComparePage.page(c)).contains("no difference is taken between the two"))
    }

    /// Brews by id, in the order given (a later brew may come first), and an id the journal lacks found as none.
    @Test func brewsById() throws {
        let j = try Self.journal(Self.header + """

            a,2026-11-01T08:00:00+01:00,V60,pour_over,C40,24,Kochere,,,15,250,,,,,3,,,,,
            m,2026-11-02T08:00:00+01:00,V60,pour_over,C40,23,Kochere,,,15,250,,,,,4,,,,,
            b,2026-11-03T08:00:00+01:00,V60,pour_over,C40,22,Kochere,,,15,250,,,,,5,,,,,
            """)
        let rows = Kernel.firstRows(j.brews.id, matching: ["b", "a", "zz"])
        #expect(rows == [2, 0, nil])
        let c = BrewComparison(j, rows: rows.compactMap { $0 }, options: Self.options)
        #expect(c.brews.map(\.id) == ["b", "a"])
        #expect(MarkdownRenderer.render(ComparePage.page(c)).contains("- 1. · 2026-11-03 08:00 · Kochere · V60 · C40 · id b"))
        #expect(c.difference(q("grind_setting"), brew: 1) == 2)
        #expect(c.difference(q("rating"), brew: 1) == -2)
    }

    /// Fewer than two dated brews left by the filter: an error that says so, and no comparison.
    @Test func oneBrewIsNothingToCompare() throws {
        let j = try Self.journal(Self.header + """

            a,2026-11-01T08:00:00+01:00,V60,pour_over,C40,24,Kochere,,,15,250,,,,,3,,,,,
            b,2026-11-03T08:00:00+01:00,V60,pour_over,C40,22,Other,,,15,250,,,,,5,,,,,
            """)
        #expect {
            try BrewComparison.latest(j, count: 2, filter: JournalFilter(bean: "Kochere"), options: Self.options)
        } throws: { error in
            "\(error)".contains("a comparison needs two or three dated brews, and one is there")
        }
    }
}
