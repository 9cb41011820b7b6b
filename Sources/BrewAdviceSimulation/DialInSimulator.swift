import BrewAdvice
import BrewColumns
import Foundation
import BrewHashing

/// A closed-loop simulator of dialling in new bags, for tests and the benchmark.
///
/// A scenario is a grinder (range and step) and a population of bags: each bag has a true sweet spot drawn from
/// `N(sweetSpotMean, spread²)` (in steps, kept inside the range), a true peak rating from
/// `N(peakMean, peakSD²)` capped at 5, and the curve `peak − curvature·(g − s)²`; a brew's rating is that curve
/// plus `N(0, noise²)`, clamped to 0–5 and rounded to a half point, as people rate. Before each new bag the
/// journal holds `historyBags` earlier bags of the same population with `historyBrews` brews each, logged the way
/// a person dials in (settings scattered around that bag's sweet spot by one curve width, on the grid).
/// A policy then brews `brews` times: it picks a setting, the bag rates it, the brew is appended.
public struct DialInSimulator: Sendable {
    /// One population of bags and its noise.
    public struct Scenario: Sendable, Hashable, CustomStringConvertible {
        public var lower = 0.0, upper = 40.0, step = 1.0
        public var sweetSpotMean = 20.0
        /// Spread of sweet spots between bags, in steps.
        public var spread: Double
        /// Curve width in steps: one width from the sweet spot costs one rating point (`k = 1/width²`).
        public var width: Double
        /// Rating noise (s.d., rating points) before clamping and rounding.
        public var noise: Double
        public var peakMean = 4.2, peakSD = 0.3
        public var historyBags = 6, historyBrews = 8
        /// The curve's width on the coarse side over its width on the fine side: 1 is the model's symmetric
        /// parabola; other values test the advisor on curves it does not assume.
        public var asymmetry = 1.0
        /// A name for the README's table of journal-shaped scenarios; `nil` for the standard grid.
        public var name: String?
        /// Earlier bags of a random 1…n brews each, logged near their sweet spot (half a curve width), instead of
        /// ``historyBrews`` each: bags logged only on good days.
        public var thinHistoryBrews: Int?
        /// Share of brews (earlier and new) that are ruined — spilled, choked — and rated 0 whatever the setting.
        public var ruinedShare = 0.0
        /// Whether the new bag's brews are rated; without ratings only their cues speak.
        public var rated = true
        /// The new bag's cues: none, taste notes (sour when brewed coarser than the sweet spot by more than half a
        /// width, bitter when finer, balanced in between; a share ``wrongCueShare`` of them wrong: flipped, or a
        /// balanced cup called sour or bitter), or shot times (28 s at the sweet
        /// spot, 3 s faster per step coarser, noise 2.5 s; a shot more than 7.5 s off the profile's 28 s is a cue).
        public var cues = CueSource.none
        public var wrongCueShare = 0.2
        /// The dial: plain, or the Fellow Ode Gen 2's thirds (1–11; the scenario's numbers are then in clicks).
        public var notation = DialNotation.decimal
        /// A stepless dial (suggestions every ``DialInScale/resolution``; the scenario's numbers in model units).
        public var stepless = false
        /// Light and dark roasts in one journal: each bag (earlier and new) is light or dark with even odds, its
        /// sweet spot ``roastOffset`` steps finer (light) or coarser (dark) than ``sweetSpotMean``, then spread by
        /// ``spread``; 0 is one roast level. Sweet spots then form two groups `2 × roastOffset` steps apart, which the
        /// model's one normal population of sweet spots does not assume.
        public var roastOffset = 0.0
        /// Shots timed on every bag (``ShotTimes``): earlier bags rated and timed, the new bag timed and unrated.
        public var shotTimes: ShotTimes?
        /// Whether the advisor is told each bag's roast level where ``roastOffset`` mixes them (light for the finer
        /// group, dark for the coarser); `false` is the same journal with the roast levels blanked.
        public var roastLevelsTold = true
        /// Bags that age (``run(seed:)`` then draws ``runAged(seed:drift:)``'s journals): each bag's sweet spot moves
        /// this many steps per day of bag age (positive: coarser), `nil` for bags that do not age.
        public var ageDrift: Double?
        /// Whether the advisor is told the brews' bag ages (the bags' roast dates) where ``ageDrift`` ages them;
        /// `false` is the same journal with the roast dates removed: the advisor then answers as without age.
        public var agesTold = true

