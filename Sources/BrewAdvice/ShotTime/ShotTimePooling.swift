import Foundation

/// Seconds per step pooled across a grinder × method's profiles, and one profile's slope shrunk towards the pool.
///
/// **Model** (random effects, the normal–normal hierarchy). Profile `i` of the grinder shows its own slope
/// `b_i` (``ShotTimeSlope``, fitted on that profile's shots alone) with standard error `s_i`; the true slopes
/// `β_i ~ N(μ, τ²)` spread around the grinder's `μ` (a Turbo and a Blooming shot move by different seconds per
/// click, but on one burr set, not by unrelated amounts), and `b_i ~ N(β_i, s_i²)`.
///
/// **Pool** (DerSimonian & Laird 1986). With `w_i = 1/s_i²`, the fixed-effect mean `b̄ = Σ w_i b_i / Σ w_i`,
/// `Q = Σ w_i (b_i − b̄)²` and `C = Σ w_i − Σ w_i² / Σ w_i`: `τ² = max(0, (Q − (k − 1)) / C)` over the `k`
/// profiles with a slope; then `w*_i = 1/(s_i² + τ²)`, `μ = Σ w*_i b_i / Σ w*_i` and `se(μ) = 1/√Σ w*_i`. One
/// profile alone gives `τ² = 0` and `μ = b_1`, `se(μ) = s_1`: the pool is that profile's slope.
///
/// **Shrunk profile slope** (the empirical-Bayes posterior of `β_i`, Morris 1983): the precision-weighted mean
/// `b*_i = (b_i/s_i² + μ/τ²) / (1/s_i² + 1/τ²)`, i.e. `(1 − B_i)·b_i + B_i·μ` with `B_i = s_i² / (s_i² + τ²)`, and
/// variance `s_i²τ²/(s_i² + τ²) + B_i²·se(μ)²` (the posterior's, plus what `μ`'s own uncertainty adds through the
/// weight it gets). `τ² = 0` gives `b*_i = μ` with `se(μ)`: the profiles agree, so each takes the pool. A profile
/// with too few shots for a slope of its own (or none) takes the pool's predictive slope `μ` with standard deviation
/// `√(se(μ)² + τ²)`.
///
/// Edge cases: no profile with a slope gives no pool (`nil`). With two or three profiles `τ²` is poorly known and
/// often 0 (DerSimonian–Laird's known bias towards none); the profile's own standard error then still bounds how
/// far it trusts the pool through `se(μ)`.
struct ShotTimePooling: Sendable, Equatable {
    /// `μ`: the grinder's seconds per model unit, and its standard error.
    let mean: Double
    let standardError: Double
    /// `τ²`: the variance of the profiles' true slopes around `μ`.
    let tau2: Double
    /// Profiles with a slope of their own, and the shots behind them.
    let profiles: Int
    let shots: Int

    /// The pool of `fits` (each profile's own slope); `nil` without one.
    init?(_ fits: [ShotTimeSlope]) {
        guard !fits.isEmpty else { return nil }
        let b = fits.map(\.secondsPerUnit), v = fits.map { $0.standardError * $0.standardError }
        let w = v.map { 1 / $0 }
        let sw = w.reduce(0, +)
        let fixed = zip(w, b).map(*).reduce(0, +) / sw
        let q = zip(w, b).map { $0 * ($1 - fixed) * ($1 - fixed) }.reduce(0, +)
        let c = sw - w.map { $0 * $0 }.reduce(0, +) / sw
        let t2 = fits.count > 1 && c > 0 ? max(0, (q - Double(fits.count - 1)) / c) : 0
        tau2 = t2
        if fits.count == 1 {
            // The pool of one is that profile's slope, exactly.
            mean = b[0]; standardError = fits[0].standardError
        } else {
            let ws = v.map { 1 / ($0 + t2) }
            let sws = ws.reduce(0, +)
            mean = zip(ws, b).map(*).reduce(0, +) / sws
            standardError = (1 / sws).squareRoot()
        }
        profiles = fits.count
        shots = fits.reduce(0) { $0 + $1.shots }
    }

    /// `τ`: the spread of the profiles' slopes around the pool.
    var tau: Double { tau2.squareRoot() }

    /// The slope of a profile whose own fit is `own` (`b*` and its standard deviation), or the pool's predictive
    /// slope for a profile without one.
    func shrunk(_ own: ShotTimeSlope?) -> (mean: Double, sd: Double) {
        guard let own else { return (mean, (standardError * standardError + tau2).squareRoot()) }
        let v = own.standardError * own.standardError
        guard tau2 > 0 else { return (mean, standardError) }
        let shrink = v / (v + tau2)
        let posterior = v * tau2 / (v + tau2) + shrink * shrink * standardError * standardError
        return ((1 - shrink) * own.secondsPerUnit + shrink * mean, posterior.squareRoot())
    }
}
