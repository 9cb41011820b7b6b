import BrewStats
import Testing
import TestSupport

/// ``CurveBand`` against quantiles worked out by hand (type 7: h = (n − 1)·p, interpolate between order statistics).
@Suite struct CurveBandTests {
    /// A: y = 2x on 0…4 (points at 0, 2, 4: x = 1 and 3 are interpolated); B: 1 on 0…4; C: 10 → 6 on 1…3;
    /// D: 3 on 0…6.
    static let curves = [
        CurveBand.Curve(x: [0, 2, 4], y: [0, 4, 8]),
        CurveBand.Curve(x: [0, 4], y: [1, 1]),
        CurveBand.Curve(x: [1, 3], y: [10, 6]),
        CurveBand.Curve(x: [0, 1, 2, 3, 4, 5, 6], y: [3, 3, 3, 3, 3, 3, 3]),
    ]

    @Test func quantilesAtEachGridValue() {
        let band = CurveBand(curves: Self.curves, grid: [0, 1, 2, 3, 4, 5])
        // t = 0: A 0, B 1, D 3 (C starts at 1) → [0, 1, 3]: q25 at h = 0.5 → 0.5; median 1; q75 at h = 1.5 → 2.
        // t = 1: A 2, B 1, C 10, D 3 → [1, 2, 3, 10]: h = 0.75 → 1.75; h = 1.5 → 2.5; h = 2.25 → 3 + 0.25 × 7 = 4.75.
        // t = 2: A 4, B 1, C 8, D 3 → [1, 3, 4, 8]: 1 + 0.75 × 2 = 2.5; 3.5; 4 + 0.25 × 4 = 5.
        // t = 3: A 6, B 1, C 6, D 3 → [1, 3, 6, 6]: 2.5; 4.5; 6.
        // t = 4: A 8, B 1, D 3 → [1, 3, 8]: 2; 3; 3 + 0.5 × 5 = 5.5.
        // t = 5: D alone → fewer than 3 curves: nothing stated.
        #expect(band.coverage == [3, 4, 4, 4, 3, 1])
        #expect(band.lower == [0.5, 1.75, 2.5, 2.5, 2, nil])
        #expect(band.median == [1, 2.5, 3.5, 4.5, 3, nil])
        #expect(band.upper == [2, 4.75, 5, 6, 5.5, nil])
    }

    @Test func minimumCurvesIsAdjustable() {
        let band = CurveBand(curves: Self.curves, grid: [5, 6, 7], minimumCurves: 1)
        #expect(band.coverage == [1, 1, 0])
        #expect(band.median == [3, 3, nil] && band.lower == [3, 3, nil])
    }

    @Test func unsortedPointsNaNAndTies() {
        // Out of order, a NaN sample (bridged linearly: 0 → 4 over 0…2) and a tie at x = 2 (the later 4 wins over 9).
        let messy = CurveBand.Curve(x: [2, 0, 1, 2, .nan], y: [9, 0, .nan, 4, 7])
        let band = CurveBand(curves: [messy, messy, messy], grid: [0, 0.5, 1, 2, 2.5])
        #expect(band.median == [0, 1, 2, 4, nil] && band.coverage == [3, 3, 3, 3, 0])
    }

    @Test func degenerateInputs() {
        #expect(CurveBand(curves: [], grid: [0, 1]).coverage == [0, 0])
        #expect(CurveBand(curves: Self.curves, grid: []).median.isEmpty)
        let single = CurveBand.Curve(x: [2], y: [5])
        let band = CurveBand(curves: [single, single, single], grid: [1.9, 2, 2.1])
        #expect(band.coverage == [0, 3, 0] && band.median == [nil, 5, nil])
        #expect(CurveBand(curves: Self.curves, grid: [3, .nan, 1]).grid == [1, 3])
    }

    @Test func gridHelper() {
        #expect(CurveBand.grid(from: -2, through: 1, step: 0.5) == [-2, -1.5, -1, -0.5, 0, 0.5, 1])
        #expect(CurveBand.grid(from: 0, through: 1, step: 0.3).count == 4)  // 0, 0.3, 0.6, 0.9
        #expect(CurveBand.grid(from: 0, through: 100, step: 0.001, maxCount: 101) == (0...100).map(Double.init))
        #expect(CurveBand.grid(from: 1, through: 0, step: 1).isEmpty && CurveBand.grid(from: 0, through: 1, step: 0).isEmpty)
        #expect(CurveBand.grid(from: 3, through: 3, step: 1) == [3])
    }
}
