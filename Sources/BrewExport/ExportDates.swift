import BrewColumns

/// Dates as the exports write them.
enum ExportDates {
    /// `YYYY-MM-DDTHH:MM:SSZ`, with `.ffffff` when the instant has a fraction of a second (docs/definitions.md:
    /// timestamps written out are ISO 8601 in UTC).
    static func appendInstant(_ t: Timestamp, fraction: Bool = true, to out: inout [UInt8]) {
        let us = t.microseconds
        let seconds = us >= 0 ? us / 1_000_000 : (us - 999_999) / 1_000_000
        let micros = us - seconds * 1_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        appendDay(Day(index: Int32(truncatingIfNeeded: days)), to: &out)
        out.append(0x54)
        two(secondOfDay / 3600, &out); out.append(0x3A)
        two(secondOfDay / 60 % 60, &out); out.append(0x3A)
        two(secondOfDay % 60, &out)
        if fraction, micros != 0 {
            out.append(0x2E)
            var digits = [UInt8](repeating: 0x30, count: 6)
            var m = Int(micros)
            for k in stride(from: 5, through: 0, by: -1) { digits[k] = UInt8(m % 10) + 0x30; m /= 10 }
            out.append(contentsOf: digits)
        }
        out.append(0x5A)
    }

    static func instant(_ t: Timestamp, fraction: Bool = true) -> String {
        var out: [UInt8] = []
        appendInstant(t, fraction: fraction, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `YYYY-MM-DD` (years 0–9999; ``Day/description`` for any other), written digit by digit: `Day.description`
    /// formats through `String(format:)`, which was a third of a 1M-brew CSV export's time.
    static func appendDay(_ d: Day, to out: inout [UInt8]) {
        let c = d.civil
        guard (0...9999).contains(c.year) else {
            out.append(contentsOf: d.description.utf8)
            return
        }
        two(c.year / 100, &out); two(c.year % 100, &out)
        out.append(0x2D); two(c.month, &out)
        out.append(0x2D); two(c.day, &out)
    }

    @inline(__always) private static func two(_ v: Int, _ out: inout [UInt8]) {
        out.append(UInt8(v / 10) + 0x30)
        out.append(UInt8(v % 10) + 0x30)
    }
}
