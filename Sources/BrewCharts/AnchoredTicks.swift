import Foundation

/// Ticks on a grid anchored at a reference value, for axes where particular values must fall on ticks: the
/// edges of an ideal range (EY 18–22 %, TDS 1.15–1.35 %) or the settings a grinder can actually be set to.
///
/// Wilkinson's extended algorithm (``ExtendedTicks``) picks the nicest labelling of a range, but it knows
/// nothing of reference values: over TDS 0.9–1.7 % it ticks 0.9, 1.1, 1.3 … and the ideal box edges fall
/// between ticks. Here the ticks are `anchor + k × step` for integer `k`, and the step is the first of a list
/// of candidates that gives at most `maxCount` ticks inside the range:
///
/// - ``referenceSteps(_:)``: fractions and multiples of a reference width `w` — `w/4, w/2, w, 2w, 5w, 10w, …`,
///   so with the anchor at one edge of the reference range, both edges are ticks whenever the step is at most `w`.
/// - ``unitSteps(_:)``: a unit `u` (a grinder's step) and the nice numbers that are multiples of it, so every
///   tick is a setting.
///
/// Edge cases: an empty or non-finite range, a non-positive step candidate, or `maxCount < 2` are handled by
/// falling back to the last (largest) candidate; the result always holds the ticks inside `[lower, upper]`
/// (possibly fewer than two when the range is narrower than one step).
public enum AnchoredTicks {
    /// `w × [1/4, 1/2, 1, 2, 5, 10, 20, 50, 100]` for a reference width `w` (its absolute value).
    public static func referenceSteps(_ width: Double) -> [Double] {
        let w = abs(width)
        guard w > 0, w.isFinite else { return [1] }
        return [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100].map { $0 * w }
    }

    /// The unit `u` itself, then the nice numbers (`{1, 2, 5} × 10ⁿ`) above it that are whole multiples of it —
    /// for a grinder step of 0.25: 0.25, 0.5, 1, 2, 5, 10 …; when fewer than four exist (an unusual unit like
    /// 0.3), `u × {2, 5, 10, 20, 50, 100}` instead.
    public static func unitSteps(_ unit: Double) -> [Double] {
        let u = abs(unit)
        guard u > 0, u.isFinite else { return [1] }
        var nice: [Double] = []
        for n in -6...9 {
            for q in [1.0, 2, 5] {
                let value = q * pow(10, Double(n))
                let multiple = value / u
                if value > u * (1 + 1e-9), abs(multiple - multiple.rounded()) < 1e-9 + 1e-12 * multiple {
                    nice.append(value)
                }
            }
        }
        if nice.count < 4 { nice = [2, 5, 10, 20, 50, 100].map { $0 * u } }
        return [u] + nice
    }

    /// The first step of `steps` giving at most `maxCount` ticks of the grid through `anchor` inside
    /// `[lower, upper]` (the last step when none does).
    public static func step(lower: Double, upper: Double, anchor: Double, steps: [Double], maxCount: Int) -> Double {
        let usable = steps.filter { $0 > 0 && $0.isFinite }
        guard let last = usable.last else { return 1 }
        for step in usable where ticks(
            lower: lower, upper: upper, anchor: anchor, step: step).count <= max(2, maxCount) {
            return step
        }
        return last
    }

    /// Every `anchor + k × step` inside `[lower, upper]`, increasing.
    ///
    /// Values are computed as `anchor + k × step` (not by repeated addition) and rounded to 12 significant
    /// digits of the step, so 1.15 + 2 × 0.2 prints as 1.55, not 1.5499999999999998.
    public static func ticks(lower: Double, upper: Double, anchor: Double, step: Double) -> [Double] {
        guard step > 0, step.isFinite, lower.isFinite, upper.isFinite, anchor.isFinite else { return [] }
        let (lo, hi) = lower <= upper ? (lower, upper) : (upper, lower)
        let slack = 1e-9 * step
        // Counted in Double first: a hostile value (a grind setting of 1e19, a step of 1e-300) would trap `Int(_:)`.
        let kFirst = ((lo - anchor) / step - 1e-9).rounded(.up), kLast = ((hi - anchor) / step + 1e-9).rounded(.down)
        guard kLast >= kFirst, kLast - kFirst <= 10_000, abs(kFirst) < 1e15, abs(kLast) < 1e15 else { return [] }
        let first = Int(kFirst), last = Int(kLast)
        return (first...last).map { k in tidy(anchor + Double(k) * step, step: step) }
            .filter { $0 >= lo - slack && $0 <= hi + slack }
    }

    /// `[lower, upper]` widened outwards to the nearest multiples of half a step from the anchor, so each end
    /// is either a tick or half a step from one: no grid line runs a hair's breadth from an axis line, and at
    /// most half a step of room is added.
    public static func snapped(lower: Double, upper: Double, anchor: Double, step: Double) -> ClosedRange<Double> {
        guard step > 0, step.isFinite, lower.isFinite, upper.isFinite, anchor.isFinite else {
            return min(lower, upper)...max(lower, upper)
        }
        let (lo, hi) = lower <= upper ? (lower, upper) : (upper, lower)
        let half = step / 2
        let a = tidy(anchor + ((lo - anchor) / half + 1e-9).rounded(.down) * half, step: step)
        var b = tidy(anchor + ((hi - anchor) / half - 1e-9).rounded(.up) * half, step: step)
        if b <= a { b = a + step }
        return a...b
    }

    /// Removes binary noise below 1e-9 of the step, by rounding to that many decimals (dividing by an exact
    /// power of ten, so 0.95 comes out as the double nearest 0.95).
    static func tidy(_ value: Double, step: Double) -> Double {
        // Bounded before `Int(_:)`: a step of 10⁻³²⁰ makes the logarithm infinite; past 340 decimals nothing changes.
        let decimals = Int(min(max(-floor(log10(step * 1e-9)), -340), 340))
        let scale = pow(10, Double(abs(decimals)))
        let rounded = decimals >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
        return rounded == 0 ? 0 : rounded
    }
}
