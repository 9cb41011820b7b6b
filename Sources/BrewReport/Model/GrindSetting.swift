import BrewAdvice
import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// Grind settings as people read them off their grinder.
///
/// **The grid.** A fitted setting (a sweet spot of 22.37) is stated at a setting the grinder can be dialled to:
/// the nearest point of the group's grid (``SettingGrid``, shared with the dial-in advisor), shown with the step's
/// decimals (``BrewstatsCharts/settingText(_:step:anchor:)``: 0.25 → `3.25`, 0.5 → `4.5`, 1 → `22`); without a
/// grid, one decimal (`22.4`).
///
/// **A dial in thirds.** A grinder the built-in catalogue (``BrewAdvice/GrinderCatalogue``) knows as a dial in
/// thirds (the Fellow Ode Gen 2: 1, 1.1, 1.2, 2, …, 11), logged only at settings of that dial, is stated at the
/// dial's nearest setting (``BrewAdvice/DialInScale/snap(_:)``, by clicks): a fitted 4.6 reads `5`, never a 4.5 or
/// 4.6 the dial does not have. Logged off that dial (in halves, say), the grid rule above applies.
enum GrindSetting {
    /// `value` at the nearest dialable setting: of the catalogue's dial in thirds (``thirdsDial(_:observed:)``),
    /// else of the group's grid (``grid(_:observed:)``), as text; `—` when not finite.
    static func text(_ value: Double, grinder: Grinder?, observed: [Double]) -> String {
        if value.isFinite, let dial = thirdsDial(grinder, observed: observed) { return dial.text(dial.snap(value)) }
        let g = grid(grinder, observed: observed)
        return BrewstatsCharts.settingText(value, step: g?.step, anchor: g?.anchor ?? 0)
    }

    /// The dial of `grinder` when the built-in catalogue writes it in thirds and every finite setting of
    /// `observed` is one of its settings (``BrewAdvice/DialInScale/make(grinder:observed:spec:)``); else `nil`.
    static func thirdsDial(_ grinder: Grinder?, observed: [Double]) -> DialInScale? {
        guard let spec = GrinderCatalogue.builtIn.spec(for: grinder?.name), spec.notation == .thirds else {
            return nil
        }
        let scale = DialInScale.make(grinder: grinder, observed: observed, spec: spec)
        return scale.notation == .thirds ? scale : nil
    }

    /// The grid the logged settings `observed` lie on (``SettingGrid/grid(_:observed:)``).
    static func grid(_ grinder: Grinder?, observed: [Double]) -> (step: Double, anchor: Double)? {
        SettingGrid.grid(grinder, observed: observed)
    }

    /// The grinder's step when every observed setting sits on its grid, else `nil`.
    static func knownStep(_ grinder: Grinder, observed: [Double]) -> Double? {
        SettingGrid.knownStep(grinder, observed: observed)
    }
}
