import ArgumentParser
import Foundation

/// The `brewstats` command: a thin shell over the library targets, one file per subcommand.
@main
struct Brewstats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brewstats",
        abstract: "Statistics and reports for coffee brew journals.",
        discussion: """
            Reads the journal app's store (.sqlite), its CSV and JSON exports, and Beanconqueror backups, \
            and writes weekly reports, charts and CSV summaries.

            Examples:
              brewstats report sample-data/journal.sqlite --out reports/sample
              brewstats chart grind-rating journal.sqlite --grinder "Niche Zero" -o g.png
              brewstats inspect Beanconqueror.zip --rejects rejects.csv
              brewstats batch exports/ --out batch-reports --jobs 2
            """,
        version: "0.1.0",
        subcommands: [Report.self, Review.self, Chart.self, DialIn.self, BacktestCommand.self, Batch.self, Inspect.self,
            Export.self, Generate.self, Compare.self, MCPServe.self]
    )
}
