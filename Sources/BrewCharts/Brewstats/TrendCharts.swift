import Foundation

extension BrewstatsCharts {
    /// Chart 2 — rating trend: weekly mean ratings as open points and their rolling mean as a solid line, on the
    /// fixed rating scale 0–5.
    ///
    /// - Parameters:
    ///   - weekly: Mean rating per week (weeks without rated brews are simply absent).
    ///   - rolling: The rolling mean, computed by the statistics layer; non-finite values break the line.
    ///   - windowWeeks: The rolling window, named in the legend.
    ///   - timeZone: The report's time zone.
    /// - Returns: The chart; empty when no week has a finite mean.
    public static func ratingTrend(weekly: [WeeklyValue], rolling: [DatedValue], windowWeeks: Int = 4,
                                   timeZone: TimeZone = .gmt) -> Chart {
        let title = "Rating trend"
        let weeks = weekly.filter { $0.value.isFinite }.sorted { $0.weekStart < $1.weekStart }
        guard !weeks.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let brews = weeks.reduce(0) { $0 + $1.count }
        let line = rolling.sorted { $0.date < $1.date }
        var marks: [Mark] = [
            .point(PointMark(x: .dates(weeks.map(\.weekStart)), y: .numbers(weeks.map(\.value)), series: 1,
                             label: "Weekly mean", radius: 3.6)),
        ]
        if !line.isEmpty {
            marks.append(.line(LineMark(x: .dates(line.map(\.date)), y: .numbers(line.map(\.value)), series: 0,
                                        label: "\(windowWeeks)-week rolling mean", width: 2.2)))
        }
        return Chart(
            title: title,
            subtitle: "\(count(weeks.count, "week")) with rated brews · \(count(brews, "brew"))",
            x: AxisSpec(title: "Week (Monday start)", grid: false),
            y: AxisSpec(title: "Rating (0–5)", domain: 0...5, format: .decimals(0), ticks: ratingTicks, valid: 0...5),
            marks: marks,
            calendar: Chart.isoCalendar(timeZone))
    }

    /// Chart 3 — extraction trend: weekly mean extraction yield with the ideal range shaded.
    ///
    /// The y axis covers the ideal range ± 1 point and every week (± 0.5), ticked on a grid anchored on the ideal
    /// range (``AnchoredTicks``), so both edges of the range are ticks, and widened so each end is a tick or half
    /// a step from one — never a grid line a few points above the axis.
    ///
    /// - Parameters:
    ///   - weekly: Mean extraction yield (%) per week; implausible values should already be excluded.
    ///   - ideal: The ideal range, 18–22 % by default.
    ///   - timeZone: The report's time zone.
    /// - Returns: The chart; empty when no week has a finite mean.
    public static func extractionTrend(weekly: [WeeklyValue], ideal: ClosedRange<Double> = 18...22,
                                       timeZone: TimeZone = .gmt) -> Chart {
        let title = "Extraction yield per week"
        let weeks = weekly.filter { $0.value.isFinite }.sorted { $0.weekStart < $1.weekStart }
        guard !weeks.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let inside = weeks.filter { ideal.contains($0.value) }.count
        let brews = weeks.reduce(0) { $0 + $1.count }
        let dates = Channel.dates(weeks.map(\.weekStart))
        let values = Channel.numbers(weeks.map(\.value))
        let lower = min(ideal.lowerBound - 1, weeks.map(\.value).min()! - 0.5)
        let upper = max(ideal.upperBound + 1, weeks.map(\.value).max()! + 0.5)
        let step = AnchoredTicks.step(lower: lower, upper: upper, anchor: ideal.lowerBound,
                                      steps: AnchoredTicks.referenceSteps(ideal.upperBound - ideal.lowerBound), maxCount: 8)
        let domain = AnchoredTicks.snapped(lower: lower, upper: upper, anchor: ideal.lowerBound, step: step)
        return Chart(
            title: title,
            subtitle: "\(count(brews, "measured brew")) · \(inside) of \(count(weeks.count, "week")) inside the ideal range",
            x: AxisSpec(title: "Week (Monday start)", grid: false),
            y: AxisSpec(title: "Extraction yield (%)", domain: domain,
                        ticks: AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound, anchor: ideal.lowerBound, step: step)),
            marks: [
                .band(BandMark(y: ideal, label: "Ideal \(number(ideal.lowerBound))–\(number(ideal.upperBound)) %",
                               legend: nil)),
                .line(LineMark(x: dates, y: values, series: 0, label: nil, width: 1.6)),
                .point(PointMark(x: dates, y: values, series: 0, label: "Weekly mean", radius: 3.4)),
            ],
            calendar: Chart.isoCalendar(timeZone))
    }

    /// The ticks of every rating axis: each whole rating of the 0–5 scale.
    static let ratingTicks: [Double] = [0, 1, 2, 3, 4, 5]
}
