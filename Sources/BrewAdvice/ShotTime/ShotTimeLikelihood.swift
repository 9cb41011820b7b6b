import Foundation

/// A bag's shot times as a likelihood of its sweet spot `s`, through the grinder × profile's slope
/// (``ShotTimeSlope``) and target time (``ShotTimeTarget``).
///
/// **Model.** At the sweet spot a shot runs the target time `T`; a shot at `u` (model units) runs
/// `t = T + b·(u − s) + e`. The bag's slope `b ~ N(b̂, sd_b²)` (the learned slope and its predictive spread) and
/// `T ~ N(T̂, sd_T²)` are shared by the bag's shots and integrated out, each on 7 Gauss–Hermite nodes; given them
/// the shots are independent, each `e` from the mixture `(1 − ε)·N(0, σ²) + ε·N(0, wide²)` with `σ` the slope fit's
/// noise, ε = ``outlierShare`` and wide = ``outlierSD``: a shot on the line counts as strongly as its noise says,
/// a choked or gushing one (or a setting logged wrong) costs at most `log ε`. So
/// `log L(s) = log Σ_{b,T nodes} w_b w_T Πᵢ p(tᵢ − T − b(uᵢ − s))`.
///
/// With several shots at different settings the bag's own slope is learned on the way (the nodes of `b` that fit its
/// shots weigh most); with shots at one setting only, `b̂` carries the distance from that setting to the sweet spot.
/// The bag's shots are read at their times whatever their yield (the slope leaves out earlier shots stopped at
/// another yield: ``ShotTimeYield``); flow is not read.
enum ShotTimeLikelihood {
    static let outlierShare = 0.05
    static let outlierSD = 10.0
    /// Gauss–Hermite nodes and weights (7 points) for `∫ e^{−x²} f(x) dx`.
    static let nodes = [-2.651961356835233, -1.673551628767471, -0.8162878828589647, 0, 0.8162878828589647,
                        1.673551628767471, 2.651961356835233]
    static let nodeWeights = [0.0009717812450995192, 0.05451558281912703, 0.4256072526101278, 0.8102646175568073,
                              0.4256072526101278, 0.05451558281912703, 0.0009717812450995192]

    /// Per grid point of `s` (model units), the log-likelihood of `shots` (`(u, seconds)`); `[]` without shots.
    static func logLikelihood(_ shots: [(u: Double, t: Double)], slope: ShotTimeSlope, target: ShotTimeTarget,
                              grid s: [Double]) -> [Double] {
        guard !shots.isEmpty else { return [] }
        let sdB = slope.predictiveSD, sigma = slope.noise
        let logPi = log(Double.pi)
        let bNodes = nodes.map { slope.secondsPerUnit + 2.squareRoot() * sdB * $0 }
        let tNodes = nodes.map { target.seconds + 2.squareRoot() * target.sd * $0 }
        let logW = nodeWeights.map { log($0) - 0.5 * logPi }
        let inner = log(1 - outlierShare) - 0.5 * (Gauss.logTwoPi + 2 * log(sigma))
        let outer = log(outlierShare) - 0.5 * (Gauss.logTwoPi + 2 * log(outlierSD))
        var out = [Double](repeating: 0, count: s.count)
        var terms = [Double](repeating: 0, count: nodes.count * nodes.count)
        for (i, si) in s.enumerated() {
            for (ib, b) in bNodes.enumerated() {
                for (it, t0) in tNodes.enumerated() {
                    var l = logW[ib] + logW[it]
                    for shot in shots {
                        let r = shot.t - t0 - b * (shot.u - si)
                        let a = inner - 0.5 * r * r / (sigma * sigma)
                        let c = outer - 0.5 * r * r / (outlierSD * outlierSD)
                        l += max(a, c) + log1p(exp(-abs(a - c)))
                    }
                    terms[ib * nodes.count + it] = l
                }
            }
            out[i] = Gauss.logSumExp(terms)
        }
        let top = out.max() ?? 0
        return out.map { $0 - top }
    }
}
