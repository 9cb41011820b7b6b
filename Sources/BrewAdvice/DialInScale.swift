import BrewColumns
import BrewStats
import Foundation

/// The settings a grinder can be dialled to: a range and a step (or none, for a stepless grinder).
///
/// Built from the grinder's metadata (``Grinder/settingMin``, ``Grinder/settingMax``, ``Grinder/settingStep``)
/// checked against the settings the journal logged with it:
/// - **Step**: the grinder's step when it is positive and every logged setting lies on its grid
///   (`settingMin + k × step`); otherwise the coarsest grid from 0 of 1, 0.5 or 0.25 holding every logged setting
///   (``SettingGrid``, the rule the report's findings use); otherwise the grinder is treated as
///   **stepless** (``step`` is `nil`), and settings are suggested at
///   ``resolution`` (a 1-2-5 number near a hundredth of the range; when the range comes from the brews, never
///   finer than the settings were logged: 2.1 and 2.4 are suggested every 0.1, not every 0.01 of a 2.2–2.6 range).
/// - **Range**: `settingMin … settingMax` when valid (finite, min < max) and the record's step fits the logged
///   settings (or the record is stepless: step ≤ 0), widened to cover every logged setting (a journal that logs 42 on a
///   "0–40" grinder has a longer dial than its record says). Otherwise — no valid range, or a record whose step the
///   logged settings do not follow (an importer's default 0–40 for a grinder logged at 1.15–4.5) — the logged settings'
///   extent padded by half of it (at least two units) on each side, never below 0 when no setting is; with neither,
///   0–40.
/// - **Unit**: the step, or for a stepless grinder a fortieth of the range: the scale the model's priors are
///   written in (a curve width of "3 units"), so one prior serves grinders of every scale.
public struct DialInScale: Sendable, Equatable {
    /// Lowest and highest dialable setting.
    public let lower: Double
    public let upper: Double
    /// The step between settings, or `nil` for a stepless grinder.
    public let step: Double?
    /// The grid origin: settings are `anchor + k × step`.
    public let anchor: Double
    /// Whether the range is the grinder's own metadata (possibly widened) rather than inferred from the brews.
    public let rangeFromMetadata: Bool
    /// How the dial is written (``DialNotation``): plain numbers, or the Fellow Ode Gen 2's thirds.
    public let notation: DialNotation
    /// Whether a higher setting grinds coarser (most dials); `false` for a dial numbered the other way.
    public let coarserIsHigher: Bool
    /// For a stepless grinder whose range comes from the brews: the precision its settings were logged at (0.1 for
    /// 2.1 and 2.4, ``loggedPrecision(_:)``), the finest ``resolution`` suggested. `nil` otherwise.
    public let loggedPrecision: Double?

    public init(lower: Double, upper: Double, step: Double?, anchor: Double, rangeFromMetadata: Bool = true,
                notation: DialNotation = .decimal, coarserIsHigher: Bool = true, loggedPrecision: Double? = nil) {
        precondition(lower < upper, "DialInScale: empty range")
        self.lower = lower; self.upper = upper; self.step = step; self.anchor = anchor
        self.rangeFromMetadata = rangeFromMetadata; self.notation = notation; self.coarserIsHigher = coarserIsHigher
        self.loggedPrecision = loggedPrecision
    }

    /// The model's unit on a plain dial: the step, or a fortieth of the range for a stepless grinder. On a dial in
    /// thirds the model counts clicks (``units(_:)``), and this is one click's share of a whole number, 1/3.
    public var unit: Double {
        if notation == .thirds { return 1.0 / 3 }
        return step ?? (upper - lower) / 40
    }

    /// A setting in model units from ``lower``: steps (clicks) of the dial, or for a stepless grinder fortieths
    /// of its range. On a dial in thirds, 5.2 → 6 is one unit (one click), not 0.8.
    public func units(_ g: Double) -> Double {
        switch notation {
        case .decimal: (g - lower) / unit
        case .thirds: DialNotation.thirdsClicks(g) - DialNotation.thirdsClicks(lower)
        }
    }

    /// The setting `u` model units above ``lower`` (``units(_:)`` inverted; between dial positions on a dial in
    /// thirds, a value between its neighbours).
    public func setting(units u: Double) -> Double {
        switch notation {
        case .decimal: lower + u * unit
        case .thirds: DialNotation.thirdsValue(u + DialNotation.thirdsClicks(lower))
        }
    }

    /// One setting of the dial (``resolution``) in model units: a click on a dial in thirds and a step on a stepped
    /// dial (1), on a stepless dial the spacing of its suggestions over a fortieth of its range.
    public var settingUnits: Double { notation == .thirds ? 1 : resolution / unit }

    /// The range in model units.
    public var span: Double { units(upper) }

