import BrewAdvice
import BrewCairo
import BrewCharts
import BrewExport
import BrewImport
import BrewMCP
import BrewNames
import BrewReport
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import brewstats

/// The one map from error types to exit statuses (``ExitStatus``): each module's error type gives the status the
/// README promises (1 when the question has no answer or an output cannot be written, 2 when the journal or a
/// file it needs cannot be read, 64 for a usage error).
@Suite struct ExitStatusTests {
    struct Unlisted: Error {}

    static let cases: [(any Error, Int32)] = [
        (ImportError(.notAJournal, file: "j.sqlite", "not a journal store"), 2),
        (ImportError(.fileNotFound, file: "j.csv", "no such file"), 2),
        (NamesError.unreadable(file: "aliases.toml", reason: "gone"), 2),
        (NamesError.invalid(file: "aliases.toml", reason: "line 3"), 2),
        (AdviceError.invalidGrinders(file: "grinders.toml", reason: "no range"), 2),
        (CommandFailure.unreadable("grinders.toml: cannot be read"), 2),
        (AdviceError.noMatch(what: "grinder", value: "x", known: []), 1),
        (AdviceError.noBrews(grinder: "g", method: "m", methodsOnGrinder: []), 1),
        (ReportError.noBrews(what: "in 2027-W05"), 1),
        (ReportError.refusedOutput(path: "out", reason: "not ours"), 1),
        (ExportError(.exists, path: "x.csv", "exists"), 1),
        (SynthError(path: "x.sqlite", step: "write", reason: "full"), 1),
        (StatsError.invalidPeriod("2026-13"), 1),
        (ChartError(context: "png", reason: "write failed"), 1),
        (CairoError(status: CairoStatus(rawValue: 1), context: "surface"), 1),
        (CommandFailure.failed("x holds no shots"), 1),
        (CommandFailure.misuse("--list-matches needs two or more journals"), 64),
        (MCPToolError.serverFailed("standard output closed"), 1),
        (Unlisted(), 1),
    ]

    @Test(arguments: ExitStatusTests.cases)
    func eachErrorTypeHasItsStatus(_ error: any Error, _ status: Int32) {
        #expect(ExitStatus.code(for: error) == status, "\(type(of: error)): \(error)")
    }

    /// Every listed type prints its own description; an unlisted one is left to the parser's wording.
    @Test func listedTypesAreKnown() {
        #expect(ExitStatus.isKnown(ImportError(.corrupt, file: "j", "cut short")))
        #expect(ExitStatus.isKnown(ReportError.noBrews(what: "x")))
        #expect(ExitStatus.isKnown(CommandFailure.failed("x")))
        #expect(!ExitStatus.isKnown(Unlisted()))
    }

    /// End to end: a rejects file that cannot be written is an output's failure (1), though BrewImport reports it as
    /// an ``ImportError`` (whose status is otherwise 2); an unreadable journal is 2.
    @Test(.enabled(if: CLI.available)) func rejectsFileThatCannotBeWrittenExitsOne() throws {
        let r = try CLI.run(["inspect", usageJournal, "--rejects", "/nonexistent-folder/rejects.csv"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("brewstats: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        let missing = try CLI.run(["inspect", "/nonexistent-folder/journal.sqlite"])
        #expect(missing.status == 2, "\(missing.stderr)")
    }

    /// `--list-matches` with one journal is a usage error, said in one line with the pointer to `--help`.
    @Test(.enabled(if: CLI.available)) func listMatchesWithOneJournalIsOneUsageLine() throws {
        let folder = try Repo.scratch("e2e-list-matches")
        let r = try CLI.run(["report", usageJournal, "--list-matches", folder.appendingPathComponent("m.csv").path,
                             "--out", folder.appendingPathComponent("out").path])
        UsageErrorTests.expectUsageLine(r, sub: "report", contains: ["--list-matches needs two or more journals"])
    }
}
