import Foundation
import Testing
@testable import BrewAdvice

/// The model's shortcuts against the plain computation they stand for: the heaviest cells found among the cells
/// above a cut against sorting every cell, the posterior's hoisted constants against the Gaussian terms evaluated
/// cell by cell, the heavy cells alone (the robust step's) against the whole posterior's, and the kept sweet-spot
/// kernels against the normal densities computed afresh.
@Suite struct GridShortcutsTests {
    /// Bags on a 0…30 grinder: a sharp one, a flat one, one of a single brew.
    let bags: [[(u: Double, y: Double)]] = [
        [(10, 3), (12, 4), (14, 4.5), (15, 4.5), (17, 3.5), (19, 2.5)],
        [(5, 3), (9, 3), (20, 3), (25, 3)],
        [(14, 4)],
    ]

    func moments(_ bag: [(u: Double, y: Double)]) -> RatingMoments {
        var m = RatingMoments()
        for p in bag { m.add(u: p.u, y: p.y) }
        return m
    }

    /// Every cell sorted by weight (heaviest first, ties in index order), taken until `1 − tail` or `limit`.
    func allSorted(_ w: [Double], tail: Double, limit: Int) -> [Int] {
        let order = Array(w.indices).sorted { w[$0] != w[$1] ? w[$0] > w[$1] : $0 < $1 }
        var out: [Int] = [], acc = 0.0
        for c in order {
            out.append(c); acc += w[c]
            if acc >= 1 - tail || out.count >= limit { break }
        }
        return out
    }

    @Test func heavyCellsAreTheHeaviestOfAllCells() {
        let scale = DialInScale(lower: 0, upper: 30, step: 1, anchor: 0)
        let options = DialInOptions()
        let grid = DialInGrid(scale: scale, options: options)
        let prior = DialInPrior(grid: grid, history: [moments(bags[0]), moments(bags[1])], bestRatings: [4.5, 3], options: options)
        for bag in bags + [[]] {
            let post = DialInPosterior(grid: grid, prior: prior, bag: moments(bag))
            for (tail, limit) in [(1e-3, 4000), (1e-2, 50), (0.5, 4000), (1e-9, 100_000)] {
                #expect(post.heavyCells(tail: tail, limit: limit) == allSorted(post.weights, tail: tail, limit: limit),
                        "bag of \(bag.count), tail \(tail), limit \(limit)")
            }
        }
    }

    @Test func posteriorWeightsAreTheGaussianTermsBitForBit() {
        let scale = DialInScale(lower: 0, upper: 30, step: 1, anchor: 0)
        let options = DialInOptions()
        let grid = DialInGrid(scale: scale, options: options)
        let prior = DialInPrior(grid: grid, history: [moments(bags[1])], bestRatings: [3], options: options)
        for bag in bags {
            let m = moments(bag)
            let post = DialInPosterior(grid: grid, prior: prior, bag: m)
            let K = grid.k.count, G = grid.sigma.count
            let hv = prior.peakSD * prior.peakSD
            var logw: [Double] = []
            for is_ in grid.s.indices {
                for ik in grid.k.indices {
                    let r = m.residuals(s: grid.s[is_], k: grid.k[ik])
                    for ig in grid.sigma.indices {
                        let v = grid.sigma[ig] * grid.sigma[ig]
                        var l = prior.logS[is_] + prior.logKS[ik * G + ig]
                        l += Gauss.logFlatMean(n: m.n, ss: r.ss, sigma: grid.sigma[ig])
                            + Gauss.logDensity(r.sum / m.n, mean: prior.peakMean, variance: hv + v / m.n)
                        logw.append(l)
                    }
                }
            }
            let z = Gauss.logSumExp(logw)
            #expect(post.logEvidence == z)
            let expected = logw.map { exp($0 - z) }
            let differing = expected.indices.filter { expected[$0] != post.weights[$0] }
            #expect(differing.isEmpty, "bag of \(bag.count): \(differing.count) of \(K * G * grid.s.count) cells differ")
        }
    }

    @Test func heavyCellsAloneAreThePosteriorsHeavyCells() {
        let scale = DialInScale(lower: 0, upper: 30, step: 1, anchor: 0)
        let options = DialInOptions()
        let grid = DialInGrid(scale: scale, options: options)
        let prior = DialInPrior(grid: grid, history: [moments(bags[0]), moments(bags[1])], bestRatings: [4.5, 3], options: options)
        let cues = grid.s.map { -0.05 * ($0 - 12) * ($0 - 12) }
        for bag in bags + [[]] {
            let m = moments(bag)
            for cue in [nil, cues] {
                let post = DialInPosterior(grid: grid, prior: prior, bag: m, cues: cue)
                for (tail, limit) in [(1e-3, 4000), (1e-2, 50), (0.5, 4000), (1e-16, 100_000)] {
                    let want = post.gather(post.heavyCells(tail: tail, limit: limit))
                    let got = DialInPosterior.heavyCells(grid: grid, prior: prior, bag: m, cues: cue, tail: tail, limit: limit)
                    #expect(got.weight == want.weight && got.peakMean == want.peakMean && got.peakVariance == want.peakVariance
                            && got.s == want.s && got.k == want.k, "bag of \(bag.count), tail \(tail), limit \(limit)")
                    #expect(got.expectedRating(at: 13).mean == post.expectedRating(at: 13, cells: want).mean)
                }
            }
        }
    }

    @Test func keptKernelsAreTheNormalDensities() {
        for upper in [30.0, 12, 150] {
            let grid = DialInGrid(scale: DialInScale(lower: 0, upper: upper, step: 1, anchor: 0), options: DialInOptions())
            let taus = [0.5, 1, 1.5, 2, 3, 4.5, 7, 10, max(15, grid.span / 2)]
            // Twice: the first call computes and keeps them, the second answers from what was kept.
            for _ in 0..<2 {
                let kernels = DialInPrior.kernels(grid)
                #expect(kernels.count == 41 * taus.count)
                for (mi, ti) in [(0, 0), (20, 4), (40, 8), (7, 2)] {
                    let mu = grid.span * Double(mi) / 40, tau = taus[ti]
                    let raw = grid.s.map { exp(-0.5 * (($0 - mu) / tau) * (($0 - mu) / tau)) }
                    let total = raw.reduce(0, +)
                    let kernel = kernels[mi * taus.count + ti]
                    #expect(kernel.count == grid.s.count)
                    let worst = zip(kernel, raw).map { abs($0 - $1 / total) }.max() ?? 0
                    #expect(worst < 1e-12, "span \(grid.span), μ \(mu), τ \(tau): off by \(worst)")
                }
            }
        }
    }
}
