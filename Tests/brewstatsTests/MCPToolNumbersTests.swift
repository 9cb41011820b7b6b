import Foundation
import Testing
import TestSupport

/// `brewstats mcp`'s tools hold the command line's numbers for the same journal: period_summary against `report`'s
/// `week_summary.csv`, `period_summary.csv` and `totals.csv`, shots against its `shots.csv`, compare_brews against
/// `compare brews`' `compare.csv`, bean against the raw export's brews of that bean.
@Suite struct MCPToolNumbersTests {
    static let csv = Repo.sample("journal.csv").path
    static let today = "2026-12-02"

    /// The rows of a CSV the command wrote, by their first cell.
    static func table(_ url: URL) throws -> (header: [String], rows: [String: [String]]) {
        let rows = TestCSV.parse(try String(contentsOf: url, encoding: .utf8))
        return (rows.first ?? [], Dictionary(rows.dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { a, _ in a }))
    }

    /// `cell` (rounded by the CSV) against `value`: equal to the CSV's precision, both empty when either is.
    static func agrees(_ cell: String, _ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) {
        let number = (value as? Double) ?? (value as? Int).map(Double.init)
        if cell.isEmpty { #expect(number == nil, "CSV empty, tool \(String(describing: value))", sourceLocation: sourceLocation); return }
        guard let x = Double(cell), let number else {
            Issue.record("CSV \(cell), tool \(String(describing: value))", sourceLocation: sourceLocation); return
        }
        let places = cell.split(separator: ".").dropFirst().first?.count ?? 0
        #expect(abs(x - number) <= 0.5 * pow(10, -Double(places)) + 1e-9, "CSV \(cell), tool \(number)", sourceLocation: sourceLocation)
    }

    /// Runs `report` and the tool for the same period: the summary rows and the totals agree.
    func checkPeriod(_ flags: [String], _ arguments: [String: Any], summaryFile: String) throws {
        let out = try Repo.scratch("mcp-period").appendingPathComponent("r")
        let r = try CLI.run(["report", Self.csv, "--tz", "UTC", "--today", Self.today, "--out", out.path] + flags)
        #expect(r.status == 0, "\(r.stderr)")
        let summary = try Self.table(out.appendingPathComponent(summaryFile))
        let totals = try Self.table(out.appendingPathComponent("totals.csv"))

        let session = try MCPSession([Self.csv, "--tz", "UTC", "--today", Self.today])
        try session.initialize()
        let result = try session.call("period_summary", arguments)
        let o = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        let this = try #require(o["this"] as? [String: Any]), previous = try #require(o["previous"] as? [String: Any])
        for (k, figures) in [(1, this), (2, previous)] {
            #expect(summary.rows["brews"]?[k] == "\(figures["brews"] as? Int ?? -1)")
            Self.agrees(summary.rows["mean_rating"]?[k] ?? "?", figures["mean_rating"])
            Self.agrees(summary.rows["mean_ey_pct"]?[k] ?? "?", figures["mean_ey_pct"])
            #expect(summary.rows["top_method"]?[k] ?? "?" == (figures["top_method"] as? String ?? ""))
            if let best = figures["best_brew"] as? [String: Any], let id = best["id"] as? String {
                #expect(summary.rows["best_brew"]?[k].hasPrefix(id + " (") == true, "\(summary.rows["best_brew"] ?? [])")
            } else {
                #expect(summary.rows["best_brew"]?[k] == "")
            }
        }
        let t = try #require(o["totals"] as? [String: Any])
        #expect(totals.rows["brews"]?[1] == "\(t["brews"] as? Int ?? -1)")
        for (row, key) in [("coffee_ground", "coffee_ground"), ("water", "water"), ("beverage", "beverage"), ("brew_time", "brew_time")] {
            let sum = try #require(t[key] as? [String: Any])
            Self.agrees(totals.rows[row]?[1] ?? "?", sum["value"])
            #expect(totals.rows[row]?[3] == "\(sum["brews_counted"] as? Int ?? -1)")
        }
        for key in ["brew_days", "longest_streak", "current_streak"] {
            #expect(totals.rows[key]?[1] == "\(t[key] as? Int ?? -1)", "\(key)")
        }
        #expect(session.finish().status == 0)
    }

    /// The latest brew's ISO week (in UTC), from the raw export.
    static func latestWeek() throws -> String {
        let journal = try SampleJournal.load()
        let last = try #require(journal.brews.map(\.instant).max())
        return SampleJournal.isoWeek(last, TimeZone(identifier: "UTC")!)
    }

    @Test(.enabled(if: CLI.available)) func weekIsTheReports() throws {
        let week = try Self.latestWeek()
        try checkPeriod(["--week", week], ["week": week], summaryFile: "week_summary.csv")
    }

    @Test(.enabled(if: CLI.available)) func monthIsTheReports() throws {
        // The month before the latest brew's: a whole month, against the month before it.
        let last = try #require(try SampleJournal.load().brews.map(\.instant).max())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let before = calendar.dateComponents([.year, .month], from: calendar.date(byAdding: .month, value: -1, to: last)!)
        let month = String(format: "%04d-%02d", before.year!, before.month!)
        try checkPeriod(["--month", month], ["month": month], summaryFile: "period_summary.csv")
    }

    /// Bad periods are refused as the command refuses them; two periods at once too.
    @Test(.enabled(if: CLI.available)) func badPeriodsAreToolErrors() throws {
        let session = try MCPSession([Self.csv])
        try session.initialize()
        for (arguments, words) in [(["month": "2026-13"], "invalid month '2026-13'"), (["from": "2026-02-30", "to": "2026-03-01"], "'from' must be a date"),
                                   (["from": "2026-03-02", "to": "2026-03-01"], "is after to"), (["from": "2026-03-01"], "'from' needs 'to'"),
                                   (["week": "2026-W47", "month": "2026-11"], "exclude each other"), (["week": "2025-W53"], "52 ISO weeks")] {
            let result = try session.call("period_summary", arguments)
            #expect(result["isError"] as? Bool == true && MCPSession.text(result).contains(words), "\(arguments): \(MCPSession.text(result))")
        }
        #expect(session.finish().status == 0)
    }

    /// shots holds `report`'s shots.csv: the same shots in the same order, every metric and the flags.
    @Test(.enabled(if: CLI.available)) func shotsAreTheReportsShots() throws {
        let folder = Repo.sample("shots").path
        let out = try Repo.scratch("mcp-shots").appendingPathComponent("r")
        let r = try CLI.run(["report", folder, "--tz", "UTC", "--today", Self.today, "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = TestCSV.parse(try String(contentsOf: out.appendingPathComponent("shots.csv"), encoding: .utf8))
        let header = try #require(rows.first)

        let session = try MCPSession([folder, "--tz", "UTC", "--today", Self.today])
        try session.initialize()
        let result = try session.call("shots", ["limit": 10_000])
        let o = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        let shots = try #require(o["shots"] as? [[String: Any]])
        #expect(shots.count == rows.count - 1 && !shots.isEmpty)
        for (shot, row) in zip(shots, rows.dropFirst()) {
            let cell = Dictionary(uniqueKeysWithValues: zip(header, row))
            #expect(cell["file"] == shot["file"] as? String)
            let metrics = try #require(shot["metrics"] as? [String: Any])
            for (name, value) in metrics { Self.agrees(cell[name] ?? "?", value is NSNull ? nil : value) }
            let flags = (shot["flags"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
            #expect(cell["flags"] == flags.joined(separator: ";"), "\(cell["file"] ?? "")")
            for flag in shot["flags"] as? [[String: Any]] ?? [] { #expect((flag["reason"] as? String)?.isEmpty == false) }
        }
        let none = try MCPSession([Self.csv])
        try none.initialize()
        let empty = try none.call("shots", [:])
        #expect(empty["isError"] as? Bool == true && MCPSession.text(empty).contains("holds no espresso shot files"))
        #expect(session.finish().status == 0 && none.finish().status == 0)
    }

    /// compare_brews holds `compare brews`' compare.csv: the same brews, values and differences.
    @Test(.enabled(if: CLI.available)) func compareIsTheCommands() throws {
        let out = try Repo.scratch("mcp-compare").appendingPathComponent("c")
        let r = try CLI.run(["compare", "brews", Self.csv, "--tz", "UTC", "--method", "V60", "--latest", "3", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = TestCSV.parse(try String(contentsOf: out.appendingPathComponent("compare.csv"), encoding: .utf8))
        let header = try #require(rows.first)

        let session = try MCPSession([Self.csv, "--tz", "UTC"])
        try session.initialize()
        let result = try session.call("compare_brews", ["method": "V60", "latest": 3])
        let o = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        let brews = try #require(o["brews"] as? [[String: Any]])
        #expect(brews.count == 3)
        // compare.csv: one row per quantity; columns brew_1 … brew_N, then diff_K_1 (brew K minus brew 1).
        #expect(header == ["quantity", "brew_1", "brew_2", "brew_3", "diff_2_1", "diff_3_1"])
        for row in rows.dropFirst() where row.count == header.count {
            let quantity = row[0]
            for k in 0..<3 {
                let v = (brews[k]["values"] as? [String: Any])?[quantity]
                Self.agrees(row[1 + k], v is NSNull ? nil : v)
                if k > 0 {
                    let d = (brews[k]["difference_from_first"] as? [String: Any])?[quantity]
                    Self.agrees(row[3 + k], d is NSNull ? nil : d)
                }
            }
        }
        let wrong = try session.call("compare_brews", ["method": "Vsixty"])
        #expect(wrong["isError"] as? Bool == true, "\(wrong)")
        let bad = try session.call("compare_brews", ["brews": "only-one"])
        #expect(MCPSession.text(bad).contains("two or three ids"))
        #expect(session.finish().status == 0)
    }

    /// compare_shots holds `compare shots --journal`'s compare.csv: the same shots, values and differences.
    @Test(.enabled(if: CLI.available)) func compareShotsIsTheCommands() throws {
        let folder = Repo.sample("shots").path
        let out = try Repo.scratch("mcp-compare-shots").appendingPathComponent("c")
        let r = try CLI.run(["compare", "shots", "--journal", folder, "--tz", "UTC", "--latest", "3", "--out", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = TestCSV.parse(try String(contentsOf: out.appendingPathComponent("compare.csv"), encoding: .utf8))
        #expect(rows.first == ["quantity", "shot_1", "shot_2", "shot_3", "diff_2_1", "diff_3_1"])

        let session = try MCPSession([folder, "--tz", "UTC"])
        try session.initialize()
        let result = try session.call("compare_shots", ["latest": 3])
        let o = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        let shots = try #require(o["shots"] as? [[String: Any]])
        #expect(shots.count == 3)
        for row in rows.dropFirst() where row.count == 6 && shots.count == 3 {
            for k in 0..<3 {
                let v = (shots[k]["values"] as? [String: Any])?[row[0]]
                Self.agrees(row[1 + k], v is NSNull ? nil : v)
                if k > 0 {
                    let d = (shots[k]["difference_from_first"] as? [String: Any])?[row[0]]
                    Self.agrees(row[3 + k], d is NSNull ? nil : d)
                }
            }
        }
        let none = try session.call("compare_shots", ["profile": "no such profile"])
        #expect(none["isError"] as? Bool == true && MCPSession.text(none).contains("fewer than two shots of profile"))
        #expect(session.finish().status == 0)
    }

    /// bean counts its brews and mean rating as the raw export does.
    @Test(.enabled(if: CLI.available)) func beanCountsItsBrews() throws {
        let rows = TestCSV.rows(try String(contentsOf: Repo.sample("journal.csv"), encoding: .utf8))
        // A bean is a roaster and a name (the CSV importer's key): the most brewed one, asked for as "Roaster Name".
        let beans = Dictionary(grouping: rows.filter { !($0["bean"] ?? "").isEmpty }, by: { "\($0["roaster"] ?? "")\u{0}\($0["bean"]!)" })
        let (key, brews) = try #require(beans.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) })
        let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        let asked = parts[0].isEmpty ? parts[1] : "\(parts[0]) \(parts[1])"
        let session = try MCPSession([Self.csv, "--tz", "UTC"])
        try session.initialize()
        let result = try session.call("bean", ["bean": asked])
        let o = try #require(result["structuredContent"] as? [String: Any], "\(result)")
        #expect(o["name"] as? String == parts[1])
        #expect(o["brews"] as? Int == brews.count, "\(asked)")
        let ratings = brews.compactMap { $0["rating"].flatMap(Double.init) }
        let rating = try #require(o["rating"] as? [String: Any])
        #expect(rating["n"] as? Int == ratings.count)
        if !ratings.isEmpty {
            let mean = ratings.reduce(0, +) / Double(ratings.count)
            #expect(abs((rating["mean"] as? Double ?? .nan) - mean) < 1e-9)
        }
        let doses = brews.compactMap { $0["dose_g"].flatMap(Double.init) }.filter { $0 > 0 }
        let used = try #require(o["grams_used"] as? [String: Any])
        #expect(used["brews_counted"] as? Int == doses.count)
        #expect(abs((used["value"] as? Double ?? .nan) - doses.reduce(0, +)) < 1e-6)
        let unknown = try session.call("bean", ["bean": "No Such Bean At All"])
        #expect(unknown["isError"] as? Bool == true && MCPSession.text(unknown).contains("no bean matches"), "\(unknown)")
        #expect(session.finish().status == 0)
    }
}
