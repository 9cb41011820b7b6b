import Foundation

/// How a period's trend chart groups time: the bucket's names and nominal length (see ``BrewstatsCharts``'
/// period trends). The statistics layer picks the bucket from the period's length; the chart only says which.
public struct TimeBucketing: Sendable, Hashable {
    /// `day`, `week`, `month`: the unit counted ("brews per day").
    public var unit: String
    /// `daily`, `weekly`, `monthly`: how captions name a bucket's value ("daily mean").
    public var adjective: String
    /// The time axis' title: `Day`, `Week (Monday start)`, `Month`.
    public var axisTitle: String

    public init(unit: String, adjective: String, axisTitle: String) {
        self.unit = unit; self.adjective = adjective; self.axisTitle = axisTitle
    }
}

/// One bucket of a period trend: its start and end instants (local midnight to local midnight, so a day across a
/// daylight-saving change is 23 or 25 hours), its value and how many brews the value summarises.
public struct BucketValue: Sendable, Hashable {
    public var start: Date
    public var end: Date
    public var value: Double
    public var count: Int
    public init(start: Date, end: Date, value: Double, count: Int) {
        self.start = start; self.end = end; self.value = value; self.count = count
    }
    /// The middle of the bucket, where its point stands.
    var middle: Date { Date(timeIntervalSinceReferenceDate: (start.timeIntervalSinceReferenceDate + end.timeIntervalSinceReferenceDate) / 2) }
}

extension BrewstatsCharts {
    /// Brews per bucket over a report period and the period before: one bar per bucket (zero buckets on the
    /// baseline), the report period's bars in the emphasis colour, and each period's mean per bucket as a note.
    ///
    /// - Parameters:
    ///   - buckets: Every bucket of the two periods, oldest first; `value` is the brew count.
    ///   - period: The report period's instants (its bars are emphasised and it is shaded).
    ///   - periodName: How the subtitle names the report period (`November 2026`).
    ///   - previousName: How it names the period before (`October 2026`).
    ///   - domain: The time axis; buckets after the last covered day (a period in progress) are left out of
    ///     `buckets` and get no bar, so the days to come are not drawn as days without brews.
    ///   - covered: The part of the report period the journal covers (its first brew, or the period's start, to its
    ///     last brew in the period); the rate per bucket is the period's brews over that span counted in buckets (a
    ///     month is 30.436875 days), so a journal begun on 22 June is not averaged over January to May. `nil`: the
    ///     buckets shown.
    ///   - hasBefore: Whether the journal has brews before the report period; without any, the subtitle names only
    ///     the report period and compares with nothing.
    /// - Returns: The chart; empty when no bucket has a brew.
    public static func brewsPerBucket(_ buckets: [BucketValue], bucketing: TimeBucketing, period: Range<Date>,
                                      domain: Range<Date>, periodName: String, previousName: String,
                                      covered: Range<Date>? = nil, hasBefore: Bool = true,
                                      timeZone: TimeZone = .gmt) -> Chart {
        let title = "Brews per \(bucketing.unit)"
        let total = buckets.reduce(0) { $0 + max(0, Int($1.value)) }
        let subtitleHead = hasBefore ? "\(periodName) and \(previousName), \(bucketing.adjective)" : "\(periodName), \(bucketing.adjective)"
        guard total > 0 else {
            return .empty(title: title, subtitle: subtitleHead, message: "No brews in \(periodName) or \(previousName)")
        }
        let inside = buckets.filter { $0.start >= period.lowerBound && $0.start < period.upperBound }
        let before = buckets.filter { $0.start < period.lowerBound }
        let thisTotal = inside.reduce(0) { $0 + Int($1.value) }, beforeTotal = before.reduce(0) { $0 + Int($1.value) }
        let busiest = buckets.map(\.value).max() ?? 0
        let step = AnchoredTicks.step(lower: 0, upper: busiest, anchor: 0, steps: AnchoredTicks.unitSteps(1), maxCount: 6)
        let top = max(step, (busiest / step).rounded(.up) * step)
        // Bars a little narrower than the shortest bucket, so neighbours never touch.
        let span = 0.86 * (buckets.map { $0.end.timeIntervalSince($0.start) }.min() ?? 86_400)
        var marks: [Mark] = [
            .band(BandMark(x: period.lowerBound.timeIntervalSinceReferenceDate...period.upperBound.timeIntervalSinceReferenceDate,
                           label: "report period")),
            .bar(BarMark(x: .dates(before.map(\.start)), y: .numbers(before.map(\.value)), span: span)),
        ]
        if !inside.isEmpty {
            marks.append(.bar(BarMark(x: .dates(inside.map(\.start)), y: .numbers(inside.map(\.value)), span: span,
                                      series: Theme.emphasisSeries, label: periodName)))
        }
        func perBucket(_ n: Int, _ k: Int) -> String { k == 0 ? "—" : number(Double(n) / Double(k)) }
        let seconds: Double = switch bucketing.unit { case "day": 86_400; case "week": 604_800; default: 30.436875 * 86_400 }
        let rate = covered.map { c -> String in
            let buckets = c.upperBound.timeIntervalSince(c.lowerBound) / seconds
            return buckets > 0 ? number(Double(thisTotal) / buckets) : "—"
        } ?? perBucket(thisTotal, inside.count)
        let comparison = hasBefore ? " vs \(beforeTotal) before" : ""
        return Chart(
            title: title,
            subtitle: "\(subtitleHead) · \(count(thisTotal, "brew")) (\(rate) per \(bucketing.unit))\(comparison)",
            x: AxisSpec(title: bucketing.axisTitle, dateDomain: domain.lowerBound...domain.upperBound, grid: false),
            y: AxisSpec(title: "Brews per \(bucketing.unit)", domain: 0...top, format: .automatic,
                        ticks: AnchoredTicks.ticks(lower: 0, upper: top, anchor: 0, step: step)),
            marks: marks,
            notes: ["One bar per \(bucketing.unit) (\(bucketing.adjective) buckets, chosen from the period's length)."],
            calendar: Chart.isoCalendar(timeZone))
    }

