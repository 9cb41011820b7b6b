import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// The buckets a trend chart draws (one ``PeriodTrend``), where each stands in time, and what the chart shades.
///
/// - A week's charts: the ``StatsOptions/chartWeeks`` weeks ending at the report week (or the latest week), by
///   week; the rolling mean rating looks back ``StatsOptions/rollingWeeks`` weeks, before the window too. The report
///   week is shaded, and the time axis fits the weeks with a value and the report week.
/// - A month's, a year's or a range's: the period and the period before (``ReportPeriod/previous``) by the period's
///   bucket (``ReportPeriod/bucket``: daily up to 31 days, weekly up to about six months, monthly beyond), from where
///   the journal starts; the report period is shaded and the time axis covers both periods.
struct TrendWindow {
    /// The buckets.
    let trend: PeriodTrend
    /// Each bucket's instants: local midnight of its first day to local midnight of the next bucket's first day,
    /// clipped to the window's days (a week bucket may start before the period before).
    let bounds: [(start: Date, end: Date)]
    /// The rolling mean rating per bucket (a week's charts); empty for a period's.
    let rolling: [Double?]
    /// The report week or period.
    let highlight: TrendHighlight?
    /// The first and last bucket start on the time axis; `nil` to fit the buckets with a value and the highlight.
    let domain: ClosedRange<Date>?
    /// Local midnight of the window's first day, and after its last day.
    let start: Date, end: Date

    /// The window of `source`'s trend charts; `nil` for a week's charts when the journal has no dated brew.
    init?(_ source: ChartSource) {
        let a = source.analysis, stats = source.options.stats, zone = stats.timeZone
        let days: ClosedRange<Day>
        if let period = source.period {
            // The charts start where the journal starts: a year whose journal begins in June shows no empty year
            // before.
            days = TrendChart.startDay(period, a)...period.lastDay
            trend = a.periodTrend(days, bucket: period.bucket)
            rolling = []
        } else {
            guard let last = source.week ?? a.latestWeek else { return nil }
            let n = max(stats.chartWeeks, 1), look = max(stats.rollingWeeks, 1) - 1
            let all = a.periodTrend(last.advanced(by: -(n - 1 + look)).firstDay...last.lastDay, bucket: .week)
            trend = all.suffix(n)
            rolling = Array(all.rollingRating(window: stats.rollingWeeks).suffix(n))
            days = trend.firstDay(0)...last.lastDay
        }
        let t = trend
        start = LocalCalendar.midnight(of: days.lowerBound, in: zone)
        end = LocalCalendar.midnight(of: Day(index: days.upperBound.index + 1), in: zone)
        let (from, to) = (start, end)
        bounds = (0..<t.count).map { k in
            (max(from, LocalCalendar.midnight(of: t.firstDay(k), in: zone)),
             min(to, LocalCalendar.midnight(of: t.firstDay(k + 1), in: zone)))
        }
        if let period = source.period {
            let first = max(0, Int(period.bucket.index(of: period.firstDay.index) - t.firstIndex))
            highlight = TrendHighlight(starts: bounds[first].start...bounds[t.count - 1].start, label: "report period")
            domain = bounds[0].start...bounds[t.count - 1].start
        } else {
            highlight = source.week.map { week in
                let monday = ReportCharts.weekStart(week, zone)
                return TrendHighlight(starts: monday...monday, label: "report week")
            }
            domain = nil
        }
    }
}

extension TrendChart {
    /// The first day a period's trend charts show: the first day of the period before, or, when the journal's first
    /// dated brew comes later (but inside the two periods), the first day of that brew's bucket.
    static func startDay(_ period: ReportPeriod, _ a: BrewAnalysis) -> Day {
        let before = period.previous.firstDay
        guard let first = a.dayRange()?.lowerBound.index, first > before.index, first <= period.lastDay.index else {
            return before
        }
        var day = first
        // Back to the first day of the bucket holding the first brew (never before the period before).
        while day > before.index, period.bucket.index(of: day - 1) == period.bucket.index(of: first) { day -= 1 }
        return Day(index: day)
    }

    /// `brews-per-day`, `brews-per-week`, `brews-per-month` (by the period's bucket); the other trends keep
    /// their kind's name.
    func stem(in period: ReportPeriod) -> String {
        measure == .brews ? "brews-per-\(period.bucket.rawValue)" : kind.rawValue
    }

    /// `brews per day, November 2026 and the month before`.
    func title(in period: ReportPeriod) -> String {
        let before = period.previousName == "last \(period.noun)" ? "the \(period.noun) before" : period.previousName
        let what = switch measure {
        case .brews: "brews per \(period.bucket.rawValue)"
        case .rating: "\(period.bucket.adjective) mean rating"
        case .extraction: "\(period.bucket.adjective) mean extraction yield with the ideal 18–22 % band"
        }
        return "\(what), \(period.name) and \(before)"
    }

    /// The brews a trend chart of `period` draws: brews, rated brews or brews with an extraction yield, in the
    /// period and the period before, up to the last covered day.
    func periodDrawn(_ source: ChartSource, period: ReportPeriod) -> Int {
        let end = source.coveredEnd ?? period.lastDay
        return source.analysis.periodTrend(period.previous.firstDay...min(end, period.lastDay), bucket: period.bucket)
            .drawn(measure)
    }

    /// What a filtered trend chart of `period` lacks, or `nil` when it has something to draw.
    func periodMissing(_ source: ChartSource, period: ReportPeriod, among: String) -> String? {
        guard periodDrawn(source, period: period) == 0 else { return nil }
        let window = "in \(period.name) or \(period.previous.name)"
        let what = switch measure {
        case .brews: "no dated brews"
        case .rating: "no rated brews"
        case .extraction: "no brews with TDS (an extraction yield)"
        }
        return "\(what) \(window) \(among); try another period"
    }
}
