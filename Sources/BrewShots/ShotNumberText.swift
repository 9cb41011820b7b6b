/// Plain decimal numbers read straight from a file's bytes, without a `String`: the fast path of the shot readers.
///
/// Accepted: an optional `-`, one or more digits, optionally `.` and one or more digits, optionally `e` or `E`, an
/// optional sign and one to three digits — with at most 15 significant digits (leading zeros do not count, trailing
/// ones do) and a decimal exponent, after moving the point to the end of the digits, of at most 22 in size. That
/// covers every sensor value a shot file writes (`9.12`, `-1`, `0.000`, `93.5`, `1.2e-3`).
///
/// Within that grammar the result is the correctly rounded `Double`, bit for bit what `Double(String)` gives
/// (`-0` included): the digits form an integer below 10¹⁵, exact as a `Double`, and so is 10^|e| for |e| ≤ 22, so
/// one multiplication or division rounds once (Clinger's fast path). Everything else — a leading `+` or blank,
/// `.5`, `1.`, a comma, `nan`, `inf`, hexadecimal, more digits, a larger exponent, any other byte — gives `nil`,
/// and the caller takes its general path on the text; so the fast path can change no result, only skip work.
///
/// BrewImport's `NumberParser.plain` is the journal CSV's fast path, with a grammar of its own (no sign, no
/// exponent, `.5` accepted, 16 bytes at most) chosen for what its general path then does with the rest; each fast
/// path answers only where it equals its own general path, so they stay two.
enum ShotNumberText {
    /// 10⁰ … 10²², each exact as a `Double`.
    static let powersOfTen: [Double] = {
        var out: [Double] = [1]
        for _ in 1 ... 22 { out.append(out[out.count - 1] * 10) }
        return out
    }()

    /// The value of `bytes[range]` when it is a plain decimal number (see the type's description), else `nil`.
    @inline(__always)
    static func exact(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end else { return nil }
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0, significant = 0, scale = 0
        let integerStart = i
        while i < end {
            let d = bytes[i] &- 0x30
            guard d < 10 else { break }
            if mantissa != 0 || d != 0 { significant += 1 }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        guard i > integerStart else { return nil }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < end {
                let d = bytes[i] &- 0x30
                guard d < 10 else { break }
                if mantissa != 0 || d != 0 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(d)
                scale -= 1
                i += 1
            }
            guard i > fractionStart else { return nil }
        }
        // Checked once after the digits: 15 significant digits keep the mantissa below 10¹⁵ (< 2⁵³); with more
        // the wrapped mantissa is discarded here.
        guard significant <= 15 else { return nil }
        if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            let exponentStart = i
            var exponent = 0
            while i < end, i - exponentStart < 4 {
                let d = bytes[i] &- 0x30
                guard d < 10 else { break }
                exponent = exponent * 10 + Int(d)
                i += 1
            }
            guard i > exponentStart, i - exponentStart <= 3 else { return nil }
            scale += exponentNegative ? -exponent : exponent
        }
        guard i == end, scale >= -22, scale <= 22 else { return nil }
        let m = Double(mantissa)
        let v = scale < 0 ? m / powersOfTen[-scale] : m * powersOfTen[scale]
        return negative ? -v : v
    }

    /// ``exact(_:_:)`` over a whole byte array (tests and callers holding an array).
    static func exact(_ bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBufferPointer { exact($0, 0 ..< $0.count) }
    }
}
