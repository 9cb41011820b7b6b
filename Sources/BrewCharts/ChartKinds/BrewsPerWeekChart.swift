import Foundation

extension BrewstatsCharts {
    /// Chart 1 — brews per ISO week as bars over the last `weekCount` weeks, zero weeks shown on the baseline.
    ///
    /// The window ends at `endingWeek` (or the latest week in `weeks`) and every week in it gets a bar, so a
    /// week without brews is visibly zero rather than missing. A dashed rule marks the weekly mean; its label
    /// moves along the rule to where it hides no bar. The subtitle names the busiest week (the latest, on ties)
    /// by its count and ISO week, e.g. "busiest week: 9 brews (2025-W13)". The count axis ticks on whole
    /// numbers and ends on the first tick at or above the busiest week.
    /// Weeks outside the window are ignored; several entries for the same week are summed.
    ///
    /// Weeks before the journal's first brew (`journalStart`) are not weeks without brews: they get no bar, and
    /// the mean and the count of zero weeks are taken over the weeks from the journal's first week on (the
    /// subtitle says when the journal starts inside the window). The report week's bar (`endingWeek`) is drawn
    /// in the emphasis colour and named in the legend.
    ///
    /// - Parameters:
    ///   - weeks: Counts per week (any order, gaps allowed).
    ///   - endingWeek: Any instant in the last week to show; `nil` for the latest week in `weeks`.
    ///   - weekCount: Window length in weeks (at least 1; default 26).
    ///   - journalStart: Any instant in the week of the journal's first brew; `nil` to count every week of the
    ///     window.
    ///   - timeZone: The report's time zone (weeks start Monday 00:00 there).
    /// - Returns: The chart; empty when there are no brews in the window.
    public static func brewsPerWeek(_ weeks: [WeekCount], endingWeek: Date? = nil, weekCount: Int = 26,
                                    journalStart: Date? = nil, timeZone: TimeZone = .gmt) -> Chart {
        let title = "Brews per week"
        let calendar = Chart.isoCalendar(timeZone)
        let n = max(1, weekCount)
        guard let latest = endingWeek ?? weeks.map(\.weekStart).max() else {
            return .empty(title: title, subtitle: "Last \(n) weeks", message: emptyMessage)
        }
        func monday(_ date: Date) -> Date {
            calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? calendar.startOfDay(for: date)
        }
        let last = monday(latest)
        let window = (0..<n).reversed().map { calendar.date(byAdding: .day, value: -7 * $0, to: last)! }
        let first = journalStart.map(monday)
        // The weeks of the window the journal covers: from its first week on.
        let starts = window.filter { first == nil || $0 >= first! }
        guard !starts.isEmpty else {
            return .empty(title: title, subtitle: "Last \(n) weeks", message: emptyMessage)
        }
        var counts = [Date: Int]()
        for week in weeks { counts[monday(week.weekStart), default: 0] += max(0, week.count) }
        let values = starts.map { Double(counts[$0] ?? 0) }
        let total = Int(values.reduce(0, +))
        guard total > 0 else {
            return .empty(title: title, subtitle: "Last \(n) weeks", message: emptyMessage)
        }
        let mean = Double(total) / Double(starts.count)
        let busiest = values.max() ?? 0
        let busiestWeek = starts[values.lastIndex(of: busiest) ?? (starts.count - 1)]
        let zeroWeeks = values.filter { $0 == 0 }.count
        let span = starts.count == n ? "Last \(n) weeks"
            : "Last \(n) weeks, \(starts.count) since the journal's first brew (\(isoWeek(starts[0], calendar)))"
        var subtitle =
            "\(span) · \(count(total, "brew")) · busiest week: \(count(Int(busiest), "brew")) " +
                "(\(isoWeek(busiestWeek, calendar)))"
        if zeroWeeks > 0 { subtitle += " · \(zeroWeeks) week\(zeroWeeks == 1 ? "" : "s") without brews" }
        // Counts tick on whole numbers (1, 2, 5, 10 … apart) and the axis ends on the tick above the busiest week.
        let step = AnchoredTicks.step(lower: 0, upper: busiest, anchor: 0, steps: AnchoredTicks.unitSteps(1),
            maxCount: 6)
        let top = max(step, (busiest / step).rounded(.up) * step)
        return Chart(
            title: title,
            subtitle: subtitle,
            x: AxisSpec(title: "Week (Monday start)", dateDomain: window[0]...last.addingTimeInterval(7 * 86_400),
                grid: false),
            y: AxisSpec(title: "Brews", domain: 0...top, format: .automatic,
                        ticks: AnchoredTicks.ticks(lower: 0, upper: top, anchor: 0, step: step)),
            marks: [
                .bar(BarMark(x: .dates(starts), y: .numbers(values), span: 7 * 86_400)),
                .bar(BarMark(x: .dates([last]), y: .numbers([values.last ?? 0]), span: 7 * 86_400,
                             series: Theme.emphasisSeries, label: "report week (\(isoWeek(last, calendar)))")),
                .rule(RuleMark(.horizontal, at: .number(mean), label: "mean \(number(mean)) per week")),
            ],
            calendar: calendar)
    }

    /// "2025-W03": the ISO year and week number of `date` in `calendar`.
    static func isoWeek(_ date: Date, _ calendar: Calendar) -> String {
        let c = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        let week = c.weekOfYear ?? 0
        return "\(c.yearForWeekOfYear ?? 0)-W\(week < 10 ? "0" : "")\(week)"
    }
}
