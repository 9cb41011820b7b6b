import ArgumentParser
import BrewExport
import BrewImport
import BrewMerge
import BrewShots
import Foundation

/// Flags of the commands that read several journals as one (``BrewMerge/JournalMerge``).
struct MergeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("With several journals: the largest gap between two brew times, in seconds, for brews without a shared id to be the same brew (0: by id only).",
                                            valueName: "seconds"))
    var mergeWindow: Double = MergeRules().timeTolerance

    @Option(name: .long, help: ArgumentHelp("With several journals: the largest dose difference, in grams, for two brews to be the same brew.",
                                            valueName: "grams"))
    var mergeDose: Double = MergeRules().doseTolerance

    @Option(name: .long, help: ArgumentHelp("With several journals: write the brews matched across them to this CSV file.", valueName: "matches.csv"))
    var listMatches: String?

    func validate() throws {
        guard mergeWindow >= 0, mergeWindow.isFinite else { throw ValidationError("--merge-window must be 0 or more seconds") }
        guard mergeDose >= 0, mergeDose.isFinite else { throw ValidationError("--merge-dose must be 0 or more grams") }
    }

    /// The name a report shows for `paths`: the file's name, or the names joined with " + ".
    static func name(of paths: [String]) -> String {
        paths.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " + ")
    }

    /// Reads `paths`; two or more are merged, and the matches printed (one line) and written with --list-matches.
    ///
    /// - Parameter adjust: Changes the import options before each import (a command's projection of columns).
    func load(_ paths: [String], input: JournalInputOptions,
              adjusting adjust: (inout ImportOptions) -> Void = { _ in }) throws -> ShotJournal {
        if paths.count == 1 {
            if listMatches != nil { throw CommandFailure.misuse("--list-matches needs two or more journals") }
            return try input.loadAny(paths[0], adjusting: adjust)
        }
        let sources = try paths.map { (name: $0, journal: try input.loadAny($0, adjusting: adjust)) }
        let merged = JournalMerge(rules: MergeRules(timeTolerance: mergeWindow, doseTolerance: mergeDose)).merge(sources)
        let byID = merged.matches.filter { $0.rule == .id }.count
        FileHandle.standardError.write(Data(("brewstats: \(paths.count) journals merged: \(merged.journal.result.journal.brews.count) brews, "
            + "\(merged.matches.count) matched across journals (\(byID) by id, \(merged.matches.count - byID) by time, bean and dose)\n").utf8))
        if let listMatches {
            do {
                let file = try ExportFile(target: URL(fileURLWithPath: listMatches), replacing: true)
                file.buffer = Array(merged.matchesCSV().utf8)
                try file.publish(replacing: true)
            } catch {
                throw CommandFailure.failed("cannot write \(error)")
            }
        }
        return merged.journal
    }
}
