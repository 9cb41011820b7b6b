import Foundation
import Testing
import TestSupport

/// The sample store, as the usage-error tests pass it.
let usageJournal = Repo.sample("journal.sqlite").path

/// Usage errors as the README promises them: one line on standard error, `brewstats: <message> (see brewstats
/// <sub> --help)`, exit status 64, nothing on standard output and nothing written.
@Suite struct UsageErrorTests {
    static let journal = usageJournal

    /// Expects `r` to be one usage-error line for `sub` whose message contains every one of `parts`.
    static func expectUsageLine(_ r: CLIResult, sub: String?, contains parts: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 64, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty, "\(r.stdout)", sourceLocation: sourceLocation)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "not one line: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("brewstats: "), "\(r.stderr)", sourceLocation: sourceLocation)
        let hint = sub.map { "(see brewstats \($0) --help)\n" } ?? "(see brewstats --help)\n"
        #expect(r.stderr.hasSuffix(hint), "\(r.stderr)", sourceLocation: sourceLocation)
        for part in parts { #expect(r.stderr.contains(part), "'\(part)' not in: \(r.stderr)", sourceLocation: sourceLocation) }
        #expect(!r.stderr.contains("Usage:") && !r.stderr.contains("Help:") && !r.stderr.contains("Error:"), sourceLocation: sourceLocation)
    }

    /// Each kind of usage error the parser or a command's own checks raise.
    @Test(.enabled(if: CLI.available), arguments: [
        (["report"], "report", "missing expected argument '<journal> ...'"),
        (["report", usageJournal, "--bogus"], "report", "unknown option '--bogus'"),
        (["inspect", usageJournal, "--show-rejects"], "inspect", "missing value for '--show-rejects"),
        (["chart", "grind-rating", usageJournal, "--scale", "abc", "-o", "x.png"], "chart", "'abc' is invalid for '--scale"),
        (["generate", "--to", "xml", "-o", "x"], "generate", "'xml' is invalid for '--to <format>'"),
        (["chart", "grind-rating", usageJournal, "-o", "x.gif"], "chart", ".png, .svg or .pdf"),
        (["report", usageJournal, "--week", "2026-W40", "--last"], "report", "--week and --last exclude each other"),
        (["--frobnicate"], nil, "unknown option '--frobnicate'"),
    ] as [([String], String?, String)])
    func everyUsageErrorIsOneLine(_ args: [String], _ sub: String?, _ message: String) throws {
        Self.expectUsageLine(try CLI.run(args), sub: sub, contains: [message])
    }

    @Test(.enabled(if: CLI.available)) func misspeltSubcommandGetsASuggestion() throws {
        Self.expectUsageLine(try CLI.run(["reprot", Self.journal]), sub: nil, contains: ["unknown command 'reprot'", "did you mean 'report'?"])
        Self.expectUsageLine(try CLI.run(["inspcet", Self.journal]), sub: nil, contains: ["did you mean 'inspect'?"])
        Self.expectUsageLine(try CLI.run(["gen"]), sub: nil, contains: ["did you mean 'generate'?"])
        // Nothing close: the commands are listed instead.
        let far = try CLI.run(["frobnicate"])
        Self.expectUsageLine(far, sub: nil, contains: ["unknown command 'frobnicate'", "report, review, chart, dial-in, backtest, batch, inspect, export, generate"])
        #expect(!far.stderr.contains("did you mean"))
        // A misspelt chart kind too.
        Self.expectUsageLine(try CLI.run(["chart", "grind-ratng", Self.journal, "-o", "x.png"]), sub: "chart",
                             contains: ["did you mean 'grind-rating'?"])
    }

    /// A negative number after a numeric option is its value, whether written `--x -1` or `--x=-1`: it reaches the
    /// command's range check, whose message names the option and the value, instead of "missing value".
    @Test(.enabled(if: CLI.available), arguments: [
        (["report", usageJournal, "--retention"], "report", "--retention must be at least 0", "-1"),
        (["generate", "--to", "csv", "-o", "never.csv", "--brews"], "generate", "--brews must be 0 or more", "-3"),
        (["generate", "--to", "csv", "-o", "never.csv", "--days"], "generate", "--days must be 1 or more", "-7"),
        (["batch", usageJournal, "--out", "never", "--jobs"], "batch", "--jobs must be at least 1", "-2"),
        (["chart", "grind-rating", usageJournal, "-o", "never.png", "--scale"], "chart", "--scale must be more than 0", "-0.5"),
        (["inspect", usageJournal, "--show-rejects"], "inspect", "--show-rejects must be 0 or more", "-4"),
        (["generate", "--to", "csv", "-o", "never.csv", "--seed"], "generate", "a seed is a whole number from 0", "-5"),
    ] as [([String], String, String, String)])
    func negativeNumbersReachTheRangeCheck(_ args: [String], _ sub: String, _ message: String, _ value: String) throws {
        let folder = try Repo.scratch("e2e-negative")
        for spelled in [args + [value], Array(args.dropLast()) + ["\(args.last!)=\(value)"]] {
            let r = try CLI.run(spelled, cwd: folder)
            Self.expectUsageLine(r, sub: sub, contains: [message, value])
            #expect(!r.stderr.lowercased().contains("missing value"))
        }
        #expect(relativeFiles(in: folder).isEmpty)
    }

