import BrewPages
import BrewStats
import Foundation

/// The report period's totals (``JournalTotals``) as a compact row of figures under the headline figures of the
/// report's page. Each figure says how many brews it sums
/// where some brews did not log its input.
enum TotalsSection {
    /// Label, value and detail of each total, in reading order; empty without a period.
    static func figures(_ report: PeriodReport, currency fallback: String? = nil) -> [Figure] {
        guard let t = report.totals else { return [] }
        func detail(_ sum: JournalTotals.Sum, _ what: String) -> String {
            sum.n == t.brews ? "all \(t.brews) brews" : "\(sum.n) of \(t.brews) brews \(what)"
        }
        /// A sum over no brew is no figure: "not logged", never "0 g" (docs/definitions.md).
        func total(_ label: String, _ sum: JournalTotals.Sum, _ value: (Double) -> String, _ what: String,
                   none: String, _ note: String = "") -> Headline {
            guard sum.n > 0 else { return Headline(label: label, value: "not logged", detail: none) }
            return Headline(label: label, value: value(sum.value), detail: detail(sum, what) + note)
        }
        let covered = report.coveredDays.map { Int($0.upperBound.index - $0.lowerBound.index) + 1 } ?? t.period.dayCount
        var out = [
            total("Coffee ground", t.coffee, mass, "with a dose", none: "no brew logs a dose"),
            total("Beverage", t.beverage, volume, "with a beverage mass",
                  none: "no brew logs a yield, or water and dose",
                  " · yield, or water − retained"),
            total("Water", t.water, volume, "with water", none: "no brew logs its water"),
            total("Brew time", t.brewTime, duration, "timed", none: "no brew is timed"),
            Headline(label: "Brew days", value: "\(t.brewDays)", detail: "of \(covered) day\(covered == 1 ? "" : "s")"),
            Headline(label: "Longest streak this \(report.noun)", value: days(t.longestStreak),
                detail: "consecutive brew days inside the \(report.noun)"),
            Headline(label: "Current streak", value: days(t.currentStreak),
                     detail: "consecutive brew days up to " +
                         "\(report.coveredDays.map { "\($0.upperBound)" } ?? "the end") " +
                             "or the day before, counted over the whole journal"),
        ]
        for (currency, sum) in (t.money ?? [:]).sorted(by: { $0.key < $1.key }) {
            // A price without a currency (counted under "?") takes --currency, else says that none is set.
            let unit = currency != "?" ? currency : fallback
            out.append(Headline(label: "Coffee used, value", value: Format.money(sum.value, currency: unit),
                                detail: "\(sum.n) brews from priced bags"))
        }
        return out.map(\.figure)
    }

    /// `850 g`, `12.4 kg`.
    static func mass(_ grams: Double) -> String {
        grams >= 10_000 ? String(format: "%.1f kg", grams / 1000) : String(format: "%.0f g", grams)
    }

    /// `750 ml`, `31.2 L` (1 g of coffee beverage or water taken as 1 ml).
    static func volume(_ grams: Double) -> String {
        grams >= 10_000 ? String(format: "%.1f L", grams / 1000) : String(format: "%.0f ml", grams)
    }

    /// `26 s` (under a minute: a shot), `45 min`, `12 h 05 min`.
    /// Past 10¹⁵ s (brew times of 10³⁰⁰ s are imported with a warning) it is a number of hours, never `Int(_:)` of a
    /// value past its range.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "\(seconds / 3600) h" }
        if seconds > 0, seconds < 59.5 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }

    static func days(_ n: Int) -> String { "\(n) day\(n == 1 ? "" : "s")" }
}
