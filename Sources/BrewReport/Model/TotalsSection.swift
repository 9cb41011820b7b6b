import BrewStats
import Foundation

/// The report period's totals (``JournalTotals``) as a compact row of figures: in `index.html` (a row under the
/// headline tiles), `summary.md` (one line) and `report.pdf` (figures). Each figure says how many brews it sums
/// where some brews did not log its input.
enum TotalsSection {
    /// Label, value and detail of each total, in reading order; empty without a period.
    static func figures(_ report: PeriodReport) -> [Headline] {
        guard let t = report.totals else { return [] }
        func detail(_ sum: JournalTotals.Sum, _ what: String) -> String {
            sum.n == t.brews ? "all \(t.brews) brews" : "\(sum.n) of \(t.brews) brews \(what)"
        }
        let covered = report.coveredDays.map { Int($0.upperBound.index - $0.lowerBound.index) + 1 } ?? t.period.dayCount
        var out = [
            Headline(label: "Coffee ground", value: mass(t.coffee.value), detail: detail(t.coffee, "with a dose")),
            Headline(label: "Beverage", value: volume(t.beverage.value),
                     detail: detail(t.beverage, "with a beverage mass") + " · yield, or water − retained"),
            Headline(label: "Water", value: volume(t.water.value), detail: detail(t.water, "with water")),
            Headline(label: "Brew time", value: duration(t.brewTime.value), detail: detail(t.brewTime, "timed")),
            Headline(label: "Brew days", value: "\(t.brewDays)", detail: "of \(covered) day\(covered == 1 ? "" : "s")"),
            Headline(label: "Longest streak", value: days(t.longestStreak), detail: "consecutive brew days this \(report.noun)"),
            Headline(label: "Current streak", value: days(t.currentStreak),
                     detail: "ending \(report.coveredDays.map { "\($0.upperBound)" } ?? "") or the day before"),
        ]
        for (currency, sum) in (t.money ?? [:]).sorted(by: { $0.key < $1.key }) {
            // A price without a currency (counted under "?") is a number without a unit: said in words.
            let known = currency != "?"
            out.append(Headline(label: "Coffee used, value",
                                value: known ? String(format: "%.2f %@", sum.value, currency) : String(format: "%.2f", sum.value),
                                detail: "\(sum.n) brews from priced bags" + (known ? "" : "; the currency is not stated")))
        }
        return out
    }

    /// The HTML row: a section of small figures, or nothing without a period.
    static func html(_ report: PeriodReport) -> String {
        let items = figures(report)
        guard !items.isEmpty else { return "" }
        let e = HTML.escape
        var h = "<section class=\"totals\" aria-label=\"Totals\">\n"
        for f in items {
            h += "<div class=\"total\" title=\"\(e(f.detail))\"><span class=\"label\">\(e(f.label))</span> <span class=\"value\">\(e(f.value))</span></div>\n"
        }
        return h + "</section>\n"
    }

    /// One Markdown line of the totals, or nothing without a period.
    static func markdown(_ report: PeriodReport) -> String {
        let items = figures(report)
        guard !items.isEmpty else { return "" }
        return "\n**Totals:** " + items.map { "\(MarkdownSummary.escape($0.label)) \(MarkdownSummary.escape($0.value))" }
            .joined(separator: " · ") + "\n"
    }

    static let css = """
    .totals{display:flex;flex-wrap:wrap;gap:6px 18px;margin-top:14px;font-size:.85rem}
    .total .label{color:var(--muted)}.total .value{font-weight:bold;font-variant-numeric:tabular-nums}
    .empty-note{margin-top:20px}
    """

    /// `850 g`, `12.4 kg`.
    static func mass(_ grams: Double) -> String {
        grams >= 10_000 ? String(format: "%.1f kg", grams / 1000) : String(format: "%.0f g", grams)
    }

    /// `750 ml`, `31.2 L` (1 g of coffee beverage or water taken as 1 ml).
    static func volume(_ grams: Double) -> String {
        grams >= 10_000 ? String(format: "%.1f L", grams / 1000) : String(format: "%.0f ml", grams)
    }

    /// `26 s` (under a minute: a shot), `45 min`, `12 h 05 min`.
    static func duration(_ seconds: Double) -> String {
        if seconds > 0, seconds < 59.5 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        return minutes < 60 ? "\(minutes) min" : String(format: "%d h %02d min", minutes / 60, minutes % 60)
    }

    static func days(_ n: Int) -> String { "\(n) day\(n == 1 ? "" : "s")" }
}
