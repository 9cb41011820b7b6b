import Foundation

/// The UTC offsets a journal's own date texts state (`2026-11-16T07:42:00+01:00`, a Beanconqueror bean's
/// `roastingDate` `2020-03-20T00:00:00+01:00`), sampled during the import: what tells the time zone the brews were
/// made in when none is given (docs/pages.md, "Local time").
///
/// A `Z` suffix states no zone (JavaScript's `toISOString()` writes every date in UTC), so it is not sampled; an
/// explicit `+00:00` is. One sample is kept per offset and calendar month (UTC), the first seen: enough to tell a
/// zone's summer time from its winter time, in constant memory.
public struct StatedOffsets: Sendable, Equatable {
    /// (seconds since 1970, offset in seconds east of UTC), in the order first seen.
    public private(set) var samples: [(instant: Int64, offset: Int32)] = []
    private var seen: Set<Int64> = []
    private var last: Int64 = .min

    public init() {}

    public static func == (a: StatedOffsets, b: StatedOffsets) -> Bool {
        a.samples.map(\.instant) == b.samples.map(\.instant) && a.samples.map(\.offset) == b.samples.map(\.offset)
    }

    public var isEmpty: Bool { samples.isEmpty }

    /// Records that the date text `text`, read as the instant `microseconds`, states its offset (when it does).
    public mutating func note(_ text: some StringProtocol, instant microseconds: Int64) {
        guard let offset = Self.offset(in: text) else { return }
        note(offset: offset, instant: microseconds)
    }

    /// Records an offset stated for the instant `microseconds`.
    public mutating func note(offset: Int32, instant microseconds: Int64) {
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        // One key per 30 days and offset: enough to tell a zone's summer from its winter.
        let key = (seconds >= 0 ? seconds / 2_592_000 : (seconds - 2_591_999) / 2_592_000) * 100_000 + Int64(offset)
        // Consecutive dates mostly share their key: no set look-up for them.
        guard key != last else { return }
        last = key
        guard samples.count < 512, seen.insert(key).inserted else { return }
        samples.append((seconds, offset))
    }

    /// Adds `other`'s samples (a journal read from several files).
    public mutating func merge(_ other: StatedOffsets) {
        for s in other.samples { note(offset: s.offset, instant: s.instant * 1_000_000) }
    }

    /// The offset a date text ends with: `±HH:MM`, `±HHMM` or `±HH` after a time of day, in seconds; `nil` for `Z`, no
    /// offset, or a date without a time.
    static func offset(in text: some StringProtocol) -> Int32? {
        var s = String(text)
        return s.withUTF8 { offset(bytes: $0) }
    }

    /// The offset stated by date text given as bytes (see ``offset(in:)``): no allocation, a look at the last six
    /// bytes.
    static func offset(bytes b: UnsafeBufferPointer<UInt8>) -> Int32? {
        let n = b.count
        // The shortest date with a time and an offset: `YYYY-MM-DDTHH+HH`.
        guard n >= 16, b[n - 1] != UInt8(ascii: "Z") else { return nil }
        func digit(_ i: Int) -> Int32? { b[i] >= 48 && b[i] <= 57 ? Int32(b[i] - 48) : nil }
        func sign(_ i: Int) -> Int32? { b[i] == UInt8(ascii: "+") ? 1 : b[i] == UInt8(ascii: "-") ? -1 : nil }
        // A time of day must come before the offset (`T` or a space after the date).
        guard b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " ") else { return nil }
        var hours: Int32?, minutes: Int32 = 0, sg: Int32?
        if let s = sign(n - 6), b[n - 3] == UInt8(ascii: ":"), let h1 = digit(n - 5), let h2 = digit(n - 4),
            let m1 = digit(n - 2), let m2 = digit(n - 1) {
            sg = s; hours = h1 * 10 + h2; minutes = m1 * 10 + m2
        } else if let s = sign(n - 5), let h1 = digit(n - 4), let h2 = digit(n - 3), let m1 = digit(n - 2),
            let m2 = digit(n - 1) {
            sg = s; hours = h1 * 10 + h2; minutes = m1 * 10 + m2
        } else if let s = sign(n - 3), let h1 = digit(n - 2), let h2 = digit(n - 1),
            b[n - 6] == UInt8(ascii: ":") || digit(n - 4) != nil {
            sg = s; hours = h1 * 10 + h2
        }
        guard let sg, let hours, hours <= 18, minutes < 60 else { return nil }
        return sg * (hours * 3600 + minutes * 60)
    }

    /// Zones tried first, in this order, when several fit the samples (the most used zone of each offset pattern);
    /// then every zone the system knows, in name order.
    static let preferred = ["Europe/Berlin", "Europe/London", "America/New_York", "America/Chicago", "America/Denver",
                            "America/Los_Angeles", "America/Sao_Paulo", "Asia/Tokyo", "Asia/Shanghai", "Asia/Kolkata",
                            "Australia/Sydney", "Pacific/Auckland", "Europe/Helsinki", "Europe/Moscow"]

    /// The time zone whose offset at every sampled instant is the offset stated there (the first of ``preferred``,
    /// then of every known zone by name); else, when every sample states one offset, that fixed offset; `nil` without
    /// samples or when no zone fits.
    public var zone: TimeZone? {
        guard !samples.isEmpty else { return nil }
        func fits(_ zone: TimeZone) -> Bool {
            samples.allSatisfy {
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0.instant))) == Int($0.offset)
            }
        }
        for id in Self.preferred + TimeZone.knownTimeZoneIdentifiers.sorted() {
            if let z = TimeZone(identifier: id), fits(z) { return z }
        }
        let offsets = Set(samples.map(\.offset))
        return offsets.count == 1 ? TimeZone(secondsFromGMT: Int(offsets.first!)) : nil
    }

    /// The distinct offsets stated, as text (`+01:00`, `+02:00`), smallest first.
    public var offsetTexts: [String] {
        Set(samples.map(\.offset)).sorted().map { o in
            let a = abs(Int(o))
            return (o < 0 ? "−" : "+") + String(format: "%02d:%02d", a / 3600, a % 3600 / 60)
        }
    }
}
