import Foundation

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

        public init(spread: Double, width: Double, noise: Double) {
            self.spread = spread; self.width = width; self.noise = noise
        }

        public var description: String {
            "spread \(spread), width \(width), noise \(noise)" + (asymmetry == 1 ? "" : ", coarse side \(asymmetry)× as wide")
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
    }

    public var scenario: Scenario
    public var brews = 6
    public var options = DialInOptions()

    public init(scenario: Scenario, brews: Int = 6, options: DialInOptions = DialInOptions()) {
        self.scenario = scenario; self.brews = brews; self.options = options
    }

    var scale: DialInScale { DialInScale(lower: scenario.lower, upper: scenario.upper, step: scenario.step, anchor: scenario.lower) }

    /// A virtual bag.
    struct Bag {
        var sweetSpot: Double; var peak: Double; var k: Double; var asymmetry = 1.0
        /// The noise-free curve, unclamped.
        func curve(_ g: Double) -> Double {
            let d = g - sweetSpot
            let w = d > 0 ? asymmetry : 1
            return peak - k * d * d / (w * w)
        }
    }

    func drawBag(_ rng: inout SplitMix64) -> Bag {
        let sc = scenario
        let s = min(sc.upper, max(sc.lower, sc.sweetSpotMean + rng.normal() * sc.spread * sc.step))
        let w = sc.width * sc.step
        return Bag(sweetSpot: s, peak: min(5, sc.peakMean + rng.normal() * sc.peakSD), k: 1 / (w * w), asymmetry: sc.asymmetry)
    }

    func truth(_ bag: Bag, _ g: Double) -> Double { min(5, max(0, bag.curve(g))) }

    func rate(_ bag: Bag, _ g: Double, _ rng: inout SplitMix64) -> Double {
        let y = bag.curve(g) + rng.normal() * scenario.noise
        return (min(5, max(0, y)) * 2).rounded() / 2
    }

    /// Earlier bags' brews (most recent first) and the new bag, from `seed`.
    func setup(seed: UInt64) -> (history: [[BrewPoint]], bag: Bag, rng: SplitMix64) {
        var rng = SplitMix64(seed: seed)
        let sc = scale
        var history: [[BrewPoint]] = []
        for _ in 0..<scenario.historyBags {
            let b = drawBag(&rng)
            let w = scenario.width * scenario.step
            history.append((0..<scenario.historyBrews).map { _ in
                let g = sc.snap(b.sweetSpot + rng.normal() * w)
                return BrewPoint(setting: g, rating: rate(b, g, &rng))
            })
        }
        return (history, drawBag(&rng), rng)
    }

    /// Runs the new bag of `seed` under every policy (the same bag, history and noise draws for each).
    public func run(seed: UInt64) -> [Policy: Outcome] {
        let (history, bag, rng0) = setup(seed: seed)
        var out: [Policy: Outcome] = [:]
        let model = DialInModel(scale: scale, history: history, options: options)
        // The baselines start where the most recent earlier bag was rated best, as a person would.
        let start = history.first.flatMap { Self.bestSoFar($0) }?.setting ?? scale.snap(scenario.sweetSpotMean)
        for policy in Policy.allCases {
            var rng = rng0
            var brewsSoFar: [BrewPoint] = []
            var estimate: DialInEstimate?
            var direction = 1.0
            for _ in 0..<brews {
                let g: Double
                switch policy {
                case .advisor:
                    g = model.estimate(current: brewsSoFar).next
                case .repeatBest:
                    g = Self.bestSoFar(brewsSoFar)?.setting ?? start
                case .hillClimbing:
                    g = hillClimb(brewsSoFar, start: start, direction: &direction)
                }
                brewsSoFar.append(BrewPoint(setting: g, rating: rate(bag, g, &rng)))
            }
            if policy == .advisor {
                estimate = model.estimate(current: brewsSoFar)
            }
            let top = truth(bag, bag.sweetSpot)
            let loss = brewsSoFar.map { top - truth(bag, $0.setting) }.reduce(0, +) / Double(brews)
            out[policy] = Outcome(trueSweetSpot: bag.sweetSpot,
                                  statedBest: estimate.map { $0.bestRaw } ?? Self.bestSoFar(brewsSoFar)?.setting,
                                  low: estimate?.low, high: estimate?.high, meanLoss: loss,
                                  settings: brewsSoFar.map(\.setting))
        }
        return out
    }

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
            let g = best.setting + d * scenario.step
            if g >= scenario.lower, g <= scenario.upper, !tried.contains(g) { direction = d; return g }
        }
        return best.setting
    }
}

/// SplitMix64 (Steele, Lea & Flood 2014): a small, seedable generator with normal draws by Box–Muller.
public struct SplitMix64: Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    public mutating func unit() -> Double { (Double(next() >> 11) + 0.5) / 9_007_199_254_740_992 }

    /// Standard normal.
    public mutating func normal() -> Double {
        (-2 * log(unit())).squareRoot() * cos(2 * Double.pi * unit())
    }
}
