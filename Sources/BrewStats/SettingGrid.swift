import BrewColumns

/// The grid of settings a grinder can be dialled to, as the logged settings show it — one rule for the report's
/// findings, its charts and the dial-in advisor, so that none states a setting another would not.
///
/// The grid `anchor + k × step` is
/// - the grinder record's ``Grinder/settingStep`` from its ``Grinder/settingMin``, when the step is positive and
///   every logged setting of the group lies on that grid;
/// - otherwise the coarsest of ``inferenceSteps`` (from 0) on which every logged setting lies: a CSV export
///   carries no step (its grinders get the contract's default of 1), and a Fellow Ode logged at 4, 4.5, 5 is on
///   the 0.5 grid, so the CSV and the store of the same journal state the same settings;
/// - none when no logged setting is finite or they lie on none of those grids.
public enum SettingGrid {
    /// The grids tried, coarsest first, when the grinder record gives no step the settings fit.
    public static let inferenceSteps: [Double] = [1, 0.5, 0.25, 0.2, 0.1, 0.05, 0.01]

    /// The grid the logged settings `observed` lie on (see the type's discussion); `nil` when there is none.
    public static func grid(_ grinder: Grinder?, observed: [Double]) -> (step: Double, anchor: Double)? {
        if let grinder, let step = knownStep(grinder, observed: observed) { return (step, grinder.settingMin) }
        return inferredStep(observed).map { ($0, 0) }
    }

    /// The grinder's step when every observed setting sits on its grid, else `nil`.
    public static func knownStep(_ grinder: Grinder, observed: [Double]) -> Double? {
        let step = grinder.settingStep
        guard step.isFinite, step > 0, grinder.settingMin.isFinite else { return nil }
        return observed.allSatisfy { onGrid($0, step: step, anchor: grinder.settingMin) } ? step : nil
    }

    /// The coarsest of ``inferenceSteps`` whose grid from 0 holds every finite setting of `observed`; `nil` when
    /// none does or no setting is finite.
    public static func inferredStep(_ observed: [Double]) -> Double? {
        let finite = observed.filter(\.isFinite)
        guard !finite.isEmpty else { return nil }
        return inferenceSteps.first { step in finite.allSatisfy { onGrid($0, step: step, anchor: 0) } }
    }

    /// Whether `x` is `anchor + k × step` for an integer k (to a millionth of a step); non-finite `x` is ignored.
    public static func onGrid(_ x: Double, step: Double, anchor: Double) -> Bool {
        guard x.isFinite else { return true }
        let k = (x - anchor) / step
        // Past 10¹² steps every double looks like a grid point (a hostile step of 1e-300): not on a grid.
        return abs(k) <= 1e12 && abs(k - k.rounded()) <= 1e-6
    }
}
