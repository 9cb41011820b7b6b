import BrewStats
import Foundation

/// The week's headline numbers as label/value/detail triples, shared by the HTML, PDF and Markdown outputs.
struct Headline {
    let label: String
    let value: String
    let detail: String

    /// Brews, mean rating, mean EY (each with the change against the week before), top method and best brew.
    static func of(_ report: WeeklyReport) -> [Headline] {
        guard let ws = report.weekSummary else {
            return [Headline(label: "Brews", value: "0", detail: "no dated brews")]
        }
        let t = ws.this, p = ws.previous
        func vs(_ change: String, _ previous: String) -> String { "\(change) vs last week (\(previous))" }
        var out = [
            Headline(label: "Brews", value: "\(t.brews)",
                     detail: vs(Format.change(Double(t.brews - p.brews), decimals: 0), "\(p.brews)")),
            Headline(label: "Mean rating", value: Format.number(t.meanRating, decimals: 2),
                     detail: vs(Format.change(diff(t.meanRating, p.meanRating)), Format.number(p.meanRating))),
            Headline(label: "Mean extraction", value: t.meanExtraction.map { Format.number($0, decimals: 1) + " %" } ?? "—",
                     detail: vs(Format.change(diff(t.meanExtraction, p.meanExtraction), decimals: 1),
                                p.meanExtraction.map { Format.number($0, decimals: 1) + " %" } ?? "—")),
            Headline(label: "Top method", value: t.topMethod ?? "—", detail: "last week: \(p.topMethod ?? "—")"),
        ]
        if let best = t.bestBrew {
            let date = Format.day(best.brewDate, report.analysis.options.timeZone)
            let row = best.row
            let table = report.analysis.journal.brews
            let what = [table.method[row], table.bean[row]].compactMap { $0 }.joined(separator: " · ")
            out.append(Headline(label: "Best brew", value: "\(Format.number(best.rating, decimals: 1)) / 5",
                                detail: [what, date, best.id.map { "id \($0)" }].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")))
        } else {
            out.append(Headline(label: "Best brew", value: "—", detail: "no rated brew this week"))
        }
        return out
    }

    static func diff(_ a: Double?, _ b: Double?) -> Double? {
        if let a, let b { a - b } else { nil }
    }
}