    /// Spacing of suggested settings: the step, or for a stepless grinder the 1-2-5 number nearest above a
    /// hundredth of the range (0–40 → 0.5, 0–10 → 0.1), or the ``loggedPrecision`` when that is coarser.
    public var resolution: Double {
        if notation == .thirds { return 1 }
        if let step { return step }
        let raw = (upper - lower) / 100
        let p = pow(10, floor(log10(raw)))
        var r = 10 * p
        for m in [1.0, 2, 5, 10] where m * p >= raw * (1 - 1e-9) { r = m * p; break }
        return max(r, loggedPrecision ?? 0)
    }

    /// The precision settings were written at: 10⁻ᵈ for the fewest decimals d (0…3) that hold every finite value
    /// (2.1 and 2.4 → 0.1; 14 and 15 → 1; 1.125 → 0.001); `nil` for no finite value. A value needing more than
    /// three decimals counts as three.
    public static func loggedPrecision(_ values: [Double]) -> Double? {
        let seen = values.filter(\.isFinite)
        guard !seen.isEmpty else { return nil }
        for d in 0...2 {
            let scale = pow(10, Double(d))
            if seen.allSatisfy({ abs($0 * scale - ($0 * scale).rounded()) < 1e-6 * max(1, abs($0 * scale)) }) {
                return 1 / scale
            }
        }
        return 0.001
    }

    /// The most candidate settings ``settings`` lists: a range of more (a mistaken or hostile log of setting 10¹²
    /// on a 0–40 grinder widens it that far) is listed every k-th setting, so the advice stays bounded in time and
    /// memory. No real grinder's dial comes near it.
    static let maximumSettings = 2_000

    /// Every dialable setting in ascending order (for a stepless grinder, every ``resolution``); every k-th one
    /// when there are more than ``maximumSettings``.
    public var settings: [Double] {
        if notation == .thirds {
            // Bounded before `Int(_:)`: a dial in thirds never has more than a few dozen clicks, but a span past
            // `Int`'s range would trap.
            let clicks = span.rounded()
            guard clicks >= 0, clicks <= Double(Self.maximumSettings) else { return [snap(lower), snap(upper)] }
            return (0...Int(clicks)).map { Self.clean(setting(units: Double($0))) }
        }
        let r = resolution
        let origin = step == nil ? (lower / r).rounded(.up) * r : anchor
        let first = ((lower - origin) / r - 1e-9).rounded(.up), last = ((upper - origin) / r + 1e-9).rounded(.down)
        guard first <= last else { return [snap((lower + upper) / 2)] }
        let every = max(1, ((last - first) / Double(Self.maximumSettings)).rounded(.up))
        return stride(from: first, through: last, by: every).map { Self.clean(origin + $0 * r) }
    }

    /// The dialable setting nearest to `x` (clamped to the range).
    public func snap(_ x: Double) -> Double {
        if notation == .thirds {
            let clamped = min(max(x.isFinite ? x : lower, lower), upper)
            return Self.clean(setting(units: min(span, max(0, units(clamped).rounded()))))
        }
        let r = resolution
        let origin = step == nil ? 0 : anchor
        // Clamped first, so rounding overshoots the range by at most one setting, taken back in one step (never a
        // loop over the distance: `x` may lie 10¹² settings away).
        let clamped = min(max(x.isFinite ? x : lower, lower), upper)
        var v = origin + ((clamped - origin) / r).rounded() * r
        if v > upper + 1e-9 { v -= ((v - upper - 1e-9) / r).rounded(.up) * r }
        if v < lower - 1e-9 { v += ((lower - 1e-9 - v) / r).rounded(.up) * r }
        return Self.clean(v)
    }

    /// A setting as the grinder shows it: at the step's precision when step and origin have at most one decimal
    /// (`24`, `5.5`), else with up to two decimals (`3.25`); trailing zeros removed.
    public func text(_ x: Double) -> String {
        guard x.isFinite else { return "—" }
        if notation == .thirds {
            var s = String(format: "%.1f", x)
            if s.hasSuffix(".0") { s.removeLast(2) }
            return s
        }
        let decimals = [0, 1, 2].first { d in
            let f = pow(10, Double(d))
            return [resolution, anchor].allSatisfy { abs($0 * f - ($0 * f).rounded()) < 1e-9 }
        } ?? 2
        var s = String(format: "%.\(decimals)f", x)
        if s.contains(".") { while s.hasSuffix("0") { s.removeLast() }; if s.hasSuffix(".") { s.removeLast() } }
        return s == "-0" ? "0" : s
    }

    /// Rounds away binary noise (0.1 + 0.2) so settings print and compare cleanly.
    static func clean(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }

