import Foundation

/// The earlier bags' sweet spots with an effect for an attribute of the bag (its roast level), shrunk towards no
/// effect: the population step of ``DialInPrior`` when the new bag's value of the attribute is known and the
/// earlier bags support an effect.
///
/// **Model.** Bag `j` with value `a(j)` of the attribute has its sweet spot
/// `s_j = μ + β_{a(j)} + η_j`, `η_j ~ N(0, τ²)`, each value's effect `β_a ~ N(0, ω²)` (the hierarchical model of
/// docs/advisor.md, one level more). Writing `θ_a = μ + β_a` for the centre of the
/// bags with value `a`, on the grid of ``DialInPrior/kernels(_:)`` (41 points of `μ` and of `θ` over the range,
/// `τ` on ``DialInPrior/spreads(_:)``):
/// - `p(θ_a | μ, ω)` is `N(θ; μ, ω²)` normalised over the 41 points (truncated to the range); `ω = 0` puts it on
///   `μ` itself;
/// - `ω` takes the values of ``omegas`` with a half-Cauchy prior of scale ``DialInOptions/spreadScale``, weighted by
///   each point's share of the axis as `τ` is; `μ` is flat over the range, `τ` half-Cauchy as in ``DialInPrior``;
/// - the bags of one value share their `θ`: given `(μ, τ, ω)` each value's bags contribute
///   `Σ_θ p(θ | μ, ω) Π_{j: a(j) = a} A_j(θ, τ)`, with `A_j(θ, τ) = Σ_s L_j(s) N(s; θ, τ²)` bag `j`'s likelihood
///   averaged over its sweet spot. A bag whose value is unknown is a value of its own (its own `β`), so it
///   informs `μ` and `τ` and says nothing of any value's effect.
///
/// The new bag's prior on its sweet spot is the posterior predictive
/// `Σ p(μ, τ, ω | bags) Σ_θ p(θ | μ, ω, bags of its value) N(s; θ, τ²)`: it centres on the earlier bags of its
/// value, pulled towards the mean of every bag as far as the spread of values `ω` is small or those bags are few.
/// With `ω = 0` alone the model is ``DialInPrior``'s one population.
///
/// **When it applies** (``applies(values:newValue:)``): the new bag's value is known, at least one earlier bag has
/// it, and the earlier bags carry at least two known values (one value alone says nothing of an effect). Otherwise
/// the prior is ``DialInPrior``'s one population, unchanged.
enum AttributePrior {
    /// The grid of the spread `ω` of effects between values, in model units: 0 (no effect) … 7.
    static let omegas = [0, 0.5, 1, 1.5, 2, 3, 4.5, 7.0]

    /// Whether the model applies (see the type): `values` per earlier bag (`nil` unknown), `newValue` the new bag's.
    static func applies(values: [Int?], newValue: Int?) -> Bool {
        guard let newValue else { return false }
        let known = Set(values.compactMap { $0 })
        return known.contains(newValue) && known.count >= 2
    }

