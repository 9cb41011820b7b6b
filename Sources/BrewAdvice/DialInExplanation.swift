import Foundation

/// The advice's "why" in plain sentences: what the estimate rests on, then why the next setting.
///
/// Sentence one: the bag's brews and settings (or none yet), its taste cues, what the earlier bags' sweet spots
/// span (the central interval at the stated level of the sweet spot they predict for a new bag) or that there are
/// none, the effect of the bag's roast level on that prediction when it has one (``AttributeEffect``), and the
/// best-rated setting so far. Sentence two, the first that applies:
/// - the ratings do not depend on grind (the flat model's Bayes factor) → keep to the best-rated setting;
/// - two or more brews all rated the same → nothing tells the settings apart yet;
/// - no rated brew on the grinder × method at all, only cues → the step the cues justify, with no expected rating;
/// - no rated brews of the bag → where its shot times point through the shot-time model, else start where a new
///   bag is expected to peak (mid-range without earlier bags), or where its taste cues point;
/// - the next setting was brewed already → repeat it to confirm;
/// - the next setting is the safe pick → it has the highest expected rating;
/// - otherwise it is an experiment: its expected rating, the safe pick's (never "as good" for a lower one), and
///   what it settles.
/// When an experiment exists but costs too much to be next (``DialInOptions/experimentCost``), a sentence offers it
/// with its expected rating against the safe pick's.
/// Then, when they apply: the suggestions left the map (in words, with the evidence), and the rating expected at
/// the best lies below the best rating so far (why).
enum DialInExplanation {
    static func why(_ a: DialInAdvice) -> String {
        let e = a.estimate
        let t = { (x: Double) in a.text(x) }
        var first: [String] = []
        first.append(a.points.isEmpty ? "No rated brews of this bag yet"
                     : "\(DialInAdvice.count(a.points.count, "rated brew")) of this bag on " +
                         "\(DialInAdvice.count(e.distinctSettings, "setting"))")
        if !e.cues.isEmpty {
            let finer = e.cues.filter { $0.towardsCoarser < 0 }.count,
                coarser = e.cues.filter { $0.towardsCoarser > 0 }.count
            let here = e.cues.count - finer - coarser
            var parts: [String] = []
            if finer > 0 { parts.append("\(finer) finer") }
            if coarser > 0 { parts.append("\(coarser) coarser") }
            if here > 0 { parts.append("\(here) balanced") }
            first.append("its taste notes and shot times say " + parts.joined(separator: ", "))
        }
        if let lo = e.earlierPeakLow, let hi = e.earlierPeakHigh {
            let range = t(e.scale.snap(lo)) == t(e.scale.snap(hi)) ? "around \(t(e.scale.snap(lo)))"
                : "at \(t(e.scale.snap(lo)))–\(t(e.scale.snap(hi)))"
            // The 80 % range where the earlier bags predict a new bag's peak (not the range of their own peaks).
            // Of the earlier bags counted in the evidence, those with a rating, note or shot time to learn from.
            let of = a.evidence.earlierBags > e.earlierBags
                ? "\(e.earlierBags) of the \(a.evidence.earlierBags) earlier bags"
                : DialInAdvice.count(e.earlierBags, "earlier bag")
            first.append("from \(of) on this grinder × method, a new bag is expected to peak \(range)")
            if let effect = e.attributeEffect { first.append(effect.words(scale: e.scale)) }
        } else {
            first.append("no earlier bags on this grinder × method to learn from")
        }
        if let b = e.bestSoFar {
            first.append("your best so far is \(t(b.setting)) (\(DialInAdvice.rating(b.rating)))")
        }
        let next = t(e.next), expect = DialInAdvice.rating(e.nextExpected)
        var more: [String] = []
        if e.verdict == .noDependence {
            let bf = e.flatBayesFactor.map { String(format: "%.0f", min($0, 999)) } ?? "—"
            more.append(
                "The ratings do not depend on grind (a flat line is \(bf)× likelier than a peak): keep to \(next).")
        } else if e.allRatingsEqual, let b = e.bestSoFar {
            more.append(
                "All \(a.points.count) ratings are \(DialInAdvice.rating(b.rating)), " +
                    "so nothing tells the settings apart yet: try \(next) next.")
        } else if e.verdict == .cuesOnly {
            more.append("Brew \(next) next, \(a.cueStepWords): with no rated brew on this grinder × method, the advice "
                        + "moves only as far as the notes justify and states no "
                        + "expected rating or sweet spot; rate the cup and it can.")
        } else if a.points.isEmpty {
            if let f = e.shotTime, f.used, !f.bagShots.isEmpty {
                more.append("Brew \(next), where this bag's shot times and the earlier bags meet (expected \(expect)).")
            } else if !e.cues.isEmpty, e.earlierBags == 0 {
                more.append("Brew \(next), where the taste cues point (expected \(expect)).")
            } else if !e.cues.isEmpty {
                more.append("Brew \(next), where the taste cues and the earlier bags meet (expected \(expect)).")
            } else {
                more.append(
                    e.earlierBags > 0 ? "Start at \(next), where a new bag is expected to peak (expected \(expect))."
                            : "With nothing to go on, start mid-range at \(next).")
            }
        } else if e.nextTried {
            more.append("Repeat \(next) to confirm it: it is the likeliest best (expected \(expect)).")
        } else if e.experiment == nil || e.next == e.safe {
            more.append("\(next) is untried and has the highest expected rating (\(expect)).")
        } else if let x = e.experiment {
            let side = e.scale.units(x.setting) > e.scale.units(e.safe) ? e.coarserWord(true) : e.coarserWord(false)
            more.append(
                "\(next) is an experiment (expected \(DialInAdvice.rating(x.expected)), against " +
                    "\(DialInAdvice.rating(e.safeExpected)) at the safe pick \(t(e.safe))): "
                        + "it settles whether the sweet spot lies \(side) than \(t(e.safe)) (the model gives that "
                        + "\(Int((x.chanceBeyondSafe * 100).rounded())) %).")
        }
        if let x = e.experiment, e.next == e.safe, e.verdict == .peak, !a.points.isEmpty, !e.allRatingsEqual {
            let side = e.coarserWord(e.scale.units(x.setting) > e.scale.units(e.safe))
            more.append(
                "An experiment at \(t(x.setting)) would settle whether the sweet spot lies \(side) than \(t(e.safe)) "
                        + "(the model gives that \(Int((x.chanceBeyondSafe * 100).rounded())) "
                        + "%), but it is expected at "
                        + "\(DialInAdvice.rating(x.expected)) against \(DialInAdvice.rating(e.safeExpected)): too "
                        + "dear for tomorrow's cup, worth it on a spare morning.")
        }
        if let shots = ShotTimeExplanation.sentence(a) { more.append(shots) }
        if let side = e.leftMap {
            let finer = (side == .below) == e.scale.coarserIsHigher
            let better = a.points.count > 1 ? "the brews of this bag got better towards \(finer ? "finer" : "coarser")"
                : "the evidence points \(finer ? "finer" : "coarser")"
            more.append(
                "Off the map: \(better); \(t(e.next)) is past anything brewed on this grinder × method " +
                    "(\(t(e.mapLow))–\(t(e.mapHigh))).")
        }
        if let o = e.bestRatedOutside, let lo = e.low, let hi = e.high {
            more.append(
                "Your best-rated \(t(o.setting)) (\(DialInAdvice.rating(o.rating))) lies outside the " +
                    "\(DialInAdvice.percent(e.level)) "
                        + "interval (\(t(lo))–\(t(hi))): this bag's other cups"
                        + (e.earlierBags > 0 ? " and the earlier bags" : "")
                            + " put the sweet spot elsewhere, and one cup is partly luck.")
        }
        if let c = e.belowCup {
            more.append(
                "The model expects \(DialInAdvice.rating(e.nextExpected)) at \(next), less than the " +
                    "\(DialInAdvice.rating(c.rating)) "
                        + "this bag already got at \(t(c.setting))"
                            + (e.earlierBags > 0 ? " (the earlier bags pull it there)" : "")
                        + ": \(t(c.setting)) is the safe pick, \(next) the model's bet.")
        } else if let r = e.cupRatingAtNext(a), r > e.nextExpected + DialInModel.belowCupMargin {
            more.append(
                "Your cup at \(next) was rated \(DialInAdvice.rating(r)); the model expects \(expect) there because "
                        + (e.earlierBags > 0 ? "the earlier bags rated lower and " : "")
                            + "one cup is partly luck: repeat it and see.")
        } else if let r = e.bestExpected, let b = e.bestSoFar, r < b.rating - 0.05 {
            more.append(
                "The rating expected at the best (\(DialInAdvice.rating(r))) is below your best so far " +
                    "(\(DialInAdvice.rating(b.rating))): one cup is partly luck, " +
                        "and the model expects the next to be nearer this bag's usual.")
        }
        return first.joined(separator: "; ") + ". " + more.joined(separator: " ")
    }
}

extension DialInEstimate {
    /// The bag's best rating at ``next``, when it brewed there.
    func cupRatingAtNext(_ a: DialInAdvice) -> Double? { a.cupRating(at: next) }

    /// "coarser" or "finer" for a move up the dial (`up`) or down it, on this grinder's numbering.
    func coarserWord(_ up: Bool) -> String { up == scale.coarserIsHigher ? "coarser" : "finer" }
}
