import BrewStats
import Foundation

/// The dial-in model on plain points: one bag's brews, earlier bags' brews, the grinder's scale.
///
/// The bag's rating is a single-peaked curve of the setting, `rating = h − k·(u − s)² + ε`, `ε ~ N(0, σ²)`,
/// in model units `u` of the scale (``DialInScale/unit``). The prior comes from the earlier bags on the same
/// grinder × method (``DialInPrior``: partial pooling of sweet spots, shared curvature and noise); the posterior
/// is computed exactly on a grid (``DialInPosterior``). From it:
/// - **best**: the posterior median of `s` with its central interval at ``DialInOptions/level``;
/// - **next**: the dialable setting of highest expected improvement over the best expected rating among the
///   settings already brewed (the incumbent) when its expected rating is at most ``DialInOptions/experimentCost``
///   below the safe pick's, else the safe pick; before the first brew, the setting of highest expected rating;
///   ties go to the higher expected rating, then the lower setting. When the verdict is
///   ``DialInEstimate/Verdict/noDependence``, the best-rated setting so far (nothing to explore for).
public enum DialInEngine {
    /// The estimate for `current` (this bag's brews, in brewing order) given `history` (earlier bags, most recent
    /// first; the caller limits how many).
    public static func estimate(scale: DialInScale, current: [BrewPoint], history: [[BrewPoint]],
                                options: DialInOptions = DialInOptions()) -> DialInEstimate {
        DialInModel(scale: scale, history: history, options: options).estimate(current: current)
    }

    /// The standard normal quantile Φ⁻¹(p), by bisection on Φ (to 1e-10).
    static func normalQuantile(_ p: Double) -> Double {
        var lo = -10.0, hi = 10.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if Gauss.cdf(mid) < p { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
