import BrewCharts
import BrewColumns
import BrewPages
import BrewStats
import Foundation

/// A bean page's texts (``BeanPage``): its headline figures, the effect of ratio, temperature and time on the rating
/// as findings, money with its currency. The figures are ``BeanSummary``'s; the texts here say what each means.
enum BeanPageText {
    /// A bean's grind finding without the bean's name (the page is the bean's): `Niche Zero × Espresso: best around
    /// setting 12 · n = 21, R² = 0.79`.
    static func withoutBean(_ g: GrindRatingGroup, _ label: String, grinder: Grinder?) -> String {
        PeriodReport.sentence(g, grinder: grinder)
            .replacingOccurrences(of: "\(g.grinder) × \(g.method) × \(label):", with: "\(g.grinder) × \(g.method):")
    }

    static func grinder(_ index: Int, _ analysis: BrewAnalysis) -> Grinder? {
        analysis.journal.grinders.indices.contains(index) ? analysis.journal.grinders[index] : nil
    }

    /// The headline tiles: brews, mean rating, grams used, and (when known) what is left, cost per kg and per cup,
    /// and the best brew.
    static func tiles(
        _ s: BeanSummary, analysis: BrewAnalysis, zone: TimeZone, currency fallback: String? = nil
    ) -> [Figure] {
        let currency = s.bean.currency ?? fallback
        let t = analysis.journal.brews
        let dates = s.rows.compactMap { t.brewDate[$0].map(Timestamp.init(microseconds:)) }
        var out = [
            Headline(label: "Brews", value: "\(s.brews)",
                     detail: dates.isEmpty ? "" : "\(Format.day(dates.first, zone)) – \(Format.day(dates.last, zone))"),
            Headline(label: "Mean rating", value: s.rating.mean.map { Format.number($0, decimals: 2) } ?? "—",
                     detail: "n = \(s.rating.n) rated"),
            Headline(label: "Used", value: "\(Format.number(s.gramsUsed, decimals: 0)) g",
                     detail: "doses of \(s.dosedBrews) brew\(s.dosedBrews == 1 ? "" : "s")"
                         + (s.meanDose.map { ", mean \(Format.number($0, decimals: 1)) g" } ?? "")),
        ]
        if let weight = s.bean.bagWeightGrams, let left = s.remainingGrams {
            out.append(Headline(label: "Left in the bag",
                                value: left >= 0 ? "\(Format.number(left, decimals: 0)) g" : "0 g",
                                detail: left >= 0 ? "of \(Format.number(weight, decimals: 0)) g"
                                    : "\(Format.number(-left, decimals: 0)) g more logged than the " +
                                        "\(Format.number(weight, decimals: 0)) g bag"))
        } else {
            out.append(Headline(label: "Left in the bag", value: "—", detail: "the bag's weight is not recorded"))
        }
        if let perKilo = s.costPerKilogram {
            out.append(Headline(label: "Cost per kg", value: money(perKilo, currency),
                                detail: "\(money(s.bean.bagPrice!, currency)) for " +
                                    "\(Format.number(s.bean.bagWeightGrams!, decimals: 0)) g"))
            out.append(Headline(label: "Cost per cup", value: s.costPerCup.map { money($0, currency) } ?? "—",
                                detail: s.meanDose == nil ? "no dose logged" : "at the mean dose"))
        } else {
            out.append(Headline(label: "Cost", value: "—", detail: "the bag's price and weight are not both recorded"))
        }
        out.append(bestBrew(s, analysis: analysis))
        return out.map(\.figure)
    }

    /// `12.50 EUR`; `12.50 (no currency set)` when neither the journal nor `--currency` names one.
    static func money(_ v: Double, _ currency: String?) -> String {
        Format.money(v, currency: currency)
    }

    /// The best brew as the report describes one: rating, then method, grinder at its setting on the dial, day.
    static func bestBrew(_ s: BeanSummary, analysis: BrewAnalysis) -> Headline {
        guard let best = s.best, let rating = best.rating else {
            return Headline(label: "Best brew", value: "—", detail: "no rated brew")
        }
        let t = analysis.journal.brews, row = best.row
        var parts = [t.method[row]].compactMap { $0 }
        if let g = t.grinder[row], let setting = best.setting {
            let record = t.grinder.code(row).flatMap { grinder(Int($0), analysis) }
            parts.append("\(g) at \(GrindSetting.text(setting, grinder: record, observed: [setting]))")
        }
        parts.append(Headline.dayText(best.date, analysis.derived.calendar))
        return Headline(label: "Best brew", value: "\(Format.number(rating, decimals: 1)) / 5",
                        detail: parts.filter { !$0.isEmpty }.joined(separator: " · "))
    }

    /// The effect of ratio, temperature or time on the rating as a finding: `Brew ratio (filter): best around 1:16.2`;
    /// no clear peak; or, too few brews to say, what is missing. The fit's statistics sit in its evidence.
    static func effectFinding(_ x: RatingEffect) -> Finding {
        let who = "\(x.factor.rawValue) (\(x.espresso ? "espresso" : "filter"))"
        let fit = x.quadraticR2.map {
            [
                "a curve through the ratings explains \(Int(($0 * 100).rounded())) % of their spread (R² = " +
                    "\(Format.number($0, decimals: 2)))"]
        } ?? []
        let evidence = Evidence(n: x.n, noun: "rated brews", details: ["\(x.distinctValues) values tried"] + fit)
        switch x.verdict {
        case .best(let v):
            // Qualified as a grind sweet spot is (GrindFinding): a flat curve states its range, a weak fit says so.
            guard let shape = x.shape else {
                return Finding(subject: who, statement: Text("best around \(value(x.factor, v))"), evidence: evidence)
            }
            let words = GrindFinding.words(shape) { value(x.factor, $0) }
            var stated = evidence
            stated.details += words.details
            return Finding(subject: who, statement: Text(words.statement), evidence: stated)
        case .noClearPeak:
            return Finding(subject: who, statement: "no clear peak: the ratings do not single out a value",
                evidence: evidence, isMade: false)
        case .tooFew:
            return .notMade(subject: who,
                "too few brews to say: \(x.n) rated on \(x.distinctValues) value\(x.distinctValues == 1 ? "" : "s"); " +
                    "a best value needs \(EvidenceRules.sweetSpotMinimumBrews) rated brews on " +
                        "\(EvidenceRules.sweetSpotMinimumSettings) values",
                evidence: evidence)
        }
    }

    static func value(_ factor: RatingEffect.Factor, _ v: Double) -> String {
        switch factor {
        case .ratio: Format.ratio(v)
        case .temperature: Format.number(v, decimals: 0) + " °C"
        case .time: Format.clock(v)
        }
    }
}
