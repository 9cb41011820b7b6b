import BrewCharts
import BrewStats
import Foundation

/// Grind versus rating pooled per grinder × method across a batch's journals: one curve through a grinder's espresso
/// and filter settings together would be a U through two scales (docs/batch-and-deployment.md).
///
/// The pool holds counts of identical (grinder, setting, rating) triples, so its size is bounded by the
/// grinders' discrete settings and the rating scale, however many journals it summarises. Statistics are
/// computed on the brews the counts stand for: the quadratic fit's R² and its sweet spot (stated only as
/// ``EvidenceRules`` allow) (the vertex −b ÷ 2c when c < 0 and inside the observed settings, docs/definitions.md).
/// Pooled charts carry no LOESS curve: brews of different journals mix methods and beans.
enum PooledGrind {
    static func charts(_ grind: [String: Int], limit: Int) -> [NamedChart] {
        struct Pair: Hashable, Comparable {
            let grinder: String, method: String
            static func < (a: Pair, b: Pair) -> Bool { (a.grinder, a.method) < (b.grinder, b.method) }
        }
        var byPair: [Pair: (x: [Double], y: [Double])] = [:]
        for (key, n) in grind.sorted(by: { $0.key < $1.key }) {
            // "grinder\tmethod\tgrind\trating"; a pool written before methods were kept has no method part.
            let parts = key.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 || parts.count == 3, let x = Double(parts[parts.count - 2]),
                  let y = Double(parts[parts.count - 1]) else { continue }
            let pair = Pair(grinder: parts[0],
                method: parts.count == 3 ? "all methods" : (parts[1].isEmpty ? "no method" : parts[1]))
            byPair[pair, default: ([], [])].x.append(contentsOf: repeatElement(x, count: n))
            byPair[pair, default: ([], [])].y.append(contentsOf: repeatElement(y, count: n))
        }
        let ranked = byPair.sorted {
            $0.value.x.count != $1.value.x.count ? $0.value.x.count > $1.value.x.count : $0.key < $1.key
        }
        var naming = OutputNaming(reserved: [])
        return ranked.prefix(limit).map { pair, xy in
            let slug = naming.name(for: URL(fileURLWithPath: ReportCharts.slugText("\(pair.grinder) \(pair.method)")))
            return NamedChart(stem: "grind-rating-\(slug)",
                              title: "\(pair.grinder) × \(pair.method): all " +
                                  "journals together, \(xy.x.count) rated brews",
                              chart: BrewstatsCharts.grindVsRating(GrindRatingInput(
                                  grinder: pair.grinder, method: pair.method, grindSettings: xy.x, ratings: xy.y,
                                  sweetSpot: EvidenceRules.statesSweetSpot(n: xy.x.count,
                                                                           distinctSettings: Set(xy.x).count,
                                                                           r2: r2(xy.x, xy.y)) ? sweetSpot(xy.x,
                                                                           xy.y) : nil,
                                  rSquared: r2(xy.x, xy.y),
                                  quadratic: Regression.quadratic(xy.x, xy.y).map {
                                      QuadraticCurve(a: $0.a, b: $0.b, c: $0.c)
                                  })))
        }
    }

    /// R² of the quadratic fit of the pooled points (``GrindRatingGroup/rSquared(_:x:y:)``), or `nil`.
    static func r2(_ x: [Double], _ y: [Double]) -> Double? {
        Regression.quadratic(x, y).flatMap { GrindRatingGroup.rSquared($0, x: x, y: y) }
    }

    /// The contract's sweet spot of a quadratic fit, or `nil`.
    static func sweetSpot(_ x: [Double], _ y: [Double]) -> Double? {
        guard let q = Regression.quadratic(x, y), let lo = x.min(), let hi = x.max() else { return nil }
        return q.sweetSpot(within: lo...hi)
    }
}
