import ArgumentParser
import BrewNames
import BrewProgress
import BrewReport
import Foundation

/// `brewstats batch`: many journals at once — a report folder per journal, a combined folder, `batch.csv`.
struct Batch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Report on many journals at once, in parallel, with a combined summary across them.",
        discussion: """
            Inputs are journal files and folders. Folders are searched recursively for .sqlite, .store, .db, \
            .csv, .json and .zip files (formats may be mixed); files and folders whose names start with a dot \
            are skipped, and so are report folders brewstats wrote and the output folder itself. Each journal \
            gets a report folder in <dir> named after its file; a journal that cannot be read is listed with the \
            reason and the batch goes on. <dir>/combined/ holds every journal's summaries concatenated with a \
            journal column, equipment usage across journals and grind versus rating pooled per grinder model; \
            <dir>/batch.csv lists each journal's outcome.

            One journal from several sources: a folder named NAME.journal is one journal. Its journal files \
            and shot folders (directly inside, in name order) are merged as `report A B` merges its inputs: \
            the same brew in two sources is one brew (by id, else time, bean and dose), the earlier source's \
            values standing. The journal's report folder holds matches.csv; a source that cannot be read is \
            left out and named in batch.csv's error column, and the journal fails only when none can be read.

            Only what brewstats wrote is replaced: a folder in <dir> with a journal's name (or combined/, or a \
            batch.csv) that holds anything else stops the batch before it starts.

            Each journal's report covers the latest week with brews in that journal; --last gives every journal \
            the last complete week before today, and --week names one week for all. --today takes a day as today \
            (for --last, for whether a week is still in progress, and for the creation date the PDFs carry): with \
            it, the same inputs give the same files byte for byte.

            Across machines: --shard K/N takes the K-th of N shards (by a stable hash of each file's path \
            relative to its input folder, so file order and mount point do not matter); a shard that gets no \
            journal writes an empty combined/ and exits 0. Afterwards `brewstats batch --merge <shard \
            outputs…> --out DIR` combines the shards' combined folders; its page links each journal's report \
            inside its shard folder, so keep the shard folders beside DIR.

            On a terminal, standard error shows how many journals are done (nothing with --quiet, or when it \
            is a file or a pipe).

            Exit status: 0 when every journal was reported (or there was none in this shard), 3 when some \
            failed, 4 when all failed (the failures are listed in batch.csv; --merge exits the same way for the \
            journals of all shards), 1 when the inputs hold no journal or the output cannot be written, 64 for \
            a usage error.

            Examples:
              brewstats batch exports/ --out club-reports
              brewstats batch exports/ --out week-47 --week 2026-W47 --tz Europe/Berlin
              brewstats batch exports/ --out weekly --last --today 2026-11-23
              brewstats batch a.sqlite b.csv c.zip --out out --jobs 2 --quiet
              brewstats batch anna.journal/ ben.sqlite --out out
              brewstats batch exports/ --out part-3 --shard 3/8 --resume
              brewstats batch --merge part-1 part-2 part-3 --out all
            """
    )

    @Argument(
        help: ArgumentHelp("Journal files and folders; with --merge, the shards' output folders.", valueName: "input"))
    var inputs: [String]

    @Option(name: .long,
        help: ArgumentHelp("Output folder: a report folder per journal, combined/ and batch.csv.", valueName: "dir"))
    var out: String

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Journals processed at once (default: all cores).", valueName: "n"))
    var jobs: Int?

    @Flag(name: .long, help: "No progress line on a terminal (none is drawn when standard error is a file or a pipe).")
    var quiet = false

    @Flag(name: .long,
        help: "Skip journals whose report is complete and was made from the same file with the same options.")
    var resume = false

    @Option(name: .long, help: ArgumentHelp("Take only shard K of N (1 ≤ K ≤ N).", valueName: "K/N"),
        transform: Shard.parse)
    var shard: Shard?

    @Flag(name: .long, help: "Merge the given batch output folders (from --shard runs) into --out.")
    var merge = false

    @OptionGroup var input: JournalInputOptions
    @OptionGroup var render: RenderOptions
    @OptionGroup var weekChoice: WeekOptions
    @OptionGroup var todayOption: TodayOption
    @OptionGroup var outputRule: FolderOutputRule

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
        if merge && (shard != nil || resume || weekChoice.week != nil || weekChoice.last || todayOption.today != nil) {
            throw ValidationError(
                "--merge combines finished outputs: --shard, --resume, --week, --last and --today do not apply")
        }
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        var reportOptions = render.options(timeZone: input.timeZone)
        reportOptions.period = weekChoice.choice() ?? .latestWeek
        todayOption.apply(to: &reportOptions, timeZone: input.timeZone)
        let outURL = URL(fileURLWithPath: out)
        let result: BatchResult
        if merge {
            result = try BatchRunner.merge(shards: inputs.map { URL(fileURLWithPath: $0) }, out: outURL,
                options: reportOptions)
            for warning in result.warnings {
                FileHandle.standardError.write(Data("brewstats: warning: \(printable(warning))\n".utf8))
            }
            print(
                "merged the shard outputs: \(result.outcomes.count) journals into " +
                    "\(outURL.appendingPathComponent("combined").path)/")
        } else {
            var options = BatchOptions(inputs: inputs, out: outURL)
            options.jobs = jobs ?? options.jobs
            options.progress = TerminalProgress.make(quiet: quiet)
            options.describe = { ErrorMessage.line(for: $0) }
            options.resume = resume
            options.shard = shard
            options.report = reportOptions
            options.open = try input.openOptions()
            result = try BatchRunner.run(options)
            if result.outcomes.isEmpty, let shard = options.shard {
                print(
                    "shard \(shard) holds none of the \(result.journalsFound) journals; wrote an empty " +
                        "\(outURL.appendingPathComponent("combined").path)/")
                return
            }
        }
        let skipped = result.outcomes.filter { $0.status == .skipped }.count
        if result.keptPrevious {
            print("0 of \(result.outcomes.count) journals reported, \(result.failed) failed; "
                  + "\(outURL.appendingPathComponent("combined").path)/ and "
                  + "\(outURL.appendingPathComponent("batch.csv").path) are kept from the previous run")
            // An output that could not be written is one line, as below.
            if let unwritten = result.outcomes.first(where: \.unwritable) {
                throw CommandFailure.failed(unwritten.error)
            }
            // batch.csv is the previous run's: the reasons are said here, one line per journal.
            for o in result.outcomes {
                FileHandle.standardError.write(Data("brewstats: \(printable(o.journal)): \(printable(o.error))\n".utf8))
            }
            throw CLI.exitCode(result.exitCode)
        }
        // What was written, in one line: the folder and what it holds.
        print(
            "\(result.succeeded) of \(result.outcomes.count) journals " +
                "reported\(skipped > 0 ? " (\(skipped) unchanged, skipped)" : "")"
              + "\(result.failed > 0 ? ", \(result.failed) failed" : ""); wrote \(outURL.path)/: "
              + "a report folder per journal, combined/ and batch.csv (see "
              + "\(outURL.appendingPathComponent("batch.csv").path))")
        // A journal's output that could not be written (a full disk, …) is the output's failure, said as such: one
        // line, exit 1; batch.csv lists every journal it hit.
        if let unwritten = result.outcomes.first(where: \.unwritable) { throw CommandFailure.failed(unwritten.error) }
        if result.exitCode != 0 { throw CLI.exitCode(result.exitCode) }
    }
}
