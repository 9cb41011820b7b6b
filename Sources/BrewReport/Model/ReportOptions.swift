import BrewCharts
import BrewStats
import Foundation

/// What a report covers and how it is drawn.
public struct ReportOptions: Sendable {
    /// Which period a report covers: one of two weeks found from the journal or the day, or a period named.
    public enum PeriodChoice: Sendable, Equatable {
        /// The ISO week of the latest dated brew (the default).
        case latestWeek
        /// The last complete ISO week before ``ReportOptions/now`` (the week before the current one).
        case lastWeek
        /// A named ISO week, month, year or range of days (``ReportPeriod``).
        case named(ReportPeriod)
    }

    /// The period the report covers (``PeriodChoice``). A report of a month, a year or a range compares it with the
    /// period before (``ReportPeriod/previous``), draws its trends by the period's bucket (``TrendBucket``), and is
    /// written even when the period has no brews (it says so); a named week without brews in it nor in the week
    /// before is an error.
    public var period: PeriodChoice = .latestWeek
    /// Whether a report of a named period or of ``PeriodChoice/lastWeek`` also uses brews dated after it. Off by
    /// default: a past week's report shows only what was known by the week's end (no look-ahead), so it is the same
    /// whether or not later brews exist. The latest week has no later brews either way.
    public var includeLaterBrews = false
    /// Statistics settings, including the report's time zone (days and weeks are taken there).
    public var stats = StatsOptions()
    /// The formats asked (`--formats`): the page shows SVG, always written; `png` adds a PNG of every chart, `pdf` a
    /// PDF of every chart and the page's PDF (`report.pdf`, `review.pdf`). The default is SVG alone: the page, its
    /// SVGs, the CSVs and the Markdown.
    public var formats: [ChartImageFormat] = [.svg]
    /// The line each page says its time zone with (the caller words it from a ``TimeZoneChoice``); `nil` for none.
    public var zoneLine: String?
    /// The currency of money figures whose journal names none (`--currency`); `nil`: "no currency set".
    public var currency: String?
    /// Whether a report without a period asked for, of a journal whose latest brews are weeks old, covers the year
    /// of its last brew (its overview, ``PeriodReport/overviewNote``) rather than its last, partial week; and whether
    /// ``PeriodChoice/lastWeek`` without brews in it nor the week before is refused with the nearest-week hint, as a
    /// named week is. `brewstats report` sets both (a person reading one report); a batch keeps every journal on
    /// its week.
    public var readerDefaults = false
    /// Chart and PDF theme; monochrome by default, to match the journal app.
    public var theme: Theme = .monochrome
    /// The present instant, used to tell a week still in progress; fixed in tests for determinism.
    public var now = Date()
    /// The creation date every PDF of the report carries, when pinned: noon of `--today` when it is given, else the
    /// instant `SOURCE_DATE_EPOCH` names (the reproducible-builds convention, ``sourceDateEpoch(_:)``). `nil`: the end
    /// of the report's period (the last second of its last day, in the report's zone). Never the clock, so the same
    /// journal and options give the same PDF bytes whenever they run.
    public var documentDate: Date? = nil
    /// Only the shots of this profile (by the beginning of its name, case-insensitive; "no profile" for shots whose
    /// file names none) in the shots section, its table, `shots.csv` and its charts (``ShotSection``); `nil` (the
    /// default) for every profile. The brew sections are not filtered.
    public var shotProfile: String?
    /// How many grind-versus-rating panels the report draws (the groups with most brews first).
    public var grindCharts = 4
    /// Whether a report renders its charts and `report.pdf` on all cores (the default, for a single report).
    /// A batch running several journals at once turns it off: nested parallelism there only adds overhead.
    public var parallelRendering = true

    public init() {}

    /// Parses a comma-separated format list such as `png,svg,pdf`.
    ///
    /// - Throws: ``ReportError/invalidArgument(_:)`` for an unknown format, ``ReportError/noFormats`` for an empty
    ///   list.
    public static func formats(_ list: String) throws(ReportError) -> [ChartImageFormat] {
        var out: [ChartImageFormat] = []
        for part in list.split(separator: ",").map(
            { $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !part.isEmpty {
            guard let f = ChartImageFormat(fileExtension: part) else {
                throw .invalidArgument("unknown chart format '\(part)': use png, svg or pdf")
            }
            if !out.contains(f) { out.append(f) }
        }
        guard !out.isEmpty else { throw .noFormats }
        return out
    }

    /// Parses a theme name: `mono` (or `monochrome`), `dark`, `colour` (or `color`).
    public static func theme(_ name: String) throws(ReportError) -> Theme {
        switch name.lowercased() {
        case "mono", "monochrome": return .monochrome
        case "dark": return .dark
        case "colour", "color": return .colour
        default: throw .invalidArgument("unknown theme '\(name)': use mono, dark or colour")
        }
    }
}

extension ReportOptions {
    /// The instant `SOURCE_DATE_EPOCH` names in `environment` (whole seconds since 1970-01-01 UTC, digits only, as the
    /// reproducible-builds specification says), or `nil` when it is unset or not such a number.
    public static func sourceDateEpoch(_ environment: [String: String]) -> Date? {
        guard let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty, text.allSatisfy(\.isASCII),
              text.allSatisfy(\.isNumber), let seconds = Int64(text), seconds <= 253_402_300_799 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
