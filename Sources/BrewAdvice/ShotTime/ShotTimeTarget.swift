import Foundation

/// The shot time a grinder × profile's sweet spot runs at, with its uncertainty.
///
/// **From the best-rated shots** (``Source/bestRated``): in each earlier bag, the shots rated within
/// ``bestMargin`` (half a point) of that bag's best rating; with at least ``minimumShots`` of them over the bags, the
/// target is their median time and its standard deviation `√((1.2533 · s / √n)² + floorSD²)`, `s` their robust
/// spread (1.4826 × MAD): the median's standard error (1.2533 = √(π/2) times the mean's) and, independent of it, a
/// floor (``floorSD``, 0.5 s) for how the bags' own sweet-spot times differ. A best-rated shot lies near its bag's
/// sweet spot on either side, so its time is centred on the sweet spot's time.
///
/// **Else the documented default** (``Source/standard``): ``defaultSeconds`` (28 s, the middle of the 25–31 s a
/// barista aims a standard shot at) with standard deviation ``defaultSD`` (3 s): wide, so the bag's own shots and
/// ratings decide. The stop conditions shot files carry (Decent, Meticulous, GaggiMate, Gaggiuino profiles) are not
/// read: they stop the shot on weight or volume, and their times are each step's cap, which a pressure, flow or
/// weight exit ends first (docs/advisor.md, "Target time"); the journal does not hold them either.
struct ShotTimeTarget: Sendable, Equatable {
    enum Source: String, Sendable { case bestRated = "best_rated", standard = "default" }

    let seconds: Double
    let sd: Double
    let source: Source
    /// The best-rated shots the target was read from (0 for the default), and the middle half of their times
    /// (the lower and upper quartile by the nearest-rank rule).
    let shots: Int
    let range: (low: Double, high: Double)?

    static let bestMargin = 0.5
    static let minimumShots = 3
    static let floorSD = 0.5
    static let defaultSeconds = 28.0
    static let defaultSD = 3.0

    static func == (a: ShotTimeTarget, b: ShotTimeTarget) -> Bool {
        a.seconds == b.seconds && a.sd == b.sd && a.source == b.source && a.shots == b.shots
    }

    /// The target from earlier bags' shots (each bag's list; unrated shots are skipped).
    static func make(_ bags: [[TimedShot]]) -> ShotTimeTarget {
        var times: [Double] = []
        for bag in bags {
            let rated = bag.filter { $0.rating.map(\.isFinite) == true }
            guard let top = rated.map({ $0.rating! }).max() else { continue }
            times += rated.filter { $0.rating! >= top - bestMargin }.map(\.seconds)
        }
        guard times.count >= minimumShots else {
            return ShotTimeTarget(seconds: defaultSeconds, sd: defaultSD, source: .standard, shots: 0, range: nil)
        }
        let median = MethodBrews.median(times)
        let spread = 1.4826 * MethodBrews.median(times.map { abs($0 - median) })
        let se = 1.2533 * spread / Double(times.count).squareRoot()
        let sd = (se * se + floorSD * floorSD).squareRoot()
        let sorted = times.sorted(), n = Double(times.count)
        let q1 = sorted[max(0, Int((0.25 * n).rounded(.up)) - 1)], q3 = sorted[max(0, Int((0.75 * n).rounded(.up)) - 1)]
        return ShotTimeTarget(seconds: median, sd: sd, source: .bestRated, shots: times.count, range: (q1, q3))
    }
}
