import Foundation
import Testing
import TestSupport

/// `brewstats report --month/--year/--from --to` end to end: the folder it writes and its one-line usage errors.
@Suite struct PeriodCommandTests {
    @Test(.enabled(if: CLI.available), arguments: [
        (["report", usageJournal, "--from", "2026-03-15", "--to", "2026-03-01"], "--from 2026-03-15 is after --to 2026-03-01"),
        (["report", usageJournal, "--from", "2026-03-15"], "--from needs --to"),
        (["report", usageJournal, "--month", "2026-11", "--week", "2026-W47"], "exclude each other"),
        (["report", usageJournal, "--year", "2026", "--last"], "exclude each other"),
        (["report", usageJournal, "--month", "2026-13"], "invalid month '2026-13'"),
        (["report", usageJournal, "--from", "2026-02-30", "--to", "2026-03-01"], "'--from <YYYY-MM-DD>': a date YYYY-MM-DD that exists, not '2026-02-30'"),
        (["chart", "brews-per-week", usageJournal, "-o", "x.svg", "--from", "2026-03-15", "--to", "2026-03-01"], "--from 2026-03-15 is after --to 2026-03-01"),
        (["chart", "rating-trend", usageJournal, "-o", "x.svg", "--to", "2026-03-15"], "--to needs --from"),
        (["chart", "rating-trend", usageJournal, "-o", "x.svg", "--month", "2026-11", "--week", "2026-W47"], "--week and --month exclude each other"),
        (["chart", "rating-trend", usageJournal, "-o", "x.svg", "--month", "2026-11", "--year", "2026"], "--month and --year exclude each other"),
        (["chart", "control-chart", usageJournal, "-o", "x.svg", "--month", "2026-13"], "invalid month '2026-13'"),
        (["chart", "shot-overlay", usageJournal, "-o", "x.svg", "--year", "2026"], "--year applies to brew charts, not shot-overlay"),
    ] as [([String], String)])
    func periodUsageErrorsAreOneLine(_ args: [String], _ message: String) throws {
        UsageErrorTests.expectUsageLine(try CLI.run(args), sub: args[0], contains: [message])
    }

    /// `chart … --month`: the sample's brews per day of November 2026 and October, the count printed is theirs
    /// (counted here from the sample's CSV export, each instant taken to its Berlin date).
    @Test(.enabled(if: CLI.available)) func chartOfAMonth() throws {
        let out = try Repo.scratch("e2e-chart-month").appendingPathComponent("m.svg")
        let r = try CLI.run(["chart", "brews-per-week", Repo.sample("journal.sqlite").path, "--month", "2026-11",
                             "--tz", "Europe/Berlin", "-o", out.path])
        try #require(r.status == 0, "\(r.stderr)")
        let export = TestCSV.records(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
        let parse = ISO8601DateFormatter()
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = berlin
        let months = export.rows.compactMap { $0["brewed_at"].flatMap(parse.date(from:)) }.filter {
            let c = cal.dateComponents([.year, .month], from: $0)
            return c.year == 2026 && (c.month == 10 || c.month == 11)
        }.count
        #expect(r.stdout.hasPrefix("wrote \(out.path) (\(months) brews, November 2026 and October 2026)"), "\(r.stdout)")
        #expect(try String(contentsOf: out, encoding: .utf8).contains("<svg"))
    }

    /// A month report of the sample journal: `period_summary.csv` instead of `week_summary.csv`, `totals.csv`,
    /// daily charts, and the default folder named after the month. Its brew count is the sample's brews dated in
    /// November 2026 in Berlin, counted here from the sample's CSV export.
    @Test(.enabled(if: CLI.available)) func monthReportOfTheSample() throws {
        let scratch = try Repo.scratch("e2e-period-month")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--month", "2026-11", "--tz", "Europe/Berlin",
                             "--formats", "svg", "--today", "2026-12-01"], cwd: scratch, timeout: 120)
        try #require(r.status == 0, "\(r.stderr)")
        let folder = scratch.appendingPathComponent("brew-report-2026-11")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("period_summary.csv") && files.contains("totals.csv") && !files.contains("week_summary.csv"))
        #expect(files.contains("brews-per-day.svg") && !files.contains("brews-per-week.svg"))
        // By hand: the CSV export's brewed_at instants, taken to Berlin days.
        let export = TestCSV.records(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
        let parse = ISO8601DateFormatter()
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = berlin
        let november = export.rows.compactMap { $0["brewed_at"].flatMap(parse.date(from:)) }.filter {
            let c = cal.dateComponents([.year, .month], from: $0)
            return c.year == 2026 && c.month == 11
        }.count
        let summary = TestCSV.records(try String(contentsOf: folder.appendingPathComponent("period_summary.csv"), encoding: .utf8))
        #expect(summary.header == ["metric", "this_period", "previous_period", "change"])
        #expect(summary.rows.first?["this_period"] == "\(november)")
        #expect(r.stdout.hasPrefix("November 2026 (1–30 Nov 2026): \(november) brews this month"))
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<h1>November 2026</h1>") && html.contains("vs last month"))
    }

    /// A range without brews is an honest empty report, exit status 0.
    @Test(.enabled(if: CLI.available)) func emptyRangeIsWritten() throws {
        let scratch = try Repo.scratch("e2e-period-empty")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("r")
        let r = try CLI.run(["report", Repo.sample("journal.sqlite").path, "--from", "2020-01-01", "--to", "2020-01-10",
                             "--tz", "Europe/Berlin", "--formats", "svg", "--out", out.path], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(": 0 brews this period"))
        #expect(try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8).contains("No brews in 1–10 Jan 2020"))
    }
}
