import Foundation

/// An instant, as whole microseconds since 1970-01-01T00:00:00Z (a logical type over `Int64`).
///
/// Stored in ``BrewTable`` as an ``Int64Column``. Microseconds keep Apple's REAL reference-date
/// seconds and ISO 8601 fractional seconds exact to the precision any journal records.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Microseconds since the Unix epoch, UTC.
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    /// Seconds between 1970-01-01 and Apple's reference date 2001-01-01T00:00:00Z.
    public static let appleReferenceOffset: Double = 978_307_200

    /// The earliest instant a `Timestamp` holds: −2⁶³ µs, about 292,277 years before 1970.
    public static let earliestRepresentable = Timestamp(microseconds: .min)
    /// The latest instant a `Timestamp` holds: 2⁶³ − 1 µs, about 292,277 years after 1970.
    public static let latestRepresentable = Timestamp(microseconds: .max)

    /// From seconds since the Unix epoch, rounded to the nearest microsecond; `nil` when `unixSeconds` is NaN or
    /// infinite, or the instant lies outside ``earliestRepresentable`` … ``latestRepresentable``
    /// (|seconds| ≥ about 9.22 × 10¹²).
    ///
    /// The conversion for untrusted input: `Timestamp(checkedUnixSeconds: 1e300)` is `nil`, where a plain
    /// `Int64(…)` conversion would trap. Whether a representable instant is a *plausible* date (a brew in
    /// year 30 000?) is for the caller to decide.
    public init?(checkedUnixSeconds unixSeconds: Double) {
        // `Int64(exactly:)` is nil for NaN, ±∞ and anything outside [−2⁶³, 2⁶³); the product is exact enough:
        // µs resolution is all a journal records.
        guard let us = Int64(exactly: (unixSeconds * 1_000_000).rounded()) else { return nil }
        self.microseconds = us
    }

    /// ``init(checkedUnixSeconds:)`` from Core Data's `TIMESTAMP` (seconds since 2001-01-01T00:00:00Z).
    public init?(checkedAppleReferenceSeconds seconds: Double) {
        self.init(checkedUnixSeconds: seconds + Timestamp.appleReferenceOffset)
    }

    /// From seconds since the Unix epoch, rounded to the nearest microsecond and **clamped** to
    /// ``earliestRepresentable`` … ``latestRepresentable``; NaN is the epoch. Never traps. For input that may be
    /// out of range prefer ``init(checkedUnixSeconds:)``, which tells the caller instead of clamping.
    public init(unixSeconds: Double) {
        if let t = Timestamp(checkedUnixSeconds: unixSeconds) {
            self = t
        } else {
            self.microseconds = unixSeconds.isNaN ? 0 : unixSeconds < 0 ? .min : .max
        }
    }

    /// From Core Data's `TIMESTAMP`: seconds since 2001-01-01T00:00:00Z, clamped like ``init(unixSeconds:)``.
    public init(appleReferenceSeconds: Double) {
        self.init(unixSeconds: appleReferenceSeconds + Timestamp.appleReferenceOffset)
    }

    public init(_ date: Date) { self.init(unixSeconds: date.timeIntervalSince1970) }

    /// Seconds since the Unix epoch.
    public var unixSeconds: Double { Double(microseconds) / 1_000_000 }
    /// Seconds since Apple's reference date.
    public var appleReferenceSeconds: Double { unixSeconds - Timestamp.appleReferenceOffset }
    public var date: Date { Date(timeIntervalSince1970: unixSeconds) }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }
}

/// A calendar day, as days since 1970-01-01 (a logical type over `Int32`), with no time zone.
///
/// Conversions to and from year-month-day use the proleptic Gregorian calendar (H. Hinnant's
/// `days_from_civil` / `civil_from_days`), valid for every year an `Int32` of days reaches.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var index: Int32

    public init(index: Int32) { self.index = index }

    /// The day `year`-`month`-`day`; `nil` when the date does not exist (e.g. 2026-02-30) or lies beyond what an
    /// `Int32` of days holds (years outside about ±5.8 million).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, (-5_000_000...5_000_000).contains(year),
              day <= Day.daysIn(month: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        self.index = Int32(era * 146_097 + doe - 719_468)
    }

    /// Parses `YYYY-MM-DD` (a longer ISO 8601 string is cut to its first 10 characters).
    public init?(iso string: some StringProtocol) {
        let parts = string.prefix(10).split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// A day given as an option's value: `YYYY-MM-DD` exactly (ten characters: four digits, `-`, two digits, `-`,
    /// two digits) naming a day that exists; `nil` otherwise (`2026-2-30`, `2026-02-30`, `+026-01-01`). The one
    /// reader of the date options (`--today`, `--since`, `--until`, `--from`, `--to`, `--start`); journals' dates are
    /// read by ``init(iso:)`` and the importers' date parsing.
    public init?(flag text: some StringProtocol) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D else { return nil }
        func digits(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r { guard (0x30...0x39).contains(b[i]) else { return nil }; v = v * 10 + Int(b[i] - 0x30) }
            return v
        }
        guard let y = digits(0..<4), let m = digits(5..<7), let d = digits(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The year, month (1–12) and day of month (1–31).
    public var civil: (year: Int, month: Int, day: Int) {
        let z = Int(index) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday. (1970-01-01 was a Thursday.)
    public var isoWeekday: Int {
        let w = (Int(index) + 3) % 7  // 0 = Monday
        return (w < 0 ? w + 7 : w) + 1
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let c = civil
        return String(format: "%04d-%02d-%02d", c.year, c.month, c.day)
    }

    public static func < (a: Day, b: Day) -> Bool { a.index < b.index }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
