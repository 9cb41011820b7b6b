/// Number parsing over UTF-8 bytes, without creating a `String` per field.
///
/// Accepts what people type into a journal: surrounding blanks, a sign, a decimal point or a decimal comma,
/// thousands separators (groups of three digits), an exponent, and a unit suffix (`18 g`, `93°C`, `93 °C`,
/// `1.38 %`, `30s`). Anything else — another unit, letters, misplaced separators — is not a number.

/// How a `,` in a number is read.
public enum DecimalSeparator: String, Sendable, Equatable {
    /// `.` is the decimal point and `,` groups thousands.
    case point
    /// `,` is the decimal separator and `.` groups thousands (`1.234,5`).
    case comma
    /// Decided per value: the last of `.`/`,` is the decimal separator when both occur; a lone `,` is decimal
    /// (`18,5` → 18.5). This is the default.
    case automatic
}

/// The outcome of reading a numeric field.
enum NumberField: Equatable {
    /// The field is blank: the value is missing.
    case empty
    case value(Double)
    /// Something that is not a number.
    case invalid
}

enum NumberParser {
    /// Exact powers of ten for the fast path (every one is exactly representable).
    private static let powers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                           1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// Unit suffixes allowed after a number (compared lower-case, blanks before them skipped).
    private static let units: [[UInt8]] = ["g", "gr", "gram", "grams", "ml", "s", "sec", "secs", "seconds",
                                           "°c", "°", "ºc", "º", "c", "%", "pct"].map { Array($0.utf8) }

    static func parse(_ p: UnsafeBufferPointer<UInt8>, separator: DecimalSeparator = .automatic) -> NumberField {
        if separator != .comma, let v = plain(p) { return .value(v) }
        var i = 0, end = p.count
        while i < end, isBlank(p[i]) { i += 1 }
        while end > i, isBlank(p[end - 1]) { end -= 1 }
        if i == end { return .empty }
        var negative = false
        if p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") { negative = p[i] == UInt8(ascii: "-"); i += 1 }
        // Find the extent of the numeric part and where the separators are.
        let numberStart = i
        var lastDot = -1, lastComma = -1, dots = 0, commas = 0, digits = 0
        while i < end {
            let b = p[i]
            if b >= 0x30 && b <= 0x39 { digits += 1 }
            else if b == UInt8(ascii: ".") { dots += 1; lastDot = i }
            else if b == UInt8(ascii: ",") { commas += 1; lastComma = i }
            else { break }
            i += 1
        }
        guard digits > 0 else { return .invalid }
        let numberEnd = i
        // Exponent.
        var exponent = 0
        if i < end, p[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1, expNegative = false, expDigits = 0, e = 0
            if j < end, p[j] == UInt8(ascii: "-") || p[j] == UInt8(ascii: "+") {
                expNegative = p[j] == UInt8(ascii: "-"); j += 1
            }
            while j < end, p[j] >= 0x30 && p[j] <= 0x39 {
                e = min(e * 10 + Int(p[j] - 0x30), 10_000); expDigits += 1; j += 1
            }
            if expDigits > 0 { exponent = expNegative ? -e : e; i = j }
        }
        // Unit suffix.
        if i < end {
            var j = i
            while j < end, isBlank(p[j]) { j += 1 }
            guard j < end, matchesUnit(p, from: j, to: end) else { return .invalid }
        }
        // Which separator is the decimal one.
        let decimalAt: Int
        switch separator {
        case .point: decimalAt = lastDot; if dots > 1 { return .invalid }
        case .comma: decimalAt = lastComma; if commas > 1 { return .invalid }
        case .automatic:
            if dots > 0 && commas > 0 { decimalAt = max(lastDot, lastComma) }
            else if dots > 0 { decimalAt = dots == 1 ? lastDot : -1 }
            else if commas > 0 { decimalAt = commas == 1 ? lastComma : -1 }
            else { decimalAt = -1 }
            if decimalAt == lastDot && dots > 1 || decimalAt == lastComma && commas > 1 { return .invalid }
        }
        // Accumulate the mantissa; grouping separators must split the integer part into groups of three.
        var mantissa: UInt64 = 0, significant = 0, fractionDigits = 0, dropped = 0
        var afterPoint = false, groups = 0, groupDigits = 0
        for k in numberStart..<numberEnd {
            let b = p[k]
            if k == decimalAt {
                if groups > 0 && groupDigits != 3 { return .invalid }
                afterPoint = true
                continue
            }
            guard b >= 0x30 && b <= 0x39 else {
                // A grouping separator.
                if afterPoint { return .invalid }
                if groups == 0 ? !(1...3).contains(groupDigits) : groupDigits != 3 { return .invalid }
                groups += 1
                groupDigits = 0
                continue
            }
            if !afterPoint { groupDigits += 1 }
            if significant < 19 {
                mantissa = mantissa * 10 + UInt64(b - 0x30)
                if mantissa != 0 { significant += 1 }
                if afterPoint { fractionDigits += 1 }
            } else if !afterPoint {
                dropped += 1
            }
        }
        if !afterPoint && groups > 0 && groupDigits != 3 { return .invalid }
        let scale = exponent - fractionDigits + dropped
        var value: Double
        if mantissa < (1 << 53), scale >= -22, scale <= 22 {
            // Fast path: both operands exact, one correctly rounded operation.
            value = scale >= 0 ? Double(mantissa) * powers[scale] : Double(mantissa) / powers[-scale]
        } else {
            // Rare: rebuild a plain literal and let the standard library round it.
            var literal = String(mantissa)
            literal += "e\(scale)"
            value = Double(literal) ?? .nan
        }
        if negative { value = -value }
        return .value(value)
    }

