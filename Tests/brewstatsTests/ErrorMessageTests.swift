import BrewColumns
import BrewExport
import BrewImport
import BrewReport
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import brewstats

/// The libraries' errors name no flag; the command line adds the flag that helps (``ErrorMessage``).
@Suite struct ErrorMessageTests {
    static func synthExists() -> SynthError {
        var error = SynthError(path: "shots", step: "replacing the folder", reason: "the folder exists")
        error.exists = true
        return error
    }

    static func brewSpec() -> ImportError {
        var error = ImportError(.notAJournal, file: "a.json", "this is a BrewSpec document")
        error.readableAs = .brewSpec
        return error
    }

    /// Each error with its typed reason, the library's words and the command line's.
    static func cases() throws -> [(error: any Error, library: String, commandLine: String)] {
        let week = try IsoWeek(label: "2026-W47")
        let asked = "in 2027-W05 or the week before it"
        return [
            (ExportError(.exists, path: "x.csv", "exists"), "x.csv: exists", "x.csv: exists; give --force to replace it"),
            (ExportError(.notReplaceable, path: "l", "is a symbolic link; brewstats never writes through one"),
             "l: is a symbolic link; brewstats never writes through one",
             "l: is a symbolic link; brewstats never writes through one"),
            (synthExists(), "shots: replacing the folder failed: the folder exists",
             "shots: replacing the folder failed: the folder exists; give --force to replace it"),
            (brewSpec(), "a.json: this is a BrewSpec document",
             "a.json: this is a BrewSpec document; read it with --format brewspec (or without --format)"),
            (ReportError.noBrews(what: asked, remedy: .nearestWeek(week, orLastWeek: true)),
             "no brews \(asked); the nearest week with brews is 2026-W47, or the last complete week",
             "no brews \(asked); try --week 2026-W47, the nearest week with brews, or --last"),
            (ReportError.noBrews(what: asked, remedy: .nearestWeek(week, orLastWeek: false)),
             "no brews \(asked); the nearest week with brews is 2026-W47",
             "no brews \(asked); try --week 2026-W47, the nearest week with brews"),
            (ReportError.nothingToDraw(chart: "control-chart", missing: "no pour-over brews with TDS",
                                       remedy: .otherControlChart(toEspresso: true)),
             "nothing to draw for control-chart: no pour-over brews with TDS; try the espresso chart",
             "nothing to draw for control-chart: no pour-over brews with TDS; try --espresso"),
            (ReportError.nothingToDraw(chart: "control-chart", missing: "no espresso brews with TDS",
                                       remedy: .otherControlChart(toEspresso: false)),
             "nothing to draw for control-chart: no espresso brews with TDS; try the pour-over chart",
             "nothing to draw for control-chart: no espresso brews with TDS; try without --espresso"),
            (ReportError.nothingToDraw(chart: "rating-trend", missing: "no rated brews", remedy: .anotherWeek),
             "nothing to draw for rating-trend: no rated brews; try another week",
             "nothing to draw for rating-trend: no rated brews; try another --week"),
            (ReportError.noFormats, "no chart format given: name at least one of png, svg, pdf",
             "--formats needs at least one of png, svg, pdf"),
            (ReportError.mergeIntoShard(out: "all", shard: "part-1"),
             "the merge's output all is one of the shard outputs (part-1); merge into a new folder",
             "--out all is one of the shard outputs (part-1); merge into a new folder"),
            (StatsError.reversedRange(first: Day(flag: "2026-03-15")!, last: Day(flag: "2026-03-01")!),
             "the range's first day 2026-03-15 is after its last day 2026-03-01: a range runs from the earlier day to "
                + "the later one",
             "--from 2026-03-15 is after --to 2026-03-01: the range runs from the earlier day to the later one"),
        ]
    }

    @Test func theLibrarySaysTheReasonAndTheCommandLineTheFlag() throws {
        for (error, library, commandLine) in try Self.cases() {
            #expect("\(error)" == library)
            #expect(!"\(error)".contains("--"), "\(error)")
            #expect(ErrorMessage.line(for: error) == commandLine)
        }
    }

    /// Every status the table gives these errors is the status they had when the library named the flag.
    @Test func theStatusIsTheTablesAsBefore() throws {
        for (error, _, _) in try Self.cases() {
            #expect(ExitStatus.code(for: error) == (error is ImportError ? ExitStatus.unreadable : ExitStatus.failure))
        }
    }

    /// End to end: an export that would replace a file says how to replace it; a BrewSpec document read as a
    /// Beanconqueror backup says how to read it.
    @Test(.enabled(if: CLI.available)) func theCommandLineNamesTheFlag() throws {
        let scratch = try Repo.scratch("error-flags")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("x.csv")
        try Data("mine".utf8).write(to: out)
        let r = try CLI.run(["export", Repo.sample("journal.csv").path, "--to", "csv", "-o", out.path])
        #expect(r.status == 1)
        #expect(r.stderr == "brewstats: \(out.standardizedFileURL.path): exists; give --force to replace it\n", "\(r.stderr)")
        let spec = scratch.appendingPathComponent("b.json")
        try Data(#"{"brewspec_version": "1.0", "brews": []}"#.utf8).write(to: spec)
        let b = try CLI.run(["inspect", spec.path, "--format", "beanconqueror"])
        #expect(b.status == 2)
        #expect(b.stderr.hasSuffix("this is a BrewSpec document; read it with --format brewspec (or without --format)\n"),
                "\(b.stderr)")
    }
}
