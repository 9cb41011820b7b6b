import BrewColumns
import Foundation

/// Grind settings as people read them off their grinder.
enum GrindSetting {
    /// `value` (a fitted setting, e.g. a sweet spot of 22.37) with the precision of the grinder's steps.
    ///
    /// The step is taken as known when the grinder's ``Grinder/settingStep`` is positive and every
    /// `observed` setting lies on its grid (``Grinder/settingMin`` + k × step): a journal whose grinder
    /// record carries the contract's default step of 1 but logs half settings has no known step.
    /// - Whole steps on a whole grid (1, 2, …): rounded to the nearest setting of the grid, shown as an integer (`22`).
    /// - Half steps (0.5, 1.5, …, or whole steps on a half grid): rounded to the grid, shown with `.5` when it falls there.
    /// - Any other step, or none known: one decimal (`22.4`).
    static func text(_ value: Double, grinder: Grinder?, observed: [Double]) -> String {
        guard value.isFinite else { return "—" }
        guard let grinder, let step = knownStep(grinder, observed: observed),
              (2 * step).rounded() == 2 * step, (2 * grinder.settingMin).rounded() == 2 * grinder.settingMin
        else { return Format.number(value, decimals: 1) }
        let snapped = grinder.settingMin + ((value - grinder.settingMin) / step).rounded() * step
        return Format.number(snapped, decimals: 1)
    }

    /// The grinder's step when every observed setting sits on its grid, else `nil`.
    static func knownStep(_ grinder: Grinder, observed: [Double]) -> Double? {
        let step = grinder.settingStep
        guard step.isFinite, step > 0, grinder.settingMin.isFinite else { return nil }
        let tolerance = step * 1e-6
        for x in observed where x.isFinite {
            let k = (x - grinder.settingMin) / step
            if abs(k - k.rounded()) * step > tolerance { return nil }
        }
        return step
    }
}
