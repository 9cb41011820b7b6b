import BrewAdvice
import BrewHashing
import Foundation

extension DialInSimulator.Scenario {
    /// Shots timed on every bag: a shot at `u` (model units) runs `sweetSpotSeconds − b_bag·(u − s)` seconds plus
    /// `N(0, noise²)`, coarser running faster, with each bag's `b_bag ~ N(secondsPerStep, slopeSD²)`; a share
    /// `outlierShare` of shots choke or gush (`outlierSeconds` slower or faster, even odds) whatever the setting.
    public struct ShotTimes: Sendable, Hashable {
        public var sweetSpotSeconds = 28.0
        public var secondsPerStep = 2.5
        public var slopeSD = 0.4
        public var noise = 1.5
        public var outlierShare = 0.0
        public var outlierSeconds = 12.0
        public init() {}
    }

    /// Earlier bags rated and timed, the new bag's shots timed and unrated (noise 0.5, width 2.5, spread 2 steps;
    /// 28 s at the sweet spot, 2.5 s per step, 1.5 s of noise, slopes 0.4 s apart between bags): with every shot
    /// on the line, and with one in twenty choked or gushing.
    public static let timedShots: [DialInSimulator.Scenario] = [0.0, 0.05].map { share in
        var s = DialInSimulator.Scenario(spread: 2, width: 2.5, noise: 0.5)
        s.rated = false
        var times = ShotTimes()
        times.outlierShare = share
        s.shotTimes = times
        s.name = share == 0 ? "timed shots, earlier bags rated (2.5 s a step)"
            : "timed shots, 1 in 20 choked or gushing"
        return s
    }
}

extension DialInSimulator {
    /// A shot's time at dial setting `g` on `bag`, whose slope is `perStep` seconds a step.
    func shotSeconds(_ bag: Bag, perStep: Double, _ g: Double, _ t: Scenario.ShotTimes,
                     _ rng: inout SplitMix64) -> Double {
        let coarser = (scale.units(g) - bag.sweetSpot) * (scale.coarserIsHigher ? 1 : -1)
        var seconds = t.sweetSpotSeconds - perStep * coarser + rng.normal() * t.noise
        if t.outlierShare > 0, rng.unit() < t.outlierShare {
            seconds += rng.unit() < 0.5 ? t.outlierSeconds : -t.outlierSeconds
        }
        return max(1, seconds)
    }

    /// ``run(seed:)`` for a scenario with ``Scenario/shotTimes``: the advisor reads the earlier bags' ratings and
    /// times and the new bag's times; the by-clock barista reads the new bag's times alone. The stated best is the
    /// advisor's ``DialInEstimate/bestRaw``, or the barista's last shot inside 25–31 s (else its last setting).
    func runTimed(seed: UInt64, _ times: Scenario.ShotTimes) -> [Policy: Outcome] {
        var rng = SplitMix64(seed: seed)
        let sc = scale
        var history: [[BrewPoint]] = [], shots: [[TimedShot]] = []
        for _ in 0..<scenario.historyBags {
            let b = drawBag(&rng)
            let perStep = times.secondsPerStep + rng.normal() * times.slopeSD
            var points: [BrewPoint] = [], timed: [TimedShot] = []
            for _ in 0..<scenario.historyBrews {
                let g = sc.snap(sc.setting(units: b.sweetSpot + rng.normal() * scenario.width))
                let rating = rate(b, g, &rng)
                let seconds = shotSeconds(b, perStep: perStep, g, times, &rng)
                points.append(BrewPoint(setting: g, rating: rating))
                timed.append(TimedShot(setting: g, seconds: seconds, rating: rating))
            }
            history.append(points); shots.append(timed)
        }
        let bag = drawBag(&rng)
        let perStep = times.secondsPerStep + rng.normal() * times.slopeSD
        let model = DialInModel(scale: sc, history: history, options: options, historyShots: shots)
        let start = history.first.flatMap { Self.bestSoFar($0) }?.setting
            ?? sc.snap(sc.setting(units: scenario.sweetSpotMean))
        var out: [Policy: Outcome] = [:]
        for policy in policies {
            var r = rng
            var timed: [TimedShot] = []
            for _ in 0..<brews {
                let g = policy == .advisor ? model.estimate(current: [], shots: timed).next
                    : clockStep(timed, start: start)
                timed.append(TimedShot(setting: g, seconds: shotSeconds(bag, perStep: perStep, g, times, &r)))
            }
            let estimate = policy == .advisor ? model.estimate(current: [], shots: timed) : nil
            let top = min(5, max(0, bag.peak))
            let settings = timed.map(\.setting)
            let loss = settings.map { top - truth(bag, $0) }.reduce(0, +) / Double(brews)
            let stated = estimate.map { $0.bestRaw }
                ?? (timed.last { Self.clockWindow.contains($0.seconds) } ?? timed.last)?.setting
            out[policy] = Outcome(trueSweetSpot: bag.sweetSpot, statedBest: stated.map { sc.units($0) },
                                  low: estimate?.low.map { sc.units($0) }, high: estimate?.high.map { sc.units($0) },
                                  meanLoss: loss, settings: settings, confidence: estimate?.confidence)
        }
        return out
    }

    /// The times a barista going by the clock leaves a setting alone at: 25–31 s.
    static let clockWindow = 25.0...31.0

    /// ``Policy/byClock``: one step finer after the last shot ran under 25 s, one coarser after it ran over 31 s,
    /// the same setting otherwise; `start` before the first shot.
    func clockStep(_ shots: [TimedShot], start: Double) -> Double {
        guard let last = shots.last else { return start }
        let towardsCoarser = last.seconds < Self.clockWindow.lowerBound ? -1.0
            : last.seconds > Self.clockWindow.upperBound ? 1.0 : 0
        guard towardsCoarser != 0 else { return last.setting }
        let u = scale.units(last.setting) + towardsCoarser * (scale.coarserIsHigher ? 1 : -1) * stepUnits
        return scale.snap(scale.setting(units: min(scale.span, max(0, u))))
    }
}
