import BrewColumns
import Foundation

/// The advisor's answer for one bag on one grinder × method: the estimate, the evidence it rests on, and the
/// explanation in words.
public struct DialInAdvice: Sendable {
    public let grinder: String
    public let method: String
    /// The bag's label, or `nil` for brews logged without a bean.
    public let bean: String?
    public let grinderIndex: Int
    public let methodIndex: Int
    public let beanIndex: Int?
    public let estimate: DialInEstimate
    /// This bag's brews used (grind setting and rating), in brewing order.
    public let points: [BrewPoint]
    /// Earlier bags' brews used, one array per bag, most recently brewed bag first.
    public let earlierPoints: [[BrewPoint]]
    /// Brews of this grinder × method (up to the instant asked about) left out: without a rating, and rated but
    /// without a numeric grind setting.
    public let unrated: Int
    public let unset: Int
    /// One or two sentences: the evidence and the reason for ``DialInEstimate/next``.
    public let why: String
    /// Caveats: brews left out, a range taken from the brews, a stepless grinder.
    public let notes: [String]
    /// Brews of this grinder × method (and profile) read, rated or not.
    public var total: Int = 0
    /// The espresso profile advised, when the method's shots name profiles.
    public var profile: String? = nil
    /// Every brew of this bag and of the other bags on the grinder × method (and profile), rated or not.
    public var evidence = Evidence()
    /// The drift of the sweet spot with bag age the answer accounts for (``AgeAdvice``); `nil` when the bags show none.
    public var age: AgeStatement? = nil

    /// Brews behind the answer, rated or not: of this bag, and of the other bags on the grinder × method.
    public struct Evidence: Sendable, Equatable {
        public var brews = 0, rated = 0, earlierBags = 0, earlierBrews = 0, earlierRated = 0
        public init(
            brews: Int = 0, rated: Int = 0, earlierBags: Int = 0, earlierBrews: Int = 0, earlierRated: Int = 0
        ) {
            self.brews = brews; self.rated = rated; self.earlierBags = earlierBags
            self.earlierBrews = earlierBrews; self.earlierRated = earlierRated
        }
    }

    /// Whether a rating informs an expected rating: a rated brew of this bag or of an earlier bag.
    public var hasExpectation: Bool { estimate.verdict != .cuesOnly && !(points.isEmpty && earlierBrews == 0) }

    /// Brews of the earlier bags used.
    public var earlierBrews: Int { earlierPoints.reduce(0) { $0 + $1.count } }

    /// A setting as the grinder shows it.
    public func text(_ setting: Double) -> String { estimate.scale.text(setting) }

    /// The answer in a few lines (what `brewstats dial-in` prints).
    public var textReport: String { textReport(beforeNotes: []) }

