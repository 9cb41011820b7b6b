import Foundation

/// Tick placement for numeric axes by Wilkinson's extended algorithm
/// (J. Talbot, S. Lin, P. Hanrahan, "An Extension of Wilkinson's Algorithm for Positioning Tick Labels on
/// Axes", IEEE InfoVis 2010).
///
/// The algorithm searches step sizes `j × q × 10^z` for `q` in the nice-number list `Q = [1, 5, 2, 2.5, 4, 3]`
/// and skip factors `j`, scoring each labelling on simplicity (earlier `q`, no skipping, zero included),
/// coverage (labels span the data closely), density (close to the target count) and legibility (constant 1
/// here, as formatting is chosen separately), weighted 0.25 / 0.2 / 0.5 / 0.05. Upper bounds on each score let
/// whole branches be pruned, so the search is fast.
///
/// Edge cases: an empty, non-finite or degenerate range (`max - min` below 1e-10 of its magnitude) is first
/// widened — 0 becomes [-1, 1], a single value `v` becomes `v ± 10 %|v|` — so the result always has at least
/// two ticks. Reversed bounds are swapped.
public enum ExtendedTicks {
    static let niceNumbers: [Double] = [1, 5, 2, 2.5, 4, 3]
    static let weights = (simplicity: 0.25, coverage: 0.2, density: 0.5, legibility: 0.05)

    /// Widens degenerate ranges as described in ``ExtendedTicks``.
    public static func widened(_ lower: Double, _ upper: Double) -> (Double, Double) {
        var lo = lower.isFinite ? lower : 0
        var hi = upper.isFinite ? upper : lo
        if lo > hi { swap(&lo, &hi) }
        let magnitude = max(abs(lo), abs(hi))
        if hi - lo <= 1e-10 * max(magnitude, 1e-300) || hi - lo < Double.leastNormalMagnitude {
            if magnitude == 0 { return (-1, 1) }
            let pad = 0.1 * magnitude
            return (lo - pad, hi + pad)
        }
        return (lo, hi)
    }

    /// The best labelling of `[lower, upper]` with about `count` ticks.
    ///
    /// - Parameters:
    ///   - lower: Data minimum.
    ///   - upper: Data maximum.
    ///   - count: The desired number of ticks (clamped to at least 2).
    ///   - loose: When true, the first tick is ≤ `lower` and the last ≥ `upper` (for "nice" axis domains).
    /// - Returns: Tick values in increasing order and the step between them.
    public static func ticks(
        lower: Double, upper: Double, count: Int, loose: Bool = false
    ) -> (values: [Double], step: Double) {
        let (dmin, dmax) = widened(lower, upper)
        let m = max(2, count)
        let q = niceNumbers
        let w = weights
        var bestScore = -2.0
        var best: (start: Double, k: Int, stepQ: Double, z: Int, j: Int)?

        var j = 1
        outer: while j <= 64 {
            for (qIndex, qValue) in q.enumerated() {
                let sm = simplicityMax(qIndex: qIndex, j: j)
                if w.simplicity * sm + w.coverage + w.density + w.legibility < bestScore { break outer }
                var k = 2
                while k <= 4 * m + 10 {
                    let dm = densityMax(k: k, m: m)
                    if w.simplicity * sm + w.coverage + w.density * dm + w.legibility < bestScore { break }
                    let delta = (dmax - dmin) / Double(k + 1) / Double(j) / qValue
                    var z = Int(ceil(log10(delta)))
                    let zLimit = z + 10
                    while z < zLimit {
                        let step = Double(j) * qValue * pow10(z)
                        let cm = coverageMax(dmin: dmin, dmax: dmax, span: step * Double(k - 1))
                        if w.simplicity * sm + w.coverage * cm + w.density * dm + w.legibility < bestScore { break }
                        let minStart = Int((floor(dmax / step) * Double(j)).clamped()) - (k - 1) * j
                        let maxStart = Int((ceil(dmin / step) * Double(j)).clamped())
                        if minStart <= maxStart, maxStart - minStart <= 10_000 {
                            for start in minStart...maxStart {
                                let lmin = value(Double(start), qValue, z)
                                let lstep = step
                                let lmax = lmin + lstep * Double(k - 1)
                                if loose && (lmin > dmin + 1e-12 * abs(step) || lmax < dmax - 1e-12 * abs(step)) {
                                    continue
                                }
                                let s = simplicity(qIndex: qIndex, j: j, lmin: lmin, lmax: lmax, lstep: lstep)
                                let c = coverage(dmin: dmin, dmax: dmax, lmin: lmin, lmax: lmax)
                                let g = density(k: k, m: m, dmin: dmin, dmax: dmax, lmin: lmin, lmax: lmax)
                                let score = w.simplicity * s + w.coverage * c + w.density * g + w.legibility
                                if score > bestScore {
                                    bestScore = score
                                    best = (Double(start), k, qValue, z, j)
                                }
                            }
                        }
                        z += 1
                    }
                    k += 1
                }
            }
            j += 1
        }
        guard let best else { return ([dmin, dmax], dmax - dmin) }
        // Values as integer multiples of q·10^z, computed to avoid accumulating error (0.1 + 0.2 ≠ 0.3).
        let values = (0..<best.k).map { i in
            value(best.start + Double(i * best.j), best.stepQ, best.z)
        }
        return (values, Double(best.j) * best.stepQ * pow10(best.z))
    }

