import ArgumentParser
import BrewColumns
import BrewImport
import BrewShots
import Foundation

/// `brewstats inspect`: imports a journal and prints what was read, kept, rejected and flagged, and the
/// brew table's schema (a thin shell over BrewImport).
struct Inspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Import a journal and show what was read, kept and rejected, and the brew table's schema.",
        discussion: """
            Reads the app's store (.sqlite), its CSV and JSON exports, and Beanconqueror backups \
            (Beanconqueror.json or .zip); the format is sniffed from the content unless --format is given.

            A brew is rejected when it cannot be a brew: no or an unparseable date, a non-number in a numeric \
            field, a negative or absurd mass (over 10 kg), a repeated id. Everything else is kept; values out \
            of their plausible range are kept and counted as warnings.

            Exit status: 0 when the file was read (even with rejects), 2 when it could not be read as a \
            journal, 64 for a usage error.

            Examples:
              brewstats inspect journal.sqlite
              brewstats inspect export.csv --tz Europe/Berlin --rejects rejects.csv
              brewstats inspect foreign.csv --map mapping.toml
              brewstats inspect Beanconqueror.zip --json
            """
    )

    @Argument(help: ArgumentHelp("The journal: the app's store (.sqlite), its CSV or JSON export, a Beanconqueror backup or upload, BrewSpec, shot files (a file or zip), or a folder of any of these read as one journal (- reads standard input).", valueName: "journal"))
    var journal: String

    @OptionGroup var input: JournalInputOptions

    @Option(name: .long, help: ArgumentHelp("Write every rejected record to this CSV file.", valueName: "rejects.csv"))
    var rejects: String?

    @Option(name: .long, help: ArgumentHelp("How many rejects to list (text output).", valueName: "n"))
    var showRejects: Int = 10

    @Flag(name: .long, help: "Print the same as JSON: counts, warnings, every reject, the table's schema.")
    var json = false

    func validate() throws {
        if showRejects < 0 { throw ValidationError("--show-rejects must be 0 or more, not \(showRejects)") }
    }

    func run() async throws {
        let any = try input.loadAny(journal)
        let result = any.result
        if let rejects {
            do { try result.report.writeRejects(to: URL(fileURLWithPath: rejects)) } catch { throw CLI.fail("\(error)", code: 1) }
        }
        let shots = any.shots
        print(json ? Self.jsonText(result, shots: shots) : Self.text(result, showRejects: showRejects) + (shots.map { Self.shotText($0, report: result.report) } ?? ""),
              terminator: "")
    }

    /// The report, the table's row count and schema, as sorted-key JSON.
    ///
    /// Every reject carries `column` and `record`, every warning `column` and `where`: `null` when there is
    /// none (``ImportReport``'s encoding), so a consumer finds the same keys on every entry.
    static func jsonText(_ result: ImportResult, shots: ShotTable? = nil) -> String {
        var object = (try? JSONSerialization.jsonObject(with: result.report.jsonData())) as? [String: Any] ?? [:]
        if let shots { object["shots"] = shotObject(shots) }
        object["rows"] = result.journal.brews.count
        object["schema"] = result.journal.brews.schema.map { ["name": $0.name, "type": $0.type, "nulls": $0.nullCount] }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The human summary.
    static func text(_ result: ImportResult, showRejects: Int) -> String {
        let r = result.report
        var out = "\(r.file)\n"
        out += "  format        \(r.format.cliName)\n"
        out += "  brews         read \(r.brews.read), kept \(r.brews.kept), rejected \(r.brews.rejected)\n"
        out += "  methods       \(r.methods)\n  grinders      \(r.grinders)\n  beans         \(r.beans)\n"
        out += "  tasting notes \(r.tastingNotes)\n"
        if !r.warnings.isEmpty {
            out += "\nwarnings (\(r.warnings.count))\n"
            for w in r.warnings {
                let count = w.count > 1 ? " ×\(w.count)" : ""
                let place = w.where.map { " (first at \($0))" } ?? ""
                out += "  \(w.kind.rawValue)\(w.column.map { " \($0)" } ?? "")\(count)\(place): \(w.message)\n"
            }
        }
        if !r.rejects.isEmpty {
            let shown = r.rejects.prefix(showRejects)
            out += "\nrejects (\(r.rejects.count)\(shown.count < r.rejects.count ? ", first \(shown.count)" : ""))\n"
            for j in shown {
                out += "  \(j.where)\(j.column.map { "  \($0)" } ?? ""): \(j.reason)\n"
            }
        }
        let schema = result.journal.brews.schema
        let width = (schema.map(\.name.count).max() ?? 4) + 2
        let typeWidth = (schema.map(\.type.count).max() ?? 4) + 2
        out += "\ntable brews: \(result.journal.brews.count) rows, \(schema.count) columns\n"
        out += "  " + "column".padding(toLength: width, withPad: " ", startingAt: 0)
            + "type".padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "nulls\n"
        for c in schema {
            out += "  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0)
                + c.type.padding(toLength: typeWidth, withPad: " ", startingAt: 0) + "\(c.nullCount)\n"
        }
        return out
    }

    /// The shot table's summary: shots read, kept, rejected and duplicated; formats; channels found; samples and
    /// the median sample rate.
    static func shotText(_ t: ShotTable, report: ImportReport) -> String {
        var out = "\nshots         read \(t.read), kept \(t.kept), rejected \(t.rejected) (duplicates \(t.duplicates.count))\n"
        let formats = t.formats.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
        out += "  formats     \(formats.isEmpty ? "none" : formats.joined(separator: ", "))\n"
        out += "  channels    \(t.channelsFound.channels.map(\.name).joined(separator: ", "))\n"
        out += "  samples     \(t.samples.sampleCount)"
        if let rate = t.medianSampleRate { out += String(format: ", median rate %.1f Hz", rate) }
        out += "\n"
        for d in t.duplicates.prefix(10) { out += "  duplicate   \(d.file) (same series as \(d.duplicateOf))\n" }
        if t.rejected > 0 && t.rejects != report.rejects {
            // A backup's brew graphs: their rejects are not the journal's.
            for j in t.rejects.prefix(10) { out += "  rejected    \(j.where)\(j.column.map { "  \($0)" } ?? ""): \(j.reason)\n" }
        }
        return out
    }

    /// The shot table's summary as JSON values, with one entry per kept shot.
    static func shotObject(_ t: ShotTable) -> [String: Any] {
        [
            "read": t.read, "kept": t.kept, "rejected": t.rejected,
            "duplicates": t.duplicates.map { ["file": $0.file, "duplicateOf": $0.duplicateOf] },
            "channels": t.channelsFound.channels.map(\.name),
            "samples": t.samples.sampleCount,
            "shots": t.shots.map { s -> [String: Any] in
                ["file": s.file, "format": s.format.rawValue, "samples": s.sampleCount, "row": s.journalRow,
                 "rate": s.sampleRate ?? NSNull(), "profile": s.profile ?? NSNull(),
                 "channels": s.channels.channels.map(\.name)]
            },
        ]
    }
}
