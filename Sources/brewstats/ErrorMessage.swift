import BrewExport
import BrewImport
import BrewReport
import BrewStats
import BrewSynth

/// The line the command line shows for an error: the library's description, with the flag that helps.
///
/// The libraries name no flag (their errors carry a typed reason: an output that exists, a format that reads the file,
/// a week to ask for instead); the command line adds its own spelling here, the one place that maps a library's
/// reasons to flags — `exists; give --force to replace it`, `try --week 2026-W47, the nearest week with brews`.
/// ``Brewstats/main()`` prints it, and `batch.csv` holds it (``BrewReport/BatchOptions/describe``).
enum ErrorMessage {
    /// The line for `error` (without the `brewstats: ` prefix).
    static func line(for error: any Error) -> String {
        switch error {
        case let e as ExportError where e.kind == .exists: "\(e); give --force to replace it"
        case let e as SynthError where e.exists: "\(e); give --force to replace it"
        case let e as ImportError:
            if let format = e.readableAs {
                "\(e); read it with --format \(format.cliName) (or without --format)"
            } else {
                "\(e)"
            }
        case let e as ReportError: line(for: e)
        case let StatsError.reversedRange(first, last):
            "--from \(first) is after --to \(last): the range runs from the earlier day to the later one"
        default: "\(error)"
        }
    }

    /// The line for a report error: its remedy and its flags in the command line's words.
    static func line(for error: ReportError) -> String {
        switch error {
        case let .noBrews(what, remedy?): "no brews \(what); \(words(remedy))"
        case let .nothingToDraw(chart, missing, remedy?): "nothing to draw for \(chart): \(missing); \(words(remedy))"
        case .noFormats: "--formats needs at least one of png, svg, pdf"
        case let .mergeIntoShard(out, shard):
            "--out \(out) is one of the shard outputs (\(shard)); merge into a new folder"
        default: "\(error)"
        }
    }

    /// A remedy as the flags that ask for it: `try --week 2026-W47, the nearest week with brews, or --last`.
    static func words(_ remedy: ReportRemedy) -> String {
        switch remedy {
        case let .nearestWeek(week, orLast):
            "try --week \(week.label), the nearest week with brews" + (orLast ? ", or --last" : "")
        case .anotherWeek: "try another --week"
        case let .otherControlChart(toEspresso): toEspresso ? "try --espresso" : "try without --espresso"
        }
    }
}
