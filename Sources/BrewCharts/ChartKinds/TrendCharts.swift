import Foundation

extension BrewstatsCharts {
    /// Chart 2 — rating trend: weekly mean ratings as open points and their rolling mean as a solid line, on the
    /// fixed rating scale 0–5.
    ///
    /// The rolling line is drawn only through weeks that have rated brews: it breaks at weeks without one (and
    /// where `rolling` has a non-finite value) instead of carrying the last mean across them, and a note counts
    /// the breaks. The report week is shaded (``reportWeekBand(_:centred:)``).
    ///
    /// - Parameters:
    ///   - weekly: Mean rating per week with the number of rated brews behind it (weeks without rated brews are
    ///     simply absent).
    ///   - rolling: The rolling mean, computed by the statistics layer.
    ///   - windowWeeks: The rolling window, named in the legend.
    ///   - reportWeek: Monday 00:00 of the report week to shade, or `nil`.
    ///   - timeZone: The report's time zone.
    ///   - emptyMessage: What an empty chart says (default ``emptyMessage``).
    /// - Returns: The chart; empty when no week has a finite mean.
    public static func ratingTrend(weekly: [WeeklyValue], rolling: [DatedValue], windowWeeks: Int = 4,
                                   reportWeek: Date? = nil, timeZone: TimeZone = .gmt,
                                   emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        let title = "Rating trend"
        let weeks = weekly.filter { $0.value.isFinite }.sorted { $0.weekStart < $1.weekStart }
        guard !weeks.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let brews = weeks.reduce(0) { $0 + $1.count }
        let rated = Set(weeks.map(\.weekStart))
        let kept = rolling.filter { rated.contains($0.date) && $0.value.isFinite }.sorted { $0.date < $1.date }
        let line = brokenAtGaps(kept.map { ($0.date, $0.value) })
        var marks: [Mark] = reportWeek.map { [reportWeekBand($0, centred: true)] } ?? []
        marks.append(.point(PointMark(x: .dates(weeks.map(\.weekStart)), y: .numbers(weeks.map(\.value)), series: 1,
                                      label: "Weekly mean", radius: 3.6)))
        if !kept.isEmpty {
            marks.append(.line(LineMark(x: .dates(line.dates), y: .numbers(line.values), series: 0,
                                        label: "\(windowWeeks)-week rolling mean", width: 2.2)))
        }
        let notes = line.gaps == 0 ? [] : ["The line breaks where weeks have no rated brew (\(count(line.gaps, "gap")))."]
        return Chart(
            title: title,
            subtitle: "\(count(weeks.count, "week")) with rated brews · \(count(brews, "rated brew"))",
            x: AxisSpec(title: "Week (Monday start)", dateDomain: weekDomain(weeks.map(\.weekStart), reportWeek: reportWeek),
                        grid: false),
            y: AxisSpec(title: "Rating (0–5)", domain: 0...5, format: .decimals(0), ticks: ratingTicks, valid: 0...5),
            marks: marks,
            notes: notes,
            calendar: Chart.isoCalendar(timeZone))
    }

