import BrewColumns

/// Text forms the exports share, appended as UTF-8 bytes (the writers' hot path builds no `String`s):
/// numbers with `.` decimals and no trailing `.0`, ISO 8601 days and instants, UUIDs.
enum SynthFormat {
    /// Appends an integer in decimal.
    static func appendInt(_ n: Int64, to out: inout [UInt8]) {
        if n < 0 { out.append(0x2D) }
        var v = n.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            // SAFETY: a UInt64 has at most 20 decimal digits, the tuple's size.
            repeat {
                d[count] = UInt8(truncatingIfNeeded: v % 10) + 0x30
                v /= 10
                count += 1
            } while v > 0
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(d[i]) }
        }
    }

    /// Appends the shortest text that reads back as `x`: integers without a fraction (`18`), values with at
    /// most two decimals directly (`18.4`, `1.38`), anything else as Swift's shortest round-trip form.
    static func appendNumber(_ x: Double, to out: inout [UInt8]) {
        if x == x.rounded(), abs(x) < 1e15 { appendInt(Int64(x), to: &out); return }
        let hundredths = (x * 100).rounded()
        if abs(x) < 1e12, hundredths / 100 == x {
            let h = Int64(hundredths)
            if h < 0 { out.append(0x2D) }
            let m = h.magnitude
            appendInt(Int64(m / 100), to: &out)
            out.append(0x2E)
            let frac = m % 100
            out.append(UInt8(frac / 10) + 0x30)
            if frac % 10 != 0 { out.append(UInt8(frac % 10) + 0x30) }
            return
        }
        out.append(contentsOf: String(x).utf8)
    }

    /// The text of ``appendNumber(_:to:)``.
    static func number(_ x: Double) -> String {
        var out: [UInt8] = []
        appendNumber(x, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append2(_ n: Int, to out: inout [UInt8]) {
        out.append(UInt8(n / 10) + 0x30); out.append(UInt8(n % 10) + 0x30)
    }

    /// Appends `YYYY-MM-DD` (four-digit years, which every generated day has).
    static func appendDay(_ day: Day, to out: inout [UInt8]) {
        let c = day.civil
        appendInt(Int64(c.year), to: &out)
        out.append(0x2D); append2(c.month, to: &out); out.append(0x2D); append2(c.day, to: &out)
    }

    /// `YYYY-MM-DD`.
    static func dayString(_ day: Day) -> String {
        var out: [UInt8] = []
        appendDay(day, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS` for whole seconds since 1970 (shifted into whatever zone is wanted).
    private static func appendDateTime(_ seconds: Int64, separator: UInt8 = 0x54, withSeconds: Bool = true,
                                       to out: inout [UInt8]) {
        let dayIndex = floorDiv(seconds, 86_400)
        appendDay(Day(index: Int32(dayIndex)), to: &out)
        let s = Int(seconds - dayIndex * 86_400)
        out.append(separator)
        append2(s / 3600, to: &out); out.append(0x3A); append2(s / 60 % 60, to: &out)
        if withSeconds { out.append(0x3A); append2(s % 60, to: &out) }
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS±HH:MM` in a zone `offset` seconds east of UTC (the instant truncated to
    /// the second).
    static func appendISOLocal(_ t: Timestamp, offset: Int, to out: inout [UInt8]) {
        appendDateTime(floorDiv(t.microseconds, 1_000_000) + Int64(offset), to: &out)
        out.append(offset < 0 ? 0x2D : 0x2B)
        let minutes = abs(offset) / 60
        append2(minutes / 60, to: &out); out.append(0x3A); append2(minutes % 60, to: &out)
    }

    /// Appends `YYYY-MM-DD HH:MM`, local time without an offset (how people type a time).
    static func appendLocalMinutes(_ t: Timestamp, offset: Int, to out: inout [UInt8]) {
        appendDateTime(floorDiv(t.microseconds, 1_000_000) + Int64(offset), separator: 0x20, withSeconds: false,
                       to: &out)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SSZ`, or `…SS.mmmZ` when the instant has a fraction (rounded to milliseconds).
    static func appendISOUTC(_ t: Timestamp, to out: inout [UInt8]) {
        let millis = floorDiv(t.microseconds + 500, 1000)
        let seconds = floorDiv(millis, 1000)
        appendDateTime(seconds, to: &out)
        let fraction = Int(millis - seconds * 1000)
        if fraction != 0 {
            out.append(0x2E)
            out.append(UInt8(fraction / 100) + 0x30); append2(fraction % 100, to: &out)
        }
        out.append(0x5A)
    }

    /// The text of ``appendISOUTC(_:to:)``.
    static func isoUTC(_ t: Timestamp) -> String {
        var out: [UInt8] = []
        appendISOUTC(t, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The text of ``appendISOLocal(_:offset:to:)``.
    static func isoLocal(_ t: Timestamp, offset: Int) -> String {
        var out: [UInt8] = []
        appendISOLocal(t, offset: offset, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the canonical upper-case UUID text.
    static func appendUUID(_ id: SynthUUID, to out: inout [UInt8]) {
        for (word, base) in [(id.high, 0), (id.low, 8)] {
            for i in 0..<8 {
                let byte = UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * i))
                let position = base + i
                if position == 4 || position == 6 || position == 8 || position == 10 { out.append(0x2D) }
                out.append(hexDigit(byte >> 4)); out.append(hexDigit(byte & 0xF))
            }
        }
    }

    @inline(__always) private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? v + 0x30 : v + 0x37 }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
