import BrewColumns

/// An ISO 8601 week: Monday to Sunday, numbered within its ISO week-numbering year.
///
/// Week 1 is the week holding the year's first Thursday, so the ISO year of a week is the calendar year of
/// its Thursday: 2026-12-28 … 2027-01-03 is `2026-W53`, and 2021-01-01 belongs to `2020-W53`. A year has
/// 53 weeks when it starts on a Thursday, or on a Wednesday in a leap year.
///
/// Weeks are also numbered consecutively by ``index``: the number of weeks since the week holding
/// 1970-01-01 (which began on Monday 1969-12-29), so consecutive weeks differ by 1 across year ends and
/// grouping by week is grouping by an integer. Weeks order by ``index``.
public struct IsoWeek: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Weeks since the ISO week holding 1970-01-01 (that week has index 0).
    public let index: Int32

    /// The week with consecutive number `index`.
    public init(index: Int32) { self.index = index }

    /// The week holding `day`.
    public init(containing day: Day) {
        self.index = IsoWeek.index(ofDay: day.index)
    }

    /// The week `week` of ISO year `year`; `nil` when the year has no such week (e.g. week 53 of 2025).
    public init?(year: Int, week: Int) {
        guard week >= 1, week <= IsoWeek.weeksIn(isoYear: year), let jan4 = Day(year: year, month: 1, day: 4) else {
            return nil
        }
        self.index = IsoWeek.index(ofDay: jan4.index) + Int32(week - 1)
    }

    /// Parses `YYYY-Www` (e.g. `2026-W53`; the `W` may be lower-case: `2026-w53`).
    ///
    /// - Throws: ``StatsError/invalidWeekLabel(_:)`` when the text is not that shape, and
    ///   ``StatsError/noSuchWeek(label:year:weeks:)`` when it is but the year has no such week (`2025-W53`, as
    ///   2025 has 52 ISO weeks; `2026-W00`).
    public init(label: String) throws(StatsError) {
        let parts = label.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 3,
            parts[1].first == "W" || parts[1].first == "w",
              (parts[0] + parts[1].dropFirst()).allSatisfy({ $0.isASCII && $0.isNumber }),
              let y = Int(parts[0]), let w = Int(parts[1].dropFirst())
        else { throw .invalidWeekLabel(label) }
        guard let week = IsoWeek(year: y, week: w) else {
            throw .noSuchWeek(label: label, year: y, weeks: IsoWeek.weeksIn(isoYear: y))
        }
        self = week
    }

    /// The consecutive week number of the week holding day index `day` (days since 1970-01-01).
    @inlinable
    public static func index(ofDay day: Int32) -> Int32 {
        // Day 0 is a Thursday; day -3 (1969-12-29) is the Monday that starts week 0.
        let shifted = Int64(day) + 3
        return Int32(shifted >= 0 ? shifted / 7 : -((-shifted + 6) / 7))
    }

    /// The Monday that starts this week.
    public var firstDay: Day { Day(index: index * 7 - 3) }
    /// The Sunday that ends this week.
    public var lastDay: Day { Day(index: index * 7 + 3) }

    /// The ISO week-numbering year (the calendar year of this week's Thursday).
    public var year: Int { Day(index: index * 7).civil.year }

    /// The week number within ``year``, 1…52 or 1…53.
    public var week: Int {
        let thursday = Day(index: index * 7)
        let jan1 = Day(year: thursday.civil.year, month: 1, day: 1)!
        return Int(thursday.index - jan1.index) / 7 + 1
    }

    /// `YYYY-Www`, e.g. `2026-W05`.
    public var label: String {
        let w = week
        return "\(year)-W\(w < 10 ? "0" : "")\(w)"
    }

    public var description: String { label }

    /// The week `n` weeks after this one (before it for negative `n`).
    public func advanced(by n: Int) -> IsoWeek { IsoWeek(index: index + Int32(n)) }

    /// The number of ISO weeks (52 or 53) of ISO year `year`.
    public static func weeksIn(isoYear year: Int) -> Int {
        // A year has 53 weeks exactly when its 28 December falls in week 53, i.e. when 31 December of the
        // year is a Thursday, or a Friday in a leap year; equivalently its Dec 28 week's Thursday is in `year`
        // and Jan 4 of the next year lies 53 weeks after Jan 4 of this one.
        guard let a = Day(year: year, month: 1, day: 4), let b = Day(year: year + 1, month: 1, day: 4) else {
            return 52
        }
        return Int(index(ofDay: b.index) - index(ofDay: a.index))
    }

    public static func < (a: IsoWeek, b: IsoWeek) -> Bool { a.index < b.index }
}
