import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// The three trend kinds — brews per week, the rating trend, the extraction trend: one ``TrendMeasure`` per week over
/// the ``StatsOptions/chartWeeks`` weeks ending at the report week or, in a period report, per bucket over the period
/// and the period before (`TrendChart+Period.swift`).
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
    /// - Extraction trend: the journal-wide reason there is no extraction yield (``ReportCharts/noExtractionReason(_:)``),
    ///   else the weeks are what is empty.
    /// - Brews per week: ``BrewstatsCharts/emptyMessage``.
    func emptyReason(_ a: BrewAnalysis, espresso: Bool) -> String {
        switch measure {
        case .brews: BrewstatsCharts.emptyMessage
        case .rating: Kernel.anyPresent(a.journal.brews.rating) ? "No rated brew in these weeks" : "No brew has a rating"
        case .extraction: ReportCharts.noExtractionReason(a) ?? "No brew in these weeks has an extraction yield"
        }
    }

    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        let stem = source.period.map(stem(in:)) ?? kind.rawValue
        let title = source.period.map(title(in:)) ?? recipe.summary
        return [ChartJob(stem: stem, title: title, cost: 0, make: { chart(source, espresso: false) })]
    }

    func chart(_ source: ChartSource, espresso: Bool) -> Chart {
        let a = source.analysis
        let o = source.options
        let zone = o.stats.timeZone
        if let p = source.period { return periodChart(source, period: p) }
        let (rows, rolling) = Self.weeklySeries(source)
        let starts = rows.map { ReportCharts.weekStart($0.week, zone) }
        let highlight = source.week.map { ReportCharts.weekStart($0, zone) }
        switch measure {
        case .brews:
            let weeks = rows.indices.map { WeekCount(weekStart: starts[$0], label: rows[$0].week.label, count: rows[$0].brews) }
            let first = a.derived.weekSpan.map { ReportCharts.weekStart($0.lowerBound, zone) }
            return BrewstatsCharts.brewsPerWeek(weeks, endingWeek: starts.last, weekCount: o.stats.chartWeeks,
                                                journalStart: first, timeZone: zone)
        case .rating:
            // Only the rating trend needs the per-week counts of rated brews (one pass over the journal).
            let counts = Self.weeklyTrend(rows, a)
            let weekly = rows.indices.compactMap { i in
                rows[i].meanRating.map { WeeklyValue(weekStart: starts[i], value: $0, count: counts?.rating[i].n ?? 0) }
            }
            let line = rows.indices.compactMap { i in rolling[i].map { DatedValue(date: starts[i], value: $0) } }
            return BrewstatsCharts.ratingTrend(weekly: weekly, rolling: line, windowWeeks: o.stats.rollingWeeks,
                                               reportWeek: highlight, timeZone: zone, emptyMessage: emptyReason(a, espresso: false))
        case .extraction:
            // Filter and espresso apart, and the ideal range judged brew by brew.
            let ex = Self.weeklyTrend(rows, a)
            func series(_ values: [MeanCount]?) -> [WeeklyValue] {
                rows.indices.compactMap { i in
                    guard let v = values, let m = v[i].mean else { return nil }
                    return WeeklyValue(weekStart: starts[i], value: m, count: v[i].n)
                }
            }
            return BrewstatsCharts.extractionTrend(weekly: series(ex?.filter), espresso: series(ex?.espresso),
                                                   brewsInside: ex?.inside, ideal: o.stats.filterIdeal.extraction,
                                                   reportWeek: highlight, timeZone: zone, emptyMessage: emptyReason(a, espresso: false))
        }
    }

    /// The brews, rated brews or brews with an extraction yield in the chart's weeks (in a period: the period and
    /// the period before, up to the last covered day).
    func drawn(_ source: ChartSource, espresso: Bool) -> Int {
        if let period = source.period { return periodDrawn(source, period: period) }
        let rows = Self.weeklySeries(source).rows
        return Self.weeklyTrend(rows, source.analysis)?.drawn(measure) ?? 0
    }

    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String? {
        if let period = source.period { return periodMissing(source, period: period, among: among) }
        let rows = Self.weeklySeries(source).rows
        let window: String
        if let end = source.week ?? source.analysis.latestWeek {
            window = " in the \(max(source.options.stats.chartWeeks, 1)) weeks ending \(end.label)"
        } else {
            window = ""
        }
        let hint = source.week == nil ? "" : "; try another --week"
        switch measure {
        case .brews:
            return rows.contains { $0.brews > 0 } ? nil : "no dated brews\(window) \(among)\(hint)"
        case .rating:
            return rows.contains { $0.meanRating != nil } ? nil : "no rated brews\(window) \(among)\(hint)"
        case .extraction:
            return rows.contains { $0.meanExtraction != nil } ? nil
                : "no brews with TDS (an extraction yield)\(window) \(among)\(hint)"
        }
    }

    /// The chart window's weeks (`rows`, consecutive) as a ``PeriodTrend`` by ISO week: per week the rated brews
    /// and the filter and espresso mean EY with their n; `nil` without weeks.
    static func weeklyTrend(_ rows: [WeeklyRow], _ a: BrewAnalysis) -> PeriodTrend? {
        guard let first = rows.first?.week, let last = rows.last?.week else { return nil }
        return a.periodTrend(first.firstDay...last.lastDay, bucket: .week)
    }

    /// Weekly rows for the chart window (``StatsOptions/chartWeeks`` weeks ending at the report week) and the
    /// rolling mean rating, which looks back ``StatsOptions/rollingWeeks`` weeks, before the window too.
    static func weeklySeries(_ source: ChartSource) -> (rows: [WeeklyRow], rolling: [Double?]) {
        guard let end = source.week ?? source.analysis.latestWeek else { return ([], []) }
        let n = max(source.options.stats.chartWeeks, 1)
        let look = max(source.options.stats.rollingWeeks, 1) - 1
        let rows = source.analysis.weeklyRows(from: end.advanced(by: -(n - 1 + look)), to: end)
        let rolling = Trend.rollingMean(rows.map(\.meanRating), window: source.options.stats.rollingWeeks)
        return (Array(rows.suffix(n)), Array(rolling.suffix(n)))
    }
}
