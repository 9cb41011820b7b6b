import BrewStats
import Foundation

/// One bucket of a trend (``TrendBucket``: a day, an ISO week or a month): its start and end instants (local
/// midnight to local midnight, so a day across a daylight-saving change is 23 or 25 hours), its value and how many
/// brews the value summarises.
public struct BucketValue: Sendable, Hashable {
    /// Local midnight of the bucket's first day (a day, a Monday, the 1st of a month): where its point stands.
    public var start: Date
    /// Local midnight after its last day (the next bucket's start).
    public var end: Date
    /// The bucket's value (a mean, a count); non-finite values are skipped.
    public var value: Double
    /// How many brews the value summarises.
    public var count: Int
    /// Creates a bucket's value.
    public init(start: Date, end: Date, value: Double, count: Int) {
        self.start = start; self.end = end; self.value = value; self.count = count
    }
}

/// The buckets a trend chart shades and names in its legend: the report week or the report period.
public struct TrendHighlight: Sendable, Hashable {
    /// The start of the first and of the last highlighted bucket.
    public var starts: ClosedRange<Date>
    /// The band's label: `report week`, `report period`.
    public var label: String
    /// Creates a highlight.
    public init(starts: ClosedRange<Date>, label: String) {
        self.starts = starts; self.label = label
    }
}

/// The trend charts — mean rating and mean extraction yield per bucket — in one design, whatever the bucket: a
/// weekly report's chart weeks by week and a longer period's two periods by day, week or month alike.
///
/// Each bucket's point stands at its start (the instant that names it: the day, the week's Monday, the month's 1st),
/// so a point's date is its bucket's; the time axis and the highlight band reach half a nominal bucket
/// (``TrendBucket/nominalSeconds``) beyond the first and the last bucket they cover. Lines join consecutive buckets
/// and break where a bucket between two has no value; a note counts the breaks.
extension BrewstatsCharts {
    /// The rating trend: each bucket's mean rating as a point, joined by a line — or, with `rolling`, by the rolling
    /// mean — on the fixed rating scale 0–5.
    ///
    /// The line is drawn only through buckets that have rated brews: it breaks at a bucket without one (and where
    /// `rolling` has a non-finite value) instead of carrying the last mean across it.
    ///
    /// - Parameters:
    ///   - means: Mean rating per bucket with the number of rated brews behind it (buckets without rated brews
    ///     are simply absent), oldest first.
    ///   - rolling: The rolling mean per bucket, computed by the statistics layer
    ///     (``PeriodTrend/rollingRating(window:)``); empty to join the means themselves.
    ///   - rollingWindow: The rolling window in buckets, named in the legend.
    ///   - bucket: The buckets' kind, named on the time axis and in the legend.
    ///   - highlight: The buckets to shade (the report week or period), or `nil`.
    ///   - domain: The first and last bucket start the time axis shows; `nil`: those of `means` and `highlight`.
    ///   - timeZone: The report's time zone.
    ///   - emptyMessage: What an empty chart says (default ``emptyMessage``).
    /// - Returns: The chart; empty when no bucket has a finite mean.
    public static func ratingTrend(_ means: [BucketValue], rolling: [BucketValue] = [], rollingWindow: Int = 4,
                                   bucket: TrendBucket, highlight: TrendHighlight? = nil,
                                   domain: ClosedRange<Date>? = nil, timeZone: TimeZone = .gmt,
                                   emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        let title = "Rating trend, \(bucket.adjective)"
        let kept = means.filter { $0.value.isFinite }.sorted { $0.start < $1.start }
        guard !kept.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let brews = kept.reduce(0) { $0 + $1.count }
        let rated = Set(kept.map(\.start))
        let smooth = rolling.filter { rated.contains($0.start) && $0.value.isFinite }.sorted { $0.start < $1.start }
        let line = brokenLine(rolling.isEmpty ? kept : smooth)
        let adjective = bucket.adjective.capitalized
        var marks: [Mark] = highlight.map { [trendBand($0, bucket: bucket)] } ?? []
        if !line.dates.isEmpty {
            let label = rolling.isEmpty ? nil : "\(rollingWindow)-\(bucket.rawValue) rolling mean"
            marks.append(.line(LineMark(x: .dates(line.dates), y: .numbers(line.values), series: 0, label: label,
                                        width: rolling.isEmpty ? 1.6 : 2.2)))
        }
        marks.append(.point(PointMark(x: .dates(kept.map(\.start)), y: .numbers(kept.map(\.value)), series: 1,
                                      label: "\(adjective) mean", radius: 3.4)))
        let notes = line.gaps == 0 ? []
            : ["The line breaks where a \(bucket.rawValue) has no rated brew (\(count(line.gaps, "gap")))."]
        return Chart(
            title: title,
            subtitle: "\(count(kept.count, bucket.rawValue)) with rated brews · \(count(brews, "rated brew"))",
            x: trendAxis(kept.map(\.start), bucket: bucket, highlight: highlight, domain: domain),
            y: AxisSpec(title: "Rating (0–5)", domain: 0...5, format: .decimals(0), ticks: ratingTicks, valid: 0...5),
            marks: marks,
            notes: notes,
            calendar: Chart.isoCalendar(timeZone))
    }

