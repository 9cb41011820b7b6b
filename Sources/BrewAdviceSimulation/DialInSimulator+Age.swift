import BrewAdvice
import BrewHashing
import Foundation

extension DialInSimulator.Scenario {
    /// Bags whose sweet spot drifts with bag age (noise 0.5, width 2.5, spread 2 steps; 6 earlier bags of 8 rated
    /// brews): each bag, earlier and new, is first brewed 3–7 days off roast and brewed over 14–28 days (even odds
    /// for each whole day), its brews evenly spread over them on whole days; its sweet spot moves 0.15 steps coarser
    /// per day of bag age (its drawn sweet spot is the one at 10 days), and a control whose bags do not drift (0).
    /// The advisor is told every brew's bag age (the bags' roast dates; no bag is frozen).
    public static let agingBags: [DialInSimulator.Scenario] = [0.15, 0.0].map { drift in
        var s = DialInSimulator.Scenario(spread: 2, width: 2.5, noise: 0.5)
        s.ageDrift = drift
        s.name = drift == 0 ? "bags that do not drift with age (control)"
            : String(format: "sweet spot drifting %.2f steps coarser a day of bag age", drift)
        return s
    }

    /// ``agingBags`` with the roast dates removed: the same journals (the same draws), no brew's age known, so the
    /// advisor answers as it would without age.
    public static let agingBagsUndated: [DialInSimulator.Scenario] = agingBags.map { told in
        var s = told
        s.agesTold = false
        s.name = (told.name ?? told.description) + ", roast dates removed"
        return s
    }
}

extension DialInSimulator {
    /// The bag age at which a drawn sweet spot holds: a bag's sweet spot at age `t` is `s + δ·(t − 10)`.
    static let referenceAge = 10.0

    /// A bag's brewing days: first brewed `first` days off roast, over `span` days, `count` brews evenly spread on
    /// whole days; index `count` is the day of the next brew after the last (one more gap on).
    struct Brewing {
        var first: Int, span: Int, count: Int
        func age(_ i: Int) -> Double {
            Double(first) + (Double(i * span) / Double(max(1, count - 1))).rounded()
        }
        static func draw(count: Int, _ rng: inout SplitMix64) -> Brewing {
            let first = 3 + Int(rng.next() % 5), span = 14 + Int(rng.next() % 15)
            return Brewing(first: first, span: span, count: count)
        }
    }

    /// `bag` at age `age`: its sweet spot moved by `drift` per day from ``referenceAge``, kept inside the range.
    func aged(_ bag: Bag, drift: Double, age: Double) -> Bag {
        var b = bag
        b.sweetSpot = min(scale.span, max(0, bag.sweetSpot + drift * (age - Self.referenceAge)))
        return b
    }

    /// ``run(seed:)`` for bags that age (``Scenario/ageDrift``): the earlier bags logged around their sweet spot of
    /// the day, then the new bag brewed ``brews`` times, the advisor asked before each brew at that brew's age and
    /// once more at the next brew's age after the last (whose true sweet spot the outcome's is). Told the ages, it
    /// answers as the dial-in advisor does (``AgeDrift``, docs/advisor.md "Age"): the drift fitted on the earlier
    /// bags' rated brews and the bag's own, and where it shows one, every rated brew moved to the age asked about
    /// and the model fitted on the moved brews (the map of brewed settings unmoved); otherwise today's answer. The
    /// draws do not depend on ``Scenario/agesTold``.
    func runAged(seed: UInt64, drift: Double) -> [Policy: Outcome] {
        var rng = SplitMix64(seed: seed)
        let sc = scale
        var history: [[AgedPoint]] = []
        for _ in 0..<scenario.historyBags {
            let b = drawBag(&rng)
            let days = Brewing.draw(count: scenario.historyBrews, &rng)
            history.append((0..<scenario.historyBrews).map { i in
                let age = days.age(i), now = aged(b, drift: drift, age: age)
                let g = sc.snap(sc.setting(units: now.sweetSpot + rng.normal() * scenario.width))
                return AgedPoint(setting: g, rating: rate(now, g, &rng), age: age)
            })
        }
        let bag = drawBag(&rng)
        let days = Brewing.draw(count: brews, &rng)
        let flat = history.map { $0.map { BrewPoint(setting: $0.setting, rating: $0.rating) } }
        let used = flat.flatMap { $0.map(\.setting) }
        let plain = DialInModel(scale: sc, history: flat, used: used, options: options)
        let start = flat.first.flatMap { Self.bestSoFar($0) }?.setting
            ?? sc.snap(sc.setting(units: scenario.sweetSpotMean))
        var out: [Policy: Outcome] = [:]
        for policy in policies {
            var r = rng
            var current: [AgedPoint] = []
            var direction = 1.0, moved = 0
            var losses: [Double] = []
            for i in 0..<brews {
                let age = days.age(i)
                let g: Double
                if policy == .advisor {
                    let a = agedAnswer(plain, history: history, current: current, age: age, used: used)
                    g = a.estimate.next
                    if a.moved { moved += 1 }
                } else {
                    g = hillClimb(current.map { BrewPoint(setting: $0.setting, rating: $0.rating) }, start: start,
                                  direction: &direction)
                }
                let now = aged(bag, drift: drift, age: age)
                losses.append(min(5, max(0, now.peak)) - truth(now, g))
                current.append(AgedPoint(setting: g, rating: rate(now, g, &r), age: age))
            }
            let nextAge = days.age(brews), then = aged(bag, drift: drift, age: nextAge)
            var o = Outcome(trueSweetSpot: then.sweetSpot, statedBest: nil, low: nil, high: nil,
                            meanLoss: losses.reduce(0, +) / Double(brews), settings: current.map(\.setting))
            if policy == .advisor {
                let a = agedAnswer(plain, history: history, current: current, age: nextAge, used: used)
                if a.moved { moved += 1 }
                o.statedBest = a.estimate.bestRaw.map { sc.units($0) }
                o.low = a.estimate.low.map { sc.units($0) }
                o.high = a.estimate.high.map { sc.units($0) }
                o.confidence = a.estimate.confidence
                o.ageDrift = a.fit
                o.answersMoved = moved
            } else {
                o.statedBest = Self.bestSoFar(current.map { BrewPoint(setting: $0.setting, rating: $0.rating) })
                    .map { sc.units($0.setting) }
            }
            out[policy] = o
        }
        return out
    }

