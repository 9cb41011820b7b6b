/// Grind-versus-rating points pooled across journals (a batch's journals, the shards of a merge), each point counted,
/// and the pooled figures of each grinder × method (docs/batch-and-deployment.md).
///
/// A point names its grinder and method rather than holding codes, which differ from journal to journal. Identical
/// points are counted, not repeated, so the pool is bounded by the grinders' discrete settings and the rating scale,
/// however many journals it pools. The figures of a group are computed on the brews the counts stand for: the
/// quadratic fit of rating on setting, its R² (``GrindRatingGroup/rSquared(_:x:y:)``) and its sweet spot
/// (``QuadraticFit/sweetSpot(within:)`` over the settings tried), the sweet spot stated only as ``EvidenceRules``
/// allow. One curve through a grinder's espresso and filter settings would be a U through two scales, hence a group
/// per grinder × method.
public struct GrindPool: Sendable, Equatable {
    /// Which brews of a grinder a point stands for.
    public enum Method: Hashable, Sendable {
        /// Brews of the method of this name.
        case named(String)
        /// Brews that name no method.
        case none
        /// Every method of the grinder together: a pool written before methods were kept.
        case unrecorded
    }

    /// One (grinder, method, grind setting, rating) of the pooled brews.
    public struct Point: Hashable, Sendable {
        public let grinder: String
        public let method: Method
        public let setting: Double
        public let rating: Double

        public init(grinder: String, method: Method, setting: Double, rating: Double) {
            self.grinder = grinder
            self.method = method
            self.setting = setting
            self.rating = rating
        }
    }

    /// The pooled brews of one grinder × method and their figures.
    public struct Group: Sendable, Equatable {
        public let grinder: String
        public let method: Method
        /// The settings of the brews, one per brew, in ascending order of (setting, rating).
        public let settings: [Double]
        /// The ratings of the same brews, in the same order.
        public let ratings: [Double]
        /// The quadratic fit of rating on setting, `nil` when it cannot be fitted (``Regression/quadratic(_:_:)``).
        public let fit: QuadraticFit?
        /// R² of ``fit``, `nil` without one.
        public let rSquared: Double?
        /// The sweet spot of ``fit`` within the settings tried, `nil` when there is none or ``EvidenceRules`` do not
        /// allow stating it (``EvidenceRules/statesSweetSpot(n:distinctSettings:r2:)``).
        public let sweetSpot: Double?

        /// The number of pooled brews.
        public var brews: Int { settings.count }
    }

    /// How many pooled brews each point stands for (counts above 0 only).
    public private(set) var counts: [Point: Int] = [:]

    /// An empty pool.
    public init() {}

    /// Adds `count` brews at `point` (a count of 0 or less adds nothing).
    public mutating func add(_ point: Point, count: Int) {
        guard count > 0 else { return }
        counts[point, default: 0] += count
    }

    /// Adds every brew of `other`.
    public mutating func add(_ other: GrindPool) {
        for (point, n) in other.counts { add(point, count: n) }
    }

    /// The groups, most brews first; ties by grinder name, then method (no method, then all methods, then methods
    /// by name).
    public func groups() -> [Group] {
        struct Pair: Hashable { let grinder: String, method: Method }
        var points: [Pair: [(Point, Int)]] = [:]
        for (point, n) in counts {
            points[Pair(grinder: point.grinder, method: point.method), default: []].append((point, n))
        }
        return points.map { pair, entries in
            let sorted = entries.sorted { ($0.0.setting, $0.0.rating) < ($1.0.setting, $1.0.rating) }
            let x = sorted.flatMap { repeatElement($0.0.setting, count: $0.1) }
            let y = sorted.flatMap { repeatElement($0.0.rating, count: $0.1) }
            return Self.group(grinder: pair.grinder, method: pair.method, x: x, y: y)
        }.sorted { a, b in
            a.brews != b.brews ? a.brews > b.brews
                : (a.grinder, Self.order(a.method).0, Self.order(a.method).1)
                    < (b.grinder, Self.order(b.method).0, Self.order(b.method).1)
        }
    }

    /// A group's figures over its brews' settings `x` and ratings `y`.
    static func group(grinder: String, method: Method, x: [Double], y: [Double]) -> Group {
        let fit = Regression.quadratic(x, y)
        let r2 = fit.flatMap { GrindRatingGroup.rSquared($0, x: x, y: y) }
        var spot: Double?
        if let fit, let lo = x.min(), let hi = x.max(),
           EvidenceRules.statesSweetSpot(n: x.count, distinctSettings: Set(x).count, r2: r2) {
            spot = fit.sweetSpot(within: lo...hi)
        }
        return Group(grinder: grinder, method: method, settings: x, ratings: y, fit: fit, rSquared: r2, sweetSpot: spot)
    }

    /// The tie order of methods: no method, all methods, then by name.
    private static func order(_ m: Method) -> (Int, String) {
        switch m {
        case .none: (0, "")
        case .unrecorded: (1, "")
        case .named(let name): (2, name)
        }
    }
}
