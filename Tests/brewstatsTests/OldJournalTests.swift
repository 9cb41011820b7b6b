import Foundation
import Testing
import TestSupport

/// A journal whose latest brews are weeks old: its first report opens on its overview (the year of its last brew),
/// and `--last` gives the nearest-week hint a named empty week gets.
@Suite struct OldJournalTests {
    static var backup: URL? { Repo.peerData?.appendingPathComponent("beanconqueror/Beanconqueror_old.json") }

    @Test(.enabled(if: CLI.available && OldJournalTests.backup != nil, "needs the built binary and ../shared/peer-data"))
    func theFirstReportOpensOnTheOverviewAndLastGivesTheHint() throws {
        let url = try #require(Self.backup)
        let out = try Repo.scratch("old-journal")
        let r = try CLI.run(["report", url.path, "--out", out.appendingPathComponent("report").path, "--today", "2026-11-23"], timeout: 180)
        #expect(r.status == 0, "\(r.stderr)")
        // The backup's brews run from 2020-03-29 to 2020-05-28: the report is of 2020, and says why.
        #expect(r.stdout.hasPrefix("2020 (1 Jan – 31 Dec 2020)"), "\(r.stdout)")
        // The page escapes the apostrophe (&#39;); read as text, it is one.
        let html = try String(contentsOf: out.appendingPathComponent("report/index.html"), encoding: .utf8)
            .replacingOccurrences(of: "&#39;", with: "'")
        #expect(html.contains("The journal's latest brews are from 2020-05-28, weeks before today: this report covers 2020"))
        let last = try CLI.run(["report", url.path, "--last", "--out", out.appendingPathComponent("last").path, "--today", "2026-11-23"])
        #expect(last.status == 1)
        #expect(last.stderr.contains("try --week 2020-W22, the nearest week with brews"), "\(last.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("last").path))
    }

    @Test(.enabled(if: CLI.available && OldJournalTests.backup != nil, "needs the built binary and ../shared/peer-data"))
    func aChartOfNothingExitsOneAndWritesNothing() throws {
        let url = try #require(Self.backup)
        let out = try Repo.scratch("empty-chart").appendingPathComponent("e.svg")
        let r = try CLI.run(["chart", "extraction-trend", url.path, "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("nothing to draw for extraction-trend: no brew has a TDS measurement"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