        public enum CueSource: String, Sendable, Hashable { case none, taste, shotTime = "shot time" }

        public init(spread: Double, width: Double, noise: Double) {
            self.spread = spread; self.width = width; self.noise = noise
        }

        public var description: String {
            name ?? (
                "spread \(spread), width \(width), noise \(noise)"
                    + (asymmetry == 1 ? "" : ", coarse side \(asymmetry)× as wide"))
        }

        /// Journals shaped like real ones (all with noise 0.5, width 2.5 and spread 2 steps or clicks):
        /// - thin history: 12 earlier bags of 1–3 brews each, one brew in ten ruined at 0 (earlier and new);
        /// - taste notes, no ratings: 6 full earlier bags; the new bag's brews are unrated, each with a taste note
        ///   (one in five wrong);
        /// - shots without ratings: as taste notes, but the cue is a shot that ran far faster or slower;
        /// - stepless, filter side / espresso side: a Niche-like stepless dial shared by both, each advised on its
        ///   own scale (filter brews 24–36 → range 18–42; espresso 9–15 → 6–18);
        /// - Fellow Ode Gen 2: the thirds dial, sweet spots around 6 (15 clicks from 1).
        public static let journalShaped: [Scenario] = {
            var thin = Scenario(spread: 2, width: 2.5, noise: 0.5)
            thin.name = "thin history, 1 in 10 ruined at 0"
            thin.historyBags = 12
            thin.thinHistoryBrews = 3
            thin.ruinedShare = 0.1
            var taste = Scenario(spread: 2, width: 2.5, noise: 0.5)
            taste.name = "taste notes, no ratings (1 in 5 wrong)"; taste.rated = false; taste.cues = .taste
            var shots = Scenario(spread: 2, width: 2.5, noise: 0.5)
            shots.name = "shots without ratings (times only)"; shots.rated = false; shots.cues = .shotTime
            var filter = Scenario(spread: 2, width: 2.5, noise: 0.5)
            filter.name = "stepless, filter side (range 18–42)"
            filter.stepless = true
            filter.lower = 18
            filter.upper = 42
            filter.sweetSpotMean = 20
            var espresso = Scenario(spread: 2, width: 2.5, noise: 0.5)
            espresso.name = "stepless, espresso side (range 6–18)"
            espresso.stepless = true
            espresso.lower = 6
            espresso.upper = 18
            espresso.sweetSpotMean = 20
            var ode = Scenario(spread: 2, width: 2.5, noise: 0.5)
            ode.name = "Fellow Ode Gen 2 (thirds)"
            ode.notation = .thirds
            ode.lower = 1
            ode.upper = 11
            ode.sweetSpotMean = 15
            return [thin, taste, shots, filter, espresso, ode]
        }()

        /// Journals mixing light and dark roasts (noise 0.5, width 2.5, spread 1.5): sweet spots 4 and 6 steps apart.
        public static let mixedRoasts: [Scenario] = [2.0, 3.0].map { offset in
            var s = Scenario(spread: 1.5, width: 2.5, noise: 0.5)
            s.roastOffset = offset
            s.name = "light and dark roasts, sweet spots \(Int(2 * offset)) steps apart"
            return s
        }

        /// The grid of scenarios the README and the tests report: noise 0.25/0.5/0.75 × width 2.5/4 steps ×
        /// between-bag spread 1.5/3 steps, on a 0–40 grinder with step 1.
        public static let standard: [Scenario] = [0.25, 0.5, 0.75].flatMap { noise in
            [2.5, 4].flatMap { width in [1.5, 3].map { Scenario(spread: $0, width: width, noise: noise) } }
        }

        /// Curves the model does not assume: the coarse side twice as wide as the fine side (width 2.5 steps on
        /// the fine side), at each noise level, spread 3 steps.
        public static let asymmetric: [Scenario] = [0.25, 0.5, 0.75].map { noise in
            var s = Scenario(spread: 3, width: 2.5, noise: noise); s.asymmetry = 2; return s
        }
    }

