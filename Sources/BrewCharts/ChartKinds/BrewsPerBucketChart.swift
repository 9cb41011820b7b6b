import BrewStats
import Foundation

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
    ///     last brew in the period); the rate per bucket is the period's brews over that span counted in nominal
    ///     buckets (``TrendBucket/nominalSeconds``: a month is 30.436875 days), so a journal begun on 22 June is
    ///     not averaged over January to May. `nil`: the buckets shown.
    ///   - hasBefore: Whether the journal has brews before the report period; without any, the subtitle names only
    ///     the report period and compares with nothing.
    /// - Returns: The chart; empty when no bucket has a brew.
    public static func brewsPerBucket(_ buckets: [BucketValue], bucket: TrendBucket, period: Range<Date>,
                                      domain: Range<Date>, periodName: String, previousName: String,
                                      covered: Range<Date>? = nil, hasBefore: Bool = true,
                                      timeZone: TimeZone = .gmt) -> Chart {
        let title = "Brews per \(bucket.rawValue)"
        let total = buckets.reduce(0) { $0 + max(0, Int($1.value)) }
        let subtitleHead = hasBefore ? "\(periodName) and \(previousName), \(bucket.adjective)"
            : "\(periodName), \(bucket.adjective)"
        guard total > 0 else {
            return .empty(title: title, subtitle: subtitleHead, message: "No brews in \(periodName) or \(previousName)")
        }
        let inside = buckets.filter { $0.start >= period.lowerBound && $0.start < period.upperBound }
        let before = buckets.filter { $0.start < period.lowerBound }
        let thisTotal = inside.reduce(0) { $0 + Int($1.value) }
        let beforeTotal = before.reduce(0) { $0 + Int($1.value) }
        let busiest = buckets.map(\.value).max() ?? 0
        let step = AnchoredTicks.step(lower: 0, upper: busiest, anchor: 0, steps: AnchoredTicks.unitSteps(1),
                                      maxCount: 6)
        let top = max(step, (busiest / step).rounded(.up) * step)
        // Bars a little narrower than the shortest bucket, so neighbours never touch.
        let span = 0.86 * (buckets.map { $0.end.timeIntervalSince($0.start) }.min() ?? 86_400)
        let shaded = period.lowerBound.timeIntervalSinceReferenceDate...period.upperBound.timeIntervalSinceReferenceDate
        var marks: [Mark] = [
            .band(BandMark(x: shaded, label: "report period")),
            .bar(BarMark(x: .dates(before.map(\.start)), y: .numbers(before.map(\.value)), span: span)),
        ]
        if !inside.isEmpty {
            marks.append(.bar(BarMark(x: .dates(inside.map(\.start)), y: .numbers(inside.map(\.value)), span: span,
                                      series: Theme.emphasisSeries, label: periodName)))
        }
        func perBucket(_ n: Int, _ k: Int) -> String { k == 0 ? "—" : number(Double(n) / Double(k)) }
        let seconds = bucket.nominalSeconds
        let rate = covered.map { c -> String in
            let buckets = c.upperBound.timeIntervalSince(c.lowerBound) / seconds
            return buckets > 0 ? number(Double(thisTotal) / buckets) : "—"
        } ?? perBucket(thisTotal, inside.count)
        let comparison = hasBefore ? " vs \(beforeTotal) before" : ""
        return Chart(
            title: title,
            subtitle: "\(subtitleHead) · \(count(thisTotal, "brew")) (\(rate) per \(bucket.rawValue))\(comparison)",
            x: AxisSpec(title: bucket.axisTitle, dateDomain: domain.lowerBound...domain.upperBound, grid: false),
            y: AxisSpec(title: "Brews per \(bucket.rawValue)", domain: 0...top, format: .automatic,
                        ticks: AnchoredTicks.ticks(lower: 0, upper: top, anchor: 0, step: step)),
            marks: marks,
            notes: ["One bar per \(bucket.rawValue) (\(bucket.adjective) buckets, chosen from the period's length)."],
            calendar: Chart.isoCalendar(timeZone))
    }
}
