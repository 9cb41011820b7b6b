import Foundation

/// The sufficient statistics of one bag's (setting, rating) pairs for the dial-in model.
///
/// With settings `u` in model units, the model's residual for a sweet spot `s` and curvature `k` is
/// `r = y + k·(u − s)²` (the rating with the curve's drop added back), and the bag's likelihood needs only
/// `n`, `Σr` and `Σr²`. Both are polynomials in `s` and `k` whose coefficients are the nine power sums kept
/// here, so a bag of any size is evaluated at any grid point in constant time.
public struct RatingMoments: Sendable, Equatable {
    public private(set) var n = 0.0
    var u1 = 0.0, u2 = 0.0, u3 = 0.0, u4 = 0.0
    var y1 = 0.0, yu1 = 0.0, yu2 = 0.0, y2 = 0.0

    public init() {}

    /// Adds one brew at setting `u` (model units) rated `y`, counted `weight` times (1 for a brew taken at face
    /// value; less for one the robust step judges a probable mishap, ``DialInRobust``). A weighted brew enters
    /// every sum, and the count `n`, as that fraction of a brew: the normal likelihood with its precision scaled by
    /// the weight, which is how a Student-t or an outlier mixture acts on one observation once its latent scale is
    /// known.
    public mutating func add(u: Double, y: Double, weight: Double = 1) {
        guard weight > 0 else { return }
        let uu = u * u, w = weight
        n += w; u1 += w * u; u2 += w * uu; u3 += w * uu * u; u4 += w * uu * uu
        y1 += w * y; yu1 += w * y * u; yu2 += w * y * uu; y2 += w * y * y
    }

    /// `Σr` and the centred sum of squares `Σ(r − r̄)²` for `r = y + k·(u − s)²`.
    @inline(__always)
    func residuals(s: Double, k: Double) -> (sum: Double, ss: Double) {
        let s2 = s * s
        let a2 = u2 - 2 * s * u1 + s2 * n
        let a4 = u4 - 4 * s * u3 + 6 * s2 * u2 - 4 * s2 * s * u1 + s2 * s2 * n
        let b = yu2 - 2 * s * yu1 + s2 * y1
        let r = y1 + k * a2
        let q = y2 + 2 * k * b + k * k * a4
        return (r, max(0, q - r * r / n))
    }

    /// The ratings' own sum and centred sum of squares (the flat model, `k = 0`).
    var flat: (sum: Double, ss: Double) { (y1, max(0, y2 - y1 * y1 / n)) }
}

/// Gaussian building blocks of the model, on the log scale.
enum Gauss {
    static let logTwoPi = log(2 * Double.pi)

    /// `log ∫ Πᵢ N(rᵢ; h, σ²) dh` for `n ≥ 1` values with centred sum of squares `ss` (a flat prior on `h`):
    /// `−(n−1)/2·log(2πσ²) − ½·log n − ss/(2σ²)`; 0 for one value.
    @inline(__always)
    static func logFlatMean(n: Double, ss: Double, sigma: Double) -> Double {
        let v = sigma * sigma
        return -(n - 1) / 2 * (logTwoPi + log(v)) - 0.5 * log(n) - ss / (2 * v)
    }

    /// `log N(x; m, v)`.
    @inline(__always)
    static func logDensity(_ x: Double, mean m: Double, variance v: Double) -> Double {
        let d = x - m
        return -0.5 * (logTwoPi + log(v)) - d * d / (2 * v)
    }

    /// The standard normal distribution function Φ.
    @inline(__always)
    static func cdf(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// The standard normal density φ.
    @inline(__always)
    static func pdf(_ z: Double) -> Double { exp(-0.5 * z * z) / (2 * Double.pi).squareRoot() }

    /// `log Σ exp(xᵢ)` without overflow; −∞ for no values.
    static func logSumExp(_ x: [Double]) -> Double {
        guard let m = x.max() else { return -.infinity }
        return logSumExp(x, largest: m)
    }

    /// ``logSumExp(_:)`` of `x` whose largest element (as `x.max()` finds it) the caller already knows: the same sum,
    /// without the pass that finds it.
    static func logSumExp(_ x: [Double], largest m: Double) -> Double {
        guard m > -.infinity else { return -.infinity }
        var s = 0.0
        // Terms below e^-60 of the largest change the sum by less than one part in 10^26 — far below a double's
        // precision — and exp of them would only underflow slowly: skipped.
        for v in x where v - m > -60 { s += exp(v - m) }
        return m + log(s)
    }
}
