import ArgumentParser
import BrewCharts
import BrewReport
import BrewShots
import Foundation

/// `brewstats compare`: two or three shots side by side (``ShotComparison``).
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two or three shots: their settings and metrics side by side, and their curves overlaid.",
        discussion: """
            Give two or three shot files (the latest shot of each), or --journal with --latest N (2 or 3) and \
            optionally --profile: the journal's N latest shots of that profile. Writes compare.csv, compare.md and \
            compare.png into --out; each difference is the shot's value minus the first's.

            Examples:
              brewstats compare shots/a.json shots/b.json --out ab
              brewstats compare --journal shots --latest 3 --profile Turbo
            """)

    @Argument(help: "Shot files.") var shots: [String] = []
    @Option(help: "A shot journal to take the latest shots from.") var journal: String?
    @Option(help: "How many of the journal's latest shots (2 or 3).") var latest = 2
    @Option(help: "Only shots of this profile (by the beginning of its name).") var profile: String?
    @Option(help: ArgumentHelp("Output folder.", valueName: "dir")) var out = "shot-compare"
    @OptionGroup var input: JournalInputOptions

    func validate() throws {
        if journal == nil && !(2...3).contains(shots.count) { throw ValidationError("give two or three shot files, or --journal") }
        if journal != nil && !shots.isEmpty { throw ValidationError("give shot files or --journal, not both") }
        if !(2...3).contains(latest) { throw ValidationError("--latest must be 2 or 3") }
    }

    func run() throws {
        var picked: [(journal: ShotJournal, shot: Int)] = []
        if let journal {
            let loaded = try input.loadAny(journal)
            guard let table = loaded.shots, table.kept > 0 else { throw CommandFailure.failed("\(journal) holds no shots") }
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
        do {
            try comparison.write(to: URL(fileURLWithPath: out), theme: try ReportOptions.theme("mono"))
        } catch {
            throw CommandFailure.failed("\(error)")
        }
        print("wrote \(out)/compare.csv, compare.md, compare.png (\(comparison.shots.count) shots)")
    }
}