    /// The advisor's answer for the new bag at age `age` with its rated brews `current`: `plain` (the model of the
    /// earlier bags as logged) unless the scenario tells the ages and the drift shows (then the model refitted on
    /// the brews moved to `age`, the map on `used`, the settings as brewed). `fit` is the drift fitted, shown or not.
    func agedAnswer(_ plain: DialInModel, history: [[AgedPoint]], current: [AgedPoint], age: Double,
                    used: [Double]) -> (estimate: DialInEstimate, fit: AgeDrift?, moved: Bool) {
        let brewed = current.map(\.setting)
        let asLogged = current.map { BrewPoint(setting: $0.setting, rating: $0.rating) }
        guard scenario.agesTold else { return (plain.estimate(current: asLogged, brewed: brewed), nil, false) }
        let fit = AgeDrift.fit(history + [current])
        guard let d = fit, d.shows else { return (plain.estimate(current: asLogged, brewed: brewed), fit, false) }
        let model = DialInModel(scale: scale, history: history.map { d.moved($0, to: age) }, used: used,
                                options: options)
        return (model.estimate(current: d.moved(current, to: age), brewed: brewed), fit, true)
    }

    /// One row of ``ageTable(bags:options:)``: the advisor told the ages and with the roast dates removed, hill
    /// climbing, the drift learned at each bag's last answer (posterior means, settings per day; bags whose fit
    /// had too few bags left out) and the share of answers the drift moved.
    public struct AgeRow: Sendable {
        public var scenario: Scenario
        public var told: Summary, undated: Summary, hillClimbing: Summary
        public var learned: [Double]
        public var movedShare: Double

        /// The mean and the standard deviation (n − 1) of ``learned``.
        public var learnedMean: Double { learned.reduce(0, +) / Double(max(1, learned.count)) }
        public var learnedSD: Double {
            let m = learnedMean
            return sqrt(learned.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(max(1, learned.count - 1)))
        }
    }

    /// The advisor on bags whose sweet spot drifts with age and on the control (``Scenario/agingBags``), told the
    /// ages and with the roast dates removed, over `bags` bags each (seeds `110_000 × (i + 1)` on, the same for
    /// both): rating lost per brew and its ratio, hill climbing's, the 80 % interval's coverage of the true sweet
    /// spot at the next brew's age, and the drift learned against the true one.
    public static func ageTable(bags: Int, options: DialInOptions = DialInOptions())
        -> (markdown: String, rows: [AgeRow]) {
        var md = "| scenario | rating lost per brew: ages told · roast dates removed | told ÷ removed | "
            + "hill-climbing | 80 % interval covers: told · removed | drift learned, steps a day: mean ± s.d. "
            + "(true) | answers the drift moved |\n"
        md += "| --- | --- | --- | --- | --- | --- | --- |\n"
        var rows: [AgeRow] = []
        for (i, pair) in zip(Scenario.agingBags, Scenario.agingBagsUndated).enumerated() {
            let seed = UInt64(110_000 * (i + 1))
            let told = DialInSimulator(scenario: pair.0, options: options)
            let undated = DialInSimulator(scenario: pair.1, options: options)
            var a: [Outcome] = [], u: [Outcome] = [], h: [Outcome] = []
            for b in 0..<bags {
                let t = told.run(seed: seed &+ UInt64(b))
                a.append(t[.advisor]!); h.append(t[.hillClimbing]!)
                u.append(undated.run(seed: seed &+ UInt64(b))[.advisor]!)
            }
            let answers = a.count * (told.brews + 1)
            let row = AgeRow(scenario: pair.0, told: summary(.advisor, a), undated: summary(.advisor, u),
                             hillClimbing: summary(.hillClimbing, h), learned: a.compactMap { $0.ageDrift?.delta },
                             movedShare: Double(a.reduce(0) { $0 + $1.answersMoved }) / Double(max(1, answers)))
            rows.append(row)
            let format = "| %@ | %.3f · %.3f | %.2f | %.3f | %.0f %% · %.0f %% | %.3f ± %.3f (%.2f) | %.0f %% |\n"
            md += String(format: format, pair.0.description, row.told.meanLoss, row.undated.meanLoss,
                         row.told.meanLoss / row.undated.meanLoss, row.hillClimbing.meanLoss,
                         100 * (row.told.coverage ?? .nan), 100 * (row.undated.coverage ?? .nan), row.learnedMean,
                         row.learnedSD, pair.0.ageDrift ?? 0, 100 * row.movedShare)
        }
        return (md, rows)
    }
}
