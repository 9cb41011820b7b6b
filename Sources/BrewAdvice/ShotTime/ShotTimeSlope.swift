import Foundation

/// One espresso shot as the shot-time model reads it: the grind setting (on the grinder's scale), the shot's time in
/// seconds, its rating when it has one, and its yield (grams in the cup) when logged.
public struct TimedShot: Sendable, Hashable {
    public var setting: Double
    public var seconds: Double
    public var rating: Double?
    public var yield: Double?
    public init(setting: Double, seconds: Double, rating: Double? = nil, yield: Double? = nil) {
        self.setting = setting; self.seconds = seconds; self.rating = rating; self.yield = yield
    }
}

/// Seconds of shot time per model unit (a step, a click) of grind, learned from a grinder × profile's shots.
///
/// **Model.** Within bag `j`, a shot at `u` (model units) runs `t = a_j + b_j·u + e`, `e` with scale ``noise``: each
/// bag its own intercept (beans differ), the slopes `b_j ~ N(b, τ_b²)` spread around the grinder × profile's slope
/// `b` (negative on a dial numbered coarser-upwards: coarser runs faster).
///
/// **Fit.** `b` is the within-bag least-squares slope (every bag centred on its own mean setting and time), made
/// robust by Huber weights (`c = 1.345` robust scales; iterated ten times, the scale 1.4826 × the median absolute
/// residual): a choked or gushing shot, or one logged at the wrong setting, weighs little. Its standard error is
/// `scale / √(Σ w (u − ū_j)²)`. The spread `τ_b` between bags is the method-of-moments value
/// `max(0, var(b̂_j) − mean(se_j²))` over the bags that show a slope of their own (at least 3 shots at 2 or more
/// settings), 0 with fewer than 2 such bags. ``predictiveSD`` combines both: the uncertainty of a new bag's slope
/// before its own shots, which then sharpen it in ``ShotTimeLikelihood``.
///
/// Edge cases: no slope (`nil`) with fewer than ``minimumShots`` shots in bags with two or more settings, or no
/// spread of settings within bags. The noise scale is at least ``minimumNoise`` (times are logged to a tenth, and a
/// perfect line on four shots says little about the fifth).
struct ShotTimeSlope: Sendable, Equatable {
    /// `b`: seconds per model unit (positive when a higher setting runs slower).
    let secondsPerUnit: Double
    /// Standard error of `b`.
    let standardError: Double
    /// `τ_b`: the spread of bags' slopes around `b`.
    let betweenBags: Double
    /// The robust scale of a shot's time around its bag's line, seconds.
    let noise: Double
    /// Shots and bags that entered the fit.
    let shots: Int
    let bags: Int

    static let minimumShots = 4
    static let minimumNoise = 0.5
    static let huber = 1.345

    /// The standard deviation of a new bag's slope before its own shots: `√(se² + τ_b²)`.
    var predictiveSD: Double { (standardError * standardError + betweenBags * betweenBags).squareRoot() }

    /// The fit of `bags` (each a list of `(u, seconds)`, `u` in model units); `nil` when too few shots show a slope.
    static func fit(_ bags: [[(u: Double, t: Double)]]) -> ShotTimeSlope? {
        let usable = bags.filter { b in b.count >= 2 && Set(b.map(\.u)).count >= 2 }
        let count = usable.reduce(0) { $0 + $1.count }
        guard count >= minimumShots else { return nil }
        var weights = usable.map { [Double](repeating: 1, count: $0.count) }
        var slope = 0.0, scale = 1.0, sxx = 0.0
        for _ in 0..<10 {
            var sxy = 0.0
            sxx = 0
            for (j, bag) in usable.enumerated() {
                let (mu, mt) = weightedMeans(bag, weights[j])
                for (i, p) in bag.enumerated() {
                    sxx += weights[j][i] * (p.u - mu) * (p.u - mu)
                    sxy += weights[j][i] * (p.u - mu) * (p.t - mt)
                }
            }
            guard sxx > 1e-12 else { return nil }
            slope = sxy / sxx
            var residuals: [Double] = []
            for (j, bag) in usable.enumerated() {
                let (mu, mt) = weightedMeans(bag, weights[j])
                for p in bag { residuals.append(p.t - mt - slope * (p.u - mu)) }
            }
            // Centring on the bag's mean removes one degree of freedom per bag: the residuals' scale is inflated by
            // √(n / (n − bags)) to stay unbiased for the shot noise.
            let dof = Double(count - usable.count - 1)
            let mad = MethodBrews.median(residuals.map(abs))
            scale = max(minimumNoise, 1.4826 * mad * (Double(count) / max(1, dof)).squareRoot())
            var k = 0
            for j in usable.indices {
                for i in usable[j].indices {
                    let r = abs(residuals[k]) / scale
                    weights[j][i] = r <= huber ? 1 : huber / r
                    k += 1
                }
            }
        }
        let standardError = scale / sxx.squareRoot()
        // Bags with a slope of their own: their spread around the pooled slope beyond what their noise explains.
        var own: [(b: Double, v: Double)] = []
        for (j, bag) in usable.enumerated() where bag.count >= 3 {
            let (mu, mt) = weightedMeans(bag, weights[j])
            var bx = 0.0, by = 0.0
            for (i, p) in bag.enumerated() {
                bx += weights[j][i] * (p.u - mu) * (p.u - mu); by += weights[j][i] * (p.u - mu) * (p.t - mt)
            }
            if bx > 1e-12 { own.append((by / bx, scale * scale / bx)) }
        }
        var between = 0.0
        if own.count >= 2 {
            let m = own.map(\.b).reduce(0, +) / Double(own.count)
            let variance = own.map { ($0.b - m) * ($0.b - m) }.reduce(0, +) / Double(own.count - 1)
            between = max(0, variance - own.map(\.v).reduce(0, +) / Double(own.count)).squareRoot()
        }
        return ShotTimeSlope(secondsPerUnit: slope, standardError: standardError, betweenBags: between, noise: scale,
                             shots: count, bags: usable.count)
    }

    /// The weighted mean setting and time of one bag.
    static func weightedMeans(_ bag: [(u: Double, t: Double)], _ w: [Double]) -> (Double, Double) {
        var sw = 0.0, su = 0.0, st = 0.0
        for (i, p) in bag.enumerated() { sw += w[i]; su += w[i] * p.u; st += w[i] * p.t }
        return (su / sw, st / sw)
    }
}
