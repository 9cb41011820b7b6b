import BrewCharts
import BrewStats
import Foundation

/// Grind versus rating pooled per grinder model across a batch's journals.
///
/// The pool holds counts of identical (grinder, setting, rating) triples, so its size is bounded by the
/// grinders' discrete settings and the rating scale, however many journals it summarises. Statistics are
/// computed on the brews the counts stand for: the quadratic fit's R² and its sweet spot (stated only as ``EvidenceRules`` allow) (the vertex
/// −b ÷ 2c when c < 0 and inside the observed settings, contract §4). Pooled charts carry no LOESS curve:
/// brews of different journals mix methods and beans.
enum PooledGrind {
    static func charts(_ grind: [String: Int], limit: Int) -> [NamedChart] {
        var byGrinder: [String: (x: [Double], y: [Double])] = [:]
        for (key, n) in grind.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "\t").map(String.init)
            guard parts.count == 3, let x = Double(parts[1]), let y = Double(parts[2]) else { continue }
            byGrinder[parts[0], default: ([], [])].x.append(contentsOf: repeatElement(x, count: n))
            byGrinder[parts[0], default: ([], [])].y.append(contentsOf: repeatElement(y, count: n))
        }
        let ranked = byGrinder.sorted { $0.value.x.count != $1.value.x.count ? $0.value.x.count > $1.value.x.count : $0.key < $1.key }
        var naming = OutputNaming(reserved: [])
        return ranked.prefix(limit).map { name, xy in
            let slug = naming.name(for: URL(fileURLWithPath: ReportCharts.slugText(name)))
            return NamedChart(stem: "grind-rating-\(slug)", title: "\(name): all journals together, \(xy.x.count) rated brews",
                              chart: BrewstatsCharts.grindVsRating(GrindRatingInput(
                                  grinder: name, method: "all methods", grindSettings: xy.x, ratings: xy.y,
                                  sweetSpot: EvidenceRules.statesSweetSpot(n: xy.x.count, distinctSettings: Set(xy.x).count,
                                                                           r2: r2(xy.x, xy.y)) ? sweetSpot(xy.x, xy.y) : nil,
                                  rSquared: r2(xy.x, xy.y),
                                  quadratic: Regression.quadratic(xy.x, xy.y).map { QuadraticCurve(a: $0.a, b: $0.b, c: $0.c) })))
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