    /// The value of a plain decimal — digits with at most one `.` (`18`, `15.5`, `.5`), at most 16 bytes, nothing
    /// else — or `nil` for any other text, which the full parser then reads.
    ///
    /// Where it answers, it agrees bit for bit with ``parse(_:separator:)`` under `.point` and `.automatic`: the
    /// mantissa is below 2^53 and the power of ten at most 10^16, so the one division is correctly rounded.
    @inline(__always)
    static func plain(_ p: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = p.count
        guard n > 0, n <= 16, let base = p.baseAddress else { return nil }
        var mantissa: UInt64 = 0, fractionDigits = -1, digits = 0
        for k in 0..<n {
            // SAFETY: `k < n`, inside the buffer.
            let b = base[k]
            let d = b &- 0x30
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if fractionDigits >= 0 { fractionDigits += 1 }
            } else if b == UInt8(ascii: "."), fractionDigits < 0 {
                fractionDigits = 0
            } else {
                return nil
            }
        }
        guard digits > 0, mantissa < (1 << 53) else { return nil }
        return fractionDigits <= 0 ? Double(mantissa) : Double(mantissa) / powers[fractionDigits]
    }

    /// Parses a duration: a number of seconds (with an optional `s` unit), `m:ss`, or `h:mm:ss`.
    static func parseDuration(
        _ p: UnsafeBufferPointer<UInt8>, separator: DecimalSeparator = .automatic
    ) -> NumberField {
        if separator != .comma, let v = plain(p) { return .value(v) }
        guard p.contains(UInt8(ascii: ":")) else { return parse(p, separator: separator) }
        var total = 0.0, part = 0.0, hasDigit = false, fraction = 0.0, inFraction = false
        var parts = 0
        var i = 0, end = p.count
        while i < end, isBlank(p[i]) { i += 1 }
        while end > i, isBlank(p[end - 1]) { end -= 1 }
        while i < end {
            let b = p[i]
            if b >= 0x30 && b <= 0x39 {
                if inFraction {
                    fraction /= 10; part += Double(b - 0x30) * fraction
                } else {
                    part = part * 10 + Double(b - 0x30)
                }
                hasDigit = true
            } else if b == UInt8(ascii: ":") {
                guard hasDigit, !inFraction else { return .invalid }
                total = total * 60 + part; part = 0; hasDigit = false; parts += 1
            } else if (b == UInt8(ascii: ".") || b == UInt8(ascii: ",")) && !inFraction && parts > 0 {
                inFraction = true; fraction = 1
            } else {
                return .invalid
            }
            i += 1
        }
        guard hasDigit, parts <= 2 else { return .invalid }
        return .value(total * 60 + part)
    }

    @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    private static func matchesUnit(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let n = to - from
        outer: for unit in units where unit.count == n {
            for k in 0..<n {
                var b = p[from + k]
                if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                if b != unit[k] { continue outer }
            }
            return true
        }
        return false
    }
}

extension NumberParser {
    /// Convenience over a `String` (tests, JSON string values, mapping options).
    static func parse(_ s: String, separator: DecimalSeparator = .automatic) -> NumberField {
        var s = s
        return s.withUTF8 { parse($0, separator: separator) }
    }

    static func parseDuration(_ s: String, separator: DecimalSeparator = .automatic) -> NumberField {
        var s = s
        return s.withUTF8 { parseDuration($0, separator: separator) }
    }
}
