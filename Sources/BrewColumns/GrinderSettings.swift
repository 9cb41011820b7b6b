/// The bounds every grind setting and grinder range must keep, checked where they enter (import, `grinders.toml`).
///
/// No real dial comes near them; they exist so that a hostile or damaged value (a store's `ZSETTINGMAX` of 10¹⁹, a
/// step of 10⁻³⁰⁰, a setting of `inf`) cannot reach the arithmetic that counts settings, cells or ticks, where such
/// a value overflows an integer (docs/formats.md, "Grind settings and grinder ranges").
///
/// - A setting (a brew's grind setting, a grinder's `settingMin`/`settingMax`) is finite and at most
///   ``limit`` (10⁶) in magnitude.
/// - A range has `settingMin < settingMax`, both settings as above.
/// - A step is finite and 0 (stepless) or positive, and the range holds at most ``limit`` steps
///   (`(settingMax − settingMin) ÷ step ≤ 10⁶`).
public enum GrinderSettings {
    /// The largest magnitude of a setting, and the most steps a range may hold: 10⁶.
    public static let limit = 1_000_000.0

    /// The part of a grinder's range at fault.
    public enum Field: Sendable, Equatable { case min, max, step }

    /// Why `x` cannot be a grind setting, or `nil` when it can.
    public static func settingProblem(_ x: Double) -> String? {
        if !x.isFinite { return "\(x) is not a finite number" }
        if abs(x) > limit { return "\(text(x)) is beyond ±1,000,000" }
        return nil
    }

    /// Why a grinder's recorded range cannot be used, and the field at fault; `nil` when it can.
    public static func rangeProblem(min: Double, max: Double, step: Double) -> (field: Field, reason: String)? {
        if let p = settingProblem(min) { return (.min, "setting minimum \(p)") }
        if let p = settingProblem(max) { return (.max, "setting maximum \(p)") }
        guard min < max else { return (.max, "setting maximum \(text(max)) is not above the minimum \(text(min))") }
        if !step.isFinite { return (.step, "setting step \(step) is not a finite number") }
        if step < 0 { return (.step, "setting step \(text(step)) is negative") }
        if step > 0, !((max - min) / step <= limit) {
            return (.step,
                "setting step \(text(step)) cuts the range \(text(min))–\(text(max)) into more than 1,000,000 steps")
        }
        return nil
    }

    /// `x` for a message: whole numbers as digits, others in Swift's shortest form (`1e+19`, `0.25`).
    static func text(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
