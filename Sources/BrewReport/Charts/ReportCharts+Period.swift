import BrewCharts
import BrewColumns
import BrewStats
import Foundation

extension ReportCharts {
    /// The trend charts of a month, a year or a range of days: brews, mean rating and mean extraction yield per
    /// bucket over the report period and the period before (``ReportPeriod/previous``), the report period shaded.
    /// The bucket follows the period's length (``ReportPeriod/bucket``: daily up to 31 days, weekly up to about six
    /// months, monthly beyond) and every chart says which, in its title or caption and on its time axis.
    static func periodChart(_ measure: TrendMeasure, _ source: ChartSource, period: ReportPeriod) -> Chart {
        let a = source.analysis, o = source.options, zone = o.stats.timeZone
        let bucket = period.bucket
        // The charts start where the journal starts: a year whose journal begins in June shows no empty year before.
        let start = startDay(period, a)
        let trend = a.periodTrend(start...period.lastDay, bucket: bucket)
        let bucketing = TimeBucketing(unit: bucket.rawValue, adjective: bucket.adjective, axisTitle: bucket.axisTitle)
        // Each bucket's instants: local midnight of its first day to local midnight of the next bucket's first
        // day, clipped to the two periods (a week bucket may start before the period before).
        let first = midnight(start, zone), end = midnight(Day(index: period.lastDay.index + 1), zone)
        let bounds: [(Date, Date)] = (0..<trend.count).map { k in
            (max(first, midnight(trend.firstDay(k), zone)), min(end, midnight(trend.firstDay(k + 1), zone)))
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
            let coveredEnd = source.coveredEnd.map { midnight(Day(index: $0.index + 1), zone) } ?? end
            let counts = (0..<trend.count).filter { bounds[$0].0 < coveredEnd }.map { k in
                BucketValue(start: bounds[k].0, end: bounds[k].1, value: Double(trend.brews[k]), count: trend.brews[k])
            }
            // The span the journal covers inside the period: its first brew (or the period's start) to its last brew
            // in the period (or the period's covered end).
            let firstBrew = a.dayRange()?.lowerBound.index
            let coveredSpan: Range<Date>? = a.dayRange(a.rows(in: period.days)).map(\.upperBound.index).map { last in
                let from = max(period.firstDay.index, firstBrew ?? period.firstDay.index)
                return midnight(Day(index: from), zone)..<midnight(Day(index: last + 1), zone)
            }
            return BrewstatsCharts.brewsPerBucket(counts, bucketing: bucketing, period: shown, domain: first..<end,
                                                  periodName: period.name, previousName: period.previous.name,
                                                  covered: coveredSpan,
                                                  hasBefore: (firstBrew ?? .max) < period.firstDay.index,
                                                  timeZone: zone)
        case .rating:
            return BrewstatsCharts.periodRatingTrend(values(trend.rating), bucketing: bucketing, period: shown,
                                                     domain: first..<end, timeZone: zone, emptyMessage: periodReason(emptyReason(.ratingTrend, a), source))
        case .extraction:
            return BrewstatsCharts.periodExtractionTrend(filter: values(trend.filter), espresso: values(trend.espresso),
                                                         brewsInside: trend.inside, ideal: o.stats.filterIdeal.extraction,
                                                         bucketing: bucketing, period: shown, domain: first..<end,
                                                         timeZone: zone, emptyMessage: periodReason(emptyReason(.extractionTrend, a), source))
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
    static func periodStem(_ kind: ChartKind, _ period: ReportPeriod) -> String {
        kind.recipe.trend == .brews ? "brews-per-\(period.bucket.rawValue)" : kind.rawValue
    }

    /// `brews per day, November 2026 and the month before`.
    static func periodTitle(_ measure: TrendMeasure, _ period: ReportPeriod) -> String {
        let before = period.previousName == "last \(period.noun)" ? "the \(period.noun) before" : period.previousName
        let what = switch measure {
        case .brews: "brews per \(period.bucket.rawValue)"
        case .rating: "\(period.bucket.adjective) mean rating"
        case .extraction: "\(period.bucket.adjective) mean extraction yield with the ideal 18–22 % band"
        }
        return "\(what), \(period.name) and \(before)"
    }

    /// Local midnight starting `day` in `zone`.
    static func midnight(_ day: Day, _ zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = day.civil
        return calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day)) ?? Date(timeIntervalSince1970: 0)
    }

    /// `reason` (``emptyReason(_:_:espresso:)``) worded for a period report: what is empty is the period (and,
    /// for a trend, the period before), not "these weeks" or the whole journal.
    static func periodReason(_ reason: String, _ source: ChartSource) -> String {
        guard let p = source.period else { return reason }
        if reason.contains("in these weeks") {
            return reason.replacingOccurrences(of: "in these weeks", with: "in \(p.name) or \(p.previous.name)")
        }
        if reason.hasPrefix("No espresso brew has") || reason.hasPrefix("No pour-over brew has") {
            return reason.replacingOccurrences(of: " brew has", with: " brew in \(p.name) has")
        }
        return reason
    }
}
