import BrewColumns
import Foundation

/// Converts instants to local calendar days in one time zone, fast enough for a column of a million brews.
///
/// Built once for the span of instants a journal holds: the zone's UTC offset is constant between its
/// transitions, so the calendar keeps the sorted transition instants inside the span (from Foundation's
/// `TimeZone.nextDaylightSavingTimeTransition(after:)`) with the offset that holds from each, and a
/// conversion is a binary search plus integer arithmetic. The local day of an instant is
/// `floor((unix seconds + offset) / 86 400)`: a brew at 23:30 local time on the evening clocks change
/// belongs to that local day, whatever the offset was that morning.
///
/// Offsets of instants outside the span are asked of Foundation directly, so every instant converts
/// correctly; the table only makes the common case fast.
public struct LocalCalendar: Sendable {
    /// The zone days are taken in.
    public let timeZone: TimeZone
    /// Transition instants (µs since the epoch), ascending; `offsets[i]` holds from `starts[i]`.
    private let starts: [Int64]
    /// UTC offsets in seconds; `offsets[0]` holds from `lower` up to `starts[1]`.
    private let offsets: [Int64]
    private let lower: Int64
    private let upper: Int64

    /// A calendar for `timeZone`, tabulated for instants in `span` (µs since the epoch).
    public init(timeZone: TimeZone, span: ClosedRange<Int64>? = nil) {
        self.timeZone = timeZone
        guard let span else {
            starts = []; offsets = []; lower = 1; upper = 0
            return
        }
        let first = Date(timeIntervalSince1970: Double(span.lowerBound) / 1_000_000)
        var starts: [Int64] = [span.lowerBound]
        var offsets: [Int64] = [Int64(timeZone.secondsFromGMT(for: first))]
        var cursor = first
        let end = Double(span.upperBound) / 1_000_000
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 <= end, next > cursor {
            starts.append(Int64((next.timeIntervalSince1970 * 1_000_000).rounded()))
            offsets.append(Int64(timeZone.secondsFromGMT(for: next)))
            cursor = next
        }
        self.starts = starts
        self.offsets = offsets
        self.lower = span.lowerBound
        self.upper = span.upperBound
    }

    /// The zone's UTC offset, in seconds, at the instant `microseconds` since the epoch.
    public func offsetSeconds(at microseconds: Int64) -> Int64 {
        tabulatedOffset(microseconds) ?? Int64(timeZone.secondsFromGMT(
            for: Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)))
    }

    func tabulatedOffset(_ t: Int64) -> Int64? {
        guard t >= lower, t <= upper else { return nil }
        // The last transition at or before t.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if starts[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return offsets[lo]
    }

    /// The stretch of instants around `t` (µs) over which the zone's offset is constant, as
    /// `start ..< end` with that offset in seconds: within the tabulated span, the stretch between two
    /// transitions (clipped to the span); outside it, `t` alone. Lets a loop over instants in time order
    /// reuse one offset until the next transition.
    func segment(at t: Int64) -> (start: Int64, end: Int64, offset: Int64) {
        guard t >= lower, t <= upper else { return (t, t + 1, offsetSeconds(at: t)) }
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if starts[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        let end = lo + 1 < starts.count ? starts[lo + 1] : upper + 1
        return (starts[lo], end, offsets[lo])
    }

    /// The local calendar day (days since 1970-01-01) of the instant `microseconds` since the epoch.
    public func dayIndex(at microseconds: Int64) -> Int32 {
        let seconds = floorDiv(microseconds, 1_000_000) + offsetSeconds(at: microseconds)
        return Int32(floorDiv(seconds, 86_400))
    }

    /// The local calendar day of `timestamp`.
    public func day(of timestamp: Timestamp) -> Day { Day(index: dayIndex(at: timestamp.microseconds)) }

    /// The ISO week of `timestamp` in this zone.
    public func week(of timestamp: Timestamp) -> IsoWeek { IsoWeek(containing: day(of: timestamp)) }

    /// Local midnight starting `day` in `zone`: the first instant of the day by Foundation's Gregorian calendar in
    /// the zone (where a clock change skips midnight, the first instant after it). The one conversion of a day to
    /// an instant: a period's bounds, a trend bucket's interval and a day's end all start from it.
    public static func midnight(of day: Day, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = day.civil
        return calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day))
            ?? Date(timeIntervalSince1970: 0)
    }

    /// The last microsecond of `day` in `zone`: the instant before ``midnight(of:in:)`` of the next day.
    public static func endOfDay(_ day: Day, in zone: TimeZone) -> Timestamp {
        Timestamp(microseconds: Timestamp(midnight(of: Day(index: day.index + 1), in: zone)).microseconds - 1)
    }
}

/// `⌊a ÷ b⌋` for `b > 0`.
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && a < 0) ? q - 1 : q
}
