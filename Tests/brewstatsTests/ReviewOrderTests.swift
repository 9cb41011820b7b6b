import Foundation
import Testing
import TestSupport

/// `review` takes the journal first and the year as --year, like `report --year`; the older order still works, and
/// without --year the year is the one of the journal's last brew.
@Suite struct ReviewOrderTests {
    @Test(.enabled(if: CLI.available)) func theJournalFirstOrderGivesTheSameReviewAsTheOldOne() throws {
        let scratch = try Repo.scratch("review-order")
        let journal = Repo.sample("journal.sqlite").path
        let common = ["--tz", "Europe/Berlin", "--today", "2026-11-23", "--formats", "svg,pdf"]
        let a = scratch.appendingPathComponent("new"), b = scratch.appendingPathComponent("old"), c = scratch.appendingPathComponent("latest")
        let r1 = try CLI.run(["review", journal, "--year", "2026", "--out", a.path] + common, timeout: 120)
        let r2 = try CLI.run(["review", "2026", journal, "--out", b.path] + common, timeout: 120)
        // The sample journal's last brew is on 2026-11-22 (its CSV export's last row, read here by the tests' reader).
        let rows = TestCSV.rows(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
        let lastYear = rows.compactMap { $0["brewed_at"].map { String($0.prefix(4)) } }.max()
        #expect(lastYear == "2026")
        let r3 = try CLI.run(["review", journal, "--out", c.path] + common, timeout: 120)
        for r in [r1, r2, r3] { #expect(r.status == 0, "\(r.stderr)") }
        for name in ["index.html", "review.pdf"] {
            let x = try Data(contentsOf: a.appendingPathComponent(name))
            #expect(x == (try Data(contentsOf: b.appendingPathComponent(name))), "\(name) differs between the two orders")
            #expect(x == (try Data(contentsOf: c.appendingPathComponent(name))), "\(name) differs without --year")
        }
        let bad = try CLI.run(["review", journal, "extra", "--out", scratch.appendingPathComponent("bad").path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("give one journal, and the year with --year"))
    }
}
