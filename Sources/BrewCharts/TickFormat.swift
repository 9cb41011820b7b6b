import Foundation

/// How numeric tick values become label text; placement is decided separately (``ExtendedTicks``).
public enum NumberFormat: Sendable, Hashable {
    /// The fewest decimals that tell every tick apart; thousands grouped with a thin space; large values in
    /// k / M / G units; tiny steps in exponent notation.
    case automatic
    /// Exactly `n` decimals.
    case decimals(Int)
    /// A prefix and suffix around the automatic format (e.g. `"1:"` for ratios).
    case affixed(prefix: String, suffix: String)
}

/// Turns tick values into labels.
public enum TickFormatter {
    /// Formats all `values` consistently (same decimals), using the typographic minus sign.
    ///
    /// Non-finite values print as `"–"`. Values within 1e-12 × step of zero print as `"0"` (never `"-0"`).
    public static func labels(_ values: [Double], format: NumberFormat) -> [String] {
        switch format {
        case .decimals(let n):
            return values.map { plain($0, decimals: n) }
        case .affixed(let prefix, let suffix):
            return labels(values, format: .automatic).map { prefix + $0 + suffix }
        case .automatic:
            let finite = values.filter(\.isFinite)
            let largest = finite.map(abs).max() ?? 0
            let step = zip(finite.dropFirst(), finite).map { abs($0 - $1) }.filter { $0 > 0 }.min() ?? max(largest, 1)
            if largest >= 1e15 || (step < 1e-5 && largest < 1e-3) {
                return values.map { exponent($0, step: step) }
            }
            var scaled = values
            var suffix = ""
            if largest >= 1e5 {
                let (divisor, unit) = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")].first { largest >= $0.0 }!
                scaled = values.map { $0 / divisor }
                suffix = unit
            }
            let decimals = decimalsNeeded(scaled)
            return scaled.map { value in
                guard value.isFinite else { return "–" }
                if suffix.isEmpty { return plain(value, decimals: decimals) }
                return value == 0 ? "0" : plain(value, decimals: decimals) + suffix
            }
        }
    }

    /// The fewest decimals (0…10) for which every value is an integer multiple of 10^-decimals.
    static func decimalsNeeded(_ values: [Double]) -> Int {
        for decimals in 0...10 {
            let scale = pow(10, Double(decimals))
            if values.allSatisfy({ value in
                let x = value * scale
                return !x.isFinite || abs(x - x.rounded()) < 1e-7 * max(1, abs(x))
            }) {
                return decimals
            }
        }
        return 10
    }

    /// A count as the charts print numbers: digits grouped by thin spaces from 10 000 up ("9999", "58 502").
    public static func count(_ n: Int) -> String { plain(Double(n), decimals: 0) }

    /// Fixed decimals, thin-space thousands grouping from 10 000 up, typographic minus.
    static func plain(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let scale = pow(10, Double(decimals))
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }
        let negative = rounded < 0
        var text = String(format: "%.\(decimals)f", abs(rounded))
        let parts = text.split(separator: ".", maxSplits: 1)
        var integer = String(parts[0])
        if integer.count > 4 {
            var grouped = ""
            for (index, character) in integer.reversed().enumerated() {
                if index > 0, index % 3 == 0 { grouped.append("\u{2009}") }
                grouped.append(character)
            }
            integer = String(grouped.reversed())
        }
        text = parts.count > 1 ? integer + "." + parts[1] : integer
        return negative ? "\u{2212}" + text : text
    }

    static func exponent(_ value: Double, step: Double) -> String {
        guard value.isFinite else { return "–" }
        if abs(value) < abs(step) * 1e-9 { return "0" }
        let text = String(format: "%.3g", value).replacingOccurrences(of: "e+", with: "e")
        return text.hasPrefix("-") ? "\u{2212}" + text.dropFirst() : text
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Labels for time ticks: `"3 Mar"` for day and week units, `"Mar"` for months, `"2025"` for years. The
    /// year is appended to the first label and whenever it changes from the previous tick (`"Jan 2026"`).
    public static func labels(_ dates: [Date], unit: TimeTickUnit, calendar: Calendar) -> [String] {
        var previousYear: Int?
        return dates.map { date in
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let year = c.year ?? 0
            let month = months[((c.month ?? 1) - 1) % 12]
            let showYear = previousYear != year
            previousYear = year
            switch unit {
            case .days, .weeks:
                return "\(c.day ?? 1) \(month)" + (showYear ? " \(year)" : "")
            case .months:
                return month + (showYear ? " \(year)" : "")
            case .years:
                return "\(year)"
            }
        }
    }
}
