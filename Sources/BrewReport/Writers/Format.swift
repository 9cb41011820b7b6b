import BrewColumns
import BrewPages
import BrewStats
import Foundation

/// Number and date text for people (HTML, PDF, Markdown); the CSVs use BrewStats' ``CSVCell`` formatting.
///
/// Rules, the same in every output:
/// - a number is written with exactly the decimals its call site asks for, trailing zeros kept, so the numbers
///   of one column or one row of related figures line up (`20.0` next to `19.3`, never `20`);
/// - a negative number carries the Unicode minus sign U+2212 (`−0.13`), never the ASCII hyphen;
/// - a value that rounds to zero at the shown precision is written without a sign (`0.0`, never `−0.0`);
/// - a missing or non-finite value is `—`.
enum Format {
    /// The minus sign of human text (U+2212).
    static let minus = "\u{2212}"

    /// How many of a mean's `n` values rest on an estimate, in words (docs/definitions.md): `estimated: the only
    /// brew` (1 of 1), `all 3 estimated`, `2 of 5 estimated`; `nil` when none is (`estimated` ≤ 0) or `n` ≤ 0.
    static func estimated(_ estimated: Int, of n: Int) -> String? {
        guard estimated > 0, n > 0 else { return nil }
        if estimated >= n { return n == 1 ? "estimated: the only brew" : "all \(n) estimated" }
        return "\(estimated) of \(n) estimated"
    }

    /// `v` with exactly `decimals` decimals (`19.30`, `−0.13`, `20.0`); `—` for a missing or non-finite value.
    static func number(_ v: Double?, decimals: Int = 2) -> String {
        guard let v, v.isFinite else { return "—" }
        let digits = FixedDecimal.text(abs(v), decimals: decimals)
        return isZero(digits) || v > 0 ? digits : minus + digits
    }

    /// A signed change at `decimals` decimals: `+0.30`, `−2`; a change that rounds to zero at that precision is
    /// `0.00` (no sign: it is no change at the precision shown); `—` when missing.
    static func change(_ v: Double?, decimals: Int = 2) -> String {
        guard let v, v.isFinite else { return "—" }
        let digits = FixedDecimal.text(abs(v), decimals: decimals)
        if isZero(digits) { return digits }
        return (v > 0 ? "+" : minus) + digits
    }

    /// A brew ratio in the journal's notation: `1:2.0` / `1:16.7`.
    static func ratio(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "—" }
        return "1:" + number(v, decimals: 1)
    }

    /// A local date and minute `2026-11-13 06:40` in `zone` (the ISO local time, cut at the minute), `—` without an
    /// instant.
    static func minute(_ t: Timestamp?, _ zone: TimeZone) -> String {
        guard let t else { return "—" }
        return String(CSVCell.isoLocal(t, zone).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// A local date `2026-11-16`.
    static func day(_ t: Timestamp?, _ zone: TimeZone) -> String {
        guard let t else { return "—" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: t.date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// Money with its currency: `29.60 EUR`; without one (neither the journal nor `--currency` names it),
    /// `29.60 (no currency set)`.
    static func money(_ v: Double, currency: String?) -> String {
        number(v, decimals: 2) + (currency.map { " " + $0 } ?? " (no currency set)")
    }

    /// A duration as minutes and seconds: `2:45`. A duration that is not a number, or past a year (a brew time of
    /// 10³⁰⁰ s is imported with a warning), is written as a number of seconds instead.
    static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 31_536_000 else { return "\(seconds) s" }
        let s = Int(seconds.rounded())
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }

    /// Whether fixed-point `digits` (no sign) is all zeros.
    private static func isZero(_ digits: String) -> Bool {
        digits.allSatisfy { $0 == "0" || $0 == "." }
    }
}
