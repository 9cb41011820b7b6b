import BrewColumns
import BrewStats
import Foundation

/// The week's headline numbers as label/value/detail triples, shared by the HTML, PDF and Markdown outputs.
///
/// Every mean says how many values it holds, and a change against the week before is stated only when both
/// weeks have enough values (``EvidenceRules/compares(_:_:)``); otherwise the detail gives last week's value with
/// its n and says it is too few to compare. Extraction is given for filter and espresso apart (their targets
/// differ: docs/definitions.md), in %, and its change in percentage points.
struct Headline {
    let label: String
    let value: String
    let detail: String

    /// Brews, mean rating, filter and espresso EY, top method and best brew.
    ///
    /// The period before is named as the report names it (``PeriodReport/previousName``): `last week`,
    /// `last month`, `last year`, `the 14 days before`.
    static func of(_ report: PeriodReport) -> [Headline] {
        guard let ws = report.periodSummary else {
            return [Headline(label: "Brews", value: "0", detail: "no dated brews")]
        }
        let t = ws.this, p = ws.previous
        // A partial period is compared with the same days of the one before, and says which.
        let previousName = ws.isPartial ? "\(ReportPeriod.span(ws.previousDays.lowerBound, ws.previousDays.upperBound))"
            : report.previousName
        let words = Words(this: "this \(report.noun)", previous: previousName)
        // No comparison with a period before the journal's first brew: there is nothing to compare with.
        let firstBrew = report.analysis.dayRange()?.lowerBound
        let journalStarts = p.brews == 0 && (firstBrew.map { $0 >= ws.thisDays.lowerBound } ?? true)
        var out = [
            Headline(label: "Brews", value: "\(t.brews)",
                     detail: journalStarts
                         ? "the journal starts \(firstBrew.map { "\($0)" } ?? "") (nothing before to compare)"
                        : "\(Format.change(Double(t.brews - p.brews), decimals: 0)) vs \(words.previous) (\(p.brews))"),
            mean(label: "Mean rating", this: MeanCount(mean: t.meanRating, n: t.ratedBrews),
                 previous: MeanCount(mean: p.meanRating, n: p.ratedBrews), decimals: 2, unit: "", changeUnit: "",
                 what: "rated", words: words),
        ]
        for (label, this, previous) in [("Filter extraction", t.filterExtraction, p.filterExtraction),
                                        ("Espresso extraction", t.espressoExtraction, p.espressoExtraction)]
        where this.n + previous.n > 0 {
            var figure = mean(label: label, this: this, previous: previous, decimals: 1, unit: " %", changeUnit: " pp",
                              what: "measured", words: words)
            if let said = Format.estimated(this.estimated, of: this.n) {
                // docs/definitions.md: a mean that rests on estimated beverage masses says how many.
                let r = Format.number(report.analysis.options.retentionFactor, decimals: 1)
                figure = Headline(label: figure.label, value: figure.value, detail: figure.detail
                    + " · beverage \(said) (no yield: water − \(r) × dose)")
            }
            out.append(figure)
        }
        if t.filterExtraction.n + p.filterExtraction.n + t.espressoExtraction.n + p.espressoExtraction.n == 0 {
            let span = report.noun == "period" ? "this period or the one before" : "this \(report.noun) or last"
            out.append(
                Headline(label: "Extraction", value: "—",
                    detail: "no TDS logged \(span): add a refractometer reading to see extraction"))
        }
        out.append(
            Headline(
                label: "Top method", value: t.topMethod ?? "—", detail: "\(words.previous): \(p.topMethod ?? "—")"))
        out.append(bestBrew(report, t.bestBrew))
        return out
    }

    /// How the headline names the report period and the one before (`this week`, `last week`).
    struct Words {
        var this = "this week"
        var previous = "last week"
    }

    /// A mean with its n; the change against last week only when both weeks have enough values.
    static func mean(label: String, this: MeanCount, previous: MeanCount, decimals: Int, unit: String,
                     changeUnit: String, what: String, words: Words = Words()) -> Headline {
        let value = this.mean.map { fixed($0, decimals) + unit } ?? "—"
        let last = previous.mean.map { fixed($0, decimals) + unit } ?? "—"
        let n = "\(this.n) \(what)"
        guard let a = this.mean, let b = previous.mean else {
            let why = this.n == 0 ? "none \(what) \(words.this)" : "none \(what) \(words.previous)"
            return Headline(label: label, value: value, detail: "\(n) · \(why)")
        }
        guard EvidenceRules.compares(this.n, previous.n) else {
            return Headline(label: label, value: value,
                            detail: "\(n) · \(words.previous) \(last) (\(previous.n) \(what)): too few to compare")
        }
        return Headline(label: label, value: value,
                        detail: "\(n) · \(signed(a - b, decimals))\(changeUnit) vs " +
                            "\(words.previous) (\(last), \(previous.n) \(what))")
    }

    /// `v` with exactly `decimals` decimals and the Unicode minus.
    static func fixed(_ v: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", v).replacingOccurrences(of: "-", with: "−")
    }

    /// A change with exactly `decimals` decimals: `+0.3`, `−2.4`; one that rounds to zero is `0.0`, unsigned.
    static func signed(_ v: Double, _ decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", abs(v))
        if Double(text) == 0 { return text }
        return (v < 0 ? "−" : "+") + text
    }

    /// The best brew as a reader knows it: rating, then method, bean, grinder setting and day — never its id.
    static func bestBrew(_ report: PeriodReport, _ best: BestBrew?) -> Headline {
        guard let best else {
            return Headline(label: "Best brew", value: "—", detail: "no rated brew this \(report.noun)")
        }
        let table = report.analysis.journal.brews
        let row = best.row
        var parts = [table.method[row], table.bean[row]].compactMap { $0 }.filter { !$0.isEmpty }
        if let g = table.grinder[row], table.grindSetting.isValid(row), !table.grindSetting.values[row].isNaN {
            let grinder = table.grinder.code(row).flatMap { c in report.grinderRecord(Int(c)) }
            let setting = table.grindSetting.values[row]
            parts.append("\(g) at \(GrindSetting.text(setting, grinder: grinder, observed: [setting]))")
        }
        parts.append(dayText(best.brewDate, report.analysis.derived.calendar))
        return Headline(label: "Best brew", value: "\(fixed(best.rating, 1)) / 5",
                        detail: parts.filter { !$0.isEmpty }.joined(separator: " · "))
    }

    /// `Tue 17 Nov 2026`, the brew's local day; empty without a date.
    static func dayText(_ t: Timestamp?, _ calendar: LocalCalendar) -> String {
        guard let t else { return "" }
        let day = calendar.day(of: t)
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        // Day 0 (1970-01-01) was a Thursday: index 3 with Monday first.
        let weekday = Int(((Int64(day.index) % 7) + 7 + 3) % 7)
        let c = day.civil
        return "\(names[weekday]) \(c.day) \(months[c.month - 1]) \(c.year)"
    }
}
