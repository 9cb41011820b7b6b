import ArgumentParser
import BrewAdvice
import BrewBacktest
import BrewColumns
import BrewImport
import BrewNames
import BrewReport
import Foundation

/// `brewstats dial-in`: which grind setting to brew next for a bag, and how sure the model is.
struct DialIn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dial-in",
        abstract: "Suggest the grind setting to brew next for a bean on a grinder × method.",
        discussion: """
            Fits a single-peaked rating curve to this bag's brews, with a prior from the earlier bags on the same \
            grinder × method, and answers: next (the setting to brew next, on the grinder's own scale and step), \
            best (the estimated best setting with its 80 % interval and expected rating), why (in a sentence or two) \
            and the evidence. The README's "Dial-in advisor" section writes the model down.

            Without --bean: the bean brewed most recently on that grinder × method. Names match ignoring case (a \
            bean also as "Roaster Name"); an unknown name is an error listing the journal's names.

            It answers with a safe pick (the highest expected rating), an experiment when exploring is worth it, and \
            a confidence word; suggestions stay near the settings the grinder × method has been brewed at. Taste \
            notes ("sour", "zu bitter", "try coarser") and, for espresso, shot times count as evidence even without \
            a rating. Shots of different pressure profiles are never pooled (--profile picks one), except that \
            their shot times' seconds per step are pooled across the grinder's profiles. Grinders are \
            known by name from a built-in catalogue (the README's "Grinders" list); --grinders adds your own.

            With --backtest it also replays the advice over your bags of this grinder × method, as `brewstats \
            backtest --grinder G --method M` does, and says in one line whether it pointed at each bag's \
            best-rated setting sooner or later than you brewed it, with a 90 % interval and the bags it rests on \
            (or that they are too thin to judge). That takes one answer per replayed brew (about a second of CPU \
            on a long grinder × method, twenty times the answer's own), so it is not done by default.

            With no rated brew on the grinder × method, a note that names a setting ("try 17.5") or says sour or \
            bitter moves the answer one step from the last setting (or to the named one), with no expected rating.

            Exit status: 0 when advice was given, 1 when a name matches nothing, the grinder × method has no brew \
            with a grind setting that is rated or whose notes or shot time point a way, or the chart cannot be \
            written, 2 when the journal or the grinders file cannot be read, 64 for a usage error.

            Examples:
              brewstats dial-in journal.sqlite --grinder "Comandante C40" --method V60
              brewstats dial-in export.csv --grinder "Niche Zero" --method Espresso --json
              brewstats dial-in j.sqlite --grinder "Comandante C40" --method V60 -o d.png
              brewstats dial-in j.sqlite --grinder "Comandante C40" --method V60 --backtest
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

    @OptionGroup var merging: MergeOptions

    @OptionGroup var input: JournalInputOptions

    @Option(help: "The grinder.") var grinder: String
    @Option(help: "The brew method.") var method: String
    @Option(help: "The bean (default: the one brewed most recently on this grinder × method).") var bean: String?
    @Option(
        help: ArgumentHelp(
            "For espresso: the pressure profile whose shots to advise " +
                "(default: the latest shot's); profiles are never pooled, but for the seconds per step.",
            valueName: "name"))
    var profile: String?
    @OptionGroup var grindersOption: GrindersOption
    @Flag(help: "Print the advice as one JSON object.") var json = false
    @Flag(help: "Also replay the advice over this grinder × method's bags and give the back-test's verdict.")
    var backtest = false
    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("Also draw the dial-in chart; .png, .svg or .pdf.", valueName: "file"),
            transform: ChartFileName.parse)
    var outputFile: ChartFileName?
    @OptionGroup var outputRule: FileOutputRule

    /// The chart file's path, when one is asked for.
    var output: String? { outputFile?.path }
    @Option(
        help: .worded("Chart theme: mono (matches the app), dark or colour.", default: ThemeName.mono,
            valueName: "theme"),
        transform: ThemeName.parse)
    var theme = ThemeName.mono
    @Option(parsing: .unconditional,
        help: ArgumentHelp("PNG scale factor (2 = sharp on high-density screens).", valueName: "n")) var scale = 2.0

    /// The text answer's `backtest:` line: the verdict, or how to ask for it.
    static func backtestLine(_ verdict: BacktestVerdict?) -> String {
        "backtest: " + (verdict?.line ?? "not replayed (add --backtest to replay the advice over your bags of this " +
            "grinder × method: did it point at their best settings sooner than you brewed them?)")
    }

    func validate() throws {
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]") }
    }

    func run() async throws {
        CLI.removeStagingOnInterrupt()
        var options = DialInOptions()
        options.profile = profile
        if let catalogue = try grindersOption.catalogue() { options.grinders = catalogue }
        // Only what the advisor reads: grinder, bean, grind setting, rating, taste (notes, tags, tasting note), shot
        // time and profile, and the masses for a shot's yield (dates and methods always).
        let result = try merging.load(journals, input: input) {
            $0.columns = [.grinder, .bean, .grindSetting, .rating, .freeText, .tastingNote, .brewTime, .masses]
        }.result
        let found = try DialInAdvisor.advise(journal: result.journal, grinder: grinder, method: method, bean: bean,
            options: options)
        // Look-alike grinders and methods ("V60" and "V60 ceramic") split the advice: name the others with their brews
        // and the alias line that would merge them (docs/names.md).
        let advice =
            found.adding(
                notes: NearDuplicates.lookAlikeNotes(in: result.journal,
                    [(.grinder, found.grinder), (.method, found.method)]))
        // The back-test's verdict for this grinder × method, with the same advisor settings (docs/advisor.md,
        // "Back-test").
        let verdict = backtest
            ? BacktestVerdict(journal: result.journal, grinder: advice.grinderIndex, method: advice.methodIndex,
                              advice: options) : nil
        print(json ? advice.json(backtest: verdict) : advice.textReport(beforeNotes: [Self.backtestLine(verdict)]),
              terminator: "")
        if let output {
            try DialInChart.write(advice, to: URL(fileURLWithPath: output), theme: theme.theme, pngScale: scale)
            // With --json standard output is the one JSON object: the file is named on standard error.
            if json {
                FileHandle.standardError.write(Data("brewstats: wrote \(printable(output))\n".utf8))
            } else {
                print("wrote \(output)")
            }
        }
    }
}
