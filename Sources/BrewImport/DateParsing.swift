import BrewColumns
import Foundation

/// A date read from text: an instant when the text carried an offset, otherwise a wall-clock time
/// that still needs a time zone.
enum ParsedDate: Equatable {
    /// Microseconds since the Unix epoch, UTC.
    case instant(Int64)
    /// Microseconds since 1970-01-01T00:00 of the local wall clock (no zone yet).
    case local(Int64)
    case empty
    case invalid
}

/// ISO 8601 over bytes, and formatting of instants.
enum ISO8601 {
    /// Parses `YYYY-MM-DD`, optionally followed by `T` or a space and `HH:MM[:SS[.fraction]]`, optionally
    /// followed by `Z` or an offset `±HH[:MM]`/`±HHMM`. A date alone is local midnight.
    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> ParsedDate {
        if let fixed = parseFixed(p) { return fixed }
        var i = 0, end = p.count
        while i < end, NumberParser.isBlank(p[i]) { i += 1 }
        while end > i, NumberParser.isBlank(p[end - 1]) { end -= 1 }
        if i == end { return .empty }
        func digits(_ n: Int) -> Int? {
            guard i + n <= end else { return nil }
            var v = 0
            for k in 0..<n {
                let b = p[i + k]
                guard b >= 0x30 && b <= 0x39 else { return nil }
                v = v * 10 + Int(b - 0x30)
            }
            i += n
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < end, p[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
              let dayIndex = Day(year: year, month: month, day: day)?.index
        else { return .invalid }
        var micros = Int64(dayIndex) * 86_400_000_000
        if i == end { return .local(micros) }
        guard p[i] == UInt8(ascii: "T") || p[i] == UInt8(ascii: "t") || p[i] == UInt8(ascii: " ") else {
            return .invalid
        }
        i += 1
        guard let hour = digits(2), hour <= 24, expect(":"), let minute = digits(2), minute < 60 else {
            return .invalid
        }
        var second = 0, fraction: Int64 = 0
        if i < end, p[i] == UInt8(ascii: ":") {
            i += 1
            guard let s = digits(2), s <= 60 else { return .invalid }
            second = s
            if i < end, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") {
                i += 1
                var scale: Int64 = 100_000, any = false
                while i < end, p[i] >= 0x30 && p[i] <= 0x39 {
                    fraction += Int64(p[i] - 0x30) * scale
                    scale /= 10; any = true; i += 1
                }
                guard any else { return .invalid }
            }
        }
        micros += Int64(hour * 3600 + minute * 60 + second) * 1_000_000 + fraction
        if i == end { return .local(micros) }
        if p[i] == UInt8(ascii: "Z") || p[i] == UInt8(ascii: "z") {
            i += 1
            return i == end ? .instant(micros) : .invalid
        }
        guard p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") else { return .invalid }
        let sign: Int64 = p[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        guard let oh = digits(2), oh <= 18 else { return .invalid }
        var om = 0
        if i < end {
            _ = expect(":")
            guard let m = digits(2), m < 60 else { return .invalid }
            om = m
        }
        guard i == end else { return .invalid }
        return .instant(micros - sign * Int64(oh * 3600 + om * 60) * 1_000_000)
    }

    /// The export's own shapes, `YYYY-MM-DDTHH:MM:SS±HH:MM` and `YYYY-MM-DDTHH:MM:SSZ`, read at fixed positions;
    /// `nil` for any other text (including these shapes with an impossible date or time), which ``parse(_:)``
    /// then reads in full. Where it answers, it agrees with the full parser.
    @inline(__always)
    static func parseFixed(_ p: UnsafeBufferPointer<UInt8>) -> ParsedDate? {
        let n = p.count
        guard n == 25 || n == 20, let b = p.baseAddress else { return nil }
        // SAFETY: every index below is under 20, or under 25 when `n == 25`.
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
        var bad: UInt8 = 0
        @inline(__always) func two(_ k: Int) -> Int {
            let hi = b[k] &- 0x30, lo = b[k + 1] &- 0x30
            bad |= (hi > 9 ? 1 : 0) | (lo > 9 ? 1 : 0)
            return Int(hi) &* 10 &+ Int(lo)
        }
        let year = two(0) &* 100 &+ two(2), month = two(5), day = two(8)
        let hour = two(11), minute = two(14), second = two(17)
        guard bad == 0, hour <= 24, minute < 60, second <= 60,
              let dayIndex = Day(year: year, month: month, day: day)?.index else { return nil }
        let micros = (Int64(dayIndex) * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1_000_000
        if n == 20 { return b[19] == UInt8(ascii: "Z") ? .instant(micros) : nil }
        let sign: Int64
        switch b[19] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        guard b[22] == UInt8(ascii: ":") else { return nil }
        let oh = two(20), om = two(23)
        guard bad == 0, oh <= 18, om < 60 else { return nil }
        return .instant(micros - sign * Int64(oh * 3600 + om * 60) * 1_000_000)
    }

    static func parse(_ s: String) -> ParsedDate {
        var s = s
        return s.withUTF8 { parse($0) }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (with `.ffffff` when the instant has a fraction of a second).
    static func format(_ t: Timestamp) -> String {
        let secondsTotal = t.microseconds >= 0 ? t.microseconds / 1_000_000 : (t.microseconds - 999_999) / 1_000_000
        let micros = t.microseconds - secondsTotal * 1_000_000
        let days = secondsTotal >= 0 ? secondsTotal / 86_400 : (secondsTotal - 86_399) / 86_400
        let secondOfDay = Int(secondsTotal - days * 86_400)
        let day = Day(index: Int32(days)).description
        var text = day + "T" + String(format: "%02d:%02d:%02d", secondOfDay / 3600, secondOfDay / 60 % 60,
            secondOfDay % 60)
        if micros != 0 { text += String(format: ".%06d", Int(micros)) }
        return text + "Z"
    }
}

/// Turns wall-clock times into instants in one time zone, caching the zone's offset per local hour
/// (offset look-ups are slow; a journal's brews fall into few distinct hours).
struct LocalTimeResolver {
    let timeZone: TimeZone
    private var cache: [Int64: Int32] = [:]

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The instant (µs since the epoch, UTC) shown as `local` on the zone's clocks. In a gap (spring forward)
    /// the earlier offset applies; in an overlap (fall back) the first occurrence is chosen.
    mutating func instant(fromLocal local: Int64) -> Int64 {
        let hourKey = local >= 0 ? local / 3_600_000_000 : (local - 3_599_999_999) / 3_600_000_000
        if let offset = cache[hourKey] { return local - Int64(offset) * 1_000_000 }
        let localSeconds = Double(local) / 1_000_000
        let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds))
        var offset = first
        let second = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds - Double(first)))
        if second != first {
            let third = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds - Double(second)))
            offset = third == second ? second : max(first, second)
        }
        if cache.count < 1 << 20 { cache[hourKey] = Int32(offset) }
        return local - Int64(offset) * 1_000_000
    }

    /// The calendar day of an instant on this zone's clocks.
    func day(of instant: Timestamp) -> Day {
        let offset = timeZone.secondsFromGMT(for: instant.date)
        let local = instant.microseconds / 1_000_000 + Int64(offset)
        return Day(index: Int32(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }
}

/// A date pattern from a column mapping (`dd.MM.yyyy HH:mm`): `yyyy`, `yy` (2000–2099), `MM`/`M`, `dd`/`d`,
/// `HH`/`H`, `mm`, `ss`, `SSS` (fraction digits), `XXX` (`Z` or an offset); any other character must match itself.
struct DatePattern: Sendable, Equatable {
    enum Token: Sendable,
        Equatable { case year4, year2, month, day, hour, minute, second, fraction, zone, literal(UInt8) }
    let tokens: [Token]
    let text: String

    init?(_ pattern: String) {
        var tokens: [Token] = []
        let chars = Array(pattern.utf8)
        var i = 0
        while i < chars.count {
            var run = 1
            while i + run < chars.count, chars[i + run] == chars[i] { run += 1 }
            switch (chars[i], run) {
            case (UInt8(ascii: "y"), 4): tokens.append(.year4)
            case (UInt8(ascii: "y"), 2): tokens.append(.year2)
            case (UInt8(ascii: "M"), 1...2): tokens.append(.month)
            case (UInt8(ascii: "d"), 1...2): tokens.append(.day)
            case (UInt8(ascii: "H"), 1...2): tokens.append(.hour)
            case (UInt8(ascii: "m"), 2): tokens.append(.minute)
            case (UInt8(ascii: "s"), 2): tokens.append(.second)
            case (UInt8(ascii: "S"), _): tokens.append(.fraction)
            case (UInt8(ascii: "X"), _), (UInt8(ascii: "Z"), _): tokens.append(.zone)
            case (let c, _) where (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A): return nil
            default: for _ in 0..<run { tokens.append(.literal(chars[i])) }
            }
            i += run
        }
        guard tokens.contains(.year4) || tokens.contains(.year2), tokens.contains(.month),
            tokens.contains(.day) else { return nil }
        self.tokens = tokens
        self.text = pattern
    }

    func parse(_ p: UnsafeBufferPointer<UInt8>) -> ParsedDate {
        var i = 0, end = p.count
        while i < end, NumberParser.isBlank(p[i]) { i += 1 }
        while end > i, NumberParser.isBlank(p[end - 1]) { end -= 1 }
        if i == end { return .empty }
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var fraction: Int64 = 0, offset: Int64? = nil
        func number(max n: Int) -> Int? {
            var v = 0, k = 0
            while k < n, i < end, p[i] >= 0x30 && p[i] <= 0x39 { v = v * 10 + Int(p[i] - 0x30); i += 1; k += 1 }
            return k == 0 ? nil : v
        }
        for token in tokens {
            switch token {
            case .year4: guard let v = number(max: 4) else { return .invalid }; year = v
            case .year2: guard let v = number(max: 2) else { return .invalid }; year = 2000 + v
            case .month: guard let v = number(max: 2) else { return .invalid }; month = v
            case .day: guard let v = number(max: 2) else { return .invalid }; day = v
            case .hour: guard let v = number(max: 2), v <= 24 else { return .invalid }; hour = v
            case .minute: guard let v = number(max: 2), v < 60 else { return .invalid }; minute = v
            case .second: guard let v = number(max: 2), v <= 60 else { return .invalid }; second = v
            case .fraction:
                var scale: Int64 = 100_000
                while i < end, p[i] >= 0x30 && p[i] <= 0x39 {
                    fraction += Int64(p[i] - 0x30) * scale; scale /= 10; i += 1
                }
            case .zone:
                guard i < end else { return .invalid }
                if p[i] == UInt8(ascii: "Z") { i += 1; offset = 0; continue }
                guard p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") else { return .invalid }
                let sign: Int64 = p[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let h = number(max: 2) else { return .invalid }
                if i < end, p[i] == UInt8(ascii: ":") { i += 1 }
                let m = number(max: 2) ?? 0
                offset = sign * Int64(h * 3600 + m * 60)
            case .literal(let c):
                guard i < end, p[i] == c else { return .invalid }
                i += 1
            }
        }
        guard i == end, let d = Day(year: year, month: month, day: day) else { return .invalid }
        let local = Int64(d.index) * 86_400_000_000 + Int64(hour * 3600 + minute * 60 + second) * 1_000_000 + fraction
        if let offset { return .instant(local - offset * 1_000_000) }
        return .local(local)
    }
}
