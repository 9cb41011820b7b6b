import ArgumentParser
import BrewCharts
import BrewPages
import BrewColumns
import BrewReport
import BrewShots
import BrewStats
import Foundation

/// `brewstats compare shots …` and `brewstats compare brews …`: two or three shots (``ShotComparison``) or brews
/// (``BrewComparison``) side by side. The form before the two subcommands (`compare A B`, `compare --journal J`) is
/// read for one more release (``CompareAsBefore``).
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two or three shots or brews: their settings and outcomes side by side.",
        discussion: """
            compare shots: give two or three shot files (the latest shot of each), or --journal with --latest N (2 or \
            3) and optionally --profile: the journal's N latest shots of that profile. Writes the page index.html (the \
            shots oldest first, the table in plain names with units, the curves overlaid as SVG), compare.md (the same \
            page) and compare.csv into --out (default shot-compare); --formats png,pdf adds the curves as PNG and PDF.

            compare brews JOURNAL: with --bean, --method or --grinder, the N latest dated brews they keep (names \
            matched as the report's filters match them; without a filter the N latest brews); --brews ID,ID[,ID] takes \
            those brews. Writes index.html, compare.md and compare.csv into --out (default brew-compare). The brew \
            ratio is yield ÷ dose for espresso and water ÷ dose otherwise; between the two no difference is taken.

            Each difference is the value minus the first's (oldest first); a blank is a value missing.

            The --out folder appears whole or not at all, as a report's does: written beside it, then swapped in. \
            An existing folder is replaced only when brewstats wrote it (or it is empty); a file, a symbolic link, \
            a folder of other files, and a folder that is or holds one of the inputs are refused.

            Examples:
              brewstats compare shots shots/a.json shots/b.json --out ab
              brewstats compare shots --journal shots --latest 3 --profile Turbo
              brewstats compare brews journal.sqlite --bean Kochere
              brewstats compare brews export.csv --brews 1F2A,1F3C
            """,
        subcommands: [CompareShots.self, CompareBrews.self, CompareAsBefore.self],
        defaultSubcommand: CompareAsBefore.self)
}

/// `brewstats compare shots`: two or three shot files, or a journal's latest shots.
struct CompareShots: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shots",
        abstract: "Compare two or three shots: shot files (the latest shot of each), or a journal's latest shots.")

    @Argument(help: ArgumentHelp("Two or three shot files.", valueName: "shot-file")) var shots: [String] = []
    @Option(
        help: ArgumentHelp("A journal to take the latest shots from (instead of shot files).", valueName: "journal"))
    var journal: String?
    @OptionGroup var picking: ShotPicking
    @OptionGroup var output: CompareOutput
    @OptionGroup var input: JournalInputOptions

    func validate() throws {
        try ShotPicking.checkSources(shots: shots, journal: journal)
    }

    func run() throws {
        CLI.removeStagingOnInterrupt()
        let inputs = output.inputs(journal.map { [$0] } ?? shots, input)
        if let journal {
            let loaded = try input.loadAny(journal)
            guard let table = loaded.shots, table.kept > 0 else {
                throw CommandFailure.failed("\(journal) holds no shots")
            }
            return try output.writeShots(
                try picking.latest(output.latest, of: loaded, table, in: journal), formats: picking.formats,
                input: input, protecting: inputs)
        }
        try output.writeShots(
            try picking.eachLatest(shots, input: input), formats: picking.formats, input: input, protecting: inputs)
    }
}

/// `brewstats compare brews`: a journal's brews, the latest a filter keeps or the ones named by id.
struct CompareBrews: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brews",
        abstract: "Compare two or three brews of a journal: the latest a filter keeps, or the ones --brews names.")

    @Argument(help: ArgumentHelp("The journal.", valueName: "journal")) var journal: String
    @OptionGroup var picking: BrewPicking
    @OptionGroup var output: CompareOutput
    @OptionGroup var input: JournalInputOptions

    func run() throws {
        CLI.removeStagingOnInterrupt()
        let loaded = try input.loadAny(journal)
        try picking.write(
            loaded.result.journal, name: journal, output: output,
            zone: CompareOutput.zone(of: [loaded], input: input), protecting: output.inputs([journal], input))
    }
}

/// `brewstats compare A B` and `brewstats compare --journal J …`, as before `compare shots` and `compare brews`:
/// read for one more release, with a note naming the new form.
struct CompareAsBefore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "as-before", abstract: "compare as before its subcommands (one more release).",
        shouldDisplay: false)

    @Argument(help: "Shot files.") var shots: [String] = []
    @Option(help: "A journal to take the latest shots or brews from.") var journal: String?
    @OptionGroup var shotPicking: ShotPicking
    @OptionGroup var brewPicking: BrewPicking
    @OptionGroup var output: CompareOutput
    @OptionGroup var input: JournalInputOptions

    func validate() throws {
        try ShotPicking.checkSources(shots: shots, journal: journal)
        if journal == nil && brewPicking.filter != nil {
            throw ValidationError("--bean, --method, --grinder and --brews choose brews of a --journal")
        }
        if brewPicking.filter != nil && shotPicking.profile != nil {
            throw ValidationError(
                "--profile chooses shots, --bean, --method, --grinder and --brews brews: give one kind")
        }
    }

    func run() throws {
        CLI.removeStagingOnInterrupt()
        let inputs = output.inputs(journal.map { [$0] } ?? shots, input)
        guard let journal else {
            Deprecation.note("compare FILE FILE", "compare shots FILE FILE")
            return try output.writeShots(
                try shotPicking.eachLatest(shots, input: input), formats: shotPicking.formats, input: input,
                protecting: inputs)
        }
        let loaded = try input.loadAny(journal)
        guard brewPicking.filter == nil, let table = loaded.shots, table.kept > 0 else {
            Deprecation.note("compare --journal JOURNAL (brews)", "compare brews JOURNAL")
            return try brewPicking.write(
                loaded.result.journal, name: journal, output: output,
                zone: CompareOutput.zone(of: [loaded], input: input), protecting: inputs)
        }
        Deprecation.note("compare --journal JOURNAL (shots)", "compare shots --journal JOURNAL")
        try output.writeShots(
            try shotPicking.latest(output.latest, of: loaded, table, in: journal), formats: shotPicking.formats,
            input: input, protecting: inputs)
    }
}
