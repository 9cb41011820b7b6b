import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fixed-point text of a number with a given count of decimals: exactly what `String(format: "%.<d>f", v)` gives,
/// written by the C library's `snprintf` directly.
///
/// Foundation's `String(format:)` parses its format and builds a string object on every call, several times the
/// cost of the formatting itself; a report formats thousands of numbers (hover overlays, tables, findings). Both end
/// in the C library's conversion in the C locale (brewstats never sets a locale), so the digits are the same:
/// the binary value rounded to `decimals` places (ties of the exact binary value to even), `nan`, `inf` and `-inf`,
/// and `-0.00` for a negative value that rounds to zero.
///
/// Text longer than the stack buffer (numbers of more than about 300 digits, or absurd decimal counts) is left to
/// `String(format:)`.
public enum FixedDecimal {
    /// `v` with `decimals` (clamped to 0…40) digits after the point.
    public static func text(_ v: Double, decimals: Int) -> String {
        let d = Int32(min(40, max(0, decimals)))
        let capacity = 400
        let written: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let n = withVaList([d, v]) { vsnprintf(base, capacity, "%.*f", $0) }
            guard n >= 0, Int(n) < capacity else { return nil }
            return String(cString: base)
        }
        return written ?? String(format: "%.\(d)f", v)
    }
}
