import ArgumentParser
import BrewImport
import BrewMerge
import BrewNames
import BrewOpen
import BrewReport
import BrewShots
import BrewStats
import Foundation

/// Flags every command that reads journals shares: the format override, the time zone and a CSV column mapping.
struct JournalInputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Read as this format: \(JournalFormats.spelledOut) (default: sniffed from the content).",
                                            valueName: "format"), transform: JournalFormat.parse)
    var format: JournalFormat?

    @Option(name: .long, help: ArgumentHelp("IANA time zone, e.g. Europe/Berlin: days, ISO weeks and times of day are counted there, and CSV dates without an offset are read as local times there (default: the zone the journal's dates state, else the system's).",
                                            valueName: "zone"))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp("Column-mapping file (TOML) for a CSV whose headers differ from the app's export.", valueName: "mapping.toml"))
    var map: String?

    @Option(name: .long, help: ArgumentHelp("Aliases file (TOML): spellings of a roaster, bean, grinder or method counted as one name (see docs/names.md).",
                                            valueName: "aliases.toml"))
    var aliases: String?

    func validate() throws {
        if let tz, TimeZone(identifier: tz) == nil {
            throw ValidationError("unknown time zone '\(tz)' (use an IANA name such as Europe/Berlin)")
        }
    }

    /// The report's time zone: `--tz`, else the machine's (reading a journal; see ``zoneChoice(_:)`` for its pages).
    var timeZone: TimeZone { tz.flatMap(TimeZone.init(identifier:)) ?? .current }

    /// The zone a journal's days and times of day are counted in: `--tz`, else the zone its dates state, else the
    /// machine's (``TimeZoneChoice``).
    func zoneChoice(_ report: ImportReport) -> TimeZoneChoice {
        TimeZoneChoice.resolve(asked: tz.flatMap(TimeZone.init(identifier:)), stated: report.statedOffsets)
    }

    /// `BREWSTATS_STORE_WAIT`: how many seconds a store locked by a writer is waited for (``ImportOptions/storeWait``);
    /// `nil` (the default, 5 s) when unset or not a number of seconds from 0 to 3600.
    static var storeWait: TimeInterval? {
        guard let text = ProcessInfo.processInfo.environment["BREWSTATS_STORE_WAIT"], let t = Double(text),
              t.isFinite, (0...3600).contains(t) else { return nil }
        return t
    }

    /// Import options for these flags (the mapping file is read here).
    func importOptions() throws(ImportError) -> ImportOptions {
        var options = ImportOptions(format: format, timeZone: timeZone)
        if let wait = Self.storeWait { options.storeWait = wait }
        if let map { options.columnMapping = try ColumnMapping.load(from: URL(fileURLWithPath: map)) }
        return options
    }

    /// The opener's options for these flags (``BrewOpen/OpenOptions``): the import options (the mapping file read
    /// here) and the aliases file, read here.
    ///
    /// - Throws: ``ImportError`` when the mapping cannot be read, ``NamesError`` when the aliases file cannot (both
    ///   exit status 2, ``ExitStatus``).
    func openOptions(mergeRules: MergeRules = MergeRules()) throws -> OpenOptions {
        let aliasSet = try aliases.map { file throws(NamesError) in try NameAliases.load(from: URL(fileURLWithPath: file)) }
        return OpenOptions(importOptions: try importOptions(), aliases: aliasSet, mergeRules: mergeRules)
    }

    /// Opens `paths` as one journal (``BrewOpen/JournalOpener``).
    ///
    /// - Parameter adjust: Changes the import options of these flags before the import: a command that needs only
    ///   some columns sets its projection here (``ImportOptions/columns``); by default every column is read.
    func open(_ paths: [String], mergeRules: MergeRules = MergeRules(),
              adjusting adjust: (inout ImportOptions) -> Void = { _ in }) throws -> OpenedJournal {
        var options = try openOptions(mergeRules: mergeRules)
        options.importOptions.readAhead = true  // one journal at a time, the other cores idle
        adjust(&options.importOptions)
        return try JournalOpener.open(paths, options: options)
    }

    /// Opens `path` (``open(_:mergeRules:adjusting:)``): its journal and import report.
    func load(_ path: String, adjusting adjust: (inout ImportOptions) -> Void = { _ in }) throws -> ImportResult {
        try open([path], adjusting: adjust).result
    }

    /// Opens `path` (``open(_:mergeRules:adjusting:)``): its journal, with the shot table when it has shots.
    func loadAny(_ path: String, adjusting adjust: (inout ImportOptions) -> Void = { _ in }) throws -> ShotJournal {
        try open([path], adjusting: adjust).journal
    }
}

/// Process-level helpers of the CLI: the exit code of a run with failures, and clean-up on interruption.
enum CLI {
    /// The exit code to throw for a run that ended with failures, after waiting out an interruption (a failure
    /// then is only the interruption's echo: the signal handler exits with 130/143).
    static func exitCode(_ code: Int32) -> ExitCode {
        while StagedDirectory.isInterrupted { pause() }
        return ExitCode(code)
    }

    /// On SIGINT/SIGTERM, removes the staging folders and temporary output files this process has open, then exits
    /// 130/143, so an interrupted command leaves nothing behind. (A SIGKILL leaves a hidden staging folder or
    /// temporary file, which the next run for the same output removes.) Every command that writes calls it first.
    static func removeStagingOnInterrupt() {
        // A queue of its own: a serial queue gets a thread even when the global pool's are all busy or held (a
        // handler on `.global()` could wait behind the command's own work, which then finished with status 0).
        let queue = DispatchQueue(label: "brewstats.signals")
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                StagedDirectory.removeAllStaging()
                exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The signal sources, kept for the life of the process (a released source is cancelled and the signal
    /// would go unhandled). Process-wide because signals are. SAFETY: written only by
    /// ``removeStagingOnInterrupt()``, which the one command a process runs calls once, at the start of its `run()`
    /// before it starts work of its own, and never read, so no two threads ever touch it at once.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
}
