import ArgumentParser
import BrewImport
import BrewMerge
import BrewNames
import BrewOpen
import BrewProgress
import BrewReport
import BrewShots
import BrewStats
import Foundation

/// Flags every command that reads journals shares: the format override, the time zone and a CSV column mapping.
struct JournalInputOptions: ParsableArguments {
    @Option(name: .long,
        help: ArgumentHelp("Read as this format: \(JournalFormats.spelledOut) (default: sniffed from the content).",
                                            valueName: "format"), transform: JournalFormat.parse)
    var format: JournalFormat?

    @Option(name: .long,
        help: ArgumentHelp(
            "IANA time zone, e.g. Europe/Berlin: days, ISO weeks and times of day are counted there, and CSV dates " +
                "without an offset are read as local times there (default: " +
                    "the zone the journal's dates state, else the system's).",
                                            valueName: "zone"), transform: TimeZone.parse)
    var tz: TimeZone?

    @Option(name: .long,
        help: ArgumentHelp("Column-mapping file (TOML) for a CSV whose headers differ from the app's export.",
            valueName: "mapping.toml"))
    var map: String?

    @Option(name: .long,
        help: ArgumentHelp(
            "Aliases file (TOML): spellings of a roaster, bean, " +
                "grinder or method counted as one name (see docs/names.md).",
                                            valueName: "aliases.toml"))
    var aliases: String?

    /// The report's time zone: `--tz`, else the machine's (reading a journal; see ``zoneChoice(_:)`` for its pages).
    var timeZone: TimeZone { tz ?? .current }

    /// The zone a journal's days and times of day are counted in: `--tz`, else the zone its dates state, else the
    /// machine's (``TimeZoneChoice``).
    func zoneChoice(_ report: ImportReport) -> TimeZoneChoice {
        TimeZoneChoice.resolve(asked: tz, stated: report.statedOffsets)
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
        let aliasSet = try aliases.map {
            file throws(NamesError) in try NameAliases.load(from: URL(fileURLWithPath: file))
        }
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
        // A large folder of shot files shows how many are read, on a terminal (``TerminalProgress``).
        options.importOptions.progress = TerminalProgress.make(minimumTotal: TerminalProgress.largeShotFolder)
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

extension TimeZoneChoice {
    /// The page's line naming the zone and where it comes from, with the flag that sets it
    /// (``BrewReport/ReportOptions/zoneLine``).
    var line: String {
        switch source {
        case .asked:
            return "Days and times of day in \(name) (--tz)."
        case .journal(let offsets):
            return "Days and times of day in \(name): the zone of the journal's own dates " +
                "(\(offsets.joined(separator: ", "))); "
                + "--tz sets another."
        case .machine:
            return "Days and times of day in \(name), this computer's time " +
                "zone: the journal's dates name none (--tz sets one)."
        }
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
    ///
    /// A self-pipe: the handler only writes the signal's number to a pipe (`write` is async-signal-safe), and a
    /// thread of its own reads it and does the clean-up. A signal is handled whichever thread the kernel delivers it
    /// to. (Dispatch's signal sources needed the signal ignored and blocked in every thread; a thread started before
    /// the source, such as the concurrency pool's, still took it and the ignored signal was lost: the command then
    /// finished with status 0.)
    static func removeStagingOnInterrupt() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        wakeDescriptor = ends[1]
        let reader = ends[0]
        let cleaner = Thread {
            var number: UInt8 = 0
            while read(reader, &number, 1) != 1 {}
            StagedDirectory.removeAllStaging()
            exit(128 + Int32(number))
        }
        cleaner.start()
        for sig in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                var number = UInt8(truncatingIfNeeded: received)
                _ = write(CLI.wakeDescriptor, &number, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    /// The pipe's write end the signal handler writes to. SAFETY: written once by ``removeStagingOnInterrupt()``
    /// before the handler is installed (the one command a process runs calls it once, at the start of its `run()`),
    /// then only read, by the handler.
    nonisolated(unsafe) fileprivate static var wakeDescriptor: Int32 = -1
}
