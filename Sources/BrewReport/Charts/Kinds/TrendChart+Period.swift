import BrewCharts
import BrewColumns
import BrewStats
import Foundation

extension TrendChart {
    /// The trend charts of a month, a year or a range of days: brews, mean rating and mean extraction yield per
    /// bucket over the report period and the period before (``ReportPeriod/previous``), the report period shaded.
    /// The bucket follows the period's length (``ReportPeriod/bucket``: daily up to 31 days, weekly up to about six
    /// months, monthly beyond) and every chart says which, in its title or caption and on its time axis.
    func periodChart(_ source: ChartSource, period: ReportPeriod) -> Chart {
        let a = source.analysis, o = source.options, zone = o.stats.timeZone
        let bucket = period.bucket
        // The charts start where the journal starts: a year whose journal begins in June shows no empty year before.
        let start = Self.startDay(period, a)
        let trend = a.periodTrend(start...period.lastDay, bucket: bucket)
        let bucketing = TimeBucketing(unit: bucket.rawValue, adjective: bucket.adjective, axisTitle: bucket.axisTitle)
        // Each bucket's instants: local midnight of its first day to local midnight of the next bucket's first
        // day, clipped to the two periods (a week bucket may start before the period before).
        let first = LocalCalendar.midnight(of: start, in: zone), end = LocalCalendar.midnight(of: Day(index: period.lastDay.index + 1), in: zone)
        let bounds: [(Date, Date)] = (0..<trend.count).map { k in
            (max(first, LocalCalendar.midnight(of: trend.firstDay(k), in: zone)), min(end, LocalCalendar.midnight(of: trend.firstDay(k + 1), in: zone)))
        }
        let shown = period.bounds(in: zone)
        func values(_ v: [MeanCount]) -> [BucketValue] {
            (0..<trend.count).compactMap { k in
                v[k].mean.map { BucketValue(start: bounds[k].0, end: bounds[k].1, value: $0, count: v[k].n) }
            }
        }
        switch measure {
        case .brews:
            // Buckets after the last covered day (a period in progress) are days to come, not days without brews.
            let coveredEnd = source.coveredEnd.map { LocalCalendar.midnight(of: Day(index: $0.index + 1), in: zone) } ?? end
            let counts = (0..<trend.count).filter { bounds[$0].0 < coveredEnd }.map { k in
                BucketValue(start: bounds[k].0, end: bounds[k].1, value: Double(trend.brews[k]), count: trend.brews[k])
            }
            // The span the journal covers inside the period: its first brew (or the period's start) to its last brew
            // in the period (or the period's covered end).
            let firstBrew = a.dayRange()?.lowerBound.index
            let coveredSpan: Range<Date>? = a.dayRange(a.rows(in: period.days)).map(\.upperBound.index).map { last in
                let from = max(period.firstDay.index, firstBrew ?? period.firstDay.index)
                return LocalCalendar.midnight(of: Day(index: from), in: zone)..<LocalCalendar.midnight(of: Day(index: last + 1), in: zone)
            }
            return BrewstatsCharts.brewsPerBucket(counts, bucketing: bucketing, period: shown, domain: first..<end,
                                                  periodName: period.name, previousName: period.previous.name,
                                                  covered: coveredSpan,
                                                  hasBefore: (firstBrew ?? .max) < period.firstDay.index,
                                                  timeZone: zone)
        case .rating:
            return BrewstatsCharts.periodRatingTrend(values(trend.rating), bucketing: bucketing, period: shown,
                                                     domain: first..<end, timeZone: zone, emptyMessage: ReportCharts.periodReason(emptyReason(a, espresso: false), source))
        case .extraction:
            return BrewstatsCharts.periodExtractionTrend(filter: values(trend.filter), espresso: values(trend.espresso),
                                                         brewsInside: trend.inside, ideal: o.stats.filterIdeal.extraction,
                                                         bucketing: bucketing, period: shown, domain: first..<end,
                                                         timeZone: zone, emptyMessage: ReportCharts.periodReason(emptyReason(a, espresso: false), source))
        }
    }

    /// The first day a period's trend charts show: the first day of the period before, or, when the journal's first
    /// dated brew comes later (but inside the two periods), the first day of that brew's bucket.
    static func startDay(_ period: ReportPeriod, _ a: BrewAnalysis) -> Day {
        let before = period.previous.firstDay
        guard let first = a.dayRange()?.lowerBound.index, first > before.index, first <= period.lastDay.index else { return before }
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