    /// The scale of `grinder` given the settings logged with it (see the type's rules), with a catalogue entry
    /// (``GrinderCatalogue``) when one matches the grinder's name.
    ///
    /// The entry takes the record's place when it comes from the user's `grinders.toml`, or when the journal's
    /// record is missing, invalid or the contract's bare default (0–40, step 1, what a CSV export's grinder gets).
    /// A dial in thirds (``DialNotation/thirds``) is used when every logged setting is on it; otherwise the logged
    /// settings decide as without an entry (the caller notes the mismatch: ``fitsNotation``).
    public static func make(grinder: Grinder?, observed: [Double], spec: GrinderSpec?) -> DialInScale {
        guard let spec else { return make(grinder: grinder, observed: observed) }
        let seen = observed.filter(\.isFinite)
        if spec.notation == .thirds {
            guard seen.allSatisfy(DialNotation.onThirdsDial) else { return make(grinder: grinder, observed: observed) }
            let lo = min(spec.lower ?? 1, seen.min() ?? 1), hi = max(spec.upper ?? 11, seen.max() ?? 11)
            return DialInScale(lower: lo, upper: hi, step: 1.0 / 3, anchor: lo, notation: .thirds,
                               coarserIsHigher: spec.coarserIsHigher)
        }
        let record = grinder.map { ($0.settingMin, $0.settingMax, $0.settingStep) }
        let bare = record.map { r in
            !(r.0.isFinite && r.1.isFinite && r.0 < r.1) || (r.0 == 0 && r.1 == 40 && r.2 == 1)
        } ?? true
        var g = grinder ?? Grinder()
        if spec.fromUser || bare {
            let r = spec.record
            g.settingMin = r.min; g.settingMax = r.max; g.settingStep = r.step
        }
        let made = make(grinder: g, observed: observed)
        return DialInScale(lower: made.lower, upper: made.upper, step: made.step, anchor: made.anchor,
                           rangeFromMetadata: made.rangeFromMetadata, coarserIsHigher: spec.coarserIsHigher,
                           loggedPrecision: made.loggedPrecision)
    }

    /// The scale of `grinder` given the settings logged with it (see the type's rules).
    public static func make(grinder: Grinder?, observed: [Double]) -> DialInScale {
        let seen = observed.filter(\.isFinite)
        let lo = seen.min(), hi = seen.max()
        // Step.
        var step: Double? = nil
        var anchor = 0.0
        var recordFits = false
        if let g = grinder, g.settingStep.isFinite, g.settingStep > 0, g.settingMin.isFinite,
           onGrid(seen, origin: g.settingMin, step: g.settingStep) {
            step = g.settingStep; anchor = g.settingMin; recordFits = true
        } else if let inferred = SettingGrid.inferredStep(seen), inferred >= 0.25 {
            // The grid the report's findings use (``SettingGrid``): a quarter-step Eureka from a CSV export is
            // advised on its 0.25 grid, as its findings are stated. Settings logged with a free decimal (a 0.1 grid
            // or finer) are a stepless grinder's, suggested at its resolution.
            step = inferred
        }
        // Range: the record's, unless its positive step does not fit what was logged (then the record is not this
        // grinder's scale — an importer's default 0–40 for a grinder logged at 1.2–4.5 — and the brews decide).
        if let g = grinder, g.settingMin.isFinite, g.settingMax.isFinite, g.settingMin < g.settingMax,
           recordFits || seen.isEmpty || !(g.settingStep.isFinite && g.settingStep > 0) {
            let lower = min(g.settingMin, lo ?? g.settingMin), upper = max(g.settingMax, hi ?? g.settingMax)
            return DialInScale(lower: lower, upper: upper, step: step, anchor: step == nil ? lower : anchor)
        }
        guard let lo, let hi else {
            return DialInScale(lower: 0, upper: 40, step: step ?? 1, anchor: 0, rangeFromMetadata: false)
        }
        let pad = max((hi - lo) / 2, 2 * (step ?? max((hi - lo) / 40, 0.1)))
        var lower = lo - pad
        if lo >= 0 { lower = max(0, lower) }
        if let s = step { lower = anchor + ((lower - anchor) / s).rounded(.down) * s }
        let upper = hi + pad
        return DialInScale(lower: lower, upper: upper, step: step, anchor: step == nil ? lower : anchor,
                           rangeFromMetadata: false, loggedPrecision: step == nil ? loggedPrecision(seen) : nil)
    }

    /// Whether every value lies on `origin + k × step` (within a millionth of a step); `true` for no values.
    static func onGrid(_ values: [Double], origin: Double, step: Double) -> Bool {
        values.allSatisfy { x in
            let k = (x - origin) / step
            return abs(k) < 1e12 && abs(k - k.rounded()) < 1e-6
        }
    }
}
