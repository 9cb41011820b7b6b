import BrewColumns
import BrewPages
import BrewStats

/// A grinder × method group's best setting as a ``BrewPages/Finding``: the statement in plain words ("best around
/// setting 24"), what it rests on (rated brews, settings tried) and the fit's statistics in its evidence, or — below
/// the evidence rules (``EvidenceRules``) — what is missing.
enum GrindFinding {
    static func of(_ g: GrindRatingGroup, grinder: Grinder?) -> Finding {
        var who = ([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: " × ")
        if g.bean == nil { who += " (all beans)" }
        let fit = g.quadraticR2.map { ["a curve through the ratings explains \(Int(($0 * 100).rounded())) % of their spread (R² = \(Format.number($0, decimals: 2)))"] } ?? []
        let evidence = Evidence(n: g.n, noun: "rated brews", details: ["\(g.distinctSettings) settings tried"] + fit)
        guard g.statesSweetSpot, let spot = g.sweetSpot, spot.isFinite else {
            if EvidenceRules.statesSweetSpot(n: g.n, distinctSettings: g.distinctSettings) {
                return Finding(subject: who, statement: "no clear peak: the ratings do not single out a setting", evidence: evidence, isMade: false)
            }
            return .notMade(subject: who, "no best setting yet: \(g.n) rated brew\(g.n == 1 ? "" : "s") on \(g.distinctSettings) setting\(g.distinctSettings == 1 ? "" : "s"); it needs \(EvidenceRules.sweetSpotMinimumBrews) on \(EvidenceRules.sweetSpotMinimumSettings)", evidence: evidence)
        }
        return Finding(subject: who, statement: Text("best around setting \(GrindSetting.text(spot, grinder: grinder, observed: g.points.distinctX))"),
                       evidence: evidence)
    }
}
