import ArgumentParser
import BrewImport
import BrewProgress
import BrewReport
import BrewShots
import BrewStats
import Foundation

/// `brewstats report`: the brew report of one journal for a week, a month, a year or a range of days, written as
/// one folder.
struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the brew report of a journal for a week, month, year or range of days: index.html with its " +
            "SVG charts, summary.md and the CSV summaries (report.pdf and PNG charts with --formats).",
        discussion: """
            The report covers one ISO week (Monday first) in the report's time zone: by default the latest week \
            with brews; --last takes the last complete week before today; --week names one. A week still in \
            progress, or cut short by the journal's last brew, is labelled partial with the days it covers. \
            The CSV summaries cover the whole journal up to the report week's end, except week_summary.csv (the week \
            against the week before). A report of a named week uses only brews dated up to that week's end, so it \
            shows what was known then; --include-later uses every brew.

            --month, --year and --from/--to report a calendar month, a calendar year or a range of days (both ends \
            included) instead, in the report's time zone, against the period before (the previous month or year; \
            for a range of n days, the n days before). Their trend charts count by day (up to 31 days), by ISO \
            week (up to about six months) or by month, and say which. A period without brews gives an empty \
            report that says so. Every report also writes totals.csv (coffee ground, beverage, brew time, brew \
            days and streaks of the period).

            The folder appears atomically: it is written beside its final place and renamed into it, so an \
            interrupted run leaves the previous report (or nothing), never a half-written one. An existing \
            --out is replaced only when brewstats wrote it (it holds the marker file .brewstats-report, or only \
            files a report writes) or it is empty; anything else (a folder with other files, a file, the \
            journal or a folder holding it) is refused and left as it is.

            Exit status: 0 on success, 1 when the report cannot be written (or --out may not be replaced), \
            2 when the journal cannot be read, 64 for a usage error.

            Examples:
              brewstats report journal.sqlite
              brewstats report export.csv --week 2026-W47 --tz Europe/Berlin --out w47
              brewstats report journal.sqlite --last --formats png,svg,pdf --theme dark
              brewstats report journal.sqlite --month 2026-11 --tz Europe/Berlin
              brewstats report backup.zip --year 2026
              brewstats report export.csv --from 2026-03-01 --to 2026-03-15
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror backup or upload, " +
                "BrewSpec, shot files (a file or zip), or a folder of any of these read as one journal (- reads " +
                    "standard input). Several journals (a store, a backup, a shot folder) are read as one: the same " +
                        "brew in two of them is one brew.",
            valueName: "journal"))
    var journals: [String]

    @OptionGroup var input: JournalInputOptions
    @OptionGroup var merging: MergeOptions
    @OptionGroup var render: RenderOptions

    @OptionGroup var weekChoice: WeekOptions

    @OptionGroup var periodFlags: PeriodOptions

    @Flag(name: .long,
        help: ArgumentHelp(
            "With --week, --last, --month, --year or --from/--to: also use brews dated after the report period "
                + "(default: only what was known by its end)."))
    var includeLater = false

    @OptionGroup var todayOption: TodayOption

    @Option(name: .long,
        help: ArgumentHelp("Output folder (default: brew-report-<week or period> in the current folder).",
            valueName: "dir"))
    var out: String?
    @OptionGroup var outputRule: FolderOutputRule

    @Option(name: .long,
        help: ArgumentHelp("Only the shots of this profile (by the beginning of its name) in the shots section.",
            valueName: "profile"))
    var profile: String?

    func validate() throws {
        if journals.isEmpty { throw ValidationError("give a journal") }
        try periodFlags.exclusive([("--week", weekChoice.week != nil), ("--last", weekChoice.last)])
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        // The report's columns kept, every column validated: the report is a full import's, in less memory.
        let loaded = try merging.load(journals, input: input) { $0 = PeriodReport.importOptions($0) }
        let result = loaded.result
        // Days and times of day: --tz, else the zone the journal's dates state, else the machine's; the pages name it.
        let zone = input.zoneChoice(result.report)
        var options = render.options(timeZone: zone.zone)
        options.zoneLine = zone.line
        options.readerDefaults = true
        // The period: the week flags', the period flags', or (for a shot journal) the days of its shots (``ShotSpan``);
        // otherwise the latest week with brews.
        let chosen = weekChoice.choice() ?? periodFlags.period().map { .named($0) }
        options.period = chosen ?? ShotSpan.period(of: loaded, timeZone: zone.zone).map { .named($0) } ?? .latestWeek
        options.includeLaterBrews = includeLater
        options.shotProfile = profile
        todayOption.apply(to: &options, timeZone: zone.zone)
        let name = MergeOptions.name(of: journals)
        // A large journal's report shows its two steps on a terminal (``TerminalProgress``).
        let brews = result.journal.brews.count
        let steps = brews > TerminalProgress.largeJournal ? TerminalProgress.make() : WorkProgress.none
        defer { steps.finish() }
        let what = "report of \(TerminalProgress.grouped(brews)) brews, steps done"
        steps.report(what, done: 0, of: 2)
        var report = try PeriodReport(journal: result.journal, journalName: name, importReport: result.report,
            options: options)
        report.shots = ShotSection.make(loaded, report: report, options: options)
        let folder = URL(fileURLWithPath: out ?? "brew-report-\(report.folderLabel)")
        steps.report(what, done: 1, of: 2)
        let files = try ReportWriter.write(report, options: options, to: folder,
            protecting: journals.map { URL(fileURLWithPath: $0) })
        steps.finish()
        let imp = result.report
        print(
            "\(report.periodTitle): \(report.periodSummary?.this.brews ?? 0) brews this \(report.noun), " +
                "\(imp.brews.kept) of \(imp.brews.read) imported"
              + (imp.brews.rejected > 0 ? " (\(imp.brews.rejected) rejected: see index.html)" : ""))
        if let shots = report.shots {
            print(
                "\(shots.rows.count) of \(shots.journalShots) shots this " +
                    "\(report.noun) (shots.csv, the shots section of index.html)")
        }
        print(
            "wrote \(files.count) files to \(folder.path)/ (open \(folder.appendingPathComponent("index.html").path))")
    }
}

/// Flags for how charts are drawn.
struct RenderOptions: ParsableArguments {
    @Option(name: .long,
            help: .worded(
                "Formats to write beyond the page, comma-separated: svg (the page's charts, always written), png (a " +
                    "PNG of every chart), pdf (a PDF of every chart and the page's PDF, report.pdf or review.pdf). " +
                        "Without png or pdf: the page, its SVG charts, the CSVs and the Markdown.",
                default: ChartFormatList.standard, valueName: "list"),
            transform: ChartFormatList.parse)
    var formats = ChartFormatList.standard

    @Option(name: .long,
            help: .worded("Chart theme: mono (matches the app), dark or colour.", default: ThemeName.mono,
                valueName: "theme"),
            transform: ThemeName.parse)
    var theme = ThemeName.mono

    @Option(name: .long,
        help: ArgumentHelp(
            "The currency of bag prices whose journal names none, e.g. EUR (default: the journal's; else money is " +
                "shown with \"no currency set\").",
            valueName: "code"))
    var currency: String?

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("Water retained per gram of coffee, for beverage mass when no yield is logged.",
            valueName: "g/g"))
    var retention = 2.0

    func validate() throws {
        guard retention >= 0, retention < 10 else {
            throw ValidationError(
                "--retention must be at least 0 and less than 10 (grams of water per gram of coffee), not " +
                    "\(String(format: "%g", retention))")
        }
    }

    func options(timeZone: TimeZone) -> ReportOptions {
        var o = ReportOptions()
        o.formats = formats.formats
        o.theme = theme.theme
        o.stats.timeZone = timeZone
        o.stats.retentionFactor = retention
        o.currency = currency.flatMap { $0.isEmpty ? nil : $0.uppercased() }
        return o
    }
}
