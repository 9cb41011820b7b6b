import BrewColumns
import Foundation

/// The settings every derived quantity and summary of BrewStats reads.
///
/// The defaults are docs/definitions.md's: retention factor 2.0 g water per g of coffee,
/// the brewing-control-chart ideal boxes for filter (EY 18–22 %, TDS 1.15–1.35 %) and espresso
/// (EY 18–22 %, TDS 8–12 %), plausible EY 0–35 %, and the machine's time zone for days and weeks.
///
/// ```swift
/// var options = StatsOptions()
/// options.timeZone = try StatsOptions.zone("Europe/Berlin")
/// let analysis = BrewAnalysis(journal: journal, options: options)
/// ```
public struct StatsOptions: Sendable, Equatable {
    /// Grams of water the grounds retain per gram of dose, used for the beverage mass of a non-espresso
    /// brew without a measured yield: `water − retentionFactor × dose`. Default 2.0.
    public var retentionFactor: Double = StatsOptions.defaultRetentionFactor
    /// The retention factor where no option sets one (an import checking a stated EY): 2.0 g per g.
    public static let defaultRetentionFactor = 2.0
    /// Extraction yields (%) outside this closed range are implausible: excluded from every statistic and
    /// counted in ``DerivedColumns/implausibleExtractionCount``. Default 0…35.
    public var plausibleExtraction: ClosedRange<Double> = 0...35
    /// The ideal box of the filter brewing control chart (every category but espresso).
    public var filterIdeal = ControlChartBox(extraction: 18...22, strength: 1.15...1.35)
    /// The ideal box of the espresso brewing control chart.
    public var espressoIdeal = ControlChartBox(extraction: 18...22, strength: 8...12)
    /// The report's time zone: local days, days off roast and ISO weeks are taken in it.
    /// Default: the machine's zone (`TimeZone.current`).
    public var timeZone: TimeZone = .current
    /// LOESS smoothing span (fraction of points in each local fit). Default 2/3.
    public var loessFraction: Double = 2.0 / 3.0
    /// LOESS robustifying iterations. Default 3.
    public var loessIterations: Int = 3
    /// LOESS interpolation distance as a fraction of the x range. Default 0.01.
    public var loessDeltaFraction: Double = 0.01
    /// The window, in weeks, of the trailing rolling mean of weekly series. Default 4.
    public var rollingWeeks: Int = 4
    /// The number of weeks the brews-per-week chart series spans, ending at the report week. Default 26.
    public var chartWeeks: Int = 26
    /// A bean gets its own grind-versus-rating row in a grinder × method group when it has at least this
    /// many usable brews (numeric grind setting and rating) there. Default 8.
    public var minimumBrewsPerBean: Int = 8

    /// The contract's defaults.
    public init() {}

    /// The IANA time zone `identifier` (e.g. `Europe/Berlin`).
    ///
    /// - Throws: ``StatsError/unknownTimeZone(_:)`` when Foundation does not know the identifier.
    public static func zone(_ identifier: String) throws(StatsError) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { throw .unknownTimeZone(identifier) }
        return zone
    }
}

/// One ideal box of the brewing control chart: an extraction-yield range and a strength (TDS) range, in %.
public struct ControlChartBox: Sendable, Equatable {
    /// Ideal extraction yield, % (inclusive).
    public var extraction: ClosedRange<Double>
    /// Ideal strength (TDS), % (inclusive).
    public var strength: ClosedRange<Double>

    public init(extraction: ClosedRange<Double>, strength: ClosedRange<Double>) {
        self.extraction = extraction
        self.strength = strength
    }
}

/// The errors of BrewStats, each carrying what the caller needs to act on it.
public enum StatsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The time zone identifier is not an IANA zone Foundation knows.
    case unknownTimeZone(String)
    /// A week label is not `YYYY-Www`.
    case invalidWeekLabel(String)
    /// A week label of the right shape names a week its year does not have (`2025-W53`; 2025 has 52 weeks).
    case noSuchWeek(label: String, year: Int, weeks: Int)
    /// A report period (a month, a year or a range of days) that cannot be read or does not exist; the text says
    /// what was given and what is expected.
    case invalidPeriod(String)
    /// A range of days whose first day is after its last.
    case reversedRange(first: Day, last: Day)

    public var description: String {
        switch self {
        case .unknownTimeZone(let id): "unknown time zone '\(id)' (expected an IANA identifier such as Europe/Berlin)"
        case .invalidWeekLabel(let label): "invalid ISO week '\(label)' (expected YYYY-Www, e.g. 2026-W47)"
        case .invalidPeriod(let text): text
        case let .reversedRange(first, last):
            "the range's first day \(first) is after its last day " +
                "\(last): a range runs from the earlier day to the later one"
        case let .noSuchWeek(label, year, weeks):
            "there is no ISO week '\(label)': \(year) has \(weeks) ISO weeks (\(String(format: "%04d", year))-W01 to " +
                "\(String(format: "%04d", year))-W\(weeks))"
        }
    }
}
