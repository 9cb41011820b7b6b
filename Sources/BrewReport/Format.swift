import BrewColumns
import Foundation

/// Number and date text for people (HTML, PDF, Markdown); the CSVs use BrewStats' own exact formatting.
enum Format {
    /// A number with at most `decimals` decimals and trailing zeros dropped; `—` for a missing value.
    static func number(_ v: Double?, decimals: Int = 2) -> String {
        guard let v, v.isFinite else { return "—" }
        var s = String(format: "%.\(decimals)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// A signed change: `+0.3`, `−2`, `±0`; `—` when missing.
    static func change(_ v: Double?, decimals: Int = 2) -> String {
        guard let v, v.isFinite else { return "—" }
        let text = number(abs(v), decimals: decimals)
        if text == "0" { return "±0" }
        return (v > 0 ? "+" : "−") + text
    }

    /// A brew ratio in the journal's notation: `1:2.0` / `1:16.7`.
    static func ratio(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "—" }
        return "1:" + String(format: "%.1f", v)
    }

    /// A local date `2026-11-16`.
    static func day(_ t: Timestamp?, _ zone: TimeZone) -> String {
        guard let t else { return "—" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: t.date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
