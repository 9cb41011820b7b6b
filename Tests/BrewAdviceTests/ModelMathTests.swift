import Foundation
import Testing
@testable import BrewAdvice

/// The model's algebra against direct computation: power sums against per-point residuals, the conjugate
/// integral over the peak rating against numerical quadrature.
@Suite struct ModelMathTests {
    let points: [(u: Double, y: Double)] = [(3, 2.5), (7, 4), (8, 4.5), (8, 4), (12, 3)]

    @Test func powerSumsGiveTheResidualSums() {
        var m = RatingMoments()
        for p in points { m.add(u: p.u, y: p.y) }
        for (s, k) in [(0.0, 0.1), (7.5, 0.05), (20, 1.0), (-3, 0.3)] {
            let r = points.map { $0.y + k * ($0.u - s) * ($0.u - s) }
            let mean = r.reduce(0, +) / Double(r.count)
            let ss = r.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
            let got = m.residuals(s: s, k: k)
            #expect(abs(got.sum - r.reduce(0, +)) < 1e-9)
            #expect(abs(got.ss - ss) < 1e-7 * max(1, ss))
        }
    }

    /// log ∫ Π N(yᵢ; h − k(uᵢ − s)², σ²)·N(h; m, v) dh by the midpoint rule over h.
    func quadrature(s: Double, k: Double, sigma: Double, m: Double, v: Double) -> Double {
        let lo = -20.0, hi = 30.0, steps = 20_000
        let dh = (hi - lo) / Double(steps)
        var total = 0.0
        for i in 0..<steps {
            let h = lo + (Double(i) + 0.5) * dh
            var logp = -0.5 * log(2 * Double.pi * v) - (h - m) * (h - m) / (2 * v)
            for p in points {
                let mu = h - k * (p.u - s) * (p.u - s)
                logp += -0.5 * log(2 * Double.pi * sigma * sigma) - (p.y - mu) * (p.y - mu) / (2 * sigma * sigma)
            }
            total += exp(logp) * dh
        }
        return log(total)
    }

    @Test func posteriorWeightsMatchQuadrature() {
        let scale = DialInScale(lower: 0, upper: 16, step: 1, anchor: 0)
        let options = DialInOptions()
        let grid = DialInGrid(scale: scale, options: options)
        let prior = DialInPrior(grid: grid, history: [], bestRatings: [], options: options)
        var m = RatingMoments()
        for p in points { m.add(u: p.u, y: p.y) }
        let post = DialInPosterior(grid: grid, prior: prior, bag: m)
        let K = grid.k.count, G = grid.sigma.count
        // Pairs of cells: the ratio of their weights is prior ratio × likelihood ratio.
        let cells = [(16, 8, 5), (14, 10, 4), (18, 8, 6), (17, 12, 5), (15, 5, 6)]
        let v = options.peakRatingSD * options.peakRatingSD
        let logs = cells.map { (is_, ik, ig) in
            grid.logPriorK[ik] + quadrature(s: grid.s[is_], k: grid.k[ik], sigma: grid.sigma[ig], m: options.peakRatingMean, v: v)
        }
        let weights = cells.map { (is_, ik, ig) in post.weights[(is_ * K + ik) * G + ig] }
        for i in 1..<cells.count {
            let expected = logs[i] - logs[0]
            let got = log(weights[i]) - log(weights[0])
            #expect(abs(expected - got) < 1e-6, "cell \(cells[i]): \(got) vs \(expected)")
        }
    }

    @Test func quantilesOfAUniformPosteriorAreLinear() {
        // No brews, no history: s is uniform over the range, so its p-quantile is lower + p × range.
        let scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)
        let grid = DialInGrid(scale: scale, options: DialInOptions())
        let prior = DialInPrior(grid: grid, history: [], bestRatings: [], options: DialInOptions())
        let post = DialInPosterior(grid: grid, prior: prior, bag: RatingMoments())
        for p in [0.1, 0.25, 0.5, 0.9] {
            #expect(abs(post.quantile(p) - 40 * p) < 0.26, "p = \(p): \(post.quantile(p))")
        }
    }

    @Test func normalQuantileInvertsTheDistributionFunction() {
        // Φ⁻¹(0.9) = 1.2815515655446004 (tables).
        #expect(abs(DialInEngine.normalQuantile(0.9) - 1.2815515655446004) < 1e-8)
        #expect(abs(DialInEngine.normalQuantile(0.5)) < 1e-9)
    }
}
