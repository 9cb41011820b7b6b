import ArgumentParser
import BrewExport
import BrewMerge
import BrewNames
import BrewOpen
import BrewProgress
import BrewShots
import Foundation

extension ExportFormat: ExpressibleByArgument {}
extension BrewSpecLayout: ExpressibleByArgument {}

/// `brewstats export`: writes a journal in an open format (a thin shell over BrewExport).
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a journal in an open format: the app's CSV or JSON " +
            "export, BrewSpec, Decent shot JSON, or a Beanconqueror backup.",
        discussion: """
            Reads any journal brewstats reads (the app's store or exports, a Beanconqueror backup, BrewSpec \
            documents, a mapped CSV, shot files or a folder or zip of them) and writes it as:
              csv          the app's CSV export, one row per brew (times in UTC)
              json         the app's JSON export: methods, grinders, beans, brews, tasting notes
              brewspec     BrewSpec v1.0: YAML, or JSON when the -o file ends in .json; --layout per-brew writes a \
            folder with one document per brew
              decent-json  each shot as Decent's v2 shot JSON (for Visualizer), a folder (--out DIR) with one file per \
            shot
              beanconqueror  a Beanconqueror backup zip; with --merge-into YOUR.zip, a copy of your own backup \
            with the journal's brews added (your entries kept as they are; beans, grinders and methods matched \
            by name and the --aliases file; a brew the backup holds already is not added again). Restoring a \
            backup in Beanconqueror replaces all of the phone's data with it.

            What the target format cannot hold is never lost silently: one line on standard error lists each \
            field dropped or changed with its count, and --report-dropped writes the list as CSV (field, action, \
            count, first record, reason).

            The output appears whole or not at all (written beside it, flushed, then put in place; an export folder \
            is swapped in as a report's folder is); an existing file or export folder is replaced only with --force, \
            a symbolic link or a folder export did not write never, and never an input of the run (a journal, the \
            --map or --aliases file, or a folder holding one), --force or not. Interrupted (SIGINT/SIGTERM), nothing \
            is left behind; a killed run's leftovers are removed by the next export of the same output.

            CSV text cells that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) are \
            written with a leading ' (see --raw-cells); brewstats reads them back without it.

            Exit status: 0 when the export was written, 1 when it could not be written (or exists without \
            --force), 2 when the journal could not be read, 64 for a usage error.

            Examples:
              brewstats export journal.sqlite --to csv -o journal.csv
              brewstats export Beanconqueror.zip --to brewspec -o brews.yaml
              brewstats export shots/ --to decent-json --out decent/ --report-dropped d.csv
              brewstats export journal.sqlite shots/ --to json -o all.json
              brewstats export shots/ --to beanconqueror --merge-into BC.zip -o merged.zip
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror backup, BrewSpec, or " +
                "shot files (a file, folder or zip). Several journals are " +
                    "merged into one (the same brew in two of them is one brew).",
                                 valueName: "journal"))
    var journals: [String]

    @OptionGroup var input: JournalInputOptions

    @OptionGroup var merging: MergeOptions

    @Option(name: .long,
        help: ArgumentHelp("The format to write: csv, json, brewspec, decent-json or beanconqueror.",
            valueName: "format"))
    var to: ExportFormat

    @Option(name: [.short, .customLong("output")],
        help: ArgumentHelp("The file to write (csv, json, brewspec, beanconqueror).", valueName: "file"))
    var outputFile: String?

    @Option(name: .customLong("out"),
        help: ArgumentHelp("The folder to write (decent-json, brewspec --layout per-brew).", valueName: "dir"))
    var outFolder: String?

    /// Whether the format asked for writes a folder (one file per shot or per brew) rather than one file.
    var writesFolder: Bool { to == .decentJSON || layout == .perBrew }

    /// The output's path: the file or the folder (validated: exactly one is given).
    var output: String { outputFile ?? outFolder ?? "" }

    @Option(name: .long,
        help: ArgumentHelp("BrewSpec: one-file (one document with every brew) or per-brew (a folder).",
            valueName: "layout"))
    var layout: BrewSpecLayout = .oneFile

    @Flag(name: .long,
        help: ArgumentHelp(
            "Make the journal fit to share: notes replaced; bean, roaster, profile, text grind setting and flavour "
                + "tag labels numbered; ids replaced; dates moved by whole weeks (weekdays kept); every number kept. "
                + "--list-matches and --report-dropped beside it are anonymised too."))
    var anonymise = false

    @Flag(name: .long,
        help: ArgumentHelp(
            "csv: write text cells as they are. By default a text cell starting with =, +, -, @, tab or CR gets a "
                + "leading ' so a spreadsheet shows it as text instead of running it as a formula (brewstats removes "
                + "the ' when it reads the file back). Raw cells let a spreadsheet run a formula a journal's text "
                + "holds (=HYPERLINK(…), =cmd|…): use them only for a program, not a spreadsheet."))
    var rawCells = false

    @Flag(name: .long, help: "Replace an existing output file (or a folder an earlier export wrote).")
    var force = false

    @Option(name: .long,
        help: ArgumentHelp(
            "Write the fields the format could not hold to this CSV " +
                "file (an existing file is replaced only with --force).",
            valueName: "dropped.csv"))
    var reportDropped: String?

    @Option(name: .long,
        help: ArgumentHelp(
            "beanconqueror: the backup (a .zip, or a bare Beanconqueror.json) to add the brews to; the output is a " +
                "new backup, this one is only read.",
            valueName: "Beanconqueror.zip"))
    var mergeInto: String?

    func validate() throws {
        if journals.isEmpty { throw ValidationError("give at least one journal") }
        if mergeInto != nil, to != .beanconqueror {
            throw ValidationError("--merge-into applies to --to beanconqueror only")
        }
        let want = writesFolder ? "--out DIR" : "-o/--output FILE"
        if outputFile == nil, outFolder == nil { throw ValidationError("give the output with \(want)") }
        if outputFile != nil, outFolder != nil { throw ValidationError("give one output, with \(want)") }
        // Before the grammar of one file -o and a folder --out, either spelled export's one output.
        if writesFolder, outputFile != nil { Deprecation.note("-o for an export folder", "--out DIR") }
        if !writesFolder, outFolder != nil { Deprecation.note("--out for an export file", "-o/--output FILE") }
        if layout == .perBrew, to != .brewspec {
            throw ValidationError("--layout applies to --to brewspec only")
        }
        if rawCells, to != .csv { throw ValidationError("--raw-cells applies to --to csv only") }
        // One output written over another of the same run would leave only the last one.
        let outputs = [output, reportDropped, merging.listMatches].compactMap { $0 }
            .map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        if Set(outputs).count < outputs.count {
            throw ValidationError("-o, --report-dropped and --list-matches must name different files")
        }
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        // No output of the run may replace an input or be written inside one, --force or not (``ExportInputs``).
        let inputs = ExportInputs(journals + [input.map, input.aliases, mergeInto].compactMap { $0 })
        for path in [output, reportDropped, merging.listMatches].compactMap({ $0 }) { try inputs.refuse(output: path) }
        var loaded = try merging.load(journals, input: input, anonymising: anonymise)
        if anonymise { loaded = JournalAnonymiser().anonymise(loaded) }
        let aliases = try input.aliases.map {
            file throws(NamesError) in try NameAliases.load(from: URL(fileURLWithPath: file))
        }
        var exporter = JournalExporter(format: to, brewSpecLayout: layout, replacing: force, guardsFormulas: !rawCells,
                                       mergeInto: mergeInto.map { URL(fileURLWithPath: $0) }, aliases: aliases)
        // A large journal's export shows its progress on a terminal (``TerminalProgress``).
        exporter.progress = TerminalProgress.make(
            minimumTotal: to == .decentJSON ? TerminalProgress.largeShotFolder : TerminalProgress.largeJournal)
        let summary = try exporter.export(loaded, to: URL(fileURLWithPath: output))
        if let reportDropped {
            let file = try ExportFile(target: URL(fileURLWithPath: reportDropped), replacing: force)
            file.buffer = Array(summary.dropped.csv().utf8)
            try file.publish(replacing: force)
        }
        let what = to == .decentJSON ? "shot" : "brew"
        let files = summary.files == 1 ? "" : " in \(summary.files) files"
        print("\(summary.output): \(summary.records) \(what)\(summary.records == 1 ? "" : "s") written\(files)")
        if let reportDropped {
            let n = summary.dropped.entries.count
            print("wrote \(reportDropped) (\(n) field\(n == 1 ? "" : "s") the format could not hold)")
        }
        FileHandle.standardError.write(Data("brewstats: \(summary.dropped.summary)\n".utf8))
        for note in summary.notes { FileHandle.standardError.write(Data("brewstats: \(note)\n".utf8)) }
    }
}
