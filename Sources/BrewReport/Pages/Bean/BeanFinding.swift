import BrewAdvice
import BrewColumns
import BrewPages
import BrewStats
import Foundation

/// What the report leads with: one finding per bean brewed in the report week, on each grinder × method it was
/// brewed with, as known at the week's end. Shared by the HTML, PDF and Markdown outputs, which never cut the list
/// (every bean of the week is shown).
///
/// Each finding gives, in the grinder's own steps (``GrindSetting``), what to brew next first (the advisor's next
/// setting, when it has one), then:
/// - how many brews of the bean on that grinder × method fell in the week, and how many there are so far;
/// - the best brew so far (setting, rating, day) and the last brew (setting, rating);
/// - the stated sweet spot with its rated brews when ``GrindRatingGroup/statesSweetSpot`` holds, else how far the bean
///   is from the evidence rule (``EvidenceRules``).
struct BeanFinding: Equatable {
    /// `Kirinyaga Karimikui · Comandante C40 × V60`.
    let title: String
    /// Short facts, in reading order: the next step (when advised), counts, best so far, last, sweet spot (or why
    /// none).
    let facts: [String]
    /// Whether ``facts`` begins with the advisor's next step.
    var leadsWithNext = false
    /// The statistics behind the sweet-spot fact, for the page's fold.
    var evidence: Evidence?

    /// One finding per entry of ``PeriodReport/periodBeans``, in that order.
    static func of(_ report: PeriodReport) -> [BeanFinding] {
        zip(report.periodBeans, report.periodAdvice).map { of($0, advice: $1, report: report) }
    }

    static func of(_ p: BeanProgress, advice: DialInAdvice? = nil, report: PeriodReport) -> BeanFinding {
        let grinder = report.grinderRecord(p.grinderIndex)
        let observed = p.group.points.distinctX
        func setting(_ v: Double?) -> String {
            guard let v else { return "no setting" }
            return GrindSetting.text(v, grinder: grinder, observed: observed)
        }
        func rating(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "unrated" }
        // "22 brews this year, 22 so far" says one number twice.
        func brews(_ n: Int) -> String { "\(n) brew\(n == 1 ? "" : "s")" }
        var facts = [p.periodBrews == p.brews ? "\(brews(p.brews)), all this \(report.noun)"
                                              : "\(brews(p.periodBrews)) this \(report.noun), \(p.brews) so far"]
        let g = p.group
        guard let best = p.best else {
            facts.append("last: setting \(setting(p.last.setting)) (\(rating(p.last.rating)))")
            facts.append("no rated brew with a setting yet: rate brews to find this bean’s setting")
            return leading(next(advice), title: "\(p.bean) · \(p.grinder) × \(p.method)", facts: facts)
        }
        let day = Headline.dayText(best.date, report.analysis.derived.calendar)
        let when = day.isEmpty ? "" : ", " + day
        facts.append("best so far: setting \(setting(best.setting)) (\(rating(best.rating))\(when))")
        facts.append("last: setting \(setting(p.last.setting)) (\(rating(p.last.rating)))")
        if g.statesSweetSpot, g.sweetSpot != nil {
            facts.append("\(GrindFinding.statement(g, grinder: grinder)) (\(g.n) rated brews)")
        } else if g.n < EvidenceRules.sweetSpotMinimumBrews
                    || g.distinctSettings < EvidenceRules.sweetSpotMinimumSettings {
            let tried = "\(g.n) rated brew\(g.n == 1 ? "" : "s") on \(g.distinctSettings) "
                + "setting\(g.distinctSettings == 1 ? "" : "s")"
            let needs = "\(EvidenceRules.sweetSpotMinimumBrews) on \(EvidenceRules.sweetSpotMinimumSettings)"
            facts.append("no sweet spot yet: \(tried) (needs \(needs))")
        } else if g.sweetSpot != nil, let r2 = g.quadraticR2 {
            let share = Int((r2 * 100).rounded())
            facts.append("no clear peak yet: the curve explains \(share) % of the ratings’ spread (\(g.n) rated brews)")
        } else {
            facts.append("no peak inside the settings tried (\(g.n) rated brews): "
                + "the ratings do not single out a setting yet")
        }
        var found = leading(next(advice), title: "\(p.bean) · \(p.grinder) × \(p.method)", facts: facts)
        found.evidence = Evidence(n: g.n, noun: "rated brews on this grinder × method",
                                  details: ["\(g.distinctSettings) settings tried"]
                                      + (g.quadraticR2.map(Self.curveDetail).map { [$0] } ?? [])
                                      + (g.statesSweetSpot ? GrindFinding.details(g, grinder: grinder) : []))
        return found
    }

    /// `a curve through the ratings explains 42 % of their spread (R² = 0.42)`.
    static func curveDetail(_ r2: Double) -> String {
        "a curve through the ratings explains \(Int((r2 * 100).rounded())) % of their spread "
            + "(R² = \(Format.number(r2, decimals: 2)))"
    }

    /// A finding whose facts begin with `next` when there is one: what to brew next is what a reader acts on.
    static func leading(_ next: String?, title: String, facts: [String]) -> BeanFinding {
        guard let next else { return BeanFinding(title: title, facts: facts) }
        return BeanFinding(title: title, facts: [next] + facts, leadsWithNext: true)
    }

    /// The advisor's next step: `next: try 23 (expected 4.1)`, with "untried" when the bag has not been brewed
    /// there, or `nil` without advice.
    /// A bag without a rated brew gets no "untried" beside "no rated brew yet": its expected rating is the earlier
    /// bags', said so; with no rating at all on the grinder × method, none is stated.
    static func next(_ advice: DialInAdvice?) -> String? {
        guard let advice else { return nil }
        let e = advice.estimate
        if e.verdict == .cuesOnly {
            return "next: try \(advice.text(e.next)) (\(advice.cueStepWords); no expected rating: nothing is rated yet)"
        }
        guard advice.hasExpectation else { return nil }
        if advice.points.isEmpty {
            return "next: start at \(advice.text(e.next)) (where the earlier bags on this grinder × method point; "
                + "they expect \(String(format: "%.1f", e.nextExpected)))"
        }
        let tried = e.nextTried ? "" : ", untried"
        let verdict = e.verdict == .noDependence ? "; the ratings do not depend on grind here" : ""
        // The bag's own cups where they say more than the model: at the setting itself, or a better cup elsewhere.
        var cups = ""
        if let r = advice.cupRating(at: e.next), r > e.nextExpected + 0.25 {
            cups += "; your cup there was rated \(String(format: "%.1f", r))"
        }
        if let c = e.belowCup {
            cups += "; below your \(String(format: "%.1f", c.rating)) at \(advice.text(c.setting)), the safe pick"
        }
        let expected = String(format: "%.1f", e.nextExpected)
        return "next: try \(advice.text(e.next)) (expected \(expected)\(tried)\(cups))\(verdict)"
    }

    /// The finding as one line: `title: fact; fact; …`.
    var line: String { "\(title): " + facts.joined(separator: "; ") }

    /// The finding on the page: the bean × grinder × method in bold, what to brew next (or the first fact) as the
    /// statement, the rest as facts, the fit's statistics in the fold.
    var finding: Finding {
        Finding(subject: title, statement: leadsWithNext ? .strong(facts[0]) : Text(facts.first ?? ""),
                facts: facts.dropFirst().map { Text($0) }, evidence: evidence)
    }
}