    /// ``textReport`` with `extra` lines after the answer's own and before its notes (`dial-in --backtest`'s
    /// verdict).
    public func textReport(beforeNotes extra: [String]) -> String {
        let e = estimate
        var lines = [
            "\(grinder) × \(method)" + (profile.map { " · \($0)" } ?? "")
                + (bean.map { " · \($0)" } ?? " · brews without a bean")]
        if let warning = unratedWarning { lines.append(warning) }
        let nextWords = hasExpectation
            ? " (expected rating \(Self.rating(e.nextExpected))\(cupWords(e.next, e.nextExpected)))"
            : e.verdict == .cuesOnly ? " (\(cueStepWords); no expected rating: nothing is rated yet)" : ""
        lines.append("next: \(text(e.next))" + nextWords)
        if hasExpectation {
            lines.append(
                "safe: \(text(e.safe)) (expected rating " +
                    "\(Self.rating(e.safeExpected))\(cupWords(e.safe, e.safeExpected)))")
            if let x = e.experiment {
                let side = e.coarserWord(e.scale.units(x.setting) > e.scale.units(e.safe))
                lines.append(
                    "experiment: \(text(x.setting)) (expected rating \(Self.rating(x.expected))): settles whether " +
                        "the sweet spot lies \(side) than \(text(e.safe))")
            }
        }
        if let best = e.best, let lo = e.low, let hi = e.high, let r = e.bestExpected {
            lines.append(
                "best: \(text(best)), \(Self.percent(e.level)) interval \(text(lo))–\(text(hi)) "
                         + "(expected rating \(Self.rating(r)))")
        } else if e.verdict == .cuesOnly {
            lines.append(
                "best: none stated (no rated brew on this grinder × " +
                    "method: rate a cup and the advice estimates its sweet spot)")
        } else {
            lines.append("best: none stated (ratings do not depend on grind)")
        }
        lines.append("confidence: \(e.confidence.rawValue) (\(confidenceReason))")
        lines.append("why: \(why)")
        lines.append("evidence: \(evidenceWords)")
        let shown = hasExpectation ? curveSample() : []
        if !shown.isEmpty {
            lines.append(
                "curve: " + shown.map { "\(text($0.setting)) \(Self.rating($0.mean))" }.joined(separator: " · "))
        }
        lines += extra
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The highest rating this bag's cups got at `setting`, or `nil` where it was not brewed (rated).
    public func cupRating(at setting: Double) -> Double? {
        points.filter { $0.setting == setting }.map(\.rating).max()
    }

    /// Beside an expected rating at `setting`: what the bag's own cups say when they say more ("; your cup here was
    /// rated 3.5"), and, for the next setting below the bag's best cup elsewhere, that cup as the safe pick.
    func cupWords(_ setting: Double, _ expected: Double) -> String {
        var out = ""
        if let r = cupRating(at: setting), r > expected + DialInModel.belowCupMargin {
            out += "; your cup here was rated \(Self.rating(r))"
        }
        if let c = estimate.belowCup, setting == estimate.next, setting != c.setting {
            out += ", below your \(Self.rating(c.rating)) at \(text(c.setting)): that is the safe pick"
        }
        return out
    }

    /// The evidence in words: "17 brews of this bag (1 rated), 2 earlier bags (54 brews, 2 rated)" — every brew,
    /// rated or not.
    public var evidenceWords: String {
        let v = evidence
        let own = "\(Self.count(v.brews, "brew")) of this bag (\(v.rated) rated)"
        guard v.earlierBags > 0 else { return own + ", no earlier bags" }
        return own + ", \(Self.count(v.earlierBags, "earlier bag")) " +
            "(\(Self.count(v.earlierBrews, "brew")), \(v.earlierRated) rated)"
    }

    /// Where a step from cues alone comes from: "towards 17.5, which your note on 18 names", "one step finer than
    /// 18, where your notes point", "18, where your cup was balanced".
    public var cueStepWords: String {
        let e = estimate
        guard let c = e.cues.last else { return "where an earlier bag's notes point" }
        if let n = c.named { return "towards \(text(n)), which your note on \(text(c.setting)) names" }
        if c.towardsCoarser == 0 { return "\(text(c.setting)), where your cup was balanced" }
        return "one step \(c.towardsCoarser > 0 ? "coarser" : "finer") than \(text(c.setting)), where your notes point"
    }

    /// "68 of 70 brews are unrated: rate them and the advice sharpens", when at least half the brews of the grinder ×
    /// method (and profile) carry no rating; `nil` otherwise.
    public var unratedWarning: String? {
        guard total > 0, unrated * 2 >= total else { return nil }
        return "\(unrated) of \(Self.count(total, "brew")) " +
            "\(unrated == 1 ? "is" : "are") unrated: rate them and the advice sharpens"
    }

    /// What the confidence word rests on: the interval's width in steps (clicks), the share of the sweet spot's
    /// posterior within one step of the best (rounded down: "high" needs 90 %) and the bag's evidence. A stepless
    /// grinder has no steps: its width is given on the dial ("spans 0.16 on the dial").
    public var confidenceReason: String {
        let e = estimate
        var parts: [String] = []
        if let lo = e.low, let hi = e.high {
            let interval = "the sweet spot's \(Self.percent(e.level)) interval spans"
            if e.scale.step == nil, e.scale.notation == .decimal {
                parts.append("\(interval) \(Self.dialWidth(hi - lo)) on the dial")
            } else {
                let w = e.scale.units(hi) - e.scale.units(lo)
                parts.append(
                    "\(interval) \(String(format: "%.1f", w)) \(e.scale.notation == .thirds ? "clicks" : "steps")")
            }
        }
        if let m = e.massNearBest, let best = e.best {
            parts.append("\(Int((m * 100).rounded(.down))) % of it within one step of \(text(best))")
        }
        parts.append(
            points.isEmpty ? "no rated brew of this bag" : "\(Self.count(points.count, "rated brew")) of this bag")
        if !e.cues.isEmpty { parts.append(Self.count(e.cues.count, "taste or shot cue")) }
        return parts.joined(separator: ", ")
    }

    /// A width on a stepless dial with two significant digits (0.16, 1.2, 12), trailing zeros removed.
    static func dialWidth(_ w: Double) -> String {
        guard w.isFinite, w > 0 else { return "0" }
        let decimals = max(0, 1 - Int(floor(log10(w))))
        var text = String(format: "%.\(decimals)f", w)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }; if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// Up to seven dialable settings around the best (or the next setting), with the fitted mean rating.
    func curveSample() -> [CurveBand] {
        let e = estimate
        guard !e.curve.isEmpty else { return [] }
        let centre = e.best ?? e.next
        let settings = e.scale.settings
        guard let at = settings.indices.min(by: { abs(settings[$0] - centre) < abs(settings[$1] - centre) }) else {
            return []
        }
        let half = max(1.0,
            (e.scale.units(e.high ?? centre) - e.scale.units(e.low ?? centre)) * e.scale.unit / e.scale.resolution)
        // At most the list's length (and never `Int(_:)` of a value past its range).
        let stride = max(1, Int(min((half / 2).rounded(), Double(settings.count))))
        let model = e.curve
        // Only settings the curve covers (the map and its margin): never a value extrapolated past its ends.
        let first = model[0].setting - 1e-9, last = model[model.count - 1].setting + 1e-9
        let picks = (-3...3).map { at + $0 * stride }.filter {
            settings.indices.contains($0) && settings[$0] >= first && settings[$0] <= last
        }
        return picks.map { i in
            let x = settings[i]
            // Interpolate the 81-point curve at x.
            let j = model.lastIndex { $0.setting <= x } ?? 0
            let a = model[j], b = model[min(j + 1, model.count - 1)]
            let t = b.setting > a.setting ? (x - a.setting) / (b.setting - a.setting) : 0
            return CurveBand(setting: x, mean: a.mean + t * (b.mean - a.mean), low: a.low + t * (b.low - a.low),
                             high: a.high + t * (b.high - a.high))
        }
    }

    static func rating(_ r: Double) -> String { String(format: "%.1f", min(5, max(0, r))) }
    static func percent(_ level: Double) -> String { "\(Int((level * 100).rounded())) %" }
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
