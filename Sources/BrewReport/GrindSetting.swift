import BrewCharts
import BrewColumns
import Foundation

/// Grind settings as people read them off their grinder.
enum GrindSetting {
    /// `value` (a fitted setting, e.g. a sweet spot of 22.37) with the precision of the grinder's steps, by the
    /// chart's rule (``BrewstatsCharts/settingText(_:step:anchor:)``), so findings and charts agree.
    ///
    /// The step is taken as known when the grinder's ``Grinder/settingStep`` is positive and every
    /// `observed` setting lies on its grid (``Grinder/settingMin`` + k × step): a journal whose grinder
    /// record carries the contract's default step of 1 but logs half settings has no known step.
    /// - A known step and lowest setting with at most one decimal (1, 2, 0.5, 0.1): rounded to the nearest
    ///   setting of the grid and shown without trailing zeros (`22`, `5.5`).
    /// - Any other step (0.25), or none known: one decimal (`22.4`). A non-finite value: `—`.
    static func text(_ value: Double, grinder: Grinder?, observed: [Double]) -> String {
        let step = grinder.flatMap { knownStep($0, observed: observed) }
        return BrewstatsCharts.settingText(value, step: step, anchor: grinder?.settingMin ?? 0)
    }

    /// The grinder's step when every observed setting sits on its grid, else `nil`.
    static func knownStep(_ grinder: Grinder, observed: [Double]) -> Double? {
        let step = grinder.settingStep
        guard step.isFinite, step > 0, grinder.settingMin.isFinite else { return nil }
        let tolerance = step * 1e-6
        for x in observed where x.isFinite {
            let k = (x - grinder.settingMin) / step
            // Past 10¹² steps every double looks like a grid point (a hostile step of 1e-300): no known step.
            if abs(k) > 1e12 || abs(k - k.rounded()) * step > tolerance { return nil }
        }
        return step
    }
}