    /// Mean rating per bucket over a report period and the period before, as points joined by a line that breaks
    /// at buckets without a rated brew; the report period is shaded. The rating axis is the fixed 0–5 scale.
    ///
    /// - Parameters:
    ///   - values: The buckets with rated brews (others absent), oldest first.
    ///   - domain: The two periods' instants (the time axis).
    /// - Returns: The chart; empty when no bucket has a finite mean.
    public static func periodRatingTrend(_ values: [BucketValue], bucketing: TimeBucketing, period: Range<Date>,
                                         domain: Range<Date>, timeZone: TimeZone = .gmt,
                                         emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        let title = "Rating trend, \(bucketing.adjective)"
        let kept = values.filter { $0.value.isFinite }
        guard !kept.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let line = brokenBuckets(kept)
        let brews = kept.reduce(0) { $0 + $1.count }
        return Chart(
            title: title,
            subtitle: "\(bucketing.adjective.capitalized) mean rating · \(count(kept.count, bucketing.unit)) with rated brews · \(count(brews, "rated brew"))",
            x: AxisSpec(title: bucketing.axisTitle, dateDomain: domain.lowerBound...domain.upperBound, grid: false),
            y: AxisSpec(title: "Rating (0–5)", domain: 0...5, format: .decimals(0), ticks: ratingTicks, valid: 0...5),
            marks: [
                periodBand(period),
                .line(LineMark(x: .dates(line.dates), y: .numbers(line.values), series: 0, label: nil, width: 1.6)),
                .point(PointMark(x: .dates(kept.map(\.middle)), y: .numbers(kept.map(\.value)), series: 1,
                                 label: "\(bucketing.adjective.capitalized) mean", radius: 3.4)),
            ],
            notes: line.gaps == 0 ? [] : ["The line breaks where a \(bucketing.unit) has no rated brew (\(count(line.gaps, "gap")))."],
            calendar: Chart.isoCalendar(timeZone))
    }

