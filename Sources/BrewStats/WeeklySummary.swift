import BrewColumns

/// One ISO week of the journal (in the report's time zone): a row of `weekly.csv`. Its brews, mean rating and mean
/// extraction yield are the week's bucket of ``PeriodTrend`` by week, the one bucket model the trend charts read;
/// the row adds what only the file states (the ratio medians, the distinct beans).
///
/// `brews` counts the week's dated brews (0 for a week without any); the means and medians are over the
/// present values (`nil` when none); ratio medians are split by convention; `distinctBeans` counts the
/// different beans brewed that week (brews without a bean are not counted).
public struct WeeklyRow: Sendable, Equatable {
    public let week: IsoWeek
    public let brews: Int
    public let meanRating: Double?
    public let medianRatioEspresso: Double?
    public let medianRatioFilter: Double?
    public let meanExtraction: Double?
    public let distinctBeans: Int
}

/// `weekly.csv`: every week from the first to the last dated brew, empty weeks included, oldest first.
public struct WeeklySummary: Sendable, Equatable {
    public let rows: [WeeklyRow]

    public static let header = ["week", "brews", "mean_rating", "median_ratio_espresso", "median_ratio_filter",
                                "mean_ey_pct", "distinct_beans"]

    /// RFC 4180 text (see ``CSVCell``; numbers rounded to ``CSVPrecision``); `week` is `YYYY-Www`.
    public func csv() -> String {
        CSVWriter.write(header: Self.header, rows: rows.map { r in
            [.label(r.week.label), .integer(r.brews), .decimal(r.meanRating, places: CSVPrecision.rating),
             .decimal(r.medianRatioEspresso, places: CSVPrecision.ratio),
             .decimal(r.medianRatioFilter, places: CSVPrecision.ratio),
             .decimal(r.meanExtraction, places: CSVPrecision.extractionPercent), .integer(r.distinctBeans)]
        })
    }
}

extension BrewAnalysis {
    /// The weekly summary of the whole journal; no rows when no brew has a date.
    public func weekly() -> WeeklySummary {
        guard let span = derived.weekSpan else { return WeeklySummary(rows: []) }
        return WeeklySummary(rows: weeklyRows(from: span.lowerBound, to: span.upperBound))
    }

    /// Weekly rows for `first…last` (inclusive), empty weeks included: the brews, mean rating and mean extraction
    /// yield of each week are the trend's by week (``periodTrend(_:bucket:)``, the one bucket model); the ratio
    /// medians and the distinct beans are what only the file states.
    func weeklyRows(from first: IsoWeek, to last: IsoWeek) -> [WeeklyRow] {
        let count = max(0, Int(last.index - first.index) + 1)
        guard count > 0 else { return [] }
        let groups = weekCodes(from: first, count: count)
        // Four independent reductions, spread over the cores.
        let beanCount = table.bean.dictionary.count
        let parts = parallelMap(4, work: 4 * table.count) { k -> WeeklyPart in
            switch k {
            case 0: .trend(periodTrend(first.firstDay...last.lastDay, bucket: .week))
            case 1: .summaries(groups.summarize(derived.espressoRatio, quantiles: [0.5]))
            case 2: .summaries(groups.summarize(derived.filterRatio, quantiles: [0.5]))
            default:
                .counts(count * beanCount <= 1 << 27
                    ? groups.distinctCount(table.bean.codes, codeCount: beanCount)
                    : distinctBeans(weekGroups(from: first, count: count)))
            }
        }
        guard case .trend(let trend) = parts[0] else { preconditionFailure("the first part is the trend") }
        let espresso = parts[1].summaries, filter = parts[2].summaries, beans = parts[3].counts
        return (0..<count).map { g in
            WeeklyRow(week: first.advanced(by: g), brews: trend.brews[g], meanRating: trend.rating[g].mean,
                      medianRatioEspresso: espresso[g].median, medianRatioFilter: filter[g].median,
                      meanExtraction: trend.extraction[g].mean, distinctBeans: beans[g])
        }
    }
}

/// One of the weekly summary's independent reductions.
private enum WeeklyPart: Sendable {
    case trend(PeriodTrend)
    case summaries([ColumnSummary])
    case counts([Int])

    var summaries: [ColumnSummary] { if case .summaries(let s) = self { s } else { [] } }
    var counts: [Int] { if case .counts(let c) = self { c } else { [] } }
}
