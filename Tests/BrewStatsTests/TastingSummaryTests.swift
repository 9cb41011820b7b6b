import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport

@Suite struct TastingSummaryTests {
    /// Five brews of one bean: tags in several spellings, scores on some, notes on some.
    static func table() throws -> BrewTable {
        let header = "brew_id,brewed_at,method,method_category,grinder,grind_setting,bean,roaster,origin,roast_date,roast_level,dose_g,water_g,yield_g,brew_time_s,water_temp_c,tds_pct,rating,acidity,body,sweetness,flavor_tags,notes\n"
        let rows = [
            "a,2026-03-01T07:00:00+00:00,V60,pour_over,C40,20,Gatare,Friedhats,,,,15,250,,180,93,,4,4,3,4,\"Peach, bergamot\",\"  Bright, juicy  \"",
            "b,2026-03-02T07:00:00+00:00,V60,pour_over,C40,20,Gatare,Friedhats,,,,15,250,,180,93,,4,2,,5,\"peach,Florals,peach\",",
            "c,2026-03-03T07:00:00+00:00,V60,pour_over,C40,20,Gatare,Friedhats,,,,15,250,,180,93,,4,3,4,,\"Bergamot ,floral\",Too sour",
            "d,2026-03-04T07:00:00+00:00,V60,pour_over,C40,20,Gatare,Friedhats,,,,15,250,,180,93,,4,,,,,",
            "e,2026-03-05T07:00:00+00:00,V60,pour_over,C40,20,Gatare,Friedhats,,,,15,250,,180,93,,4,,,,\" , \",",
        ]
        let url = try Repo.scratch("tasting").appendingPathComponent("j.csv")
        try Data((header + rows.joined(separator: "\n") + "\n").utf8).write(to: url)
        return try importJournal(at: url, options: ImportOptions(format: .csv)).journal.brews
    }

    @Test func countsTagsOncePerBrewUnderOneSpelling() throws {
        let s = TastingSummary(try Self.table(), rows: Array(0..<5))
        // peach: brews a, b (b names it twice: counted once); bergamot: a, c; floral(s): b, c. Each spelling of
        // bergamot and floral is written once: the tie goes to code-point order ("Bergamot" before "bergamot",
        // "Florals" before "floral"). All three at 2 brews: listed in code-point order.
        let tags = s.tags.map { "\($0.name)=\($0.brews)" }
        #expect(tags == ["Bergamot=2", "Florals=2", "peach=2"])
        #expect(s.brews == 5)
        #expect(s.notedBrews == 3)  // d has nothing; e only an empty tag list
    }

    @Test func scoresHaveMeanSpreadAndRange() throws {
        let s = TastingSummary(try Self.table(), rows: Array(0..<5))
        // acidity 4, 2, 3: mean 3, sd 1; body 3, 4: mean 3.5, sd √0.5; sweetness 4, 5: mean 4.5.
        let acidity = try #require(s.acidity)
        #expect(acidity.n == 3 && acidity.mean == 3 && acidity.sd == 1 && acidity.min == 2 && acidity.max == 4)
        let body = try #require(s.body)
        #expect(body.n == 2 && body.mean == 3.5 && isClose(body.sd!, 0.5.squareRoot()))
        #expect(s.sweetness?.mean == 4.5)
        #expect(TastingSummary(try Self.table(), rows: [0]).acidity?.sd == nil)
    }

    @Test func notesAreTrimmedAndMostRecentFirst() throws {
        let s = TastingSummary(try Self.table(), rows: Array(0..<5))
        #expect(s.notes.map(\.text) == ["Too sour", "Bright, juicy"])
        #expect(TastingSummary(try Self.table(), rows: [3, 4]).isEmpty)
    }
}