    /// How settings are chosen.
    public enum Policy: String, Sendable, CaseIterable {
        /// The dial-in advisor's `next`.
        case advisor
        /// Step one setting from the best-rated setting so far, keeping the direction while it improves and
        /// trying the other side otherwise; repeat the best when both neighbours are tried.
        case hillClimbing = "hill-climbing"
        /// Repeat the best-rated setting so far.
        case repeatBest = "repeat-best"
        /// For brews judged by taste or shot time alone: step one setting finer on a sour cup (a fast shot), one
        /// coarser on a bitter cup (a slow shot), stay on a balanced one.
        case tasteStepping = "taste-stepping"
        /// A barista going by the clock: one step finer after a shot under 25 s, one coarser after one over 31 s,
        /// stay otherwise (``DialInSimulator/clockStep(_:start:)``).
        case byClock = "by-clock"
    }

    /// The policies a scenario runs: taste-stepping only where brews carry cues, the rating policies only where
    /// they are rated.
    public var policies: [Policy] {
        if scenario.shotTimes != nil { return [.advisor, .byClock] }
        if scenario.ageDrift != nil { return [.advisor, .hillClimbing] }
        var p: [Policy] = [.advisor]
        if scenario.rated { p += [.hillClimbing, .repeatBest] }
        if scenario.cues != .none { p.append(.tasteStepping) }
        return p
    }

    /// The baseline the advisor is measured against: hill climbing on ratings, or taste-stepping without ratings.
    public var baseline: Policy {
        scenario.shotTimes != nil ? .byClock : scenario.rated ? .hillClimbing : .tasteStepping
    }

    /// One simulated bag under one policy.
    public struct Outcome: Sendable {
        public var trueSweetSpot: Double
        /// The stated best after the last brew: the advisor's ``DialInEstimate/bestRaw``, or for the baselines the
        /// best-rated setting (ties: the later brew).
        public var statedBest: Double?
        /// The advisor's interval after the last brew.
        public var low: Double?, high: Double?
        /// Mean over the brews of the true rating lost: the true curve (clamped to 0–5) at the sweet spot minus
        /// at the setting brewed.
        public var meanLoss: Double
        public var settings: [Double]
        /// The advisor's confidence word after the last brew.
        public var confidence: DialInEstimate.Confidence? = nil
        /// Whether the bag's best-rated setting lies inside the advisor's interval, or the answer says why not
        /// (its best cup is the safe pick, or the rating expected at the best is said to be below it).
        public var bestRatedInside: Bool? = nil
        /// Where bags age and the advisor is told their ages: the drift fitted at the last answer (``AgeDrift``,
        /// shown or not; `nil` when too few bags qualify), and how many of the answers (one before each brew and
        /// the last) the drift moved.
        public var ageDrift: AgeDrift? = nil
        public var answersMoved = 0
    }

    public var scenario: Scenario
    public var brews = 6
    public var options = DialInOptions()

    public init(scenario: Scenario, brews: Int = 6, options: DialInOptions = DialInOptions()) {
        self.scenario = scenario; self.brews = brews; self.options = options
    }

    /// The scenario's dial. Its numbers (sweet spots, spread, width) are in the scale's model units (steps, clicks).
    var scale: DialInScale {
        if scenario.notation == .thirds {
            return DialInScale(lower: scenario.lower, upper: scenario.upper, step: 1.0 / 3, anchor: scenario.lower,
                notation: .thirds)
        }
        return DialInScale(lower: scenario.lower, upper: scenario.upper, step: scenario.stepless ? nil : scenario.step,
                           anchor: scenario.lower)
    }

    /// A virtual bag.
    struct Bag {
        var sweetSpot: Double; var peak: Double; var k: Double; var asymmetry = 1.0
        /// The bag's roast level where the scenario mixes them; `nil` otherwise.
        var roast: RoastLevel? = nil
        /// The noise-free curve, unclamped.
        func curve(_ g: Double) -> Double {
            let d = g - sweetSpot
            let w = d > 0 ? asymmetry : 1
            return peak - k * d * d / (w * w)
        }
    }

