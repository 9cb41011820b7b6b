import Foundation

/// The calendar unit a time axis ticks on.
public enum TimeTickUnit: Sendable, Hashable {
    /// Every `n` days at midnight.
    case days(Int)
    /// Every `n` weeks on Mondays (ISO weeks); for `n > 1`, the Mondays a whole number of `n`-week steps from
    /// Monday 1 January 2001, so spacing stays even across 53-week years.
    case weeks(Int)
    /// Every `n` months on the 1st, aligned so January is always a candidate.
    case months(Int)
    /// Every `n` years on 1 January, at multiples of `n`.
    case years(Int)

    /// Approximate length in seconds, used to pick a unit for a span.
    var approximateSeconds: Double {
        switch self {
        case .days(let n): Double(n) * 86_400
        case .weeks(let n): Double(n) * 7 * 86_400
        case .months(let n): Double(n) * 30.44 * 86_400
        case .years(let n): Double(n) * 365.25 * 86_400
        }
    }
}

/// Tick placement for time axes on calendar boundaries: days, Monday-first weeks, months or years.
///
/// The finest unit from `[1 d, 2 d, 1 w, 2 w, 1 mo, 2 mo, 3 mo, 6 mo, 1 y, 2 y, 5 y, 10 y, …]` giving at most
/// `count` ticks inside the range is chosen. Ticks are computed in the supplied calendar's time zone, so a
/// week tick is local Monday midnight. A degenerate range (start = end) is widened to ±3 days; reversed
/// bounds are swapped. Ranges across a year end simply continue into January.
public enum TimeTicks {
    static let candidates: [TimeTickUnit] = [
        .days(1), .days(2), .weeks(1), .weeks(2), .months(1), .months(2), .months(3), .months(6),
        .years(1), .years(2), .years(5), .years(10), .years(20), .years(50), .years(100),
    ]

    /// Widens a degenerate range to ±3 days and orders the bounds.
    public static func widened(_ start: Date, _ end: Date) -> (Date, Date) {
        let (a, b) = start <= end ? (start, end) : (end, start)
        if b.timeIntervalSince(a) < 1 { return (a.addingTimeInterval(-3 * 86_400), b.addingTimeInterval(3 * 86_400)) }
        return (a, b)
    }

    /// Ticks inside `[start, end]`, at most `count` of them (at least one unit is always returned).
    ///
    /// - Parameters:
    ///   - start: Range start.
    ///   - end: Range end.
    ///   - count: The maximum number of ticks wanted (clamped to at least 2).
    ///   - calendar: The calendar and time zone to tick in; use an ISO 8601 calendar for Monday weeks.
    /// - Returns: Tick dates in increasing order and the unit chosen.
    public static func ticks(
        start: Date, end: Date, count: Int, calendar: Calendar
    ) -> (dates: [Date], unit: TimeTickUnit) {
        let (lo, hi) = widened(start, end)
        let limit = max(2, count)
        let span = hi.timeIntervalSince(lo)
        for unit in candidates where span / unit.approximateSeconds <= Double(limit) + 1 {
            let dates = generate(unit, from: lo, to: hi, calendar: calendar)
            if dates.count <= limit, dates.count >= 1 || unit == candidates.last { return (dates, unit) }
        }
        let unit = TimeTickUnit.years(max(1, Int(span / (365.25 * 86_400) / Double(limit)) + 1))
        return (generate(unit, from: lo, to: hi, calendar: calendar), unit)
    }

    /// Every tick of `unit` in `[from, to]`.
    static func generate(_ unit: TimeTickUnit, from: Date, to: Date, calendar: Calendar) -> [Date] {
        var dates: [Date] = []
        var cursor: Date
        let startOfDay = calendar.startOfDay(for: from)
        switch unit {
        case .days:
            cursor = startOfDay < from ? calendar.date(byAdding: .day, value: 1, to: startOfDay)! : startOfDay
        case .weeks(let n):
            var components = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: from)
            components.weekday = 2
            var monday = calendar.date(from: components) ?? startOfDay
            while monday < from { monday = calendar.date(byAdding: .day, value: 7, to: monday)! }
            // Align multi-week steps to a fixed Monday (1 January 2001) so ticks do not depend on the range start
            // and stay evenly spaced across years with 53 ISO weeks (week numbers restart at 1).
            if n > 1, let epoch = calendar.date(from: DateComponents(year: 2001, month: 1, day: 1)) {
                while let days = calendar.dateComponents([.day], from: epoch, to: monday).day,
                      ((days / 7) % n + n) % n != 0 {
                    monday = calendar.date(byAdding: .day, value: 7, to: monday)!
                }
            }
            cursor = monday
        case .months(let n):
            var components = calendar.dateComponents([.year, .month], from: from)
            components.day = 1
            var first = calendar.date(from: components)!
            if first < from { first = calendar.date(byAdding: .month, value: 1, to: first)! }
            while (calendar.component(.month, from: first) - 1) % n != 0 {
                first = calendar.date(byAdding: .month, value: 1, to: first)!
            }
            cursor = first
        case .years(let n):
            var year = calendar.component(.year, from: from)
            if calendar.date(from: DateComponents(year: year, month: 1, day: 1))! < from { year += 1 }
            while year % n != 0 { year += 1 }
            cursor = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!
        }
        while cursor <= to, dates.count < 10_000 {
            dates.append(cursor)
            cursor = advance(cursor, by: unit, calendar: calendar)
        }
        return dates
    }

    static func advance(_ date: Date, by unit: TimeTickUnit, calendar: Calendar) -> Date {
        switch unit {
        case .days(let n): calendar.date(byAdding: .day, value: n, to: date)!
        case .weeks(let n): calendar.date(byAdding: .day, value: 7 * n, to: date)!
        case .months(let n): calendar.date(byAdding: .month, value: n, to: date)!
        case .years(let n): calendar.date(byAdding: .year, value: n, to: date)!
        }
    }
}
