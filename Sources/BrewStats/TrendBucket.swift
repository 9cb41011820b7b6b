import BrewColumns

/// The bucket a trend chart of a period groups brews by: local days, ISO weeks or calendar months.
///
/// ``for(days:)`` picks it from the period's length: a day for up to 31 days (a week, a month, a short range),
/// an ISO week for up to 186 days (about six months), a calendar month beyond (a year or longer). So a trend has
/// between 7 and 31 points for a short period, and about 27 for half a year.
///
/// Buckets are numbered consecutively (``index(of:)``), so grouping by bucket is grouping by an integer: a day by
/// its ``Day/index``, a week by its ``IsoWeek/index``, a month by `12 × year + month − 1`.
public enum TrendBucket: String, Sendable, Hashable, CaseIterable {
    case day
    case week
    case month

    /// The bucket for a period of `days` days (see the type's discussion).
    public static func `for`(days: Int) -> TrendBucket {
        days <= 31 ? .day : days <= 186 ? .week : .month
    }

    /// The number of the bucket holding `day`.
    @inlinable
    public func index(of day: Int32) -> Int32 {
        switch self {
        case .day: return day
        case .week: return IsoWeek.index(ofDay: day)
        case .month:
            let c = Day(index: day).civil
            return Int32(c.year * 12 + c.month - 1)
        }
    }

    /// The first day of bucket `index`.
    public func firstDay(of index: Int32) -> Day {
        switch self {
        case .day: return Day(index: index)
        case .week: return IsoWeek(index: index).firstDay
        case .month:
            let i = Int(index)
            let year = i >= 0 ? i / 12 : -((-i + 11) / 12)
            return Day(year: year, month: i - year * 12 + 1, day: 1)!
        }
    }

    /// How a chart names one bucket: `2026-11-05`, `2026-W47`, `2026-11`.
    public func label(of index: Int32) -> String {
        switch self {
        case .day: return "\(Day(index: index))"
        case .week: return IsoWeek(index: index).label
        case .month:
            let c = firstDay(of: index).civil
            return String(format: "%04d-%02d", c.year, c.month)
        }
    }

    /// The bucket's nominal length in seconds: a day is 86 400, a week 7 days, a month 30.436875 days (the mean
    /// Gregorian month, 365.2425 ÷ 12). Real buckets differ (a day across a daylight-saving change is 23 or 25
    /// hours, February is 28 or 29 days); the nominal length is for rates per bucket and a chart's margins.
    public var nominalSeconds: Double {
        switch self {
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 30.436875 * 86_400
        }
    }

    /// `daily`, `weekly`, `monthly`: how a caption says which bucket a chart uses.
    public var adjective: String {
        switch self {
        case .day: "daily"
        case .week: "weekly"
        case .month: "monthly"
        }
    }

    /// The chart's time-axis title: `Day`, `Week (Monday start)`, `Month`.
    public var axisTitle: String {
        switch self {
        case .day: "Day"
        case .week: "Week (Monday start)"
        case .month: "Month"
        }
    }
}
