import Foundation

/// The advice's "why" in one or two plain sentences: what the estimate rests on, then why the next setting.
///
/// Sentence one: the bag's brews and settings (or none yet), what the earlier bags' sweet spots span (the
/// central interval at the stated level of the sweet spot they predict for a new bag) or that there are none,
/// and the best-rated setting so far. Sentence two, the first that applies:
/// - the ratings do not depend on grind (the flat model's Bayes factor) → keep to the best-rated setting;
/// - two or more brews all rated the same → nothing tells the settings apart yet;
/// - no brews of the bag → start where a new bag is expected to peak (mid-range without earlier bags);
/// - the next setting was brewed already → repeat it to confirm;
/// - otherwise it is untried, and "likely as good" when its expected rating is within a quarter point of the
///   best rating so far, else "the most informative step".
enum DialInExplanation {
    static func why(_ a: DialInAdvice) -> String {
        let e = a.estimate
        let t = { (x: Double) in a.text(x) }
        var first: [String] = []
        first.append(a.points.isEmpty ? "No rated brews of this bag yet"
                     : "\(DialInAdvice.count(a.points.count, "brew")) of this bag on \(DialInAdvice.count(e.distinctSettings, "setting"))")
        if let lo = e.earlierPeakLow, let hi = e.earlierPeakHigh {
            let range = t(e.scale.snap(lo)) == t(e.scale.snap(hi)) ? "around \(t(e.scale.snap(lo)))"
                : "at \(t(e.scale.snap(lo)))–\(t(e.scale.snap(hi)))"
            // The 80 % range where the earlier bags predict a new bag's peak (not the range of their own peaks).
            first.append("from \(DialInAdvice.count(e.earlierBags, "earlier bag")) on this grinder × method, a new bag is expected to peak \(range)")
        } else {
            first.append("no earlier bags on this grinder × method to learn from")
        }
        if let b = e.bestSoFar { first.append("your best so far is \(t(b.setting)) (\(DialInAdvice.rating(b.rating)))") }
        let next = t(e.next), expect = DialInAdvice.rating(e.nextExpected)
        let second: String
        if e.verdict == .noDependence {
            let bf = e.flatBayesFactor.map { String(format: "%.0f", min($0, 999)) } ?? "—"
            second = "The ratings do not depend on grind (a flat line is \(bf)× likelier than a peak): keep to \(next)."
        } else if e.allRatingsEqual, let b = e.bestSoFar {
            second = "All \(a.points.count) ratings are \(DialInAdvice.rating(b.rating)), so nothing tells the settings apart yet: try \(next) next."
        } else if a.points.isEmpty {
            second = e.earlierBags > 0 ? "Start at \(next), where a new bag is expected to peak (expected \(expect))."
                : "With nothing to go on, start mid-range at \(next)."
        } else if e.nextTried {
            second = "Repeat \(next) to confirm it: it is the likeliest best (expected \(expect))."
        } else if let b = e.bestSoFar, e.nextExpected >= b.rating - 0.25 {
            second = "\(next) is untried and likely as good (expected \(expect))."
        } else {
            second = "\(next) is untried and the most informative next step (expected \(expect))."
        }
        return first.joined(separator: "; ") + ". " + second
    }
}
