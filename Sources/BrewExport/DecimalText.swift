/// Numbers and dates as the exports write them: text that reads back as the same value.
///
/// A `Double` is written with at most six decimals when that is exact — `18`, `18.5`, `0.125`, `-3.25` — which
/// covers every value people type into a journal; otherwise with Swift's shortest round-trip form (`0.1`,
/// `1.0000001e-07`). Either way, parsing the text gives back the same `Double`, bit for bit (checked by
/// `DecimalTextTests` against `Double(String)` over random and edge values). NaN and infinities are never written:
/// callers treat them as missing.
///
/// Hand-written rather than `String(describing:)` for every cell: a 1M-brew CSV export writes about ten million
/// numbers, and formatting them through `description` took most of the export's time (`ExportWorkloads` in the
/// benchmark); the fast path is integer arithmetic, and the shortest form stays the fallback.
public enum DecimalText {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Appends `value` (finite) to `out`.
    public static func append(_ value: Double, to out: inout [UInt8]) {
        if value == 0 {
            out.append(0x30)
            return
        }
        let magnitude = value.magnitude
        if magnitude < 9.0e12 {
            for k in 0..<powers.count {
                let scaled = magnitude * powers[k]
                let whole = scaled.rounded()
                // Exact: the scaled value is a whole number and dividing back gives the value itself.
                if whole == scaled, whole / powers[k] == magnitude {
                    if value < 0 { out.append(0x2D) }
                    appendScaled(UInt64(whole), decimals: k, to: &out)
                    return
                }
            }
        }
        out.append(contentsOf: value.description.utf8)
    }

    /// `value` as text.
    public static func text(_ value: Double) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `n` ÷ 10^`decimals` in plain decimal notation, without trailing zeros.
    private static func appendScaled(_ n: UInt64, decimals: Int, to out: inout [UInt8]) {
        var digits: [UInt8] = []
        var n = n
        repeat {
            digits.append(UInt8(n % 10) + 0x30)
            n /= 10
        } while n > 0
        while digits.count <= decimals { digits.append(0x30) }
        // digits are reversed: the first `decimals` are the fraction.
        for i in stride(from: digits.count - 1, through: decimals, by: -1) { out.append(digits[i]) }
        if decimals > 0 {
            out.append(0x2E)
            for i in stride(from: decimals - 1, through: 0, by: -1) { out.append(digits[i]) }
        }
    }

    /// Appends a whole number.
    public static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        var digits: [UInt8] = []
        var n = value.magnitude
        repeat {
            digits.append(UInt8(n % 10) + 0x30)
            n /= 10
        } while n > 0
        out.append(contentsOf: digits.reversed())
    }
}
