import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// The three trend kinds — brews, the rating trend, the extraction trend: one ``TrendMeasure`` per bucket of a
/// ``TrendWindow`` — by week over the ``StatsOptions/chartWeeks`` weeks ending at the report week or, in a period
/// report, by the period's bucket over the period and the period before (`TrendChart+Window.swift`). The rating and
/// extraction trends are one chart design whatever the bucket (`BrewstatsCharts.ratingTrend`, `.extractionTrend`).
struct TrendChart: ChartBuilder {
    let kind: ChartKind
    let measure: TrendMeasure

    var recipe: ChartRecipe {
        switch measure {
        case .brews:
            ChartRecipe(summary: "brews per ISO week, last 26 weeks", columns: [], trend: .brews,
                        stems: ["brews-per-week", "brews-per-day", "brews-per-month"])
        case .rating:
            ChartRecipe(summary: "weekly mean rating and its rolling mean", columns: .rating, trend: .rating,
                        stems: [kind.rawValue])
        case .extraction:
            ChartRecipe(summary: "weekly mean extraction yield with the ideal 18–22 % band", columns: [.masses, .tds],
                        trend: .extraction, stems: [kind.rawValue])
        }
    }

    /// - Rating trend: "No brew has a rating" when none has, else the weeks are what is empty.
    /// - Extraction trend: the journal-wide reason there is no extraction yield
    ///   (``ReportCharts/noExtractionReason(_:)``), else the weeks are what is empty.
    /// - Brews per week: ``BrewstatsCharts/emptyMessage``.
    func emptyReason(_ a: BrewAnalysis, espresso: Bool) -> String {
        switch measure {
        case .brews: BrewstatsCharts.emptyMessage
        case .rating:
            Kernel.anyPresent(a.journal.brews.rating) ? "No rated brew in these weeks" : "No brew has a rating"
        case .extraction: ReportCharts.noExtractionReason(a) ?? "No brew in these weeks has an extraction yield"
        }
    }

    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        let stem = source.period.map(stem(in:)) ?? kind.rawValue
        var title = source.period.map(title(in:)) ?? recipe.summary
        // docs/definitions.md: a mean that rests on estimated beverage masses says how many.
        if measure == .extraction, let t = TrendWindow(source)?.trend,
           let said = Format.estimated(t.estimated, of: t.measured) {
            let r = Format.number(source.analysis.options.retentionFactor, decimals: 1)
            title += " · beverage \(said) (no yield: water − \(r) × dose)"
        }
        return [ChartJob(stem: stem, title: title, cost: 0, make: { chart(source, espresso: false) })]
    }

    func chart(_ source: ChartSource, espresso: Bool) -> Chart {
        let zone = source.options.stats.timeZone
        let window = TrendWindow(source)
        let empty = source.period == nil ? emptyReason(source.analysis, espresso: false)
            : ReportCharts.periodReason(emptyReason(source.analysis, espresso: false), source)
        guard let w = window else {
            // No dated brew: nothing to place on a time axis.
            switch measure {
            case .brews:
                return BrewstatsCharts.brewsPerBucket([], bucket: .week,
                                                      span: "Last \(max(source.options.stats.chartWeeks, 1)) weeks",
                                                      timeZone: zone)
            case .rating: return BrewstatsCharts.ratingTrend([], bucket: .week, timeZone: zone, emptyMessage: empty)
            case .extraction:
                return BrewstatsCharts.extractionTrend(filter: [], brewsInside: 0, bucket: .week, timeZone: zone,
                                                       emptyMessage: empty)
            }
        }
        let t = w.trend
        func values(_ v: [MeanCount]) -> [BucketValue] {
            (0..<t.count).compactMap { k in
                v[k].mean.map { BucketValue(start: w.bounds[k].start, end: w.bounds[k].end, value: $0, count: v[k].n) }
            }
        }
        switch measure {
        case .brews:
            return brewsChart(source, w)
        case .rating:
            let rolling = (0..<w.rolling.count).compactMap { k in
                w.rolling[k].map { BucketValue(start: w.bounds[k].start, end: w.bounds[k].end, value: $0, count: 0) }
            }
            return BrewstatsCharts.ratingTrend(values(t.rating), rolling: rolling,
                                               rollingWindow: source.options.stats.rollingWeeks, bucket: t.bucket,
                                               highlight: w.highlight, domain: w.domain, timeZone: zone,
                                               emptyMessage: empty)
        case .extraction:
            // Filter and espresso apart, and the ideal range judged brew by brew.
            return BrewstatsCharts.extractionTrend(filter: values(t.filter), espresso: values(t.espresso),
                                                   brewsInside: t.inside,
                                                   ideal: source.options.stats.filterIdeal.extraction,
                                                   bucket: t.bucket, highlight: w.highlight, domain: w.domain,
                                                   timeZone: zone, emptyMessage: empty)
        }
    }

    /// The brews chart, one bar design whatever the bucket (`BrewstatsCharts.brewsPerBucket`): a week's chart weeks
    /// from the journal's first week on, the report week (the last) highlighted; or a period's buckets beside the
    /// period before, the period highlighted.
    func brewsChart(_ source: ChartSource, _ w: TrendWindow) -> Chart {
        let a = source.analysis, zone = source.options.stats.timeZone, t = w.trend
        func value(_ k: Int) -> BucketValue {
            BucketValue(start: w.bounds[k].start, end: w.bounds[k].end, value: Double(t.brews[k]), count: t.brews[k])
        }
        guard let period = source.period else {
            // Weeks before the journal's first week are not weeks without brews: no bar.
            let n = t.count, last = n - 1
            let first = a.derived.weekSpan.map { ReportCharts.weekStart($0.lowerBound, zone) }
            let shown = (0..<n).filter { k in first.map { w.bounds[k].start >= $0 } ?? true }
            var span = "Last \(n) weeks"
            if shown.count < n, let k = shown.first {
                span += ", \(shown.count) since the journal's first brew (\(t.label(k)))"
            }
            let week = w.bounds[last].start
            return BrewstatsCharts.brewsPerBucket(shown.map(value), bucket: .week,
                                                  highlight: TrendHighlight(starts: week...week, label: "report week"),
                                                  name: "report week (\(t.label(last)))", domain: w.start..<w.end,
                                                  span: span, hasBefore: shown.count > 1, timeZone: zone)
        }
        // Buckets after the last covered day (a period in progress) are days to come, not days without brews.
        let end = w.end
        let coveredEnd = source.coveredEnd.map { LocalCalendar.midnight(of: Day(index: $0.index + 1), in: zone) } ?? end
        let shown = (0..<t.count).filter { w.bounds[$0].start < coveredEnd }
        // The period's bars: the buckets that start inside it.
        let bounds = period.bounds(in: zone)
        let inside = shown.filter { bounds.contains(w.bounds[$0].start) }
        let highlight = inside.first.map { k in
            TrendHighlight(starts: w.bounds[k].start...w.bounds[inside.last!].start, label: "report period")
        }
        // The span the journal covers inside the period: its first brew (or the period's start) to its last brew
        // in the period (or the period's covered end).
        let firstBrew = a.dayRange()?.lowerBound.index
        let coveredSpan: Range<Date>? = a.dayRange(a.rows(in: period.days)).map(\.upperBound.index).map { last in
            let from = max(period.firstDay.index, firstBrew ?? period.firstDay.index)
            let lower = LocalCalendar.midnight(of: Day(index: from), in: zone)
            return lower..<LocalCalendar.midnight(of: Day(index: last + 1), in: zone)
        }
        let hasBefore = (firstBrew ?? .max) < period.firstDay.index
        let adjective = t.bucket.adjective
        let span = hasBefore ? "\(period.name) and \(period.previous.name), \(adjective)"
            : "\(period.name), \(adjective)"
        return BrewstatsCharts.brewsPerBucket(
            shown.map(value), bucket: t.bucket, highlight: highlight, name: period.name, domain: w.start..<end,
            span: span, covered: coveredSpan, hasBefore: hasBefore,
            note: "One bar per \(t.bucket.rawValue) (\(adjective) buckets, chosen from the period's length).",
            emptyMessage: "No brews in \(period.name) or \(period.previous.name)", timeZone: zone)
    }

    /// The brews, rated brews or brews with an extraction yield in the chart's buckets (in a period: the period and
    /// the period before, up to the last covered day).
    func drawn(_ source: ChartSource, espresso: Bool) -> Int {
        if let period = source.period { return periodDrawn(source, period: period) }
        return TrendWindow(source)?.trend.drawn(measure) ?? 0
    }

    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String? {
        if let period = source.period { return periodMissing(source, period: period, among: among) }
        guard drawn(source, espresso: espresso) == 0 else { return nil }
        let window: String
        if let end = source.week ?? source.analysis.latestWeek {
            window = " in the \(max(source.options.stats.chartWeeks, 1)) weeks ending \(end.label)"
        } else {
            window = ""
        }
        switch measure {
        case .brews: return "no dated brews\(window) \(among)"
        case .rating: return "no rated brews\(window) \(among)"
        case .extraction: return "no brews with TDS (an extraction yield)\(window) \(among)"
        }
    }

    /// Another week, when a week was asked for (a period's chart is drawn empty instead).
    func remedy(_ source: ChartSource, espresso: Bool) -> ReportRemedy? {
        source.period == nil && source.week != nil ? .anotherWeek : nil
    }
}