    /// A value option given twice is an error naming both values, not "the last wins"; short and long spellings
    /// count as one option; a repeated flag is refused too.
    @Test(.enabled(if: CLI.available)) func repeatedOptionIsAUsageError() throws {
        let folder = try Repo.scratch("e2e-repeat")
        let out = folder.appendingPathComponent("out").path
        let week = try CLI.run(["report", Self.journal, "--week", "2026-W47", "--week", "2026-W46", "--out", out])
        Self.expectUsageLine(week, sub: "report", contains: ["--week is given twice", "'2026-W47'", "'2026-W46'"])
        let inline = try CLI.run(["report", Self.journal, "--week=2026-W47", "--out", out, "--week", "2026-W47"])
        Self.expectUsageLine(inline, sub: "report", contains: ["--week is given twice"])
        let a = folder.appendingPathComponent("a.png").path, b = folder.appendingPathComponent("b.png").path
        Self.expectUsageLine(try CLI.run(["chart", "grind-rating", Self.journal, "-o", a, "--output", b]), sub: "chart",
                             contains: ["--output is given twice"])
        Self.expectUsageLine(try CLI.run(["inspect", Self.journal, "--json", "--json"]), sub: "inspect", contains: ["--json is given twice"])
        #expect(relativeFiles(in: folder).isEmpty)
    }

    @Test(.enabled(if: CLI.available)) func weekOfAYearWithout53WeeksSaysSo() throws {
        // 2025 starts on a Wednesday and is no leap year: 52 ISO weeks (its 28 December is in week 52).
        Self.expectUsageLine(try CLI.run(["report", Self.journal, "--week", "2025-W53"]), sub: "report",
                             contains: ["2025 has 52 ISO weeks"])
        Self.expectUsageLine(try CLI.run(["chart", "brews-per-week", Self.journal, "--week", "2025-W53", "-o", "x.png"]), sub: "chart",
                             contains: ["2025 has 52 ISO weeks"])
        // 2026 starts on a Thursday: 53 weeks, so W53 is fine and W54 is not.
        Self.expectUsageLine(try CLI.run(["report", Self.journal, "--week", "2026-W54"]), sub: "report", contains: ["2026 has 53 ISO weeks"])
        Self.expectUsageLine(try CLI.run(["report", Self.journal, "--week", "2026/47"]), sub: "report", contains: ["expected YYYY-Www"])
    }

    @Test(.enabled(if: CLI.available)) func lowerCaseWeekIsAccepted() throws {
        let out = try Repo.scratch("e2e-lower-week").appendingPathComponent("out")
        let r = try CLI.run(["report", Self.journal, "--week", "2026-w47", "--out", out.path, "--tz", "Europe/Berlin"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("2026-W47 "), "\(r.stdout)")
        let svg = out.appendingPathComponent("weeks.svg")
        #expect(try CLI.run(["chart", "brews-per-week", Self.journal, "--week", "2026-w30", "-o", svg.path]).status == 0)
    }

    /// "No brews in <week>" says what the journal covers and where a report would find brews; the expected days
    /// and weeks come from the CSV export, read here without the importer.
    @Test(.enabled(if: CLI.available)) func weekWithoutBrewsSaysWhatTheJournalCovers() throws {
        let sample = try SampleJournal.load()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        func day(_ d: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day], from: d)
            return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        }
        let first = try #require(sample.brews.map(\.instant).min()), last = try #require(sample.brews.map(\.instant).max())
        let out = try Repo.scratch("e2e-noweek-covers").appendingPathComponent("out")
        let after = try CLI.run(["report", Self.journal, "--week", "2027-W05", "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(after.status == 1)
        #expect(after.stderr.split(separator: "\n").count == 1, "\(after.stderr)")
        for part in ["no brews in 2027-W05", "from \(day(first)) to \(day(last))", "--week \(SampleJournal.isoWeek(last, berlin))"] {
            #expect(after.stderr.contains(part), "'\(part)' not in: \(after.stderr)")
        }
        // Before the journal, the nearest week with brews is its first.
        let before = try CLI.run(["report", Self.journal, "--week", "2026-W05", "--out", out.path, "--tz", "Europe/Berlin"])
        #expect(before.status == 1)
        #expect(before.stderr.contains("--week \(SampleJournal.isoWeek(first, berlin))"), "\(before.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// `--grinder comandante` is the beginning of one grinder's name: it matches it, and keeps the same brews as
    /// the full name (counted here from the CSV export).
    @Test(.enabled(if: CLI.available)) func grinderMatchesByUniquePrefix() throws {
        let sample = try SampleJournal.load()
        let expected = sample.brews.filter { $0.grinder == "Comandante C40" }.count
        #expect(expected > 0)
        let folder = try Repo.scratch("e2e-prefix")
        for name in ["comandante", "COMANDANTE C4", "Comandante C40"] {
            let r = try CLI.run(["chart", "brews-per-week", Self.journal, "--grinder", name, "-o", folder.appendingPathComponent("x.svg").path])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(r.stdout.contains("(\(expected) brews"), "\(name): \(r.stdout)")
        }
        // A misspelt name lists the journal's grinders, the closest first.
        let typo = try CLI.run(["chart", "brews-per-week", Self.journal, "--grinder", "nische", "-o", folder.appendingPathComponent("y.svg").path])
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("the journal has, closest first: Niche Zero, "), "\(typo.stderr)")
    }
}
