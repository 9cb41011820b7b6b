import ArgumentParser
import BrewCharts
import BrewColumns
import BrewPages
import BrewReport
import BrewShots
import BrewStats
import Foundation

/// How `compare shots` picks its shots: a journal's latest (`--latest`, `--profile`), or each file's latest; and
/// the formats of their curves' chart.
struct ShotPicking: ParsableArguments {
    @Option(
        name: .long,
        help: .worded(
            "Formats beyond the page's SVG chart, comma-separated: png, pdf (the curves' chart as PNG or PDF too).",
            default: ChartFormatList.standard, valueName: "list"),
        transform: ChartFormatList.parse)
    var formats = ChartFormatList.standard

    @Option(help: "Only shots of this profile (by the beginning of its name).") var profile: String?

    /// Shots come from two or three files or from one `--journal`, never both.
    static func checkSources(shots: [String], journal: String?) throws {
        if journal == nil && !(2...3).contains(shots.count) {
            throw ValidationError("give two or three shot files, or --journal")
        }
        if journal != nil && !shots.isEmpty { throw ValidationError("give shot files or --journal, not both") }
    }

    /// The journal's `latest` latest shots (of `profile`), oldest first.
    func latest(
        _ latest: Int, of loaded: ShotJournal, _ table: ShotTable, in journal: String
    ) throws -> [(journal: ShotJournal, shot: Int)] {
        let matching = table.shots.indices.filter {
            profile == nil
                || ShotFlagger.profileName(table.shots[$0].profile).lowercased().hasPrefix(profile!.lowercased())
        }
        let chosen = ShotOverlays.startOrder(matching, table).suffix(latest)
        guard chosen.count >= 2 else {
            throw CommandFailure.failed(
                "fewer than two shots\(profile.map { " of profile '\($0)'" } ?? "") in \(journal)")
        }
        return chosen.map { (loaded, $0) }
    }

    /// The latest shot (of `profile`) of each file.
    func eachLatest(_ paths: [String], input: JournalInputOptions) throws -> [(journal: ShotJournal, shot: Int)] {
        try paths.map { path in
            let loaded = try input.loadAny(path)
            guard let shot = ShotViews.latest(loaded, profile: profile, bean: nil) else {
                throw CommandFailure.failed("\(path) holds no shot")
            }
            return (loaded, shot)
        }
    }
}

/// How `compare brews` picks its brews: by id (`--brews`), or the latest `--latest` the filters keep.
struct BrewPicking: ParsableArguments {
    @Option(help: "Brews of this bean.") var bean: String?
    @Option(help: "Brews of this method.") var method: String?
    @Option(help: "Brews of this grinder.") var grinder: String?
    @Option(
        help: ArgumentHelp("Two or three brews by their ids, comma-separated.", valueName: "id,id"),
        transform: BrewIDList.parse)
    var brews: BrewIDList?

    func validate() throws {
        if brews != nil && (bean != nil || method != nil || grinder != nil) {
            throw ValidationError("--brews picks brews by id: leave out --bean, --method and --grinder")
        }
    }

    /// The filter when one of --bean, --method, --grinder or --brews is given, else `nil`.
    var filter: JournalFilter? {
        bean == nil && method == nil && grinder == nil && brews == nil
            ? nil : JournalFilter(grinder: grinder, method: method, bean: bean)
    }

    /// Brews side by side, written into `output`'s folder: those --brews names, or the latest the filters keep.
    func write(
        _ journal: Journal, name: String, output: CompareOutput, zone: TimeZone, protecting inputs: [URL]
    ) throws {
        var stats = StatsOptions()
        stats.timeZone = zone
        let comparison: BrewComparison
        if let ids = brews?.ids {
            let rows = Kernel.firstRows(journal.brews.id, matching: ids)
            if let k = rows.firstIndex(where: { $0 == nil }) {
                throw CommandFailure.failed("no brew with id '\(ids[k])' in \(name)")
            }
            comparison = BrewComparison(journal, rows: rows.compactMap { $0 }, options: stats)
        } else {
            comparison = try BrewComparison.latest(
                journal, count: output.latest, filter: filter ?? JournalFilter(), options: stats)
        }
        let out = output.out ?? "brew-compare"
        try comparison.write(to: URL(fileURLWithPath: out), protecting: inputs)
        print("wrote \(out)/index.html, compare.md, compare.csv (\(comparison.brews.count) brews, oldest first)")
    }
}

/// How many latest shots or brews a comparison takes (`--latest`), and where it is written (`--out DIR`).
struct CompareOutput: ParsableArguments {
    @Option(help: ArgumentHelp("Output folder (default: shot-compare or brew-compare).", valueName: "dir")) var out:
        String?
    @OptionGroup var outputRule: FolderOutputRule

    @Option(parsing: .unconditional, help: "How many of the journal's latest shots or brews (2 or 3).") var latest = 2

    func validate() throws {
        if !(2...3).contains(latest) { throw ValidationError("--latest must be 2 or 3") }
    }

    /// The zone a comparison counts days and times of day in, as report and mcp count them
    /// (``JournalInputOptions/zoneChoice(_:)``): `--tz`, else the zone the journals' dates state when they agree on
    /// one, else the machine's.
    static func zone(of journals: [ShotJournal], input: JournalInputOptions) -> TimeZone {
        let zones = journals.map { input.zoneChoice($0.result.report).zone }
        guard let first = zones.first, zones.allSatisfy({ $0.identifier == first.identifier }) else {
            return input.timeZone
        }
        return first
    }

    /// The comparison's inputs (the journal or shot files, the --map and --aliases files), which its output folder
    /// must neither be nor hold.
    func inputs(_ paths: [String], _ input: JournalInputOptions) -> [URL] {
        (paths + [input.map, input.aliases].compactMap { $0 }).map { URL(fileURLWithPath: $0) }
    }

    /// The shots side by side, written into the folder with their curves in `formats`.
    func writeShots(
        _ picked: [(journal: ShotJournal, shot: Int)], formats: ChartFormatList, input: JournalInputOptions,
        protecting inputs: [URL]
    ) throws {
        let comparison = ShotComparison(picked, timeZone: Self.zone(of: picked.map(\.journal), input: input))
        let out = self.out ?? "shot-compare"
        try comparison.write(
            to: URL(fileURLWithPath: out), theme: try ReportOptions.theme("mono"),
            outputs: ChartOutputs(formats.formats),
            protecting: inputs)
        print(
            "wrote \(out)/index.html, compare.md, compare.csv and the " +
                "curves' charts (\(comparison.shots.count) shots, oldest first)"
        )
    }
}
