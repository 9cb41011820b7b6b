import BrewCharts
import BrewStats
import Foundation
import TestSupport
import BrewHashing

/// Realistic synthetic espresso shots for the shot charts, from a fixed seed.
///
/// Each shot (sampled at 5 Hz): pre-infusion at ~3 bar for 6–9 s with the flow high while the basket fills, then
/// falling; first drops 1–3 s after pre-infusion ends; a 3 s ramp to a 8.6–9.3 bar peak, then a slow decline; flow
/// ~1.3 ml/s rising as the puck erodes; the weight in the cup is 0 until first drops and then follows the flow
/// (0.85 g per ml) with ±0.1 g scale noise; the shot stops at a target weight of 34–42 g. The pressure goal is 3 bar
/// in pre-infusion and the peak after; the basket temperature swings ±0.6 °C around 92.5 °C against a 93 °C goal.
enum ShotChartFixtures {
    struct Random {
        var generator: TestRNG
        init(state: UInt64) { generator = TestRNG(seed: state) }
        /// SplitMix64 in [0, 1).
        mutating func next() -> Double { generator.unitHalfOpen() }
        mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
    }

    /// One shot; `scale: false` records no weight.
    static func shot(_ random: inout Random, label: String, scale: Bool = true, latest: Bool = false) -> ShotTrace {
        let dt = 0.2
        let pre = random.uniform(6, 9), drops = pre + random.uniform(1, 3)
        let peak = random.uniform(8.6, 9.3), decline = random.uniform(0.08, 0.15), target = random.uniform(34, 42)
        let restFlow = random.uniform(1.1, 1.5)
        var time: [Double] = [], pressure: [Double] = [], flow: [Double] = [], weight: [Double] = []
        var cup = 0.0
        var t = 0.0
        while t < 90 {
            let p: Double = t < pre ? 3 * (1 - exp(-t / 1.2))
                : t < pre + 3 ? 3 + (peak - 3) * (t - pre) / 3 : peak - decline * (t - pre - 3)
            let f: Double = t < 1.5 ? 6 * t / 1.5 : t < pre ? 0.5 + 5.5 * exp(-(t - 1.5) / 1.2)
                : restFlow + 0.045 * (t - pre)
            if t >= drops { cup += f * dt * 0.85 }
            time.append(t)
            pressure.append(max(0, p + random.uniform(-0.08, 0.08)))
            flow.append(max(0, f + random.uniform(-0.06, 0.06)))
            weight.append(t >= drops ? cup + random.uniform(-0.1, 0.1) : random.uniform(-0.1, 0.1))
            if cup >= target { break }
            t += dt
        }
        var series = [ShotViewSeries(name: "Pressure", panel: .pressure, values: pressure, style: 0),
                      ShotViewSeries(name: "Pressure goal", panel: .pressure, values: time.map { $0 < pre ? 3 : peak }, style: 1),
                      ShotViewSeries(name: "Flow", panel: .flow, values: flow, style: 0)]
        if scale { series.append(ShotViewSeries(name: "Weight", panel: .weight, values: weight, style: 0)) }
        series.append(ShotViewSeries(name: "Basket", panel: .temperature, values: time.map { 92.5 + 0.6 * sin($0 / 4) }, style: 0))
        series.append(ShotViewSeries(name: "Temperature goal", panel: .temperature, values: time.map { _ in 93 }, style: 1))
        return ShotTrace(label: label, time: time, series: series, firstDrops: drops, preinfusionEnd: pre, isLatest: latest)
    }

    /// `count` shots, oldest first, the last one the latest; every fifth without a scale, one without a first-drops
    /// time when `unaligned` is set.
    static func shots(_ count: Int, seed: UInt64 = 13, unaligned: Bool = false) -> [ShotTrace] {
        var random = Random(state: seed)
        var shots = (0..<count).map { i in
            shot(&random, label: "2026-11-\(String(format: "%02d", 1 + i % 28)) 07:\(String(format: "%02d", 10 + i % 50))",
                 scale: i % 5 != 3, latest: i == count - 1)
        }
        if unaligned, count > 1 { shots[0].firstDrops = nil }
        return shots
    }

    /// The overlay input with its bands from ``CurveBand`` on a 0.25 s grid, as the report layer builds it.
    static func overlayInput(_ shots: [ShotTrace], drawnLimit: Int = 60) -> ShotOverlayInput {
        var input = ShotOverlayInput(profile: "Blooming espresso", bean: "Santa Bárbara", shots: shots, drawnLimit: drawnLimit)
        guard let range = input.timeRange else { return input }
        let grid = CurveBand.grid(from: range.lowerBound, through: range.upperBound, step: 0.25)
        for kind in input.seriesKinds {
            let curves = input.curves(kind.name).map { CurveBand.Curve(x: $0.x, y: $0.y) }
            guard !curves.isEmpty else { continue }
            let band = CurveBand(curves: curves, grid: grid)
            input.bands[kind.name] = ShotBand(grid: band.grid, lower: band.lower, median: band.median, upper: band.upper)
        }
        return input
    }

    /// Time to first drops (s) against rating for 80 shots of three beans (and a few of three more): the rating
    /// peaks near 9 s for each bean, ratings in half steps; some shots unrated.
    static func metricInput() -> ShotMetricRatingInput {
        var random = Random(state: 29)
        let beans = ["Santa Bárbara", "Kochere", "Finca \"El Injerto\", Lot 12", "Huila blend", "Decaf", "Guji"]
        var values: [Double] = [], ratings: [Double] = [], names: [String] = []
        for i in 0..<80 {
            let bean = i < 74 ? beans[i % 3] : beans[3 + i % 3]
            let drops = (random.uniform(5, 14) * 2).rounded() / 2
            let rating = min(5, max(0, ((4.4 - 0.06 * (drops - 9) * (drops - 9) + random.uniform(-0.6, 0.6)) * 2).rounded() / 2))
            values.append(drops)
            ratings.append(i % 11 == 4 ? .nan : rating)
            names.append(bean)
        }
        return ShotMetricRatingInput(metric: "Time to first drops", unit: "s", values: values, ratings: ratings, beans: names)
    }
}
