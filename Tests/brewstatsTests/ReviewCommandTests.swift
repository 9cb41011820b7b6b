import Foundation
import Testing
import TestSupport

/// `brewstats review`: the year in review of the sample journal, checked against the sample's CSV export read here
/// (the brews of the year counted with Foundation's calendar), and an honest empty year.
@Suite struct ReviewCommandTests {
    /// The brews of the sample CSV export whose local date in Berlin falls in `year`.
    static func brewsIn(_ year: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        let iso = ISO8601DateFormatter()
        return TestCSV.rows(text(Repo.sample("journal.csv"))).filter { row in
            iso.date(from: row["brewed_at"] ?? "").map { calendar.component(.year, from: $0) } == year
        }.count
    }

    @Test(.enabled(if: CLI.available)) func sampleYearAndAnEmptyYear() throws {
        let scratch = try Repo.scratch("e2e-review")
        let out = scratch.appendingPathComponent("2026")
        let r = try CLI.run(["review", "2026", Repo.sample("journal.sqlite").path, "--out", out.path, "--tz", "Europe/Berlin",
                             "--formats", "svg,pdf"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let count = Self.brewsIn(2026)
        #expect(count > 0)
        #expect(r.stdout.hasPrefix("2026: \(count) brews"))
        let page = try StrictHTML(text(out.appendingPathComponent("index.html")))
        #expect(page.root.attributes["lang"] == "en")
        #expect(page.root.all("h1").first?.text == "2026 in coffee")
        #expect(Set(page.images) == ["weekdays.svg", "months.svg"])
        for ref in page.fileReferences { #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(ref).path), "\(ref)") }
        #expect(text(out.appendingPathComponent("index.html")).contains("<div class=\"label\">Brews</div><div class=\"value\">\(count)</div>"))
        #expect(bytes(out.appendingPathComponent("review.pdf")).starts(with: Data("%PDF".utf8)))

        let empty = scratch.appendingPathComponent("2019")
        let e = try CLI.run(["review", "2019", Repo.sample("journal.sqlite").path, "--out", empty.path, "--tz", "Europe/Berlin"])
        #expect(e.status == 0, "\(e.stderr)")
        #expect(e.stdout.hasPrefix("2019: 0 brews"))
        #expect(text(empty.appendingPathComponent("index.html")).contains("No brew in this journal is dated in 2019"))
        // By default: the page and its Markdown; no chart is drawn for a year without brews.
        #expect(relativeFiles(in: empty).filter { !$0.hasPrefix(".") } == ["index.html", "review.md"])
    }
}
