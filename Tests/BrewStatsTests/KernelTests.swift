import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

/// A column from optionals (nil → null slot).
func column(_ values: [Double?]) -> Float64Column {
    var b = PrimitiveColumnBuilder<Double>()
    for v in values { b.append(v) }
    return b.finish()
}

@Suite("Kernels")
struct KernelTests {
    @Test("empty, all-null and all-NaN inputs give count 0 and no statistics")
    func emptyShapes() {
        for c in [column([]), column([nil, nil, nil]), column([.nan, nil, .nan])] {
            let s = Kernel.summary(c, quantiles: [0.5])
            #expect(s.count == 0 && s.sum == 0)
            #expect(s.mean == nil && s.variance == nil && s.min == nil && s.max == nil && s.median == nil)
            #expect(s.quantiles == [nil])
            #expect(Kernel.mean(c) == nil && Kernel.quantile(c, 0.3) == nil)
        }
    }

    @Test("one value: every location statistic is that value, variance undefined")
    func oneValue() {
        let c = column([nil, 7.25, nil])
        let s = Kernel.summary(c, quantiles: [0, 0.25, 1])
        #expect(s.count == 1 && s.mean == 7.25 && s.min == 7.25 && s.max == 7.25 && s.median == 7.25)
        #expect(s.quantiles == [7.25, 7.25, 7.25])
        #expect(s.variance == nil && s.standardDeviation == nil)
    }

    @Test("zero variance and ties")
    func constant() {
        let c = column([3, 3, nil, 3, 3])
        #expect(Kernel.variance(c) == 0)
        #expect(Kernel.standardDeviation(c) == 0)
        #expect(Kernel.quantile(column([2, 2, 2, 5]), 0.5) == 2)
        #expect(Kernel.median(column([2, 2, 5, 5])) == 3.5)
    }

    @Test("known values: mean, sample variance, type-7 quantiles")
    func knownValues() {
        let c = column([4, nil, 1, 3, .nan, 2])
        #expect(Kernel.count(c) == 4)
        #expect(Kernel.sum(c) == 10)
        #expect(Kernel.mean(c) == 2.5)
        #expect(isClose(Kernel.variance(c), 5.0 / 3.0))           // Σ(x−2.5)² = 5, ÷ 3
        #expect(Kernel.quantile(c, 0.25) == 1.75)                 // h = 0.75 → 1 + 0.75·1
        #expect(Kernel.quantile(c, 0.75) == 3.25)
        #expect(Kernel.quantile(c, 0.1) == 1.3)                   // numpy.quantile([1,2,3,4], .1)
        #expect(Kernel.min(c) == 1 && Kernel.max(c) == 4)
        #expect(Kernel.quantile(c, -1) == 1 && Kernel.quantile(c, 2) == 4)
    }

    /// `quantiles` (selection, several probabilities at once) gives `quantile`'s values bit for bit, NaN skipped;
    /// the hand values are numpy.quantile([1, 2, 3, 4], [.1, .25, .5, .75]).
    @Test("several quantiles at once equal one quantile at a time")
    func severalQuantiles() {
        let values = [4, .nan, 1, 3, 2]
        #expect(quantiles(values, [0.1, 0.25, 0.5, 0.75]) == [1.3, 1.75, 2.5, 3.25])
        #expect(quantiles([], [0.5]) == [nil] && quantiles([.nan], [0.25, 0.75]) == [nil, nil])
        for n in [1, 2, 7, 40, 301] {
            // Values with ties, in no order.
            let v = (0..<n).map { Double(($0 * 7919 + 13) % 23) * 0.37 - 4 }
            let ps = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]
            #expect(quantiles(v, ps) == ps.map { quantile(v, $0) }, "n = \(n)")
            #expect(Kernel.median(column(v)) == median(v))
        }
    }

    @Test("selection restricts rows without copying the column")
    func selection() {
        let c = column([10, 20, 30, 40])
        #expect(Kernel.mean(c, Selection([1, 3])) == 30)
        #expect(Kernel.count(c, Selection([])) == 0)
    }

    @Test("grouped by dictionary codes, empty groups included")
    func grouped() {
        var codes = PrimitiveColumnBuilder<Int32>()
        for c: Int32? in [0, 2, 0, nil, 2] { codes.append(c) }
        let dict = DictionaryColumn(codes: codes.finish(), dictionary: ["a", "b", "c"])
        let s = Kernel.grouped(column([1, 5, 3, 100, nil]), by: dict, quantiles: [0.5])
        #expect(s.count == 3)
        #expect(s[0].mean == 2 && s[0].median == 2)
        #expect(s[1].count == 0 && s[1].mean == nil)
        #expect(s[2].count == 1 && s[2].mean == 5)
    }

    @Test("pairwise summation is far more accurate than a running sum")
    func pairwiseAccuracy() {
        let n = 1_000_000
        let values = [Double](repeating: 0.1, count: n)
        // The exact sum of n copies of the double nearest 0.1, rounded once.
        let exact = Double(n) * 0.1
        var naive = 0.0
        for v in values { naive += v }
        let pairwise = pairwiseSum(values)
        #expect(abs(pairwise - exact) <= 1e-9)
        #expect(abs(naive - exact) > 100 * abs(pairwise - exact))
        var acc = PairwiseAccumulator()
        for v in values { acc.add(v) }
        #expect(abs(acc.sum - exact) <= 1e-9)
        #expect(pairwiseSum([]) == 0)
        #expect(pairwiseSum([1, 2, 3]) == 6)
    }

    @Test("pairwise sum equals a plain sum on exactly representable values of every length")
    func pairwiseShapes() {
        var rng = TestRNG(seed: 42)
        for n in [0, 1, 7, 8, 9, 127, 128, 129, 1000, 4097] {
            let v = (0..<n).map { _ in Double(Int.random(in: -1000...1000, using: &rng)) }
            #expect(pairwiseSum(v) == Double(v.reduce(0) { $0 + Int($1) }))
        }
    }

    @Test("selection-based quantiles equal quantiles of the sorted values, for many shapes")
    func selectionMatchesSort() {
        var rng = TestRNG(seed: 3)
        let ps = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]
        for n in [1, 2, 3, 5, 16, 17, 100, 1001] {
            for distinct in [1, 3, 1000] {
                var v = (0..<n).map { _ in Double(Int.random(in: 0..<distinct, using: &rng)) / 7 }
                let sorted = v.sorted()
                let expected = sorted.withUnsafeBufferPointer { b in ps.map { quantileOfSorted(b, $0) } }
                let median = sorted.withUnsafeBufferPointer { medianOfSorted($0) }
                let got = selectQuantiles(&v, ps)
                #expect(got.quantiles == expected, "n \(n) distinct \(distinct)")
                #expect(got.median == median)
            }
        }
    }

    @Test("trend helpers: rolling mean skips gaps, week-over-week needs both weeks")
    func trends() {
        let v: [Double?] = [1, nil, 3, 5, nil, nil, nil]
        let r = Trend.rollingMean(v, window: 3)
        #expect(r == [1, 1, 2, 4, 4, 5, nil])
        #expect(Trend.weekOverWeek(v) == [nil, nil, nil, 2, nil, nil, nil])
        #expect(Trend.rollingMean([], window: 4).isEmpty)
        let line = Trend.linear([1, nil, 5])
        #expect(line?.slope == 2 && line?.intercept == 1)
    }
}
