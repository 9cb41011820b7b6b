import BrewColumns
import Foundation

/// The stretch of local calendar days a report covers: an ISO week, a calendar month, a calendar year or a custom
/// range of days, always whole days in the report's time zone (``StatsOptions/timeZone``), both ends inclusive.
///
/// Definitions:
/// - ``firstDay`` … ``lastDay``: the period's days. A week runs Monday to Sunday (ISO 8601); a month from its 1st
///   to its last day; a year from 1 January to 31 December — the calendar year, not the ISO week-numbering year,
///   so 1–3 January 2027 belong to the year 2027 although they lie in the ISO week 2026-W53.
/// - ``previous``: "the period before", of the same kind and length, immediately before: the previous week, month
///   or year (February before March, however many days each has); for a custom range of n days, the n days
///   before its first day.
/// - ``bounds(in:)``: the instants of the first day's local midnight and the next day after the last one's, so a
///   month across a daylight-saving change is 743 or 745 hours long, not 31 × 24.
/// - ``bucket``: the trend charts' bucket, chosen from the period's length (``TrendBucket/for(days:)``).
///
/// ```swift
/// let november = try ReportPeriod(month: "2026-11")   // 2026-11-01 … 2026-11-30
/// november.previous.label                               // "2026-10"
/// ```
public enum ReportPeriod: Sendable, Hashable, CustomStringConvertible {
    case week(IsoWeek)
    /// A calendar month: year and month (1–12).
    case month(year: Int, month: Int)
    /// A calendar year.
    case year(Int)
    /// Custom days, first ≤ last, both inclusive.
    case range(Day, Day)

    /// The month `YYYY-MM`, e.g. `2026-11`.
    ///
    /// - Throws: ``StatsError/invalidPeriod(_:)`` when the text is not a month that exists.
    public init(month text: String) throws(StatsError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), (1...12).contains(m), Day(year: y, month: m, day: 1) != nil
        else { throw .invalidPeriod("invalid month '\(text)' (expected YYYY-MM, e.g. 2026-11)") }
        self = .month(year: y, month: m)
    }

    /// The year `YYYY`, e.g. `2026`.
    ///
    /// - Throws: ``StatsError/invalidPeriod(_:)`` when the text is not four digits.
    public init(year text: String) throws(StatsError) {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let y = Int(text), y >= 1 else {
            throw .invalidPeriod("invalid year '\(text)' (expected YYYY, e.g. 2026)")
        }
        self = .year(y)
    }

    /// The days `from` … `to` (`YYYY-MM-DD` each, both inclusive).
    ///
    /// - Throws: ``StatsError/invalidPeriod(_:)`` when either is not a date that exists,
    ///   ``StatsError/reversedRange(first:last:)`` when `from` is after `to`.
    public init(from: String, to: String) throws(StatsError) {
        guard let a = ReportPeriod.day(from) else {
            throw .invalidPeriod("the range's first day must be a date YYYY-MM-DD that exists, not '\(from)'")
        }
        guard let b = ReportPeriod.day(to) else {
            throw .invalidPeriod("the range's last day must be a date YYYY-MM-DD that exists, not '\(to)'")
        }
        guard a <= b else { throw .reversedRange(first: a, last: b) }
        self = .range(a, b)
    }

    /// `YYYY-MM-DD` exactly (ten characters), as a day that exists; `nil` otherwise.
    static func day(_ text: String) -> Day? { Day(flag: text) }

    /// The period's first day.
    public var firstDay: Day {
        switch self {
        case .week(let w): w.firstDay
        case let .month(y, m): Day(year: y, month: m, day: 1)!
        case .year(let y): Day(year: y, month: 1, day: 1)!
        case let .range(a, _): a
        }
    }

    /// The period's last day.
    public var lastDay: Day {
        switch self {
        case .week(let w): w.lastDay
        case let .month(y, m): Day(year: y, month: m, day: Day.daysIn(month: m, year: y))!
        case .year(let y): Day(year: y, month: 12, day: 31)!
        case let .range(_, b): b
        }
    }

    /// The period's days, first to last.
    public var days: ClosedRange<Day> { firstDay...lastDay }

    /// How many days the period has (7 for a week, 28–31 for a month, 365 or 366 for a year).
    public var dayCount: Int { Int(lastDay.index - firstDay.index) + 1 }

    /// The period before: the same kind and length, immediately before (see the type's discussion).
    public var previous: ReportPeriod {
        switch self {
        case .week(let w): .week(w.advanced(by: -1))
        case let .month(y, m): m == 1 ? .month(year: y - 1, month: 12) : .month(year: y, month: m - 1)
        case .year(let y): .year(y - 1)
        case let .range(a, b):
            .range(Day(index: a.index - (b.index - a.index + 1)), Day(index: a.index - 1))
        }
    }

    /// The trend charts' bucket for this period (``TrendBucket/for(days:)``).
    public var bucket: TrendBucket { TrendBucket.for(days: dayCount) }

    /// What the period is called in a sentence: `week`, `month`, `year` or `period` (a custom range).
    public var noun: String {
        switch self {
        case .week: "week"
        case .month: "month"
        case .year: "year"
        case .range: "period"
        }
    }

    /// How the period before is named: `last week`, `last month`, `last year`, `the 14 days before`.
    public var previousName: String {
        if case .range = self { return "the \(dayCount) day\(dayCount == 1 ? "" : "s") before" }
        return "last \(noun)"
    }

    /// `2026-W47`, `2026-11`, `2026`, `2026-03-01_2026-03-15`: short, file-name safe.
    public var label: String {
        switch self {
        case .week(let w): w.label
        case let .month(y, m): String(format: "%04d-%02d", y, m)
        case .year(let y): String(format: "%04d", y)
        case let .range(a, b): "\(a)_\(b)"
        }
    }

    /// `November 2026`, `2026`, `2026-W47`, `1–15 Mar 2026`.
    public var name: String {
        switch self {
        case .week(let w): w.label
        case let .month(y, m): "\(ReportPeriod.monthNames[m - 1]) \(y)"
        case .year(let y): "\(y)"
        case let .range(a, b): ReportPeriod.span(a, b)
        }
    }

    public var description: String { label }

    /// Local midnight starting ``firstDay`` and local midnight after ``lastDay`` in `zone`: the half-open interval
    /// of instants the period holds. Across a daylight-saving change the interval is an hour shorter or longer.
    public func bounds(in zone: TimeZone) -> Range<Date> {
        LocalCalendar.midnight(of: firstDay, in: zone)..<LocalCalendar.midnight(of: Day(index: lastDay.index + 1),
            in: zone)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// `16–22 Nov 2026`, `28 Dec 2026 – 3 Jan 2027`, `5 Nov 2026` (one day).
    public static func span(_ a: Day, _ b: Day) -> String {
        let x = a.civil, y = b.civil
        func mon(_ m: Int) -> String { String(monthNames[m - 1].prefix(3)) }
        if a == b { return "\(x.day) \(mon(x.month)) \(x.year)" }
        if x.year != y.year { return "\(x.day) \(mon(x.month)) \(x.year) – \(y.day) \(mon(y.month)) \(y.year)" }
        if x.month != y.month { return "\(x.day) \(mon(x.month)) – \(y.day) \(mon(y.month)) \(y.year)" }
        return "\(x.day)–\(y.day) \(mon(x.month)) \(x.year)"
    }
}