    /// The extraction trend: each bucket's mean extraction yield, filter and espresso apart (never averaged
    /// together), with the ideal range shaded.
    ///
    /// The y axis covers the ideal range ± 1 point and every bucket (± 0.5), ticked on a grid anchored on the ideal
    /// range (``AnchoredTicks``), so both edges of the range are ticks, and widened so each end is a tick or half a
    /// step from one — never a grid line a few points above the axis. The subtitle counts the brews the means are
    /// taken over (each ``BucketValue/count``) and judges brews, not means: a mean can sit inside the range while
    /// every brew is outside.
    ///
    /// - Parameters:
    ///   - filter: Filter brews' mean extraction yield (%) per bucket with the number of brews behind it (buckets
    ///     without one absent); implausible values already excluded. Without espresso, every brew's.
    ///   - espresso: Espresso brews' means, drawn as a second series; empty for a single series.
    ///   - brewsInside: How many of the brews behind the means have their own EY inside their ideal range.
    ///   - ideal: The ideal range, 18–22 % by default.
    ///   - bucket: The buckets' kind, named on the time axis and in the legend.
    ///   - highlight: The buckets to shade (the report week or period), or `nil`.
    ///   - domain: The first and last bucket start the time axis shows; `nil`: those of the means and `highlight`.
    ///   - timeZone: The report's time zone.
    ///   - emptyMessage: What an empty chart says (default ``emptyMessage``), e.g. that no brew has a TDS.
    /// - Returns: The chart; empty when no bucket has a finite mean.
    public static func extractionTrend(filter: [BucketValue], espresso: [BucketValue] = [], brewsInside: Int,
                                       ideal: ClosedRange<Double> = 18...22, bucket: TrendBucket,
                                       highlight: TrendHighlight? = nil, domain: ClosedRange<Date>? = nil,
                                       timeZone: TimeZone = .gmt,
                                       emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        let title = "Extraction yield, \(bucket.adjective)"
        let f = filter.filter { $0.value.isFinite }.sorted { $0.start < $1.start }
        let e = espresso.filter { $0.value.isFinite }.sorted { $0.start < $1.start }
        let all = f + e
        guard !all.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let (yDomain, step) = extractionAxis(all.map(\.value), ideal: ideal)
        let ideals = "Ideal \(number(ideal.lowerBound))–\(number(ideal.upperBound)) %"
        var marks: [Mark] = [.band(BandMark(y: ideal, label: ideals, legend: nil))]
        if let highlight { marks.append(trendBand(highlight, bucket: bucket)) }
        let split = !e.isEmpty, adjective = bucket.adjective
        var gaps = 0
        for (series, values, label) in [(0, f, split ? "Filter, \(adjective) mean" : "\(adjective.capitalized) mean"),
                                        (1, e, "Espresso, \(adjective) mean")] where !values.isEmpty {
            let line = brokenLine(values)
            gaps += line.gaps
            marks.append(.line(LineMark(x: .dates(line.dates), y: .numbers(line.values), series: series, label: nil,
                                        width: 1.6)))
            marks.append(.point(PointMark(x: .dates(values.map(\.start)), y: .numbers(values.map(\.value)),
                                          series: series, label: label, radius: 3.4)))
        }
        let filterBrews = f.reduce(0) { $0 + $1.count }, espressoBrews = e.reduce(0) { $0 + $1.count }
        let brews = filterBrews + espressoBrews
        let share = brews > 0 ? Int((100 * Double(brewsInside) / Double(brews)).rounded()) : 0
        var subtitle = "\(count(brews, "brew")) with an extraction yield"
        if split { subtitle += " (\(filterBrews) filter, \(espressoBrews) espresso)" }
        subtitle += " · \(brewsInside) (\(share) %) inside the ideal range"
        var notes = ["Inside the ideal range counts brews, each by its own extraction yield, not \(adjective) means."]
        if gaps > 0 {
            let lines = split ? "Lines break" : "The line breaks"
            notes.insert("\(lines) where a \(bucket.rawValue) has no measured brew (\(count(gaps, "gap"))).", at: 0)
        }
        return Chart(
            title: title,
            subtitle: subtitle,
            x: trendAxis(all.map(\.start), bucket: bucket, highlight: highlight, domain: domain),
            y: extractionAxisSpec(yDomain, step: step, ideal: ideal),
            marks: marks,
            notes: notes,
            calendar: Chart.isoCalendar(timeZone))
    }

