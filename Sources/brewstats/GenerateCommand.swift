import ArgumentParser
import BrewColumns
import BrewSynth
import Foundation

/// `brewstats generate`: writes a synthetic journal in one of the app's encodings (a thin shell over BrewSynth).
struct Generate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a synthetic coffee journal (store, CSV or JSON) or a folder of espresso shot files.",
        discussion: """
            The journal is deterministic: the same --brews, --seed, --start, --days, --tz and shape give the same \
            file, byte for byte (the SQLite store: the same rows). It has a handful of methods, grinders and \
            many bags of beans, brews mostly in the mornings, ratings that peak at a grind sweet spot per \
            grinder and bean, TDS and tasting notes on part of the brews, missing fields, unused equipment and \
            some stale cached counters.

            Formats:
              sqlite  the app's Core Data store (a rollback journal; with --wal-tail N,
                      the latest N brews are only in the -wal file beside it)
              csv     the app's CSV export (--messy: BOM, CRLF, units, decimal commas,
                      m:ss times, shuffled and missing columns)
              json    the app's JSON export

            Without --start the journal ends on 2026-11-22 (ISO week 2026-W47).

            Shapes (--shape; the options below override a part of it):
              standard  bags follow the span, three open at a time (an espresso
                        bag, two filter bags) of 12-31 days; 7 methods, 5 grinders
                        (and a Siphon and a blade grinder never used)
              wide      400 bags of 7-42 days over 3 years (--days 1095);
                        8 methods, 4 grinders

            --beans N gives exactly N bags (as many open at a time as their lengths need), --methods N \
            and --grinders N the methods and grinders brewed with (1-\(JournalShape.maxMethods), \
            1-\(JournalShape.maxGrinders)), --bag-days MIN-MAX how long a bag lasts.

            With --shots N and --out DIR, writes N synthetic espresso shots instead, one file per shot \
            (shot-00000.json, …) in a shot format's own layout: pre-infusion, ramp and plateau or decline, \
            first drops, scale noise, some shots without a scale, a few stopped early; dose, yield, grinder \
            setting, bean and rating spread over weeks (deterministic in --seed):
              decent-json  Decent / Visualizer JSON v2
              decent-shot  Decent Tcl .shot
              gaggiuino    Gaggiuino JSON
              gaggimate    GaggiMate JSON v1
              meticulous   Meticulous .shot.json
              sep-csv      Smart Espresso Profiler / Pressensor CSV

            An existing file at -o is left alone unless --force is given, which replaces it. The output appears \
            whole or not at all: a journal is written beside -o and renamed into place, a shot folder is staged \
            beside --out and swapped in. --out may be a new or empty folder, or (with --force) a folder an earlier \
            generate --shots wrote; any other folder, a file or a symbolic link is refused. Interrupted \
            (SIGINT/SIGTERM), nothing is left behind; a killed run's leftovers are removed by the next run.

            Exit status: 0 when the journal was written, 1 when it cannot be written or -o exists without \
            --force, 64 for a usage error.

            Examples:
              brewstats generate --brews 350 --seed 7 --to sqlite -o journal.sqlite
              brewstats generate --brews 1000000 --to csv -o big.csv
              brewstats generate --brews 200 --to csv --messy -o messy.csv
              brewstats generate --brews 500 --to sqlite --wal-tail 20 -o live.sqlite
              brewstats generate --shots 200 --to decent-json --out shots/
              brewstats generate --brews 100000 --shape wide --to csv -o wide.csv
              brewstats generate --beans 120 --methods 3 --to csv -o few.csv
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case sqlite, csv, json
        case decentJSON = "decent-json", decentShot = "decent-shot", gaggiuino, gaggimate, meticulous
        case sepCSV = "sep-csv"

        /// The shot layout, `nil` for a journal encoding.
        var shotFormat: SynthShotFormat? { SynthShotFormat(rawValue: rawValue) }
    }

    @Option(name: .long, parsing: .unconditional, help: "Number of brews (0 or more).")
    var brews: Int = 350

    @Option(name: .long, parsing: .unconditional, help: "Seed of every random choice (a whole number, 0 or more).",
            transform: Generate.seed(_:))
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("The format to write (see Formats below).", valueName: "format"))
    var to: Format?

    /// The spelling before `--to` (an output format named like the input format of the other commands).
    @Option(name: .customLong("format"), help: .hidden)
    var oldFormat: Format?

    /// The format to write: `--to`, else the old `--format`.
    var format: Format { to ?? oldFormat ?? .sqlite }

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Leave the latest N brews only in the -wal file (sqlite only).",
                                            valueName: "n"))
    var walTail: Int = 0

    @Flag(name: .long, help: "Write a messy CSV, as people and spreadsheets mangle it (csv only).")
    var messy = false

    @Option(name: .long,
            help: .worded("IANA time zone of the brew times.", default: "Europe/Berlin", valueName: "zone"),
            transform: TimeZone.parse)
    var tz = TimeZone(identifier: "Europe/Berlin")!

    @Option(name: .long, help: ArgumentHelp("First day, YYYY-MM-DD (default: the journal ends 2026-11-22).",
                                            valueName: "date"), transform: Day.parse)
    var start: Day?

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Days the brews span (default: brews ÷ 2.3, 7…3650).", valueName: "n"))
    var days: Int?

    @Option(name: .long, help: ArgumentHelp("Journal shape: standard or wide (see below).", valueName: "shape"))
    var shape: ShapePreset = .standard

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Exactly this many bags of beans (default: by --shape).", valueName: "n"))
    var beans: Int?

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Methods brewed with, 1-\(JournalShape.maxMethods) (default: by --shape).",
                                            valueName: "n"))
    var methods: Int?

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Grinders brewed with, 1-\(JournalShape.maxGrinders) (default: by --shape).",
                                            valueName: "n"))
    var grinders: Int?

    @Option(name: .long, help: ArgumentHelp("How long a bag lasts, MIN-MAX days, each 3 or more (default: by --shape).",
                                            valueName: "min-max"), transform: Generate.dayRange(_:))
    var bagDays: ClosedRange<Int>?

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (journal formats).", valueName: "file"))
    var output: String?

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Write this many espresso shot files instead of a journal (shot formats).",
                                            valueName: "n"))
    var shots: Int?

    @Option(name: .customLong("out"),
        help: ArgumentHelp("Folder for the shot files (a new or empty folder, or with --force one generate wrote).",
                                                         valueName: "dir"))
    var outFolder: String?

    @Flag(name: .long, help: "Replace the output file (or a shot folder generate wrote) if it exists.")
    var force = false

    /// `--shape`: a named ``JournalShape``.
    enum ShapePreset: String, ExpressibleByArgument, CaseIterable {
        case standard, wide

        var shape: JournalShape { self == .wide ? .wide : .standard }
        /// The span the shape implies when --days is not given (`nil`: from the brew count).
        var days: Int? { self == .wide ? JournalShape.wideDays : nil }
    }

    /// Parses `--bag-days`: `MIN-MAX` (or one number), whole days, 3 or more, MIN ≤ MAX.
    static func dayRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let low = parts.first!, let high = parts.last!, low >= 3,
            low <= high else {
            throw ValidationError(
                "--bag-days is MIN-MAX whole days, each 3 or more, MIN no more than MAX (e.g. 7-42), not '\(text)'")
        }
        return low...high
    }

    /// The shape after --shape and the options that override its parts.
    var journalShape: JournalShape {
        var s = shape.shape
        if let beans { s.beans = beans }
        if let methods { s.methods = methods }
        if let grinders { s.grinders = grinders }
        if let bagDays { s.bagDays = bagDays }
        return s
    }

    /// Parses `--seed`: a whole number from 0 to 2⁶⁴ − 1.
    static func seed(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else {
            throw ValidationError("a seed is a whole number from 0 to \(UInt64.max)")
        }
        return value
    }

    func validate() throws {
        if to != nil, oldFormat != nil { throw ValidationError("give the format once, with --to") }
        if to == nil, oldFormat == nil {
            throw ValidationError("missing value for '--to <format>': give the format to write")
        }
        if oldFormat != nil { Deprecation.note("--format of generate", "--to") }
        if let shots {
            guard shots >= 0 else { throw ValidationError("--shots must be 0 or more, not \(shots).") }
            guard format.shotFormat != nil else {
                throw ValidationError(
                    "--shots needs a shot format: \(SynthShotFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            guard outFolder != nil else { throw ValidationError("--shots needs --out DIR.") }
            if output != nil { throw ValidationError("-o is for journals; shots go to --out DIR.") }
            return
        }
        if format.shotFormat != nil {
            throw ValidationError("--to \(format.rawValue) writes shots: give --shots N and --out DIR.")
        }
        if outFolder != nil { throw ValidationError("--out applies to --shots only; a journal goes to -o.") }
        guard let output else { throw ValidationError("-o: give the output file.") }
        guard brews >= 0 else { throw ValidationError("--brews must be 0 or more, not \(brews).") }
        guard walTail >= 0 else { throw ValidationError("--wal-tail must be 0 or more, not \(walTail).") }
        if walTail > 0 && format != .sqlite { throw ValidationError("--wal-tail applies to --to sqlite only.") }
        if messy && format != .csv { throw ValidationError("--messy applies to --to csv only.") }
        if let days, days < 1 { throw ValidationError("--days must be 1 or more, not \(days).") }
        if let beans, beans < 1 { throw ValidationError("--beans must be 1 or more, not \(beans).") }
        if let methods, !(1...JournalShape.maxMethods).contains(methods) {
            throw ValidationError("--methods must be 1 to \(JournalShape.maxMethods), not \(methods).")
        }
        if let grinders, !(1...JournalShape.maxGrinders).contains(grinders) {
            throw ValidationError("--grinders must be 1 to \(JournalShape.maxGrinders), not \(grinders).")
        }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("-o: the folder '\(folder)' does not exist.")
        }
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        if let shots, let shotFormat = format.shotFormat, let outFolder {
            try ShotFolderWriter(format: shotFormat).writeFolder(ShotGenerator(count: shots, seed: seed),
                                                                 to: URL(fileURLWithPath: outFolder), replacing: force)
            print(
                "wrote \(shots) shot file\(shots == 1 ? "" : "s") to " +
                    "\(outFolder.hasSuffix("/") ? outFolder : outFolder + "/") (\(format.rawValue))")
            return
        }
        guard let output else { return }
        let options = GeneratorOptions(brewCount: brews, seed: seed, start: start,
                                       days: days ?? shape.days, timeZone: tz.identifier, shape: journalShape)
        let generator = JournalGenerator(options)
        let url = URL(fileURLWithPath: output)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw CommandFailure.failed("refusing to replace \(output): it is a folder") }
            if !force {
                throw CommandFailure.failed("refusing to replace \(output): the file exists (--force replaces it)")
            }
        }
        // A ``SynthError`` is one line a person can act on: the file, the step, the reason.
        switch format {
        case .sqlite: try CoreDataStoreWriter(walTail: walTail).write(generator, to: url)
        case .csv: try CSVExportWriter(style: messy ? .messy(seed: seed) : .standard).write(generator, to: url)
        case .json: try JSONExportWriter().write(generator, to: url)
        case .decentJSON, .decentShot, .gaggiuino, .gaggimate, .meticulous, .sepCSV: return
        }
        print("wrote \(output) (\(brews) brew\(brews == 1 ? "" : "s"), \(format.rawValue))")
    }
}
