import Foundation

extension BrewstatsCharts {
    /// Chart 1 — brews per ISO week as bars over the last `weekCount` weeks, zero weeks shown on the baseline.
    ///
    /// The window ends at `endingWeek` (or the latest week in `weeks`) and every week in it gets a bar, so a
    /// week without brews is visibly zero rather than missing. A dashed rule marks the weekly mean.
    /// Weeks outside the window are ignored; several entries for the same week are summed.
    ///
    /// - Parameters:
    ///   - weeks: Counts per week (any order, gaps allowed).
    ///   - endingWeek: Any instant in the last week to show; `nil` for the latest week in `weeks`.
    ///   - weekCount: Window length in weeks (at least 1; default 26).
    ///   - timeZone: The report's time zone (weeks start Monday 00:00 there).
    /// - Returns: The chart; empty when there are no brews in the window.
    public static func brewsPerWeek(_ weeks: [WeekCount], endingWeek: Date? = nil, weekCount: Int = 26,
                                    timeZone: TimeZone = .gmt) -> Chart {
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
        let starts = (0..<n).reversed().map { calendar.date(byAdding: .day, value: -7 * $0, to: last)! }
        var counts = [Date: Int]()
        for week in weeks { counts[monday(week.weekStart), default: 0] += max(0, week.count) }
        let values = starts.map { Double(counts[$0] ?? 0) }
        let total = Int(values.reduce(0, +))
        guard total > 0 else {
            return .empty(title: title, subtitle: "Last \(n) weeks", message: emptyMessage)
        }
        let mean = Double(total) / Double(n)
        let busiest = values.max() ?? 0
        let zeroWeeks = values.filter { $0 == 0 }.count
        var subtitle = "Last \(n) weeks · \(count(total, "brew")) · busiest week \(number(busiest, decimals: 0))"
        if zeroWeeks > 0 { subtitle += " · \(zeroWeeks) week\(zeroWeeks == 1 ? "" : "s") without brews" }
        return Chart(
            title: title,
            subtitle: subtitle,
            x: AxisSpec(title: "Week (Monday start)", grid: false),
            y: AxisSpec(title: "Brews", includeZero: true, format: .automatic),
            marks: [
                .bar(BarMark(x: .dates(starts), y: .numbers(values), span: 7 * 86_400)),
                .rule(RuleMark(.horizontal, at: .number(mean), label: "mean \(number(mean)) per week")),
            ],
            calendar: calendar)
    }
}
