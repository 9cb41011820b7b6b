import Foundation
import Testing
@testable import BrewAdvice

/// The earlier bags' step-1 terms (``DialInTerms``) against their definition evaluated term by term, and a prior
/// fitted with terms another fit left in the table against one fitted with an empty table.
@Suite struct SharedTermsTests {
    /// Bags on a 0…40 grinder (81 grid points, so the coarse grid is every other one) and a 0…12 one (25 points).
    let bags: [[(u: Double, y: Double)]] = [
        [(10, 3), (12, 4), (14, 4.5), (15, 4.5), (17, 3.5), (19, 2.5)],
        [(5, 3), (9, 3), (20, 3), (25, 3)],
        [(14, 4), (16, 4.5), (18, 4)],
        [(22, 5), (24, 3.5), (26, 1), (23, 4.5), (21, 4)],
    ]

    func moments(_ bag: [(u: Double, y: Double)], scale: Double = 1) -> RatingMoments {
        var m = RatingMoments()
        for p in bag { m.add(u: p.u * scale, y: p.y) }
        return m
    }

    /// `log (1/C) Σ_s exp(logFlatMean + logDensity)` over the coarse grid, one term at a time.
    func direct(_ grid: DialInGrid, _ m: RatingMoments, peakMean: Double) -> [Double] {
        let S = grid.s.count, K = grid.k.count, G = grid.sigma.count
        let coarse = Swift.stride(from: 0, to: S, by: S > 60 ? 2 : 1).map { grid.s[$0] }
        var out = [Double](repeating: .nan, count: DialInPrior.peakSDs.count * K * G)
        for (it, th) in DialInPrior.peakSDs.enumerated() {
            for ik in 0..<K {
                for ig in 0..<G {
                    let v = grid.sigma[ig] * grid.sigma[ig]
                    let row = coarse.map { s -> Double in
                        let r = m.residuals(s: s, k: grid.k[ik])
                        return Gauss.logFlatMean(n: m.n, ss: r.ss, sigma: grid.sigma[ig])
                            + Gauss.logDensity(r.sum / m.n, mean: peakMean, variance: th * th + v / m.n)
                    }
                    out[(it * K + ik) * G + ig] = Gauss.logSumExp(row) - log(Double(coarse.count))
                }
            }
        }
        return out
    }

    @Test func termsAreTheirDefinition() {
        for (upper, factor) in [(40.0, 1.0), (12.0, 0.4)] {
            let grid = DialInGrid(scale: DialInScale(lower: 0, upper: upper, step: 1, anchor: 0), options: DialInOptions())
            let table = DialInTerms()
            for bag in bags {
                let m = moments(bag, scale: factor)
                for peakMean in [4.0, 4.25, 3.1] {
                    let got = table.terms(grid: grid, moments: m, peakMean: peakMean)
                    let want = direct(grid, m, peakMean: peakMean)
                    #expect(got.count == want.count)
                    let off = zip(got, want).filter { abs($0 - $1) > 1e-9 * max(1, abs($1)) }
                    #expect(off.isEmpty, "range \(upper), bag of \(bag.count), h̄ \(peakMean): \(off.count) terms differ")
                }
            }
            // Asked again, every bag under every mean peak comes from the table: the same numbers.
            let before = table.usage
            for bag in bags { #expect(table.terms(grid: grid, moments: moments(bag, scale: factor), peakMean: 4.25)
                                      == DialInPrior.stepOneTerms(grid: grid, moments: moments(bag, scale: factor), peakMean: 4.25)) }
            #expect(table.usage.computed == before.computed)
            #expect(table.usage.reused == before.reused + bags.count)
        }
    }

    /// Leaving one bag out of a table filled by the fit of every bag gives the prior of a fresh fit without it, bit
    /// for bit: the shared terms are added, not subtracted.
    @Test func leavingABagOutOfASharedTableIsTheFreshFit() {
        let grid = DialInGrid(scale: DialInScale(lower: 0, upper: 40, step: 1, anchor: 0), options: DialInOptions())
        let options = DialInOptions()
        let all = bags.map { moments($0) }
        let best = bags.map { $0.map(\.y).max()! }
        let table = DialInTerms()
        _ = DialInPrior(grid: grid, history: all, bestRatings: best, options: options, terms: table)
        for out in all.indices {
            let kept = all.indices.filter { $0 != out }
            let shared = DialInPrior(grid: grid, history: kept.map { all[$0] }, bestRatings: kept.map { best[$0] },
                                     options: options, terms: table)
            let fresh = DialInPrior(grid: grid, history: kept.map { all[$0] }, bestRatings: kept.map { best[$0] },
                                    options: options)
            #expect(shared.logKS == fresh.logKS && shared.logS == fresh.logS, "bag \(out) left out")
            #expect(shared.peakMean == fresh.peakMean && shared.peakSD == fresh.peakSD)
        }
        // Four bags' best ratings of 4.5, 3, 4.5, 5: leaving out either 4.5 gives the same mean peak, whose terms
        // the table then holds.
        #expect(table.usage.reused > 0)
    }
}
