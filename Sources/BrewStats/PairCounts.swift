/// A sample of (x, y) pairs kept as its distinct pairs with their multiplicities.
///
/// Grind settings and ratings are discrete: the 290,000 points of one grinder × method group in a
/// 1,000,000-brew journal hold about 200 distinct pairs. A group keeps those (a few kB) instead of two arrays of
/// the points (4.6 MB), and charts draw the same marks from them.
///
/// **Definition.** The finite pairs of the sample, each distinct pair once, ascending by x then y, with
/// `counts[i]` ≥ 1 the number of sample points equal to `(x[i], y[i])`. −0 counts as +0 (they compare equal);
/// pairs with a NaN or an infinity are left out.
public struct PairCounts: Sendable, Equatable {
    /// The distinct pairs' x, ascending.
    public let x: [Double]
    /// The distinct pairs' y, ascending within one x.
    public let y: [Double]
    /// How many sample points each distinct pair stands for.
    public let counts: [Int]

    /// The distinct pairs of `x`, `y` (equal lengths) with their counts.
    ///
    /// Few distinct pairs (at most 4,096) are merged by hashing in O(n) (``LoessTies/init(hashing:y:maxRuns:)``);
    /// more are sorted, O(n log n).
    public init(x: [Double], y: [Double]) {
        precondition(x.count == y.count, "PairCounts: length mismatch")
        if let ties = LoessTies(hashing: x, y: y, maxRuns: min(x.count, 4096)) {
            var xs: [Double] = [], ys: [Double] = [], cs: [Int] = []
            xs.reserveCapacity(ties.runY.count)
            ys.reserveCapacity(ties.runY.count)
            cs.reserveCapacity(ties.runY.count)
            for g in ties.groupX.indices {
                for r in ties.groupRuns[g]..<ties.groupRuns[g + 1] {
                    xs.append(ties.groupX[g])
                    ys.append(ties.runY[r])
                    cs.append(ties.runStart[r + 1] - ties.runStart[r])
                }
            }
            self.init(x: xs, y: ys, counts: cs)
            return
        }
        let (sx, sy) = loessSortedPairs(x, y)
        let merged = Self.runs(sx, sy)
        self.init(x: merged.x, y: merged.y, counts: merged.counts)
    }

    /// The runs of consecutive equal pairs of `x`, `y` (equal lengths): each run's pair once (−0 as +0), with the
    /// run's length. Sorted input gives its distinct pairs.
    static func runs(_ x: [Double], _ y: [Double]) -> (x: [Double], y: [Double], counts: [Int]) {
        var xs: [Double] = [], ys: [Double] = [], cs: [Int] = []
        for i in x.indices {
            let a = x[i] == 0 ? 0.0 : x[i], b = y[i] == 0 ? 0.0 : y[i]
            if let lx = xs.last, lx == a, ys[ys.count - 1] == b { cs[cs.count - 1] += 1; continue }
            xs.append(a); ys.append(b); cs.append(1)
        }
        return (xs, ys, cs)
    }

    /// Already distinct pairs, ascending, with their counts.
    init(x: [Double], y: [Double], counts: [Int]) {
        self.x = x; self.y = y; self.counts = counts
    }

    /// The number of sample points (the sum of ``counts``).
    public var total: Int { counts.reduce(0, +) }

    /// The distinct x values, ascending.
    public var distinctX: [Double] {
        var out: [Double] = []
        for v in x where out.last != v { out.append(v) }
        return out
    }

    /// The sample's x values, ascending by (x, y): each distinct pair's x repeated `counts` times. Built on each
    /// access (O(n)): bind it once rather than indexing it in a loop.
    public var expandedX: [Double] { Self.expand(x, counts) }

    /// The sample's y values, in the order of ``expandedX``.
    public var expandedY: [Double] { Self.expand(y, counts) }

    static func expand(_ values: [Double], _ counts: [Int]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(counts.reduce(0, +))
        for (v, k) in zip(values, counts) { out.append(contentsOf: repeatElement(v, count: k)) }
        return out
    }
}
