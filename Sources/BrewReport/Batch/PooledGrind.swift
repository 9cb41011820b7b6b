import BrewCharts
import BrewStats
import Foundation

/// The batch's pooled grind-versus-rating charts, one per grinder × method: the groups and figures of a
/// ``BrewStats/GrindPool`` drawn (docs/batch-and-deployment.md). Pooled charts carry no LOESS curve: brews of
/// different journals mix methods and beans.
enum PooledGrind {
    /// The charts of the `limit` groups with the most brews (``BrewStats/GrindPool/groups()``).
    static func charts(_ pool: GrindPool, limit: Int) -> [NamedChart] {
        var naming = OutputNaming(reserved: [])
        return pool.groups().prefix(limit).map { g in
            let method = label(g.method)
            let slug = naming.name(for: URL(fileURLWithPath: ReportCharts.slugText("\(g.grinder) \(method)")))
            return NamedChart(stem: "grind-rating-\(slug)",
                              title: "\(g.grinder) × \(method): all journals together, \(g.brews) rated brews",
                              chart: BrewstatsCharts.grindVsRating(GrindRatingInput(
                                  grinder: g.grinder, method: method, grindSettings: g.settings, ratings: g.ratings,
                                  sweetSpot: g.sweetSpot, rSquared: g.rSquared,
                                  quadratic: g.fit.map { QuadraticCurve(a: $0.a, b: $0.b, c: $0.c) })))
        }
    }

    /// The method as the chart names it: its name, "no method", or "all methods" (a pool that kept no method).
    static func label(_ m: GrindPool.Method) -> String {
        switch m {
        case .named(let name): name
        case .none: "no method"
        case .unrecorded: "all methods"
        }
    }
}
