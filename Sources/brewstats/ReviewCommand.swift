import ArgumentParser
import BrewColumns
import BrewImport
import BrewNames
import BrewReport
import BrewStats
import Foundation

/// `brewstats review`: a calendar year of one journal in review, as one HTML page and one PDF.
struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Write the year in review of a journal: index.html, review.md " +
            "and two small charts (review.pdf with --formats pdf).",
        discussion: """
            The year is the calendar year (1 January – 31 December) of the brews' local days in the time zone \
            (--tz), not the ISO week year. The review gives the brew count and its change against the year before, \
            the favourite roaster, the most-brewed and best-rated coffee, the mean rating and its change, the beans \
            used (kg, from the doses), brew days and the longest daily streak, the favourite hour, the busiest month \
            and weekday, brews per weekday, and what the grind data taught: the sweet spots found that year, how far \
            each bag's first brew was from its best, and how many brews dialing in took. A year without brews is an \
            honest empty review.

            How it differs from `report JOURNAL --year Y`: that is the full report of the year against the year \
            before (every chart, the CSV summaries, bean pages, report.pdf); the review is the year's story on one \
            page and a PDF. Both take the journal first and the year as --year.

            Examples:
              brewstats review sample-data/journal.sqlite --year 2026 --out review-2026
              brewstats review Beanconqueror.json --year 2020 --tz Europe/Berlin
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror backup or upload, " +
                "BrewSpec, shot files (a file or zip), or a folder of any of these read as one journal (- reads " +
                    "standard input). The older order, YEAR JOURNAL, is still read.",
                                 valueName: "journal"))
    var inputs: [String] = []

    @Option(name: .long, parsing: .unconditional,
        help: ArgumentHelp("The calendar year, e.g. 2026 (default: the year of the journal's last dated brew).",
            valueName: "year"))
    var year: Int?

    @OptionGroup var input: JournalInputOptions
    @OptionGroup var render: RenderOptions

    @Option(name: .long,
        help: ArgumentHelp("Output folder (default: brew-review-<year> in the current folder).", valueName: "dir"))
    var out: String?
    @OptionGroup var outputRule: FolderOutputRule

    @Option(name: .long,
        help: ArgumentHelp(
            "Take this day as today (default: the real date); it dates " +
                "review.pdf, so pinning it makes the review reproducible.",
            valueName: "YYYY-MM-DD"),
        transform: Day.parse)
    var today: Day?

    /// The journal and the year asked for: `review JOURNAL [--year Y]`, the order `report JOURNAL --year Y` uses, or
    /// the older `review Y JOURNAL` (a first argument of four digits, with no --year).
    var asked: (journal: String, year: Int?) {
        if inputs.count == 2, year == nil, inputs[0].count == 4, let y = Int(inputs[0]) { return (inputs[1], y) }
        return (inputs.first ?? "", year)
    }

    func validate() throws {
        guard inputs.count == 1
            || (inputs.count == 2 && year == nil && inputs[0].count == 4 && Int(inputs[0]) != nil) else {
            throw ValidationError(inputs.isEmpty ? "give a journal" : "give one journal, and the year with --year")
        }
        if let year = asked.year, !(1970...9999).contains(year) {
            throw ValidationError("the year must be between 1970 and 9999, not \(year)")
        }
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        let journal = asked.journal
        let result = try input.load(journal)
        let zone = input.zoneChoice(result.report)
        var options = render.options(timeZone: zone.zone)
        options.zoneLine = zone.line
        TodayOption.pin(&options, today: today, timeZone: zone.zone)
        // Without --year: the year of the journal's last dated brew (in --tz).
        var statsOptions = options.stats
        statsOptions.timeZone = zone.zone
        guard let year = asked.year ?? BrewAnalysis(journal: result.journal, options: statsOptions).latestYear else {
            throw CommandFailure.failed("\(journal): no dated brew, so no year to review (give one with --year)")
        }
        let folder = URL(fileURLWithPath: out ?? "brew-review-\(year)")
        let name = URL(fileURLWithPath: journal).lastPathComponent
        let written = try YearReviewWriter.write(journal: result.journal, journalName: name, year: year,
                                                 options: options,
                                                 to: folder, protecting: [URL(fileURLWithPath: journal)])
        let r = written.review
        // The page has no import notes: names that may be one (and the aliases applied) are said here.
        for w in result.report.warnings where w.kind == .note && NameKind(rawValue: w.column ?? "") != nil {
            print("note: \(w.message)")
        }
        print(
            "\(year): \(r.brews) brew\(r.brews == 1 ? "" : "s") on \(r.brewDays) day\(r.brewDays == 1 ? "" : "s") " +
                "(\(r.previousBrews) in \(year - 1))")
        print(
            "wrote \(written.files.count) files to \(folder.path)/ (open " +
                "\(folder.appendingPathComponent("index.html").path))")
    }
}
