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

    /// Whether the model expects a rating anywhere: not before the first brew of the first bag.
    public var hasExpectation: Bool { !(points.isEmpty && earlierPoints.isEmpty) }

    /// Brews of the earlier bags used.
    public var earlierBrews: Int { earlierPoints.reduce(0) { $0 + $1.count } }

    /// A setting as the grinder shows it.
    public func text(_ setting: Double) -> String { estimate.scale.text(setting) }

    /// The answer in a few lines (what `brewstats dial-in` prints).
    public var textReport: String {
        let e = estimate
        var lines = ["\(grinder) × \(method)" + (profile.map { " · \($0)" } ?? "") + (bean.map { " · \($0)" } ?? " · brews without a bean")]
        if let warning = unratedWarning { lines.append(warning) }
        lines.append("next: \(text(e.next))" + (hasExpectation ? " (expected rating \(Self.rating(e.nextExpected)))" : ""))
        if hasExpectation {
            lines.append("safe: \(text(e.safe)) (expected rating \(Self.rating(e.safeExpected)))")
            if let x = e.experiment {
                let side = e.coarserWord(e.scale.units(x.setting) > e.scale.units(e.safe))
                lines.append("experiment: \(text(x.setting)) (expected rating \(Self.rating(x.expected))): settles whether the sweet spot lies \(side) than \(text(e.safe))")
            }
        }
        if let best = e.best, let lo = e.low, let hi = e.high, let r = e.bestExpected {
            lines.append("best: \(text(best)), \(Self.percent(e.level)) interval \(Self.decimal(lo))–\(Self.decimal(hi)) "
                         + "(expected rating \(Self.rating(r)))")
        } else {
            lines.append("best: none stated (ratings do not depend on grind)")
        }
        lines.append("confidence: \(e.confidence.rawValue) (\(confidenceReason))")
        lines.append("why: \(why)")
        lines.append("evidence: \(Self.count(points.count, "brew")) of this bag, \(Self.count(e.earlierBags, "earlier bag")) "
                     + "(\(Self.count(earlierBrews, "brew")))")
        let shown = curveSample()
        if !shown.isEmpty {
            lines.append("curve: " + shown.map { "\(text($0.setting)) \(Self.rating($0.mean))" }.joined(separator: " · "))
        }
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "68 of 70 brews are unrated: rate them and the advice sharpens", when at least half the brews of the grinder ×
    /// method (and profile) carry no rating; `nil` otherwise.
    public var unratedWarning: String? {
        guard total > 0, unrated * 2 >= total else { return nil }
        return "\(unrated) of \(Self.count(total, "brew")) \(unrated == 1 ? "is" : "are") unrated: rate them and the advice sharpens"
    }

    /// What the confidence word rests on: the interval's width in steps (clicks) and the bag's evidence. A stepless
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
                parts.append("\(interval) \(String(format: "%.1f", w)) \(e.scale.notation == .thirds ? "clicks" : "steps")")
            }
        }
        parts.append("\(Self.count(points.count, "rated brew")) of this bag")
        if !e.cues.isEmpty { parts.append(Self.count(e.cues.count, "taste or shot cue")) }
        return parts.joined(separator: ", ")
    }

    /// A width on a stepless dial with two significant digits (0.16, 1.2, 12), trailing zeros removed.
    static func dialWidth(_ w: Double) -> String {
        guard w.isFinite, w > 0 else { return "0" }
        let decimals = max(0, 1 - Int(floor(log10(w))))
        var text = String(format: "%.\(decimals)f", w)
        if text.contains(".") { while text.hasSuffix("0") { text.removeLast() }; if text.hasSuffix(".") { text.removeLast() } }
        return text
    }

    /// Up to seven dialable settings around the best (or the next setting), with the fitted mean rating.
    func curveSample() -> [CurveBand] {
        let e = estimate
        let centre = e.best ?? e.next
        let settings = e.scale.settings
        guard let at = settings.indices.min(by: { abs(settings[$0] - centre) < abs(settings[$1] - centre) }) else { return [] }
        let half = max(1.0, (e.scale.units(e.high ?? centre) - e.scale.units(e.low ?? centre)) * e.scale.unit / e.scale.resolution)
        // At most the list's length (and never `Int(_:)` of a value past its range).
        let stride = max(1, Int(min((half / 2).rounded(), Double(settings.count))))
        let picks = (-3...3).map { at + $0 * stride }.filter { settings.indices.contains($0) }
        let model = e.curve
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
    static func decimal(_ x: Double) -> String { String(format: "%.1f", x) }
    static func percent(_ level: Double) -> String { "\(Int((level * 100).rounded())) %" }
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
