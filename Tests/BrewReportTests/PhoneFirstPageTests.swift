import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewCharts
@testable import BrewPages
@testable import BrewReport

/// The report as a phone shows it: numbers before the per-bean details, each bean a card that opens with what to
/// brew next, and the tasting notes users wrote (chart text at 390 px: ``ChartLegibilityTests``).
@Suite struct PhoneFirstPageTests {
    /// Week 2026-W10 (2–8 March) has four brews; the week before has one whose tag must not be counted.
    static let csv = """
        brewed_at,method,grinder,grind_setting,bean,roaster,dose_g,water_g,rating,acidity,body,sweetness,flavor_tags,notes
        2026-02-27T07:00:00+01:00,V60,C40,24,Gatare,Friedhats,15,250,4,,,,cocoa,
        2026-03-02T07:00:00+01:00,V60,C40,24,Gatare,Friedhats,15,250,4,4,3,,"peach, jasmine",
        2026-03-03T07:00:00+01:00,V60,C40,22,Gatare,Friedhats,15,250,3,2,,,Peach,Sour finish
        2026-03-04T07:00:00+01:00,V60,C40,26,Gatare,Friedhats,15,250,4,,,,,
        2026-03-05T07:00:00+01:00,V60,C40,25,Gatare,Friedhats,15,250,4.5,,,,,"Sweet, round"
        """

    static func report() throws -> PeriodReport {
        let url = try Repo.scratch("phone").appendingPathComponent("journal.csv")
        try Data(csv.utf8).write(to: url)
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.period = .named(.week(IsoWeek(containing: Day(year: 2026, month: 3, day: 4)!)))
        options.now = Date(timeIntervalSince1970: 1_773_000_000)  // 2026-03-08
        options.parallelRendering = false
        return try PeriodReport(journal: try importJournal(at: url).journal, journalName: "j", importReport: nil, options: options)
    }

    @Test func headlineNumbersComeBeforeTheBeans() throws {
        let html = Render.html(try Self.report())
        let tiles = try #require(html.range(of: "<div class=\"tiles\""))
        let beans = try #require(html.range(of: "<section id=\"beans\">"))
        #expect(tiles.lowerBound < beans.lowerBound)
    }

    @Test func theWeeksTastingNotesAreShownWithTheirCounts() throws {
        let html = Render.html(try Self.report())
        // By hand from the rows of W10: three of four brews carry a tag, a score or a note; "peach" is named by two
        // brews (once as "Peach"), "jasmine" by one; the February "cocoa" is another week's.
        #expect(html.contains("This week’s tasting notes"))
        #expect(html.contains("3 of this week’s brews (4) carry tasting notes."))
        // One brew writes "peach", one "Peach": a tie, shown in code-point order ("Peach").
        #expect(html.contains("<li>Peach <span class=\"muted\">×2</span></li>"))
        #expect(html.contains("<li>jasmine <span class=\"muted\">×1</span></li>"))
        #expect(html.contains("<ul class=\"tags\" data-block=\"tags\">"))
        #expect(!html.contains("cocoa"))
        // Acidity 4 and 2: mean 3.0, sd √2 ≈ 1.4; body 3 once.
        #expect(html.contains("Acidity: mean 3.0 of 5 over 2 brews, from 2.0 to 4.0 (typically ± 1.4)"))
        #expect(html.contains("Body: 3.0 of 5 (one brew)"))
        // Notes quoted, the most recent first.
        let sweet = try #require(html.range(of: "“Sweet, round”")), sour = try #require(html.range(of: "“Sour finish”"))
        #expect(sweet.lowerBound < sour.lowerBound)
        #expect(html.contains("2026-03-05: </span>“Sweet, round”</blockquote>"))
    }

    @Test func aBeanCardThatHasAdviceOpensWithIt() throws {
        let store = Repo.sample("journal.sqlite")
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23
        options.parallelRendering = false
        let report = try PeriodReport(journal: try importJournal(at: store).journal, journalName: "s", importReport: nil, options: options)
        let findings = BeanFinding.of(report)
        #expect(findings.contains { $0.leadsWithNext })
        for f in findings {
            let next = f.facts.firstIndex { $0.hasPrefix("next: ") }
            #expect(next == nil || next == 0, "\(f.title): the next step is fact \(next ?? -1)")
            #expect(f.leadsWithNext == (next == 0))
        }
        let html = Render.html(report)
        for f in findings where f.leadsWithNext {
            #expect(html.contains("<strong>\(HTMLText.escape(f.title))</strong><br><span class=\"statement\"><strong>\(HTMLText.escape(f.facts[0]))</strong></span>"))
        }
    }
}