    /// Chart 3 — extraction trend: weekly mean extraction yield with the ideal range shaded.
    ///
    /// The y axis covers the ideal range ± 1 point and every week (± 0.5), ticked on a grid anchored on the ideal
    /// range (``AnchoredTicks``), so both edges of the range are ticks, and widened so each end is a tick or half
    /// a step from one — never a grid line a few points above the axis. The line breaks at weeks without a
    /// measured brew (a note counts the breaks); the subtitle counts the brews the weekly means are taken over
    /// (the `count` of each ``WeeklyValue``). The report week is shaded.
    ///
    /// - Parameters:
    ///   - weekly: Mean extraction yield (%) per week, with the number of brews with an extraction yield behind
    ///     it; implausible values should already be excluded. With `espresso`, the filter brews' weekly means.
    ///   - espresso: The espresso brews' weekly means, drawn as a second series (filter and espresso are never
    ///     averaged together); empty for a single series.
    ///   - brewsInside: How many of the brews behind the means have their own EY inside the ideal range; the
    ///     subtitle then judges brews, not weekly means (a mean can sit inside while every brew is outside).
    ///   - ideal: The ideal range, 18–22 % by default.
    ///   - reportWeek: Monday 00:00 of the report week to shade, or `nil`.
    ///   - timeZone: The report's time zone.
    ///   - emptyMessage: What an empty chart says (default ``emptyMessage``), e.g. that no brew has a TDS.
    /// - Returns: The chart; empty when no week has a finite mean.
    public static func extractionTrend(weekly: [WeeklyValue], espresso: [WeeklyValue] = [], brewsInside: Int? = nil,
                                       ideal: ClosedRange<Double> = 18...22,
                                       reportWeek: Date? = nil, timeZone: TimeZone = .gmt,
                                       emptyMessage: String = BrewstatsCharts.emptyMessage) -> Chart {
        let title = "Extraction yield per week"
        let filterWeeks = weekly.filter { $0.value.isFinite }.sorted { $0.weekStart < $1.weekStart }
        let espressoWeeks = espresso.filter { $0.value.isFinite }.sorted { $0.weekStart < $1.weekStart }
        let all = filterWeeks + espressoWeeks
        guard !all.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let filterBrews = filterWeeks.reduce(0) { $0 + $1.count }, espressoBrews = espressoWeeks.reduce(0) { $0 + $1.count }
        let brews = filterBrews + espressoBrews
        let (domain, step) = extractionAxis(all.map(\.value), ideal: ideal)
        var marks: [Mark] = [
            .band(BandMark(y: ideal, label: "Ideal \(number(ideal.lowerBound))–\(number(ideal.upperBound)) %", legend: nil)),
        ]
        if let reportWeek { marks.append(reportWeekBand(reportWeek, centred: true)) }
        // Filter and espresso apart: one line each, never averaged together.
        var gaps = 0
        let split = !espresso.isEmpty
        for (series, weeks, label) in [(0, filterWeeks, split ? "Filter, weekly mean" : "Weekly mean"),
                                       (1, espressoWeeks, "Espresso, weekly mean")] where !weeks.isEmpty {
            let line = brokenAtGaps(weeks.map { ($0.weekStart, $0.value) })
            gaps += line.gaps
            marks.append(.line(LineMark(x: .dates(line.dates), y: .numbers(line.values), series: series, label: nil, width: 1.6)))
            marks.append(.point(PointMark(x: .dates(weeks.map(\.weekStart)), y: .numbers(weeks.map(\.value)), series: series,
                                          label: label, radius: 3.4)))
        }
        var notes = gaps == 0 ? [] : ["\(split ? "Lines break" : "The line breaks") where weeks have no measured brew (\(count(gaps, "gap")))."]
        var subtitle = "\(count(brews, "brew")) with an extraction yield"
        if split { subtitle += " (\(filterBrews) filter, \(espressoBrews) espresso)" }
        if let brewsInside, brews > 0 {
            subtitle += " · \(brewsInside) (\(Int((100 * Double(brewsInside) / Double(brews)).rounded())) %) inside the ideal range"
            notes.append("Inside the ideal range counts brews, each by its own extraction yield, not weekly means.")
        } else {
            let inside = all.filter { ideal.contains($0.value) }.count
            subtitle += " · \(inside) of \(count(all.count, "weekly mean")) inside the ideal range"
        }
        return Chart(
            title: title,
            subtitle: subtitle,
            x: AxisSpec(title: "Week (Monday start)", dateDomain: weekDomain(all.map(\.weekStart), reportWeek: reportWeek),
                        grid: false),
            y: extractionAxisSpec(domain, step: step, ideal: ideal),
            marks: marks,
            notes: notes,
            calendar: Chart.isoCalendar(timeZone))
    }

    /// The time axis of a trend chart: from half a week before its first week to half a week after its last, the
    /// report week included (a report week after the last week with a value is still on the axis, marked);
    /// `nil` without a report week (the axis fits the data).
    static func weekDomain(_ starts: [Date], reportWeek: Date?) -> ClosedRange<Date>? {
        guard let reportWeek, let first = starts.min(), let last = starts.max() else { return nil }
        let half = 3.5 * 86_400
        return min(first, reportWeek).addingTimeInterval(-half)...max(last, reportWeek).addingTimeInterval(half)
    }

    /// The ticks of every rating axis: each whole rating of the 0–5 scale.
    static let ratingTicks: [Double] = [0, 1, 2, 3, 4, 5]

    /// The extraction-yield axis of the weekly and the period trend: from 1 % below the ideal range (or 0.5 % below
    /// the lowest value) to 1 % above it (or 0.5 % above the highest), snapped to a tick step anchored at the range's
    /// lower end, so the ideal band's edges fall on ticks. `values` is not empty.
    static func extractionAxis(_ values: [Double], ideal: ClosedRange<Double>) -> (domain: ClosedRange<Double>, step: Double) {
        let lower = min(ideal.lowerBound - 1, values.min()! - 0.5)
        let upper = max(ideal.upperBound + 1, values.max()! + 0.5)
        let step = AnchoredTicks.step(lower: lower, upper: upper, anchor: ideal.lowerBound,
                                      steps: AnchoredTicks.referenceSteps(ideal.upperBound - ideal.lowerBound), maxCount: 8)
        return (AnchoredTicks.snapped(lower: lower, upper: upper, anchor: ideal.lowerBound, step: step), step)
    }

    /// The y axis of ``extractionAxis(_:ideal:)``, titled and ticked.
    static func extractionAxisSpec(_ domain: ClosedRange<Double>, step: Double, ideal: ClosedRange<Double>) -> AxisSpec {
        AxisSpec(title: "Extraction yield (%)", domain: domain,
                 ticks: AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound, anchor: ideal.lowerBound, step: step))
    }
}
