@testable import BrewCharts
import Foundation
import Testing

/// Pre-merging identical points (``PointMark/merged(x:y:counts:)``) must not change what a chart draws.
@Suite struct MergedPointsTests {
    /// `n` discrete (setting, rating) points from a fixed generator: settings 10…40, half-step ratings.
    static func points(_ n: Int, seed: UInt64 = 7) -> (x: [Double], y: [Double]) {
        var state = seed
        var xs: [Double] = [], ys: [Double] = []
        for _ in 0..<n {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            xs.append(Double(10 + (state >> 33) % 31))
            ys.append(Double((state >> 17) % 11) / 2)
        }
        return (xs, ys)
    }

    static func chart(_ mark: PointMark) -> Chart {
        Chart(title: "t", x: AxisSpec(title: "x"), y: AxisSpec(title: "y"), marks: [.point(mark)])
    }

    @Test("merged points draw exactly what the raw points draw", arguments: [2_002, 30_000, 250_000])
    func sameDrawing(_ n: Int) {
        var (x, y) = Self.points(n)
        x[3] = .nan; y[5] = -0.0  // dropped and normalised the same way on both sides
        let merged = PointMark.merged(x: x, y: y)
        #expect(merged.weights != nil)
        #expect(merged.x.count < 400)
        #expect(merged.weights!.reduce(0, +) == n - 1)
        let raw = ChartRenderer.record(Self.chart(PointMark(x: .numbers(x), y: .numbers(y), label: "Brew")))
        let pre = ChartRenderer.record(Self.chart(PointMark(x: .numbers(merged.x), y: .numbers(merged.y), label: "Brew",
                                                            weights: merged.weights)))
        #expect(raw == pre)
    }

    @Test("few points are left as they are; weights that sum below the limit expand into single points")
    func fewPoints() {
        let (x, y) = Self.points(1_500)
        let same = PointMark.merged(x: x, y: y)
        #expect(same.weights == nil && same.x == x && same.y == y)
        // 2,001 points of which one is not finite: 2,000 to draw one by one, in their order, unmerged.
        var (x2, y2) = Self.points(2_001)
        x2[10] = .infinity
        let kept = PointMark.merged(x: x2, y: y2)
        #expect(kept.weights == nil && kept.x.count == 2_000 && kept.x[10] == x2[11])
        let statistic = PointStatistic.resolve(xs: [1, 2], ys: [3, 4], weights: [3, 0], jitter: nil, noun: "brews")
        #expect(statistic.kind == .individual)
        #expect(statistic.xs == [1, 1, 1] && statistic.ys == [3, 3, 3] && statistic.total == 3)
        let binned = PointStatistic.resolve(xs: (0..<6_000).map(Double.init), ys: (0..<6_000).map(Double.init),
                                            weights: Array(repeating: 2, count: 6_000), jitter: nil, noun: "brews")
        #expect(binned.total == 12_000 && binned.counts.reduce(0, +) == 12_000)
    }

    @Test("points that come merged with counts draw what their raw points draw")
    func countedInput() {
        let (x, y) = Self.points(30_000)
        let once = PointMark.merged(x: x, y: y)
        let again = PointMark.merged(x: once.x, y: once.y, counts: once.weights)
        #expect(again.x == once.x && again.y == once.y && again.weights == once.weights)
        // Below the limit, counted points expand back into single points, in order; a count of 0 draws nothing.
        let few = PointMark.merged(x: [1, 4, 7], y: [2, 5, 8], counts: [3, 2, 0])
        #expect(few.weights == nil && few.x == [1, 1, 1, 4, 4] && few.y == [2, 2, 2, 5, 5])
        // The grind chart's n counts brews, not distinct points.
        let chart = BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "G", method: "M", grindSettings: [20, 22, 24],
                                                                   ratings: [3, 4, 3.5], counts: [5, 7, 1]))
        #expect(chart.subtitle?.hasPrefix("13 rated brews") == true, "\(chart.subtitle ?? "")")
    }
}
