import Foundation

/// A point of a fitted curve (LOESS), computed by the statistics layer.
public struct CurvePoint: Sendable, Hashable {
    /// Horizontal value.
    public var x: Double
    /// Fitted vertical value.
    public var y: Double
    /// Creates a curve point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// What a fitted curve says about its highest point — the claim a chart may make about it.
public enum CurvePeak: Sendable, Hashable {
    /// A clear interior peak at `x`: the curve rises to it and falls after it by at least the threshold, and, when
    /// the brews were given, they back it (`evidence`; `nil` when the curve alone was classified).
    case peak(x: Double, evidence: PeakEvidence?)
    /// The curve has an interior peak at `x` by its shape, but the brews do not back it: too few brews near it or
    /// on a side, or the brews near it do not rate clearly above those on each side.
    case unsupported(x: Double, evidence: PeakEvidence)
    /// The curve varies by less than the threshold over its whole range.
    case flat
    /// The curve varies, but does not both rise to and fall from its highest point (at `x`) by the threshold —
    /// typically the highest point is at an end of the data.
    case edge(x: Double)
    /// Fewer than two finite points.
    case none

    /// Classifies `curve` (sorted by x; non-finite points are ignored) by its shape alone.
    ///
    /// Definition: let `m` be the point with the highest y (the first, on ties). It is a ``peak(x:evidence:)`` when
    /// the curve's lowest y before `m` and its lowest y after `m` are both at least `threshold` below `m.y`;
    /// otherwise, it is ``flat`` when max y − min y < `threshold`, and ``edge(x:)`` when not.
    ///
    /// - Parameter threshold: The rise and fall that count as meaningful, in y units (0.25 rating points by
    ///   default: a quarter star, about the resolution of most rating scales).
    public static func classify(_ curve: [CurvePoint], threshold: Double = 0.25) -> CurvePeak {
        shape(of: curve, threshold: threshold)?.peak ?? classifyFlatOrEdge(curve, threshold: threshold)
    }

    /// Classifies `curve` by its shape (``classify(_:threshold:)``), then asks the brews it was fitted to whether
    /// they back an interior peak.
    ///
    /// Definition: let `p` be the peak's x, `b` the x of the curve's lowest point before it and `a` after it (the
    /// one nearest the peak on ties). The brews with a finite day and rating fall in three groups: *before*
    /// (day < (b + p) / 2), *near* (from (b + p) / 2 to (p + a) / 2, both included) and *after* (day > (p + a) / 2).
    /// The peak is backed when each group holds at least `minimumGroup` brews and the near group's mean rating
    /// exceeds each side's by at least twice the standard error of that difference,
    /// 2 · s · √(1/n_near + 1/n_side), where s is the pooled standard deviation of the ratings about their group's
    /// mean (N − 3 degrees of freedom). With s = 0 any positive difference counts. Otherwise the result is
    /// ``unsupported(x:evidence:)``.
    ///
    /// The rule compares brews, not fitted values: a LOESS curve over a dozen brews wiggles by more than a quarter
    /// point from noise alone, and the claim "rest it 19 days" needs brews near 19 days that did rate better.
    ///
    /// - Parameters:
    ///   - days: Days off roast per brew, parallel to `ratings` (pairs past the shorter one are ignored).
    ///   - minimumGroup: The fewest brews each group must hold (3).
    public static func classify(_ curve: [CurvePoint], days: [Double], ratings: [Double], threshold: Double = 0.25,
                                minimumGroup: Int = 3) -> CurvePeak {
        guard let shape = shape(of: curve, threshold: threshold) else {
            return classifyFlatOrEdge(curve, threshold: threshold)
        }
        let low = (shape.lowBefore + shape.x) / 2, high = (shape.x + shape.lowAfter) / 2
        var groups: [[Double]] = [[], [], []]
        for i in 0..<min(days.count, ratings.count) where days[i].isFinite && ratings[i].isFinite {
            groups[days[i] < low ? 0 : days[i] > high ? 2 : 1].append(ratings[i])
        }
        let means = groups.map { $0.isEmpty ? Double.nan : $0.reduce(0, +) / Double($0.count) }
        let n = groups.map(\.count), total = n.reduce(0, +)
        var squares = 0.0
        for g in 0..<3 { for r in groups[g] { squares += (r - means[g]) * (r - means[g]) } }
        let s = total > 3 ? (squares / Double(total - 3)).squareRoot() : .nan
        func clearlyAbove(_ side: Int) -> Bool {
            let difference = means[1] - means[side]
            guard difference.isFinite, s.isFinite else { return false }
            return s == 0 ? difference > 0 : difference >= 2 * s * (1 / Double(n[1]) + 1 / Double(n[side])).squareRoot()
        }
        let enough = n.allSatisfy { $0 >= minimumGroup }
        let backed = enough && clearlyAbove(0) && clearlyAbove(2)
        let evidence = PeakEvidence(before: n[0], near: n[1], after: n[2], aboveBefore: means[1] - means[0],
                                    aboveAfter: means[1] - means[2], tooFew: !enough)
        return backed ? .peak(x: shape.x, evidence: evidence) : .unsupported(x: shape.x, evidence: evidence)
    }

