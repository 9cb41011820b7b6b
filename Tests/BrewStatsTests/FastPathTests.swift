import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

/// The one-pass kernels the summaries use, checked against definitions computed here the slow, obvious way.
@Suite("Fast paths")
struct FastPathTests {
    /// Average ranks by definition: (number of smaller values) + (number of equal values + 1) ÷ 2.
    static func bruteRanks(_ v: [Double]) -> [Double] {
        v.map { x in
            let less = v.filter { $0 < x }.count, equal = v.filter { $0 == x }.count
            return Double(less) + Double(equal + 1) / 2
        }
    }

    @Test("average ranks: ties, −0 = +0, one value, and the sorting fallback past 1,024 distinct values")
    func ranks() {
        let shapes: [[Double]] = [
            [3, 1, 2, 2, 5], [0, -0.0, 1, -1], [4.5], [2, 2, 2, 2], [],
            (0..<3000).map { Double(($0 * 7919) % 1500) / 4 },   // 1,500 distinct values, each twice
        ]
        for values in shapes {
            var out = [Double](repeating: .nan, count: values.count)
            let distinct = values.withUnsafeBufferPointer { v in
                out.withUnsafeMutableBufferPointer { averageRanks(v, into: $0) }
            }
            #expect(out == Self.bruteRanks(values), "\(values.count) values")
            #expect(distinct == Set(values.map { $0 == 0 ? 0 : $0 }).count)
        }
    }

    @Test("quantiles by selection equal type-7 quantiles of the sorted values, duplicates included")
    func selection() {
        var rng = TestRNG(seed: 11)
        let ps = [0, 0.1, 0.25, 0.5, 0.5, 0.75, 0.9, 1]
        for n in [1, 2, 3, 7, 16, 17, 100, 1001] {
            let values = (0..<n).map { _ in Double(Int.random(in: 0..<12, using: &rng)) / 2 }
            let sorted = values.sorted()
            var work = values
            let (q, median) = selectQuantiles(&work, ps)
            for (k, p) in ps.enumerated() {
                // Type 7 by its definition, on the sorted values.
                let h = Double(n - 1) * p, j = Int(h.rounded(.down)), g = h - Double(j)
                let expected = j >= n - 1 ? sorted[n - 1] : sorted[j] + g * (sorted[j + 1] - sorted[j])
                #expect(isClose(q[k], expected), "n \(n) p \(p)")
            }
            let mid = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
            #expect(median == mid, "n \(n)")
        }
    }

    @Test("grouped summaries by scatter equal each group's values filtered out and reduced directly")
    func groupedScatter() {
        var rng = TestRNG(seed: 5)
        let n = 2000, groups = 7
        let codes = (0..<n).map { _ in Int32(Int.random(in: -1..<groups, using: &rng)) }
        let raw: [Double?] = (0..<n).map { i in
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: nil
            case 1: .nan
            default: Double(i % 97) / 3
            }
        }
        let col = column(raw)
        let summaries = GroupCodes(codes: codes, groupCount: groups).summarize(col, quantiles: [0.25, 0.75])
        for g in 0..<groups {
            let values = (0..<n).compactMap { i -> Double? in
                guard codes[i] == Int32(g), let v = raw[i], !v.isNaN else { return nil }
                return v
            }
            let s = summaries[g]
            #expect(s.count == values.count)
            #expect(isClose(s.mean, values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)))
            #expect(s.median == median(values))
            #expect(isClose(s.quantiles[0], quantile(values, 0.25)) && isClose(s.quantiles[1], quantile(values, 0.75)))
            #expect(s.min == values.min() && s.max == values.max())
        }
    }

    @Test("one grind-rating fit equals the separate regressions on the same points")
    func pairFit() {
        var rng = TestRNG(seed: 9)
        let shapes: [(x: [Double], y: [Double])] = [
            ([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]),
            ([3, 3, 3], [1, 2, 3]),                       // constant grind: nothing but nil
            ([1, 2, 3, 4], [4, 4, 4, 4]),                  // constant rating: a line, no correlation
            ([1, 1, 2, 2], [1, 2, 3, 4]),                  // two settings: no quadratic
            ((0..<500).map { _ in Double(Int.random(in: 10..<30, using: &rng)) / 2 },
             (0..<500).map { _ in Double(Int.random(in: 2..<11, using: &rng)) / 2 }),
            ((0..<1500).map { _ in Double.random(in: 0..<40, using: &rng) },   // > 1,024 distinct settings
             (0..<1500).map { _ in Double.random(in: 1..<5, using: &rng) }),
        ]
        var scratch: [Double] = []
        for (x, y) in shapes {
            let fit = x.withUnsafeBufferPointer { xs in
                y.withUnsafeBufferPointer { ys in PairFit(x: xs, y: ys, scratch: &scratch) }
            }
            #expect(fit.pearson == Regression.pearson(x, y))
            #expect(fit.spearman == Regression.spearman(x, y))
            #expect(fit.line == Regression.ols(x, y))
            let q = Regression.quadratic(x, y)
            #expect(fit.quadratic?.a == q?.a && fit.quadratic?.b == q?.b && fit.quadratic?.c == q?.c)
            // The vertex is NaN for a straight line (c = 0): compare bit patterns.
            #expect(fit.quadratic?.vertex.bitPattern == q?.vertex.bitPattern)
            #expect(fit.xRange == x.min()!...x.max()!)
        }
    }

    @Test("calendar segments give the same local days as the per-instant lookup, across DST changes")
    func segments() throws {
        let zone = try StatsOptions.zone("Europe/Berlin")
        // 2025-03-29 … 2025-11-01, every 37 minutes: spans both 2025 transitions.
        let start: Int64 = 1_743_206_400_000_000, step: Int64 = 37 * 60 * 1_000_000
        let instants = (0..<9000).map { start + Int64($0) * step }
        let calendar = LocalCalendar(timeZone: zone, span: instants.first!...instants.last!)
        var segment: (start: Int64, end: Int64, offset: Int64) = (1, 0, 0)
        for t in instants + [start - 86_400_000_000] {   // one instant outside the tabulated span
            if t < segment.start || t >= segment.end { segment = calendar.segment(at: t) }
            let seconds = Int64((Double(t) / 1e6).rounded(.down)) + Int64(zone.secondsFromGMT(
                for: Date(timeIntervalSince1970: Double(t) / 1e6)))
            let expected = Int32((Double(seconds) / 86_400).rounded(.down))
            let day = Int32(floorDiv(floorDiv(t, 1_000_000) + segment.offset, 86_400))
            #expect(day == expected)
        }
    }
}
