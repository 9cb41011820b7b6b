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
enum GrindSetting {
    /// `value` at the nearest dialable setting of the group's grid (``grid(_:observed:)``), as text; `—` when
    /// not finite.
    static func text(_ value: Double, grinder: Grinder?, observed: [Double]) -> String {
        let g = grid(grinder, observed: observed)
        return BrewstatsCharts.settingText(value, step: g?.step, anchor: g?.anchor ?? 0)
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