    /// The interior peak of `curve` by its shape, with the x of its lowest point on each side, or `nil`.
    private static func shape(of curve: [CurvePoint], threshold: Double)
        -> (x: Double, lowBefore: Double, lowAfter: Double, peak: CurvePeak)? {
        let points = curve.filter { $0.x.isFinite && $0.y.isFinite }
        guard points.count >= 2, let top = highest(points) else { return nil }
        let peak = points[top]
        // The lowest point on each side; on ties the one nearest the peak.
        guard top > 0, top < points.count - 1,
              let before =
                  points[..<top].indices.min(
                      by: { points[$0].y < points[$1].y || (points[$0].y == points[$1].y && $0 > $1) }),
              let after =
                  points[(top + 1)...].indices.min(
                      by: { points[$0].y < points[$1].y || (points[$0].y == points[$1].y && $0 < $1) }),
              peak.y - points[before].y >= threshold, peak.y - points[after].y >= threshold
        else { return nil }
        return (peak.x, points[before].x, points[after].x, .peak(x: peak.x, evidence: nil))
    }

    /// ``flat``, ``edge(x:)`` or ``none`` for a curve without an interior peak.
    private static func classifyFlatOrEdge(_ curve: [CurvePoint], threshold: Double) -> CurvePeak {
        let points = curve.filter { $0.x.isFinite && $0.y.isFinite }
        guard points.count >= 2, let top = highest(points), let low = points.map(\.y).min() else { return .none }
        return points[top].y - low < threshold ? .flat : .edge(x: points[top].x)
    }

    /// The index of the highest point (the first, on ties).
    private static func highest(_ points: [CurvePoint]) -> Int? {
        points.indices.max { points[$0].y < points[$1].y || (points[$0].y == points[$1].y && $0 > $1) }
    }
}

/// How many brews back a fitted peak, and by how much the brews near it rate above those on each side
/// (see ``CurvePeak/classify(_:days:ratings:threshold:minimumGroup:)``).
public struct PeakEvidence: Sendable, Hashable {
    /// Brews before, near and after the peak.
    public let before: Int, near: Int, after: Int
    /// Mean rating of the brews near the peak minus the mean of those before (after); NaN when a group is empty.
    public let aboveBefore: Double, aboveAfter: Double
    /// Whether a group holds fewer brews than the rule asks for.
    public let tooFew: Bool

    /// The counts, for a backed peak: "6 near, 4 before, 5 after".
    public var counts: String { "\(near) near, \(before) before, \(after) after" }

    /// Why a peak the curve shows is not claimed: "too few brews around it" or "not backed by the brews".
    public var reason: String { tooFew ? "too few brews around it" : "not backed by the brews" }
}
