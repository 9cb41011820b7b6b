import BrewStats
import Foundation

extension BrewstatsCharts {
    /// Brews per bucket (``TrendBucket``: a day, an ISO week or a month) as bars, in one design whatever the bucket:
    /// a weekly report's chart weeks by week, and a longer period with the period before by day, week or month.
    ///
    /// Every bucket in `buckets` gets a bar, so a bucket without brews is visibly zero on the baseline rather than
    /// missing; the caller leaves out the buckets before the journal's first brew (they are not buckets without
    /// brews) and those after the last covered day (a period in progress: days to come). The highlighted buckets (the
    /// report week or period) are shaded, as the trend charts shade them (half a nominal bucket either side), and
    /// their bars drawn in the emphasis colour, named `name` in the legend. A dashed rule marks the mean per bucket
    /// over every bucket drawn; its label moves along the rule to where it hides no bar. The count axis ticks on whole
    /// numbers and ends on the first tick at or above the busiest bucket.
    ///
    /// The subtitle: `span` · the highlighted buckets' brews — with their rate per bucket when there are several
    /// (over `covered` in nominal buckets, ``TrendBucket/nominalSeconds``: a month is 30.436875 days, so a journal
    /// begun on 22 June is not averaged over January to May; else over the highlighted buckets) — and, with
    /// `hasBefore`, the brews of the buckets before them. The first note names the busiest bucket (the latest, on
    /// ties) by its count and name (`2026-11-05`, `2026-W47`, `2026-11`) and how many buckets have no brew, when any.
    ///
    /// - Parameters:
    ///   - buckets: The buckets to draw, oldest first; `value` is the brew count (negative counts are zero).
    ///   - highlight: The first and last highlighted bucket start and the band's label; `nil`: none, and the
    ///     subtitle's brews and rate are every bucket's.
    ///   - name: The highlighted bars' legend entry (`report week (2026-W47)`, `November 2026`).
    ///   - domain: The time axis; `nil`: from the first bucket's start to the last one's end.
    ///   - span: The subtitle's head: what the buckets cover (`Last 26 weeks`, `November 2026 and October 2026,
    ///     daily`), also the empty chart's subtitle.
    ///   - covered: The part of the highlighted buckets the journal covers, for their rate; `nil`: the buckets.
    ///   - hasBefore: Whether the subtitle compares with the brews of the buckets before the highlighted ones (a
    ///     journal without brews before them compares with nothing).
    ///   - note: A note under the chart (how the bucket was chosen), or `nil`.
    ///   - emptyMessage: What the chart says when no bucket has a brew.
    ///   - timeZone: The report's time zone (buckets start at local midnight there).
    /// - Returns: The chart; empty when no bucket has a brew.
    public static func brewsPerBucket(_ buckets: [BucketValue], bucket: TrendBucket, highlight: TrendHighlight? = nil,
                                      name: String = "", domain: Range<Date>? = nil, span: String,
                                      covered: Range<Date>? = nil, hasBefore: Bool = true, note: String? = nil,
                                      emptyMessage: String = BrewstatsCharts.emptyMessage,
                                      timeZone: TimeZone = .gmt) -> Chart {
        let title = "Brews per \(bucket.rawValue)"
        let calendar = Chart.isoCalendar(timeZone)
        let values = buckets.map { max(0, $0.value) }
        let total = Int(values.reduce(0, +))
        guard total > 0, let firstStart = buckets.first?.start, let lastEnd = buckets.last?.end else {
            return .empty(title: title, subtitle: span, message: emptyMessage)
        }
        let isInside = buckets.map { b in highlight.map { $0.starts.contains(b.start) } ?? false }
        let inside = buckets.indices.filter { isInside[$0] }, others = buckets.indices.filter { !isInside[$0] }
        // Without a highlight, every bucket is counted as the chart's own (none is emphasised).
        let counted = highlight == nil ? Array(buckets.indices) : inside
        let thisTotal = Int(counted.reduce(0) { $0 + values[$1] })
        let beforeTotal = Int(others.filter { b in highlight.map { buckets[b].start < $0.starts.lowerBound } ?? true }
            .reduce(0) { $0 + values[$1] })
        let busiest = values.max() ?? 0
        let busiestBucket = buckets[values.lastIndex(of: busiest) ?? (buckets.count - 1)].start
        let zero = values.filter { $0 == 0 }.count
        let mean = Double(total) / Double(buckets.count)
        // The highlighted buckets' rate, when they are more than one bucket (of one, the rate is its count).
        let seconds = bucket.nominalSeconds
        let rate: String? = covered.map { c -> String in
            let n = c.upperBound.timeIntervalSince(c.lowerBound) / seconds
            return n > 0 ? number(Double(thisTotal) / n) : "—"
        } ?? (counted.count > 1 ? number(Double(thisTotal) / Double(counted.count)) : nil)
        var subtitle = "\(span) · \(count(thisTotal, "brew"))" + (rate.map { " (\($0) per \(bucket.rawValue))" } ?? "")
        if hasBefore { subtitle += " vs \(beforeTotal) before" }
        var busiestNote = "Busiest \(bucket.rawValue): \(count(Int(busiest), "brew")) " +
            "(\(label(busiestBucket, bucket, calendar)))"
        if zero > 0 { busiestNote += "; \(zero) \(bucket.rawValue)\(zero == 1 ? "" : "s") without brews" }
        // Counts tick on whole numbers (1, 2, 5, 10 … apart) and the axis ends on the tick above the busiest bucket.
        let step = AnchoredTicks.step(lower: 0, upper: busiest, anchor: 0, steps: AnchoredTicks.unitSteps(1),
                                      maxCount: 6)
        let top = max(step, (busiest / step).rounded(.up) * step)
        // Bars a little narrower than the shortest bucket, so neighbours never touch.
        let width = 0.86 * (buckets.map { $0.end.timeIntervalSince($0.start) }.min() ?? 86_400)
        var marks: [Mark] = highlight.map { [trendBand($0, bucket: bucket)] } ?? []
        marks.append(.bar(BarMark(x: .dates(others.map { buckets[$0].start }), y: .numbers(others.map { values[$0] }),
                                  span: width)))
        if !inside.isEmpty {
            marks.append(.bar(BarMark(x: .dates(inside.map { buckets[$0].start }),
                                      y: .numbers(inside.map { values[$0] }), span: width,
                                      series: Theme.emphasisSeries, label: name)))
        }
        marks.append(.rule(RuleMark(.horizontal, at: .number(mean),
                                    label: "mean \(number(mean)) per \(bucket.rawValue)")))
        let axis = domain ?? firstStart..<lastEnd
        return Chart(
            title: title,
            subtitle: subtitle,
            x: AxisSpec(title: bucket.axisTitle, dateDomain: axis.lowerBound...axis.upperBound, grid: false),
            y: AxisSpec(title: "Brews per \(bucket.rawValue)", domain: 0...top, format: .automatic,
                        ticks: AnchoredTicks.ticks(lower: 0, upper: top, anchor: 0, step: step)),
            marks: marks,
            notes: [busiestNote + "."] + (note.map { [$0] } ?? []),
            calendar: calendar)
    }

    /// How a bar's bucket is named: the local day (`2026-11-05`), the ISO week (`2026-W47`) or the month
    /// (`2026-11`) of its start in `calendar`.
    static func label(_ start: Date, _ bucket: TrendBucket, _ calendar: Calendar) -> String {
        switch bucket {
        case .week:
            let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: start)
            let week = c.weekOfYear ?? 0
            return "\(c.yearForWeekOfYear ?? 0)-W\(week < 10 ? "0" : "")\(week)"
        case .day, .month:
            let c = calendar.dateComponents([.year, .month, .day], from: start)
            let month = "\(c.year ?? 0)-\((c.month ?? 0) < 10 ? "0" : "")\(c.month ?? 0)"
            return bucket == .month ? month : "\(month)-\((c.day ?? 0) < 10 ? "0" : "")\(c.day ?? 0)"
        }
    }
}