    /// A bag whose sweet spot is in model units (``DialInScale/units(_:)``).
    func drawBag(_ rng: inout SplitMix64) -> Bag {
        let sc = scenario, span = scale.span
        // A roast level only where the scenario mixes them: the other scenarios keep their draws.
        let roast = sc.roastOffset == 0 ? 0 : (rng.unit() < 0.5 ? -sc.roastOffset : sc.roastOffset)
        let s = min(span, max(0, sc.sweetSpotMean - (sc.notation == .thirds || sc.stepless ? 0 : sc.lower)
                                  + roast + rng.normal() * sc.spread))
        let w = sc.width
        return Bag(sweetSpot: s, peak: min(5, sc.peakMean + rng.normal() * sc.peakSD), k: 1 / (w * w),
            asymmetry: sc.asymmetry, roast: roast == 0 ? nil : (roast < 0 ? .light : .dark))
    }

    /// The true mean rating at dial setting `g`, clamped to 0–5.
    func truth(_ bag: Bag, _ g: Double) -> Double { min(5, max(0, bag.curve(scale.units(g)))) }

    /// A rating at dial setting `g`: the curve plus noise, clamped and rounded to half points; 0 for a ruined brew
    /// (the draws are the same whether it is ruined or not, so every policy sees the same noise).
    func rate(_ bag: Bag, _ g: Double, _ rng: inout SplitMix64) -> Double {
        let y = bag.curve(scale.units(g)) + rng.normal() * scenario.noise
        let ruined = scenario.ruinedShare > 0 && rng.unit() < scenario.ruinedShare
        return ruined ? 0 : (min(5, max(0, y)) * 2).rounded() / 2
    }

    /// The cue of a brew at `g` (+1 coarser, −1 finer, `nil` balanced or none), with its own draws.
    func cue(_ bag: Bag, _ g: Double, _ rng: inout SplitMix64) -> Double? {
        let d = scale.units(g) - bag.sweetSpot
        let flip = rng.unit() < scenario.wrongCueShare
        let timeNoise = rng.normal() * 2.5
        var c: Double?
        switch scenario.cues {
        case .none: return nil
        case .taste:
            // Balanced between: said as such (0).
            c = d > scenario.width / 2 ? -1 : (d < -scenario.width / 2 ? 1 : 0)
            if flip { c = c == 0 ? (timeNoise > 0 ? 1 : -1) : -c! }
        case .shotTime:
            let time = 28 - 3 * d + timeNoise
            if time < 28 - 7.5 { c = -1 } else if time > 28 + 7.5 { c = 1 }
        }
        return c
    }

    /// Earlier bags' brews (most recent first) and the new bag, from `seed`.
    func setup(seed: UInt64) -> (history: [[BrewPoint]], roasts: [RoastLevel?], bag: Bag, rng: SplitMix64) {
        var rng = SplitMix64(seed: seed)
        let sc = scale
        var history: [[BrewPoint]] = [], roasts: [RoastLevel?] = []
        for _ in 0..<scenario.historyBags {
            let b = drawBag(&rng)
            roasts.append(b.roast)
            let thin = scenario.thinHistoryBrews
            let count = thin.map { 1 + Int(rng.next() % UInt64($0)) } ?? scenario.historyBrews
            let scatter = scenario.width * (thin == nil ? 1 : 0.5)
            history.append((0..<count).map { _ in
                let g = sc.snap(sc.setting(units: b.sweetSpot + rng.normal() * scatter))
                return BrewPoint(setting: g, rating: rate(b, g, &rng))
            })
        }
        return (history, roasts, drawBag(&rng), rng)
    }

