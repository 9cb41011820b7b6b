import ArgumentParser
import BrewAdvice
import BrewImport
import BrewMCP
import Foundation

/// `brewstats mcp`: the journal's facts for an AI assistant, served over standard input and output by BrewMCP's
/// Model Context Protocol server. This command opens the journal as every command does and starts the server.
struct MCPServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve a journal's statistics to an AI assistant: a Model Context Protocol server on standard input "
            + "and output.",
        discussion: """
            Opens the journal once (as report does) and answers an MCP client (an AI assistant's app) over standard \
            input and output, one JSON-RPC message a line, until standard input ends. Its tools return what brewstats \
            computes, with the evidence behind each figure: journal_overview (the names and days the journal holds), \
            dial_in (dial-in --json's object), period_summary (a week, month, year or range of days as report \
            counts it), bean (a bean's brews, ratings and grind), shots (shot metrics and flags), compare_brews and \
            compare_shots (two or three brews or shots side by side). docs/mcp.md shows how to add it to an \
            assistant's configuration.

            Read-only: it never writes the journal or any file. Messages go to standard output only; notes about the \
            journal (merged sources) go to standard error. A request that cannot be read gets a JSON-RPC error and \
            the server goes on; a tool's arguments are checked as the command line checks its options, and a wrong \
            one gets an error result with the command line's words.

            Exit status: 0 when standard input ends, 1 when the server cannot run, 2 when the journal cannot be read, \
            64 for a usage error.

            Examples:
              brewstats mcp journal.sqlite
              brewstats mcp Beanconqueror.zip shots/ --tz Europe/Berlin
              brewstats mcp export.csv --grinders my-grinders.toml
            """
    )

    @Argument(help: ArgumentHelp("The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror "
                                     + "backup or upload, BrewSpec, shot files (a file or zip), or a folder of any of "
                                     + "these read as one journal. Several journals are read as one. Standard input "
                                     + "carries the protocol, so - is refused.",
                                 valueName: "journal"))
    var journals: [String]

    @OptionGroup var input: JournalInputOptions

    @OptionGroup var merging: MergeRuleOptions

    @OptionGroup var grindersOption: GrindersOption

    @OptionGroup var todayOption: TodayOption

    func validate() throws {
        if journals.isEmpty { throw ValidationError("give a journal") }
        if journals.contains("-") {
            throw ValidationError("standard input carries the protocol: give the journal as a file, not -")
        }
    }

    func run() async throws {
        var dialIn = DialInOptions()
        if let catalogue = try grindersOption.catalogue() { dialIn.grinders = catalogue }
        let opened = try input.open(journals, mergeRules: merging.rules)
        if opened.isMerged {
            let note = "brewstats: \(journals.count) journals merged: \(opened.result.journal.brews.count) brews, "
                + "\(opened.matches.count) matched across journals\n"
            FileHandle.standardError.write(Data(note.utf8))
        }
        let zone = input.zoneChoice(opened.result.report)
        let now = todayOption.today?.noon(in: zone.zone) ?? Date()
        let served = ServedJournal(opened: opened, timeZone: zone.zone, zoneLine: zone.line, dialIn: dialIn, now: now)
        try await BrewMCPServer.serve(served, version: Brewstats.configuration.version)
    }
}
