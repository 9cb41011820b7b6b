import Foundation
import Testing
@testable import BrewAdvice

/// The fitted curve falls towards the grinder × method's rating floor, not to 0.
@Suite struct DialInFloorTests {
    /// One cell's `E[max(f, X)]` and its s.d. for `X ~ N(μ, v)`, against a midpoint-rule integral over ±12 s.d.
    @Test func flooredMomentsMatchNumericIntegration() {
        for (mu, v, f) in [(1.0, 0.25, 2.0), (3.0, 0.5, 2.5), (2.4, 0.04, 2.5), (4.0, 0.3, 1.0), (-3.0, 0.6, 1.5)] {
            let cells = HeavyCells(weight: [1], peakMean: [mu], peakVariance: [v], s: [0], k: [0])
            let post = DialInPosterior(grid: DialInGrid(scale: DialInScale(lower: 0, upper: 10, step: 1, anchor: 0),
                                                        options: DialInOptions()),
                                       prior: DialInPrior(grid: DialInGrid(scale: DialInScale(lower: 0, upper: 10, step: 1, anchor: 0),
                                                                           options: DialInOptions()),
                                                          history: [], bestRatings: [], options: DialInOptions()),
                                       bag: RatingMoments())
            let e = post.expectedRating(at: 0, cells: cells, floor: f)
            let sd = v.squareRoot(), n = 200_000
            var m1 = 0.0, m2 = 0.0, total = 0.0
            for i in 0..<n {
                let x = mu - 12 * sd + 24 * sd * (Double(i) + 0.5) / Double(n)
                let density = exp(-0.5 * (x - mu) * (x - mu) / v)
                let y = max(f, x)
                m1 += density * y; m2 += density * y * y; total += density
            }
            let mean = m1 / total, spread = (m2 / total - mean * mean).squareRoot()
            #expect(abs(e.mean - mean) < 1e-6, "μ \(mu) v \(v) f \(f): \(e.mean) vs \(mean)")
            #expect(abs(e.sd - spread) < 1e-5, "μ \(mu) v \(v) f \(f): \(e.sd) vs \(spread)")
        }
    }

    /// Six earlier bags brewed on 10–30 of a 0–40 grinder, each good (4–4.5) near 20 and poor (2–2.5) at the ends;
    /// a new bag brewed twice near 20. Far from the peak, at the map's margin, the curve stays at the journal's floor
    /// (the lower decile of its ratings, computed here), never 0.
    @Test func curveFallsToTheFloorNotToZero() {
        let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)
        var history: [[BrewPoint]] = []
        for j in 0..<6 {
            let s = 19.0 + Double(j % 3)
            history.append([BrewPoint(setting: s, rating: 4.5), BrewPoint(setting: s - 2, rating: 4),
                            BrewPoint(setting: s + 2, rating: 4), BrewPoint(setting: s - 6, rating: 2.5),
                            BrewPoint(setting: s + 6, rating: 2.5), BrewPoint(setting: 10, rating: 2),
                            BrewPoint(setting: 30, rating: 2)])
        }
        let current = [BrewPoint(setting: 20, rating: 4.5), BrewPoint(setting: 22, rating: 4)]
        let ratings = (history.flatMap { $0.map(\.rating) } + current.map(\.rating)).sorted()
        // Nearest-rank lower decile: the ceil(0.1·n)-th smallest rating.
        let floor = ratings[Int((0.1 * Double(ratings.count)).rounded(.up)) - 1]
        #expect(floor == 2)
        let e = DialInModel(scale: scale, history: history).estimate(current: current)
        // The curve covers the map (10–30) and its margin of 2 steps, no more; at its ends, up to 2 steps past the
        // poor cups at 10 and 30, it is within a quarter point of the floor, nowhere near 0.
        #expect(e.curve.first?.setting == 8 && e.curve.last?.setting == 32)
        let ends = e.curve.filter { $0.setting <= 9 || $0.setting >= 31 }
        #expect(!ends.isEmpty)
        for p in ends { #expect(abs(p.mean - floor) < 0.25, "\(p.setting): \(p.mean)") }
        #expect(e.curve.allSatisfy { $0.mean >= floor - 1e-9 })
        // Near the peak it is the parabola's (a good cup), well above the floor.
        #expect((e.bestExpected ?? 0) > 3.8)
    }
}
