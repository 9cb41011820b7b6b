import BrewColumns
import BrewPages
import BrewStats

/// A grinder × method group's best setting as a ``BrewPages/Finding``: the statement in plain words ("best around
/// setting 24"), what it rests on (rated brews, settings tried) and the fit's statistics in its evidence, or — below
/// the evidence rules (``EvidenceRules``) — what is missing.
///
/// A stated sweet spot qualifies itself (``SweetSpotShape``, docs/definitions.md): on a flat curve the statement is
/// the range of settings that rate about the same and the peak is a detail of the evidence; on a fit that explains
/// little of the ratings' spread the statement opens with "a weak pattern:". Every page that states a grind sweet
/// spot (the report, the bean page's card, the year in review) words it with ``statement(_:grinder:)``.
enum GrindFinding {
    static func of(_ g: GrindRatingGroup, grinder: Grinder?) -> Finding {
        var who = ([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: " × ")
        if g.bean == nil { who += " (all beans)" }
        let fit = g.quadraticR2.map {
            [
                "a curve through the ratings explains \(Int(($0 * 100).rounded())) % of their spread (R² = " +
                    "\(Format.number($0, decimals: 2)))"]
        } ?? []
        let evidence = Evidence(n: g.n, noun: "rated brews", details: ["\(g.distinctSettings) settings tried"] + fit)
        guard g.statesSweetSpot, let spot = g.sweetSpot, spot.isFinite else {
            if EvidenceRules.statesSweetSpot(n: g.n, distinctSettings: g.distinctSettings) {
                return Finding(subject: who, statement: "no clear peak: the ratings do not single out a setting",
                    evidence: evidence, isMade: false)
            }
            return .notMade(subject: who,
                "no best setting yet: \(g.n) rated brew\(g.n == 1 ? "" : "s") on \(g.distinctSettings) " +
                    "setting\(g.distinctSettings == 1 ? "" : "s"); it needs \(EvidenceRules.sweetSpotMinimumBrews) " +
                        "on \(EvidenceRules.sweetSpotMinimumSettings)",
                evidence: evidence)
        }
        var stated = evidence
        stated.details += details(g, grinder: grinder)
        return Finding(subject: who, statement: Text(statement(g, grinder: grinder)), evidence: stated)
    }

    /// A stated sweet spot in plain words: `best around setting 24`; on a flat curve `anywhere from 11 to 19 rates
    /// about the same: the curve is flat there` (`from setting 11 to 19`); either prefixed `a weak pattern:
    /// ` when the fit is weak.
    static func statement(_ g: GrindRatingGroup, grinder: Grinder?) -> String {
        let observed = g.points.distinctX
        let text = { (v: Double) in "setting " + GrindSetting.text(v, grinder: grinder, observed: observed) }
        guard let shape = g.sweetSpotShape else { return g.sweetSpot.map { "best around " + text($0) } ?? "" }
        return words(shape, text).statement
    }

    /// The evidence lines a qualified sweet spot adds: the peak when the statement is a range, and how little the
    /// fit explains when it is weak.
    static func details(_ g: GrindRatingGroup, grinder: Grinder?) -> [String] {
        let observed = g.points.distinctX
        return g.sweetSpotShape.map {
            words($0) { "setting " + GrindSetting.text($0, grinder: grinder, observed: observed) }.details
        } ?? []
    }

    /// The one wording of a stated best value of shape `shape` (a grind setting, a ratio, a temperature, a time),
    /// each value worded by `text` (`setting 14`, `1:16.2`): the statement, and the evidence lines it adds.
    /// Range ends that word the same (a flat range within one grinder step) state the peak instead.
    static func words(_ shape: SweetSpotShape, _ text: (Double) -> String) -> (statement: String, details: [String]) {
        let lo = text(shape.flatRange.lowerBound), hi = text(shape.flatRange.upperBound)
        let flat = shape.isFlat && lo != hi
        // "from setting 11 to setting 19" reads as "from setting 11 to 19".
        let hiShort = hi.hasPrefix("setting ") ? String(hi.dropFirst("setting ".count)) : hi
        var details: [String] = []
        if flat {
            details.append(
                "the curve peaks at \(text(shape.peak)); from \(lo) to \(hiShort) it stays within " +
                    "\(Format.number(EvidenceRules.sweetSpotFlatTolerance, decimals: 2)) " +
                    "of a rating point of that peak")
        }
        if shape.isWeak {
            details.append(
                "a weak pattern: the curve explains \(Int(((shape.r2 ?? 0) * 100).rounded())) % of the ratings' " +
                    "spread, and a clear one \(Int((EvidenceRules.sweetSpotWeakR2 * 100).rounded())) % or more")
        }
        let core = flat ? "anywhere from \(lo) to \(hiShort) rates about the same: the curve is flat there"
            : "best around \(text(shape.peak))"
        return ((shape.isWeak ? "a weak pattern: " : "") + core, details)
    }
}
