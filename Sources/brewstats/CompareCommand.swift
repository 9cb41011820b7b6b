import ArgumentParser
import BrewCharts
import BrewPages
import BrewColumns
import BrewReport
import BrewShots
import BrewStats
import Foundation

/// `brewstats compare`: two or three shots (``ShotComparison``) or brews (``BrewComparison``) side by side.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two or three shots or brews: their settings and outcomes side by side.",
        discussion: """
            Shots: give two or three shot files (the latest shot of each), or --journal with --latest N (2 or 3) and \
            optionally --profile: the journal's N latest shots of that profile. Writes the page index.html (the shots \
            oldest first, the table in plain names with units, the curves overlaid as SVG), compare.md (the same page) \
            and compare.csv into --out (default shot-compare); --formats png,pdf adds the curves as PNG and PDF.

            Brews without telemetry: --journal with --bean, --method or --grinder takes the N latest dated brews \
            they keep (names matched as the report's filters match them); --brews ID,ID[,ID] takes \
            those brews. A journal without shots compares brews too. Writes index.html, compare.md and compare.csv into --out \
            (default brew-compare). The brew ratio is yield ÷ dose for espresso and water ÷ dose otherwise; between \
            the two no difference is taken.

            Each difference is the value minus the first's (oldest first); a blank is a value missing.

            The --out folder appears whole or not at all, as a report's does: written beside it, then swapped in. \
            An existing folder is replaced only when brewstats wrote it (or it is empty); a file, a symbolic link, \
            a folder of other files, and a folder that is or holds one of the inputs are refused.

            Examples:
              brewstats compare shots/a.json shots/b.json --out ab
              brewstats compare --journal shots --latest 3 --profile Turbo
              brewstats compare --journal journal.sqlite --bean Kochere
              brewstats compare --journal export.csv --brews 1F2A,1F3C
            """)

    @Argument(help: "Shot files.") var shots: [String] = []
    @Option(help: "A journal to take the latest shots or brews from.") var journal: String?
    @Option(help: "How many of the journal's latest shots or brews (2 or 3).") var latest = 2
    @Option(help: "Only shots of this profile (by the beginning of its name).") var profile: String?
    @Option(help: "Brews of this bean (compares brews).") var bean: String?
    @Option(help: "Brews of this method (compares brews).") var method: String?
    @Option(help: "Brews of this grinder (compares brews).") var grinder: String?
    @Option(help: ArgumentHelp("Two or three brews by their ids, comma-separated (compares brews).", valueName: "id,id"))
    var brews: String?

    /// The ids `--brews` names (empty without it).
    var brew: [String] { brews.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? [] }
    @Option(help: ArgumentHelp("Output folder (default: shot-compare or brew-compare).", valueName: "dir")) var out: String?
    @OptionGroup var input: JournalInputOptions

    @Option(name: .long, help: .worded("Formats beyond the page's SVG chart, comma-separated: png, pdf (the curves' chart as PNG or PDF too).", default: ChartFormatList.standard, valueName: "list"),
            transform: ChartFormatList.parse)
    var formats = ChartFormatList.standard

    func validate() throws {
        if journal == nil && !(2...3).contains(shots.count) { throw ValidationError("give two or three shot files, or --journal") }
        if journal != nil && !shots.isEmpty { throw ValidationError("give shot files or --journal, not both") }
        if !(2...3).contains(latest) { throw ValidationError("--latest must be 2 or 3") }
        if journal == nil && brewFilter != nil { throw ValidationError("--bean, --method, --grinder and --brews choose brews of a --journal") }
        if brews != nil && !(2...3).contains(brew.count) { throw ValidationError("--brews takes two or three ids, not \(brew.count)") }
        if !brew.isEmpty && (bean != nil || method != nil || grinder != nil) {
            throw ValidationError("--brews picks brews by id: leave out --bean, --method and --grinder")
        }
        if brewFilter != nil && profile != nil { throw ValidationError("--profile chooses shots, --bean, --method, --grinder and --brews brews: give one kind") }
    }

    /// The brews' filter when one of --bean, --method, --grinder or --brews is given, else `nil`.
    var brewFilter: JournalFilter? {
        bean == nil && method == nil && grinder == nil && brew.isEmpty ? nil : JournalFilter(grinder: grinder, method: method, bean: bean)
    }

    /// The comparison's inputs (the journal or shot files, the --map and --aliases files), which its output folder
    /// must neither be nor hold.
    var inputs: [URL] {
        ((journal.map { [$0] } ?? shots) + [input.map, input.aliases].compactMap { $0 }).map { URL(fileURLWithPath: $0) }
    }

    func run() throws {
        CLI.removeStagingOnInterrupt()
        var picked: [(journal: ShotJournal, shot: Int)] = []
        if let journal {
            let loaded = try input.loadAny(journal)
            guard brewFilter == nil, let table = loaded.shots, table.kept > 0 else {
                return try compareBrews(loaded.result.journal, name: journal)
            }
            let matching = table.shots.indices.filter {
                profile == nil || ShotFlagger.profileName(table.shots[$0].profile).lowercased().hasPrefix(profile!.lowercased())
            }
            let chosen = ShotOverlays.startOrderPublic(matching, table).suffix(latest)
            guard chosen.count >= 2 else { throw CommandFailure.failed("fewer than two shots\(profile.map { " of profile '\($0)'" } ?? "") in \(journal)") }
            picked = chosen.map { (loaded, $0) }
        } else {
            for path in shots {
                let loaded = try input.loadAny(path)
                guard let shot = ShotViews.latest(loaded, profile: profile, bean: nil) else { throw CommandFailure.failed("\(path) holds no shot") }
                picked.append((loaded, shot))
            }
        }
        let comparison = ShotComparison(picked, timeZone: input.timeZone)
        let out = self.out ?? "shot-compare"
        try comparison.write(to: URL(fileURLWithPath: out), theme: try ReportOptions.theme("mono"), outputs: ChartOutputs(formats.formats),
                             protecting: inputs)
        print("wrote \(out)/index.html, compare.md, compare.csv and the curves' charts (\(comparison.shots.count) shots, oldest first)")
    }

    /// Brews side by side: those --brews names, or the latest --latest the filters keep.
    func compareBrews(_ journal: Journal, name: String) throws {
        var stats = StatsOptions()
        stats.timeZone = input.timeZone
        let comparison: BrewComparison
        if brew.isEmpty {
            comparison = try BrewComparison.latest(journal, count: latest, filter: brewFilter ?? JournalFilter(), options: stats)
        } else {
            let rows = Kernel.firstRows(journal.brews.id, matching: brew)
            if let k = rows.firstIndex(where: { $0 == nil }) { throw CommandFailure.failed("no brew with id '\(brew[k])' in \(name)") }
            comparison = BrewComparison(journal, rows: rows.compactMap { $0 }, options: stats)
        }
        let out = self.out ?? "brew-compare"
        try comparison.write(to: URL(fileURLWithPath: out), protecting: inputs)
        print("wrote \(out)/index.html, compare.md, compare.csv (\(comparison.brews.count) brews, oldest first)")
    }
}