    /// Runs the new bag of `seed` under every policy (the same bag, history and noise draws for each).
    public func run(seed: UInt64) -> [Policy: Outcome] {
        if let times = scenario.shotTimes { return runTimed(seed: seed, times) }
        if let drift = scenario.ageDrift { return runAged(seed: seed, drift: drift) }
        let (history, roasts, bag, rng0) = setup(seed: seed)
        var out: [Policy: Outcome] = [:]
        let told = scenario.roastLevelsTold
        let model = DialInModel(scale: scale, history: history,
                                attributes: told ? roasts.map { BagAttributes(roastLevel: $0) } : [],
                                bag: told ? BagAttributes(roastLevel: bag.roast) : nil, options: options)
        // The baselines start where the most recent earlier bag was rated best, as a person would.
        let start = history.first.flatMap { Self.bestSoFar($0) }?.setting
            ?? scale.snap(scale.setting(units: scenario.sweetSpotMean))
        for policy in policies {
            var rng = rng0
            var brewsSoFar: [BrewPoint] = [], cues: [GrindCue] = [], tasted: [(setting: Double, cue: Double?)] = []
            var estimate: DialInEstimate?
            var direction = 1.0
            for _ in 0..<brews {
                let g: Double
                switch policy {
                case .advisor:
                    g = model.estimate(current: brewsSoFar, cues: cues).next
                case .repeatBest:
                    g = Self.bestSoFar(brewsSoFar)?.setting ?? start
                case .hillClimbing:
                    g = hillClimb(brewsSoFar, start: start, direction: &direction)
                case .tasteStepping, .byClock:
                    g = tasteStep(tasted, start: start)
                }
                let rating = rate(bag, g, &rng)
                let c = cue(bag, g, &rng)
                if scenario.rated { brewsSoFar.append(BrewPoint(setting: g, rating: rating)) }
                if let c { cues.append(GrindCue(setting: g, towardsCoarser: c)) }
                tasted.append((g, c))
            }
            if policy == .advisor {
                estimate = model.estimate(current: brewsSoFar, cues: cues)
            }
            let top = min(5, max(0, bag.peak))
            let settings = tasted.map(\.setting)
            let loss = settings.map { top - truth(bag, $0) }.reduce(0, +) / Double(brews)
            let stated: Double?
            switch policy {
            case .advisor: stated = estimate?.bestRaw
            case .tasteStepping: stated = tasted.last { $0.cue == nil || $0.cue == 0 }?.setting ?? tasted.last?.setting
            default: stated = Self.bestSoFar(brewsSoFar)?.setting
            }
            // Distances and intervals in model units (steps, clicks): the dial's values are converted back.
            var inside: Bool?
            if let e = estimate, let lo = e.low, let hi = e.high, let b = e.bestSoFar {
                let u = scale.units(b.setting)
                let said = e.belowCup != nil || e.bestRatedOutside != nil
                    || (e.bestExpected.map { $0 < b.rating - 0.05 } ?? false)
                inside = (scale.units(lo) - 1e-9 <= u && u <= scale.units(hi) + 1e-9) || said
            }
            out[policy] = Outcome(trueSweetSpot: bag.sweetSpot, statedBest: stated.map { scale.units($0) },
                                  low: estimate?.low.map { scale.units($0) },
                                  high: estimate?.high.map { scale.units($0) },
                                  meanLoss: loss, settings: settings, confidence: estimate?.confidence,
                                  bestRatedInside: inside)
        }
        return out
    }

    /// One step finer on a sour cue, coarser on a bitter one, stay when balanced (see ``Policy/tasteStepping``).
    func tasteStep(_ tasted: [(setting: Double, cue: Double?)], start: Double) -> Double {
        guard let last = tasted.last else { return start }
        guard let c = last.cue, c != 0 else { return last.setting }
        let u = scale.units(last.setting) + c * (scale.coarserIsHigher ? 1 : -1) * stepUnits
        return scale.snap(scale.setting(units: min(scale.span, max(0, u))))
    }

    /// One setting of the dial in model units: a step or click, or a stepless dial's resolution.
    var stepUnits: Double { scale.notation == .thirds ? 1 : max(1, scale.resolution / scale.unit) }

    /// The best-rated brew (ties: the later one).
    static func bestSoFar(_ brews: [BrewPoint]) -> BrewPoint? {
        var best: BrewPoint?
        for p in brews where best == nil || p.rating >= best!.rating { best = p }
        return best
    }

    func hillClimb(_ brews: [BrewPoint], start: Double, direction: inout Double) -> Double {
        guard let best = Self.bestSoFar(brews) else { return start }
        let tried = Set(brews.map(\.setting))
        // The last brew stepped away from the best and did not beat it: turn round.
        if let last = brews.last, last.setting != best.setting, (last.setting - best.setting) * direction > 0 {
            direction = -direction
        }
        for d in [direction, -direction] {
            let u = scale.units(best.setting) + d * stepUnits
            guard u >= -1e-9, u <= scale.span + 1e-9 else { continue }
            let g = scale.snap(scale.setting(units: u))
            if !tried.contains(g) { direction = d; return g }
        }
        return best.setting
    }
}