    /// `n × q × 10^z`, dividing by a power of ten for negative `z` so decimal ticks are exact where possible.
    private static func value(_ n: Double, _ q: Double, _ z: Int) -> Double {
        z >= 0 ? n * q * pow10(z) : n * q / pow10(-z)
    }

    private static func pow10(_ z: Int) -> Double { pow(10, Double(z)) }

    private static func simplicity(qIndex: Int, j: Int, lmin: Double, lmax: Double, lstep: Double) -> Double {
        let n = Double(niceNumbers.count)
        let remainder = lmin.truncatingRemainder(dividingBy: lstep)
        let eps = 1e-10 * max(1, abs(lstep))
        let hasZero = (abs(remainder) < eps || lstep - abs(remainder) < eps) && lmin <= 0 && lmax >= 0
        return 1 - Double(qIndex) / (n - 1) - Double(j) + (hasZero ? 1 : 0)
    }

    private static func simplicityMax(qIndex: Int, j: Int) -> Double {
        let n = Double(niceNumbers.count)
        return 1 - Double(qIndex) / (n - 1) - Double(j) + 1
    }

    private static func coverage(dmin: Double, dmax: Double, lmin: Double, lmax: Double) -> Double {
        let range = dmax - dmin
        return 1 - 0.5 * (pow(dmax - lmax, 2) + pow(dmin - lmin, 2)) / pow(0.1 * range, 2)
    }

    private static func coverageMax(dmin: Double, dmax: Double, span: Double) -> Double {
        let range = dmax - dmin
        if span > range {
            let half = (span - range) / 2
            return 1 - 0.5 * (2 * half * half) / pow(0.1 * range, 2)
        }
        return 1
    }

    private static func density(k: Int, m: Int, dmin: Double, dmax: Double, lmin: Double, lmax: Double) -> Double {
        let r = Double(k - 1) / (lmax - lmin)
        let rt = Double(m - 1) / (max(lmax, dmax) - min(dmin, lmin))
        return 2 - max(r / rt, rt / r)
    }

    private static func densityMax(k: Int, m: Int) -> Double {
        k >= m ? 2 - Double(k - 1) / Double(m - 1) : 1
    }
}

private extension Double {
    /// Clamps to a range safely convertible to `Int`.
    func clamped() -> Double { Swift.min(Swift.max(self, -1e15), 1e15) }
}