    /// The time axis of a trend chart: from half a nominal bucket before the first start to half a bucket after the
    /// last, of `domain` or else of `starts` and the highlight together (a report week after the last bucket with a
    /// value is still on the axis, shaded). `starts` is not empty.
    static func trendAxis(_ starts: [Date], bucket: TrendBucket, highlight: TrendHighlight?,
                          domain: ClosedRange<Date>?) -> AxisSpec {
        let shown = starts + (highlight.map { [$0.starts.lowerBound, $0.starts.upperBound] } ?? [])
        let span = domain ?? shown.min()!...shown.max()!
        let half = bucket.nominalSeconds / 2
        let from = span.lowerBound.addingTimeInterval(-half), to = span.upperBound.addingTimeInterval(half)
        return AxisSpec(title: bucket.axisTitle, dateDomain: from...to, grid: false)
    }

    /// The band that shades `highlight`, half a nominal bucket either side of its first and last bucket start, as
    /// far as the time axis reaches past each point. Time channels are placed by seconds since the reference date,
    /// and so is the band.
    static func trendBand(_ highlight: TrendHighlight, bucket: TrendBucket) -> Mark {
        let half = bucket.nominalSeconds / 2
        let lower = highlight.starts.lowerBound.timeIntervalSinceReferenceDate - half
        let upper = highlight.starts.upperBound.timeIntervalSinceReferenceDate + half
        return .band(BandMark(x: lower...upper, label: highlight.label))
    }

    /// The buckets' starts and values as line points, with a NaN wherever a bucket is missing between two (the
    /// next bucket does not start where the previous one ended), so the line breaks there.
    ///
    /// - Returns: The line's dates and values, and how many runs of missing buckets break it.
    static func brokenLine(_ values: [BucketValue]) -> (dates: [Date], values: [Double], gaps: Int) {
        var dates: [Date] = [], out: [Double] = [], gaps = 0
        for (i, b) in values.enumerated() {
            if i > 0, b.start > values[i - 1].end {
                dates.append(values[i - 1].end); out.append(.nan); gaps += 1
            }
            dates.append(b.start); out.append(b.value)
        }
        return (dates, out, gaps)
    }

    /// The ticks of every rating axis: each whole rating of the 0–5 scale.
    static let ratingTicks: [Double] = [0, 1, 2, 3, 4, 5]

    /// The extraction-yield axis of the trend: from 1 % below the ideal range (or 0.5 % below the lowest value) to
    /// 1 % above it (or 0.5 % above the highest), snapped to a tick step anchored at the range's lower end, so the
    /// ideal band's edges fall on ticks. `values` is not empty.
    static func extractionAxis(_ values: [Double],
                               ideal: ClosedRange<Double>) -> (domain: ClosedRange<Double>, step: Double) {
        let lower = min(ideal.lowerBound - 1, values.min()! - 0.5)
        let upper = max(ideal.upperBound + 1, values.max()! + 0.5)
        let step = AnchoredTicks.step(lower: lower, upper: upper, anchor: ideal.lowerBound,
                                      steps: AnchoredTicks.referenceSteps(ideal.upperBound - ideal.lowerBound),
                                      maxCount: 8)
        return (AnchoredTicks.snapped(lower: lower, upper: upper, anchor: ideal.lowerBound, step: step), step)
    }

    /// The y axis of ``extractionAxis(_:ideal:)``, titled and ticked.
    static func extractionAxisSpec(_ domain: ClosedRange<Double>, step: Double,
                                   ideal: ClosedRange<Double>) -> AxisSpec {
        AxisSpec(title: "Extraction yield (%)", domain: domain,
                 ticks: AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound,
                                            anchor: ideal.lowerBound, step: step))
    }
}