    /// Mean extraction yield per bucket, filter and espresso apart (never averaged together), with the ideal range
    /// shaded, over a report period and the period before.
    ///
    /// - Parameters:
    ///   - filter: Filter brews' mean EY per bucket (buckets without one absent).
    ///   - espresso: Espresso brews' mean EY per bucket.
    ///   - brewsInside: How many brews behind the means have their own EY inside their ideal range.
    /// - Returns: The chart; empty when no bucket has a finite mean.
    public static func periodExtractionTrend(filter: [BucketValue], espresso: [BucketValue], brewsInside: Int,
                                             ideal: ClosedRange<Double> = 18...22, bucketing: TimeBucketing,
                                             period: Range<Date>, domain: Range<Date>, timeZone: TimeZone = .gmt,
                                             emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        let title = "Extraction yield, \(bucketing.adjective)"
        let f = filter.filter { $0.value.isFinite }, e = espresso.filter { $0.value.isFinite }
        let all = f + e
        guard !all.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let (yDomain, step) = extractionAxis(all.map(\.value), ideal: ideal)
        var marks: [Mark] = [
            .band(BandMark(y: ideal, label: "Ideal \(number(ideal.lowerBound))–\(number(ideal.upperBound)) %", legend: nil)),
            periodBand(period),
        ]
        var gaps = 0
        for (series, values, label) in [(0, f, "Filter, \(bucketing.adjective) mean"),
                                        (1, e, "Espresso, \(bucketing.adjective) mean")] where !values.isEmpty {
            let line = brokenBuckets(values)
            gaps += line.gaps
            marks.append(.line(LineMark(x: .dates(line.dates), y: .numbers(line.values), series: series, label: nil, width: 1.6)))
            marks.append(.point(PointMark(x: .dates(values.map(\.middle)), y: .numbers(values.map(\.value)), series: series,
                                          label: label, radius: 3.4)))
        }
        let brews = all.reduce(0) { $0 + $1.count }
        let share = brews > 0 ? Int((100 * Double(brewsInside) / Double(brews)).rounded()) : 0
        var notes = ["Inside the ideal range counts brews, each by its own extraction yield, not \(bucketing.adjective) means."]
        if gaps > 0 { notes.insert("Lines break where a \(bucketing.unit) has no measured brew (\(count(gaps, "gap"))).", at: 0) }
        return Chart(
            title: title,
            subtitle: "\(count(brews, "brew")) with an extraction yield (\(f.reduce(0) { $0 + $1.count }) filter, \(e.reduce(0) { $0 + $1.count }) espresso) · \(brewsInside) (\(share) %) inside the ideal range",
            x: AxisSpec(title: bucketing.axisTitle, dateDomain: domain.lowerBound...domain.upperBound, grid: false),
            y: extractionAxisSpec(yDomain, step: step, ideal: ideal),
            marks: marks,
            notes: notes,
            calendar: Chart.isoCalendar(timeZone))
    }

    /// The shaded band over the report period, labelled "report period".
    static func periodBand(_ period: Range<Date>) -> Mark {
        .band(BandMark(x: period.lowerBound.timeIntervalSinceReferenceDate...period.upperBound.timeIntervalSinceReferenceDate,
                       label: "report period"))
    }

    /// The buckets' middles and values as line points, with a NaN wherever a bucket is missing between two
    /// (the next bucket does not start where the previous one ended), so the line breaks there.
    static func brokenBuckets(_ values: [BucketValue]) -> (dates: [Date], values: [Double], gaps: Int) {
        var dates: [Date] = [], out: [Double] = [], gaps = 0
        for (i, b) in values.enumerated() {
            if i > 0, b.start > values[i - 1].end {
                dates.append(values[i - 1].end); out.append(.nan); gaps += 1
            }
            dates.append(b.middle); out.append(b.value)
        }
        return (dates, out, gaps)
    }
}
