import ArgumentParser
import BrewAdvice
import BrewBacktest
import BrewPages
import BrewReport
import Foundation

/// `brewstats backtest`: the dial-in advisor replayed over the journal's own bags, brew by brew, with no look-ahead
/// (``BrewBacktest/Backtest``), written as a page, CSVs and a chart (``BrewReport/BacktestPage``).
struct BacktestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest",
        abstract: "Replay the dial-in advice over the journal's own bags: would it have found each bag's best sooner?",
        discussion: """
            Replays every bag of every grinder × method (or of --grinder × --method) in brewing order. Before each \
            brew the advisor is asked with only the brews dated before it (the cut a past week's report makes), and \
            its setting is compared with the one brewed: both by their distance in steps from the bag's own \
            best-rated settings. It never says that a cup nobody brewed would have been better.

            Per bag and overall: the brews until a cup came within half a point of the bag's best, the brew at which \
            the best-rated setting was first brewed and the one before which the advice first pointed there, and \
            the brews sooner, with a bootstrap interval over the bags and the number of bags it rests on. Fewer than \
            5 judged bags (3 or more replayed brews each) are too thin to judge, and the page says so.

            Writes index.html, backtest.md, backtest.pdf, the distance chart, bags.csv, summary.csv and one CSV per \
            bag under bags/ into --out (default backtest). The folder appears whole or not at all, and an existing \
            one is replaced only when brewstats wrote it. docs/advisor.md, "Back-test", defines every figure.

            Exit status: 0 when written, 1 when a name matches nothing, nothing can be replayed or the folder cannot \
            be written, 2 when the journal cannot be read, 64 for a usage error.

            Examples:
              brewstats backtest journal.sqlite
              brewstats backtest export.csv --grinder "Niche Zero" --method V60 --out nz
            """)

    @Argument(help: ArgumentHelp("The journal (any format dial-in reads; several are read as one).",
                                 valueName: "journal"))
    var journals: [String]

    @OptionGroup var merging: MergeOptions

    @OptionGroup var input: JournalInputOptions

    @Option(help: "Only this grinder (with --method).") var grinder: String?
    @Option(help: "Only this brew method (with --grinder).") var method: String?
    @Option(help: ArgumentHelp("Output folder (default: backtest).", valueName: "dir")) var out: String?
    @OptionGroup var outputRule: FolderOutputRule

    func validate() throws {
        if (grinder == nil) != (method == nil) { throw ValidationError("give --grinder and --method together") }
    }

    func run() throws {
        CLI.removeStagingOnInterrupt()
        let result = try merging.load(journals, input: input) {
            $0.columns = [.grinder, .bean, .grindSetting, .rating, .freeText, .tastingNote, .brewTime, .masses]
        }.result
        let backtest: Backtest
        if let grinder, let method {
            backtest = try Backtest(journal: result.journal, grinder: grinder, method: method)
        } else {
            backtest = try Backtest(journal: result.journal)
        }
        let out = self.out ?? "backtest"
        let inputs = (journals + [input.map, input.aliases].compactMap { $0 }).map { URL(fileURLWithPath: $0) }
        let source = journals.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        try BacktestPage.write(backtest, source: source, to: URL(fileURLWithPath: out),
                               theme: try ReportOptions.theme("mono"), outputs: ChartOutputs(), protecting: inputs)
        print(backtest.overall.sentence(backtest.options))
        print("wrote \(printable(out))/index.html, backtest.md, backtest.pdf, bags.csv, summary.csv and " +
              "\(backtest.bags.count) bag CSV\(backtest.bags.count == 1 ? "" : "s") under bags/")
    }
}
