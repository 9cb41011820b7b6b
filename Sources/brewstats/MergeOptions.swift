import ArgumentParser
import BrewExport
import BrewImport
import BrewMerge
import BrewOpen
import BrewReport
import BrewShots
import Foundation

/// The tolerances of a merge of several journals (``BrewMerge/MergeRules``): the flags of every command that reads
/// several journals as one, `mcp` included, which writes no file and so has no `--list-matches`.
struct MergeRuleOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With several journals: the largest gap between two brew times, in seconds, for brews without a shared " +
                "id to be the same brew (0: by id only).",
                                            valueName: "seconds"))
    var mergeWindow: Double = MergeRules().timeTolerance

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With several journals: the largest dose difference, in grams, for two brews to be the same brew.",
                                            valueName: "grams"))
    var mergeDose: Double = MergeRules().doseTolerance

    func validate() throws {
        guard mergeWindow >= 0, mergeWindow.isFinite else {
            throw ValidationError("--merge-window must be 0 or more seconds")
        }
        guard mergeDose >= 0, mergeDose.isFinite else { throw ValidationError("--merge-dose must be 0 or more grams") }
    }

    /// The rules of `--merge-window` and `--merge-dose`.
    var rules: MergeRules { MergeRules(timeTolerance: mergeWindow, doseTolerance: mergeDose) }
}

/// Flags of the commands that read several journals as one (``BrewMerge/JournalMerge``) and write files: the merge's
/// tolerances and `--list-matches`.
struct MergeOptions: ParsableArguments {
    @OptionGroup var tolerances: MergeRuleOptions

    @Option(name: .long,
        help: ArgumentHelp("With several journals: write the brews matched across them to this CSV file.",
            valueName: "matches.csv"))
    var listMatches: String?

    /// The name a report shows for `paths`: the file's name, or the names joined with " + ".
    static func name(of paths: [String]) -> String { JournalOpener.name(of: paths) }

    /// The rules of `--merge-window` and `--merge-dose`.
    var rules: MergeRules { tolerances.rules }

    /// Opens `paths` as one journal (``BrewOpen/JournalOpener``); with two or more, the matches are printed (one line)
    /// and written with --list-matches.
    ///
    /// - Parameters:
    ///   - adjust: Changes the import options before each import (a command's projection of columns).
    ///   - anonymising: Writes the --list-matches file anonymised (``BrewExport/JournalAnonymiser``): sources and
    ///     brews named as in the anonymised journal, no original id or path.
    func load(_ paths: [String], input: JournalInputOptions, anonymising: Bool = false,
              adjusting adjust: (inout ImportOptions) -> Void = { _ in }) throws -> ShotJournal {
        if paths.count == 1, listMatches != nil, InputFile.classify(paths[0]) != .directory {
            throw CommandFailure.misuse("--list-matches needs two or more journals")
        }
        // The matches file never replaces an input of the run (``BrewExport/ExportInputs``), whatever the command.
        if let listMatches {
            try ExportInputs(paths + [input.map, input.aliases].compactMap { $0 }).refuse(output: listMatches)
        }
        let opened = try input.open(paths, mergeRules: rules, adjusting: adjust)
        if paths.count > 1 {
            let byID = opened.matches.filter { $0.rule == .id }.count
            FileHandle.standardError.write(
                Data(("brewstats: \(paths.count) journals merged: \(opened.result.journal.brews.count) brews, "
                + "\(opened.matches.count) matched across journals (\(byID) by "
                + "id, \(opened.matches.count - byID) by time, bean and dose)\n").utf8))
        }
        if let listMatches {
            do {
                let file = try ExportFile(target: URL(fileURLWithPath: listMatches), replacing: true)
                let csv = anonymising
                    ? MergeResult(
                        journal: opened.journal,
                        matches: JournalAnonymiser().anonymise(opened.matches, sources: opened.sources)
                    ).matchesCSV()
                    : opened.matchesCSV()
                file.buffer = Array(csv.utf8)
                try file.publish(replacing: true)
            } catch {
                throw CommandFailure.failed("cannot write \(ErrorMessage.line(for: error))")
            }
            // Named on standard error, beside the merge's line: standard output may be the command's JSON.
            let n = opened.matches.count
            FileHandle.standardError.write(
                Data("brewstats: wrote \(printable(listMatches)) (\(n) match\(n == 1 ? "" : "es"))\n".utf8))
        }
        return opened.journal
    }
}
