/// The median curve and the interquartile band of many curves, on a common grid.
///
/// **Definition.** Each curve is a set of points (xₖ, yₖ) — for shots, time against pressure, flow or weight. A
/// curve *covers* a grid value t when t lies within its first and last x (inclusive); its value there is the linear
/// interpolation between the two points around t (the point itself when an x equals t). At each grid value the
/// band takes the curves that cover it and reports the type-7 quantiles (``quantiles(_:_:)``, numpy's
/// default) at 0.25, 0.5 and 0.75 of their values: ``lower``, ``median``, ``upper``.
///
/// **Edge cases.**
/// - Curves of different lengths: a curve counts only where it has data; it is never extended past its first or
///   last point (a shot stopped at 24 s says nothing about 30 s), so the number of curves behind each value varies
///   along the grid and is kept in ``coverage``.
/// - A grid value that fewer than ``minimumCurves`` curves cover (3 by default; a quartile of two curves is not a
///   spread) has no median and no band: `nil` there, so a chart leaves a gap instead of drawing one curve as the
///   "median".
/// - Points with a non-finite x or y are dropped before interpolating, so a curve bridges a gap in its samples
///   linearly. Points need not be sorted (they are sorted by x; at tied x the later point wins); a curve with one
///   point covers only its own x; a curve with none covers nothing.
/// - An empty list of curves, or an empty grid, gives empty results of the grid's length.
///
/// ```swift
/// let band = CurveBand(curves: [CurveBand.Curve(x: [0, 1, 2], y: [0, 2, 4]), …], grid: [0, 0.5, 1, 1.5, 2])
/// band.median[2]  // the median of the curves' values at x = 1
/// ```
public struct CurveBand: Sendable, Equatable {
    /// One curve: x and y of equal length (extra values of the longer one are ignored).
    public struct Curve: Sendable, Equatable {
        public var x: [Double]
        public var y: [Double]
        public init(x: [Double], y: [Double]) {
            self.x = x
            self.y = y
        }
    }

    /// The default least number of covering curves for a median and band at a grid value.
    public static let defaultMinimumCurves = 3

    /// The grid values, ascending.
    public let grid: [Double]
    /// The 0.25 quantile at each grid value, `nil` where fewer than ``minimumCurves`` curves cover it.
    public let lower: [Double?]
    /// The median at each grid value, `nil` where fewer than ``minimumCurves`` curves cover it.
    public let median: [Double?]
    /// The 0.75 quantile at each grid value, `nil` where fewer than ``minimumCurves`` curves cover it.
    public let upper: [Double?]
    /// How many curves cover each grid value.
    public let coverage: [Int]
    /// The least number of covering curves for a value to be stated.
    public let minimumCurves: Int

    /// Computes the band of `curves` on `grid` (sorted ascending here if it is not; non-finite grid values dropped).
    ///
    /// Cost: O(Σ points·log points + curves × grid) time, curves × grid doubles of memory at most.
    public init(curves: [Curve], grid: [Double], minimumCurves: Int = CurveBand.defaultMinimumCurves) {
        let grid = grid.filter(\.isFinite).sorted()
        let g = grid.count
        let minimum = max(1, minimumCurves)
        var values = [[Double]](repeating: [], count: g)
        for curve in curves {
            let points = Self.points(curve)
            guard let first = points.first?.x, let last = points.last?.x else { continue }
            var k = 0  // the last point with x ≤ t, moving forward as the sorted grid does
            for (i, t) in grid.enumerated() where t >= first && t <= last {
                while k + 1 < points.count && points[k + 1].x <= t { k += 1 }
                let p = points[k]
                if p.x == t || k + 1 == points.count {
                    values[i].append(p.y)
                } else {
                    let q = points[k + 1]
                    values[i].append(p.y + (q.y - p.y) * (t - p.x) / (q.x - p.x))
                }
            }
        }
        var lower = [Double?](repeating: nil, count: g)
        var median = [Double?](repeating: nil, count: g)
        var upper = [Double?](repeating: nil, count: g)
        for i in 0..<g where values[i].count >= minimum {
            let q = quantiles(values[i], [0.25, 0.5, 0.75])
            (lower[i], median[i], upper[i]) = (q[0], q[1], q[2])
        }
        self.grid = grid
        self.lower = lower
        self.median = median
        self.upper = upper
        self.coverage = values.map(\.count)
        self.minimumCurves = minimum
    }

    /// A curve's finite points sorted by x; of points with equal x only the last (in the curve's order) is kept.
    static func points(_ curve: Curve) -> [(x: Double, y: Double)] {
        let n = min(curve.x.count, curve.y.count)
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(n)
        var sorted = true
        for i in 0..<n where curve.x[i].isFinite && curve.y[i].isFinite {
            if let last = points.last, curve.x[i] <= last.x {
                if curve.x[i] == last.x { points[points.count - 1].y = curve.y[i]; continue }
                sorted = false
            }
            points.append((curve.x[i], curve.y[i]))
        }
        guard !sorted else { return points }
        // Out of order: a stable sort, then the last of each run of equal x.
        let ordered = points.enumerated().sorted {
            $0.element.x != $1.element.x ? $0.element.x < $1.element.x : $0.offset < $1.offset
        }
        var result: [(x: Double, y: Double)] = []
        for (_, p) in ordered {
            if let last = result.last, last.x == p.x { result[result.count - 1] = p } else { result.append(p) }
        }
        return result
    }

    /// An evenly spaced grid from `lower` to `upper` (both included when `upper − lower` is a multiple of `step`),
    /// with at most `maxCount` values: a finer step is widened to `(upper − lower) ÷ (maxCount − 1)`.
    ///
    /// Values are `lower + k × step` (no accumulated rounding). Empty when a bound or their distance is not finite,
    /// `upper < lower` or `step` is not positive; `[lower]` when the bounds are equal.
    public static func grid(
        from lower: Double, through upper: Double, step: Double, maxCount: Int = 2_000
    ) -> [Double] {
        guard lower.isFinite, upper.isFinite, upper >= lower, (upper - lower).isFinite, step > 0, step.isFinite,
              maxCount >= 1 else { return [] }
        guard upper > lower, maxCount > 1 else { return [lower] }
        let step = max(step, (upper - lower) / Double(maxCount - 1))
        let count = Int(((upper - lower) / step * (1 + 1e-12)).rounded(.down)) + 1
        return (0..<min(count, maxCount)).map { lower + Double($0) * step }
    }
}
