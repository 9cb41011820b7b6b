import ArgumentParser
import BrewColumns
import BrewFiles
import BrewImport
import BrewReport
import BrewShots
import Foundation

/// `brewstats inspect`: imports a journal and prints what was read, kept, rejected and flagged, and the
/// brew table's schema (a thin shell over BrewImport).
struct Inspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Import a journal and show what was read, kept and rejected, and the brew table's schema.",
        discussion: """
            Reads the app's store (.sqlite), its CSV and JSON exports, and Beanconqueror backups \
            (Beanconqueror.json or .zip); the format is sniffed from the content unless --format is given.

            A brew is rejected when it cannot be a brew: no or an unparseable date, a non-number in a numeric \
            field, a negative or absurd mass (over 10 kg), a repeated id. Everything else is kept; values out \
            of their plausible range are kept and counted as warnings.

            Exit status: 0 when the file was read (even with rejects), 2 when it could not be read as a \
            journal, 64 for a usage error.

            Examples:
              brewstats inspect journal.sqlite
              brewstats inspect export.csv --tz Europe/Berlin --rejects rejects.csv
              brewstats inspect foreign.csv --map mapping.toml
              brewstats inspect Beanconqueror.zip --json
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror backup or upload, " +
                "BrewSpec, shot files (a file or zip), or a folder of any " +
                    "of these read as one journal (- reads standard input).",
            valueName: "journal"))
    var journal: String

    @OptionGroup var input: JournalInputOptions

    @Option(name: .long, help: ArgumentHelp("Write every rejected record to this CSV file.", valueName: "rejects.csv"))
    var rejects: String?

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("How many rejects to list (text output).", valueName: "n"))
    var showRejects: Int = 10

    @Flag(name: .long, help: "Print the same as JSON: counts, warnings, every reject, the table's schema.")
    var json = false

    func validate() throws {
        if showRejects < 0 { throw ValidationError("--show-rejects must be 0 or more, not \(showRejects)") }
    }

    func run() async throws {
        let any = try input.loadAny(journal)
        let result = any.result
        if let rejects {
            // The rejects file is an output: failing to write it is not the journal's failure (an ImportError's 2).
            // Written as every output file is (``BrewFiles/AtomicFile``): whole or not at all, and a failure in the
            // system's words ("Read-only file system", not Foundation's "The volume is read only.").
            do throws(FileError) {
                try AtomicFile.write(result.report.rejectsCSV(), to: OutputFile(URL(fileURLWithPath: rejects)))
            } catch {
                throw CommandFailure.failed(
                    error.step == .creating && error.code == ENOENT ? "\(error)"
                        : "cannot write \(rejects): \(error.reason)")
            }
        }
        print(json ? any.summaryJSON() : any.summaryText(showingRejects: showRejects), terminator: "")
        // What was written, in one line: after the summary, or on standard error when standard output is the JSON.
        if let rejects {
            let n = result.report.rejects.count
            let line = "wrote \(printable(rejects)) (\(n) rejected record\(n == 1 ? "" : "s"))"
            if json { FileHandle.standardError.write(Data("brewstats: \(line)\n".utf8)) } else { print(line) }
        }
    }
}
