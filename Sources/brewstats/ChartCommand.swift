import ArgumentParser
import BrewColumns
import BrewReport
import BrewStats
import Foundation

/// The kinds of chart for `brewstats chart --help`, one a line: the name padded to 18 columns, then its summary.
private let kindLines = ChartKind.allCases
    .map { "  \($0.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0))\($0.summary)" }
    .joined(separator: "\n")

/// `brewstats chart`: one chart on demand, the format taken from the output file's extension.
struct Chart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw one chart of a journal as PNG, SVG or PDF.",
        discussion: """
            Kinds:
            \(kindLines)
              shot-overlay      one profile × bean's shots, aligned at first drops
              shot-view         one shot in full: every series, phases, first drops

            Filters narrow the brews first: --grinder, --method and --bean match names ignoring case and \
            accents (a bean also as "Roaster Name"), or as the beginning of exactly one name or of a word inside \
            it (--grinder comandante, --grinder encore, --bean narino); \
            --since and --until take local dates (YYYY-MM-DD, inclusive). A filter that matches nothing is an \
            error that lists what the journal has, the closest names first, and the beginning of several names \
            is an error that lists them; filters whose brews hold nothing the chart draws (no TDS for a control \
            chart, no ratings for a rating trend) are an error too, saying what is missing, and no file is written.

            --month, --year and --from/--to draw the chart of a calendar month, a calendar year or a range of \
            days (both ends included; local days in --tz), as the report of that period draws it: trend charts \
            show the period and the period before, by day (up to 31 days), ISO week (up to about six months) or \
            month, and say which; control-chart and rest-rating draw the period's brews; grind-rating and \
            equipment-usage the journal up to the period's end. Brews dated after the period are left out. They \
            exclude --week and each other; --from after --to is a usage error. A period without brews draws an \
            empty chart that says so (with a filter, nothing to draw is an error).

            shot-overlay draws a shot folder, zip or file: every shot of one profile × bean aligned at its first \
            drops, the median and interquartile band of pressure, flow and weight, the latest shot on top; --profile \
            and --bean pick the profile and the bean by the beginning of their names (default: the profile × bean \
            with most shots). A chart never mixes profiles. shot-view draws the latest shot (of --profile and \
            --bean) in full: every series its file holds, its phases, first drops and the end of pre-infusion.

            Only the columns the chart draws or filters on are read (dates and methods always): a brew whose \
            one fault is a malformed value in another column, which inspect and report reject, is drawn.

            Exit status: 0 when the chart was written, 1 when a filter matches nothing (or several names) or \
            leaves nothing to draw, or the file cannot be written, 2 when the journal cannot be read, 64 for a \
            usage error.

            Examples:
              brewstats chart grind-rating journal.sqlite --grinder "Niche Zero" -o g.png
              brewstats chart rating-trend export.csv --bean "Yirgacheffe Kochere" -o r.svg
              brewstats chart control-chart journal.sqlite --espresso -o espresso.svg
              brewstats chart brews-per-week export.csv --week 2026-W47 -o weeks.pdf
              brewstats chart rating-trend journal.sqlite --year 2026 -o year.svg
              brewstats chart rest-rating a.csv --from 2026-03-01 --to 2026-03-14 -o r.png
            """
    )

    @Argument(
        help: ArgumentHelp("The chart: \(ChartKind.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "kind"),
              transform: ChartChoice.parse)
    var kind: ChartChoice

    @Argument(
        help: ArgumentHelp(
            "The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror backup or upload, " +
                "BrewSpec, shot files (a file or zip), or a folder of any " +
                    "of these read as one journal (- reads standard input).",
            valueName: "journal"))
    var journal: String

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("Output file; .png, .svg or .pdf.", valueName: "file"),
            transform: ChartFileName.parse)
    var outputFile: ChartFileName?

    /// The output file's path (validated: given).
    var output: String { outputFile?.path ?? "" }
    @OptionGroup var outputRule: FileOutputRule

    @OptionGroup var input: JournalInputOptions

    @Option(help: "Only brews with this grinder.") var grinder: String?
    @Option(help: "Only brews with this method.") var method: String?
    @Option(help: "Only brews of this bean.") var bean: String?
    @Option(help: "For shot-overlay: only shots of this profile (by the beginning of its name).") var profile: String?
    @Option(
        help: ArgumentHelp("Only brews on or after this local date.", valueName: "YYYY-MM-DD"),
        transform: Day.parse) var since: Day?
    @Option(help: ArgumentHelp("Only brews on or before this local date.", valueName: "YYYY-MM-DD"),
        transform: Day.parse) var until: Day?
    @Option(
        help: ArgumentHelp(
            "Week the trend charts end at (default: the latest week with brews).", valueName: "YYYY-Www"),
        transform: IsoWeek.parse) var week: IsoWeek?
    @OptionGroup var periodFlags: PeriodOptions
    @Flag(help: "For control-chart: the espresso ranges (EY 18–22 %, TDS 8–12 %).") var espresso = false
    @Option(
        help: .worded("Chart theme: mono (matches the app), dark or colour.", default: ThemeName.mono,
            valueName: "theme"),
        transform: ThemeName.parse)
    var theme = ThemeName.mono
    @Option(parsing: .unconditional,
        help: ArgumentHelp("PNG scale factor (2 = sharp on high-density screens).", valueName: "n")) var scale = 2.0

    func validate() throws {
        // Checked here rather than by the parser, so that `--out FILE` is answered with its hint (``FileOutputRule``).
        if outputFile == nil {
            throw ValidationError("missing -o/--output FILE: the chart file to write (.png, .svg or .pdf)")
        }
        if espresso, !(kind.reportKind?.recipe.hasEspressoChart ?? false) {
            let which = ChartKind.allCases.filter(\.recipe.hasEspressoChart).map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--espresso applies to \(which) only")
        }
        try periodFlags.exclusive([("--week", week != nil)])
        if kind.reportKind == nil, !periodFlags.given.isEmpty {
            throw ValidationError(
                "\(periodFlags.given.joined(separator: " and ")) applies to brew charts, not shot-overlay")
        }
        guard scale > 0, scale <= 8 else {
            throw ValidationError("--scale must be more than 0 and at most 8, not \(String(format: "%g", scale))")
        }
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        let reportKind: ChartKind
        switch kind {
        case .shotOverlay: return try runShotOverlay()
        case .shotView: return try runShotView()
        case let .report(kind): reportKind = kind
        }
        var chart = SingleChart(kind: reportKind)
        chart.filter = JournalFilter(grinder: grinder, method: method, bean: bean,
                                     since: since, until: until)
        chart.espresso = espresso
        chart.week = week
        chart.period = periodFlags.period()
        chart.options.theme = theme.theme
        chart.pngScale = scale
        // Only the columns this chart draws or filters on are read.
        let result = try input.load(journal) { $0.columns = chart.columns }
        // Days counted as report counts them: --tz, else the zone the journal's dates state, else the machine's.
        chart.options.stats.timeZone = input.zoneChoice(result.report).zone
        let (kept, notes) = try chart.writeChart(result.journal, to: URL(fileURLWithPath: output))
        // A trend chart draws the period and the period before; the others the period (or the journal up to its end).
        let period = chart.period.map { p in ", " + p.name + (chart.kind.isTrend ? " and \(p.previous.name)" : "") }
            ?? ""
        print(
            "wrote \(output) (\(kept) " +
                "brew\(kept == 1 ? "" : "s")\(period)\(chart.filter.isEmpty ? "" : ", " + chart.filter.description))")
        // Which grinder × method group a grind chart drew, when the journal has several.
        if let group = notes.first(where: { $0.hasPrefix("Drawn: ") }) { print(group) }
    }

    /// `chart shot-overlay`: the overlay of one profile × bean of a shot journal.
    func runShotOverlay() throws {
        let theme = self.theme.theme
        let loaded = try input.loadAny(journal)
        let groups = ShotOverlays.groups(loaded)
        guard !groups.isEmpty else {
            throw CommandFailure.failed("\(journal) holds no shots: shot-overlay draws a shot folder, zip or file")
        }
        // Groups are one profile × bean each: --profile and --bean narrow them, and the largest left is drawn.
        var matching = groups
        if let profile {
            let wanted = profile.lowercased()
            matching = matching.filter { $0.profile.lowercased().hasPrefix(wanted) }
            guard !matching.isEmpty else {
                let names = Array(Set(groups.map(\.profile))).sorted()
                throw CommandFailure.failed(
                    "no shots of a profile named '\(profile)': the shots' profiles are "
                        + names.joined(separator: ", "))
            }
        }
        if let bean {
            let wanted = bean.lowercased()
            let beans = matching
            matching = matching.filter { $0.bean.lowercased().hasPrefix(wanted) }
            guard !matching.isEmpty else {
                let names = Array(Set(beans.map(\.bean))).sorted()
                throw CommandFailure.failed(
                    "no shots of a bean named '\(bean)'\(profile == nil ? "" : " with that profile"): the shots' " +
                        "beans are \(names.joined(separator: ", "))")
            }
        }
        let chosen = ShotOverlays.input(loaded, group: matching[0],
                                        timeZone: input.zoneChoice(loaded.result.report).zone)
        do {
            try ShotOverlays.write(chosen, to: URL(fileURLWithPath: output), theme: theme, pngScale: scale)
        } catch {
            throw CommandFailure.failed(ErrorMessage.line(for: error))
        }
        print("wrote \(output) (\(chosen.shots.count) shot\(chosen.shots.count == 1 ? "" : "s"))")
        let others = groups.count > 1
            ? " (the profile × bean with most shots of \(groups.count); --profile and --bean pick another)" : ""
        print("Drawn: \(chosen.profile) · \(chosen.bean)\(others)")
    }

    /// `chart shot-view`: the full view of the latest shot of a shot journal (of `--profile` and `--bean` when given).
    func runShotView() throws {
        let theme = self.theme.theme
        let loaded = try input.loadAny(journal)
        guard loaded.shots.map({ $0.kept > 0 }) ?? false else {
            throw CommandFailure.failed("\(journal) holds no shots: shot-view draws a shot folder, zip or file")
        }
        guard let shot = ShotViews.latest(loaded, profile: profile, bean: bean),
              let view = ShotViews.input(loaded, shot: shot, timeZone: input.zoneChoice(loaded.result.report).zone)
        else {
            throw CommandFailure.failed("no shot of that profile and bean in \(journal)")
        }
        do {
            try ShotViews.write(view, to: URL(fileURLWithPath: output), theme: theme, pngScale: scale)
        } catch {
            throw CommandFailure.failed(ErrorMessage.line(for: error))
        }
        print("wrote \(output) (\(view.title): \(view.series.map(\.name).joined(separator: ", ")))")
    }
}
