import BrewAdvice
import BrewColumns
import BrewStats
import Foundation
import MCP

extension BrewTool {
    /// `bean`: one bean's page facts (``BrewStats/BeanSummary``, what its bean page states): its brews and ratings,
    /// the coffee used and what is left of the bag, its best brew, grind against rating on each grinder × method
    /// (with the sweet spot only where the evidence rules allow one) and the ratio, temperature and time effects.
    static let bean = BrewTool(
        name: "bean",
        title: "Bean facts",
        summary: """
            One bean (bag) as its bean page states it, from every dated brew: brews, every rating and their mean with \
            n, a half-star histogram, grams used over the brews that logged a dose, mean dose, what is left of the bag \
            and the cost per kilogram and per cup (null without the bag's weight or price), the best brew, grind \
            against rating on each grinder × method (n, distinct settings, Pearson and Spearman correlations, the \
            sweet spot only where there is evidence for one), and brew ratio, water temperature and brew time against \
            rating (a best value, no clear peak, or too few brews). Names match as dial_in's bean does.
            """,
        arguments: [
            Argument(name: "bean", kind: .string,
                     summary: "The bean, as the journal names it (also \"Roaster Name\"; "
                         + "a unique beginning is enough).",
                     required: true),
        ],
        answer: { arguments, served throws(MCPToolError) in
            let journal = served.result.journal
            let index: Int
            do throws(AdviceError) {
                index = try DialInNames.bean(named: arguments.string("bean") ?? "", in: journal)
            } catch {
                throw .noAnswer(tool: "bean", message: error.description)
            }
            var options = StatsOptions()
            options.timeZone = served.timeZone
            let analysis = BrewAnalysis(journal: journal, options: options)
            guard let last = analysis.dayRange()?.upperBound,
                  let s = analysis.beanSummaries([index], through: last).first,
                  s.brews > 0 else {
                throw .noAnswer(tool: "bean", message: "\(journal.beans[index].displayName) has no dated brew")
            }
            let t = journal.brews
            return ToolAnswer(.object([
                "bean": .string(s.label), "name": .text(s.bean.name), "roaster": .text(s.bean.roaster),
                "origin": .text(s.bean.origin), "roast_date": .text(s.bean.roastDate.map { "\($0)" }),
                "brews": .count(s.brews), "through_day": .string("\(last)"),
                "rating": .object(["mean": .number(s.rating.mean), "n": .count(s.rating.n)]),
                "rating_half_stars": .array(s.ratingBins.map { .count($0) }),
                "grams_used": .object(["value": .number(s.gramsUsed), "brews_counted": .count(s.dosedBrews)]),
                "mean_dose_g": .number(s.meanDose),
                "bag_weight_g": .number(s.bean.bagWeightGrams), "remaining_g": .number(s.remainingGrams),
                "cost_per_kg": .number(s.costPerKilogram), "cost_per_cup": .number(s.costPerCup),
                "currency": .text(s.bean.currency),
                "best_brew": s.best.map { b in
                    .object(["id": .text(t.id[b.row]), "grind_setting": .number(b.setting), "rating": .number(b.rating),
                             "brewed_at": .text(b.date.map { instant($0, served.timeZone) })])
                } ?? .null,
                "grind_rating": .array(s.grindGroups.map { g in
                    .object(["grinder": .string(g.grinder), "method": .string(g.method), "n": .count(g.n),
                             "distinct_settings": .count(g.distinctSettings), "pearson": .number(g.pearson),
                             "spearman": .number(g.spearman), "quadratic_r2": .number(g.quadraticR2),
                             "sweet_spot": g.statesSweetSpot ? .number(g.sweetSpot) : .null])
                }),
                "effects": .array(s.effects.map { e in
                    let verdict: Value = switch e.verdict {
                    case .best(let x): .object(["best": .number(x)])
                    case .noClearPeak: "no_clear_peak"
                    case .tooFew: "too_few"
                    }
                    return .object(["factor": .string(e.factor.rawValue), "espresso": .bool(e.espresso),
                                    "n": .count(e.n),
                                    "distinct_values": .count(e.distinctValues), "quadratic_r2": .number(e.quadraticR2),
                                    "verdict": verdict])
                }),
            ]))
        }
    )
}
