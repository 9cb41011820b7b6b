import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

@Suite("Regression, correlation and LOESS")
struct RegressionTests {
    @Test("Pearson and Spearman: undefined for n < 2 or constant samples")
    func undefinedCorrelation() {
        #expect(Regression.pearson([], []) == nil)
        #expect(Regression.pearson([1], [2]) == nil)
        #expect(Regression.pearson([2, 2, 2], [1, 2, 3]) == nil)
        #expect(Regression.spearman([1, 2, 3], [4, 4, 4]) == nil)
        #expect(Regression.pearson([1, 2], [3, 1]) == -1)
    }

    @Test("Spearman uses average ranks for ties")
    func spearmanTies() {
        #expect(Regression.averageRanks([10, 20, 20, 30]) == [1, 2.5, 2.5, 4])
        #expect(Regression.averageRanks([5, 5, 5]) == [2, 2, 2])
        // ranks x = 1, 2.5, 2.5, 4; y = 1, 3, 2, 4 → Sxy = 4.5, Sxx = 4.5, Syy = 5.
        #expect(isClose(Regression.spearman([1, 2, 2, 3], [1, 3, 2, 4]), 4.5 / (4.5 * 5.0).squareRoot()))
    }

    @Test("OLS: exact line, slope standard error, constant x")
    func ols() throws {
        let fit = try #require(Regression.ols([0, 1, 2], [1, 3, 5]))
        #expect(fit.slope == 2 && fit.intercept == 1 && isClose(fit.rSquared, 1))
        #expect(isClose(fit.slopeStandardError, 0))
        #expect(Regression.ols([1, 1], [1, 2]) == nil)
        #expect(try #require(Regression.ols([0, 1], [5, 7])).slopeStandardError == nil)
        // y = x + noise ±1: Sxx = 2, Sxy = 2, Syy = 2 + ... computed by hand below.
        let f = try #require(Regression.ols([0, 1, 2], [0, 2, 2]))
        // x̄ = 1, ȳ = 4/3; Sxx = 2, Sxy = 2, Syy = 8/3 → slope 1, r² = 4/(2·8/3) = 0.75,
        // se = √((1 − 0.75)·(8/3) ÷ 2 ÷ 1) = √(1/3).
        #expect(isClose(f.slope, 1) && isClose(f.intercept, 1.0 / 3.0) && isClose(f.rSquared, 0.75))
        #expect(isClose(f.slopeStandardError, (1.0 / 3.0).squareRoot()))
        #expect(try #require(Regression.ols([1, 2, 3], [4, 4, 4])).rSquared == 0)
    }

    @Test("Theil–Sen is the median pairwise slope")
    func theilSen() throws {
        let t = try #require(Regression.theilSen([0, 1, 2, 3], [0, 1, 2, 100]))
        // slopes 1, 1, 1, 33.33…, 49.5, 98 → median (1 + 100/3) / 2.
        #expect(isClose(t.slope, (1 + 100.0 / 3.0) / 2))
        #expect(isClose(t.intercept, 1.5 - t.slope * 1.5))
        #expect(Regression.theilSen([2, 2], [1, 3]) == nil)
    }

    @Test("quadratic fit recovers an exact parabola; needs three distinct settings")
    func quadratic() throws {
        let x: [Double] = [10, 11, 12, 13, 14, 12]
        let y = x.map { 1 + 2 * ($0 - 10) - 0.5 * ($0 - 10) * ($0 - 10) }
        let q = try #require(Regression.quadratic(x, y))
        // y = 1 + 2(x−10) − 0.5(x−10)² = −69 + 12x − 0.5x²; vertex at 12.
        #expect(isClose(q.c, -0.5) && isClose(q.b, 12) && isClose(q.a, -69, relative: 1e-9))
        #expect(isClose(q.vertex, 12))
        #expect(Regression.quadratic([1, 1, 2, 2], [1, 2, 3, 4]) == nil)
        #expect(Regression.quadratic([1, 2], [1, 2]) == nil)
    }

    @Test("LOESS degenerate shapes: empty, one point, all x tied, non-finite pairs dropped")
    func loessShapes() {
        #expect(loess(x: [], y: []).x.isEmpty)
        let one = loess(x: [3], y: [4])
        #expect(one.x == [3] && one.y == [4])
        let tied = loess(x: [2, 2, 2], y: [3, 1, 2])
        #expect(tied.x == [2, 2, 2] && tied.y == [1, 1, 1])   // radius 0: the first point keeps its y, ties copy it
        let clean = loess(x: [1, .nan, 2, 3], y: [1, 5, 2, .infinity])
        #expect(clean.x == [1, 2])
    }

    @Test("LOESS of a straight line is the line")
    func loessLine() {
        let x = (0..<40).map(Double.init), y = x.map { 2 * $0 + 1 }
        let c = loess(x: x, y: y)
        for (a, b) in zip(c.x, c.y) { #expect(isClose(b, 2 * a + 1, relative: 1e-9)) }
    }
}