    /// The new bag's prior on its sweet spot (linear, normalised over the grid's sweet spots) and the attribute's
    /// posterior summaries.
    ///
    /// - Parameters:
    ///   - logA: Per earlier bag, `log A_j(θ, τ)` at every kernel (`θ` outer, `τ` inner, as ``DialInPrior``
    ///     computes them).
    ///   - values: Per earlier bag (the order of `logA`), its value of the attribute, `nil` unknown.
    ///   - tauWeights: The log prior weight of each `τ` of ``DialInPrior/spreads(_:)``.
    static func predictive(logA: [[Double]], values: [Int?], newValue: Int, kernels: [[Double]],
                           grid: DialInGrid, tauWeights: [Double], options: DialInOptions)
        -> (ps: [Double], shift: Double, spread: Double) {
        let T = tauWeights.count, M = kernels.count / T, O = omegas.count, S = grid.s.count
        let mus = (0..<M).map { grid.span * Double($0) / Double(M - 1) }
        // p(θ | μ, ω) per ω, μ (outer) and θ (inner), normalised over θ.
        let spread = omegaWeights(options.spreadScale)
        var transition = [[Double]](repeating: [], count: O * M)
        for o in 0..<O {
            for m in 0..<M {
                var row = mus.map { omegas[o] == 0 ? 0 : exp(-0.5 * pow(($0 - mus[m]) / omegas[o], 2)) }
                if omegas[o] == 0 { row[m] = 1 }
                let total = row.reduce(0, +)
                transition[o * M + m] = row.map { $0 / total }
            }
        }
        // The groups: one per known value, one per bag of unknown value.
        var groups: [[Int]] = [], newGroup: Int?
        var byValue: [Int: Int] = [:]
        for (j, v) in values.enumerated() {
            if let v {
                if let g = byValue[v] { groups[g].append(j) } else { byValue[v] = groups.count; groups.append([j]) }
            } else {
                groups.append([j])
            }
        }
        newGroup = byValue[newValue]
        // Each group's Σ log A_j per (θ, τ), as exp(· − top_τ), and top_τ.
        func scaled(_ members: [Int]) -> (e: [Double], top: [Double]) {
            var sum = [Double](repeating: 0, count: M * T)
            for j in members { for c in sum.indices { sum[c] += logA[j][c] } }
            var top = [Double](repeating: -.infinity, count: T)
            for c in sum.indices { top[c % T] = max(top[c % T], sum[c]) }
            return (sum.indices.map { exp(sum[$0] - top[$0 % T]) }, top)
        }
        let parts = groups.map(scaled)
        // log p(bags | μ, τ, ω) with its priors, index (m·T + t)·O + o.
        var logPost = [Double](repeating: 0, count: M * T * O)
        for m in 0..<M {
            for t in 0..<T {
                for o in 0..<O {
                    let w = transition[o * M + m]
                    var acc = tauWeights[t] + spread[o]
                    for part in parts {
                        var x = 0.0
                        for th in 0..<M { x += w[th] * part.e[th * T + t] }
                        acc += part.top[t] + log(max(x, .leastNormalMagnitude))
                    }
                    logPost[(m * T + t) * O + o] = acc
                }
            }
        }
        let z = Gauss.logSumExp(logPost)
        // The predictive's weights on each kernel (θ, τ), and the posterior means of β and ω.
        var q = [Double](repeating: 0, count: M * T)
        var shift = 0.0, omega = 0.0
        let own = newGroup.map { parts[$0].e }
        for m in 0..<M {
            for t in 0..<T {
                for o in 0..<O {
                    let p = exp(logPost[(m * T + t) * O + o] - z)
                    guard p > 1e-12 else { continue }
                    let w = transition[o * M + m]
                    var theta = (0..<M).map { w[$0] * (own?[$0 * T + t] ?? 1) }
                    let total = theta.reduce(0, +)
                    guard total > 0 else { continue }
                    for th in 0..<M { theta[th] /= total }
                    var b = 0.0
                    for th in 0..<M { q[th * T + t] += p * theta[th]; b += theta[th] * (mus[th] - mus[m]) }
                    shift += p * b; omega += p * omegas[o]
                }
            }
        }
        var ps = [Double](repeating: 0, count: S)
        for (c, kern) in kernels.enumerated() where q[c] > 1e-12 {
            for i in 0..<S { ps[i] += q[c] * kern[i] }
        }
        return (ps, shift, omega)
    }

    /// The log prior weight of each `ω` of ``omegas``: half-Cauchy with scale `scale` times the point's share of the
    /// axis (half the distance to each neighbour; 0 reaches half-way to the first spread).
    static func omegaWeights(_ scale: Double) -> [Double] {
        omegas.indices.map { i -> Double in
            let left = i == 0 ? 0 : (omegas[i] - omegas[i - 1]) / 2
            let right = i == omegas.count - 1 ? (omegas[i] - omegas[i - 1]) / 2 : (omegas[i + 1] - omegas[i]) / 2
            let a = omegas[i] / scale
            return log((left + right) / (1 + a * a))
        }
    }
}

/// The attribute a ``DialInPrior`` fit models (``AttributePrior``): its name, each earlier bag's value and the new
/// bag's, as small integers (a roast level's raw value).
struct AttributeGroups: Sendable {
    var attribute: String
    var value: String
    var newValue: Int
    /// Per earlier bag, in the order of ``DialInPrior``'s `history` then its cue-only bags; `nil` unknown.
    var values: [Int?]

    /// The roast levels of `bags` and of the new bag, `nil` without the new bag's.
    static func roastLevels(_ bags: [BagAttributes], new: BagAttributes?) -> AttributeGroups? {
        guard let level = new?.roastLevel else { return nil }
        return AttributeGroups(attribute: "roast level", value: BagAttributes.words(level),
                               newValue: Int(level.rawValue),
                               values: bags.map { $0.roastLevel.map { Int($0.rawValue) } })
    }
}
