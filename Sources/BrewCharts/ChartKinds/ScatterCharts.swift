import Foundation

extension BrewstatsCharts {
    /// Chart 4 — grind setting against rating for one grinder × method (× bean).
    ///
    /// Every brew is drawn at its logged setting and rating, never moved: brews with the same (setting, rating)
    /// share one marker whose area is proportional to their count (``PointMark/sizedByCount``), with a size key
    /// in the legend and a note saying so. The LOESS curve, the quadratic fit and the sweet spot come from the
    /// statistics layer, which also decides whether they are strong enough to be drawn (pass an empty curve and a
    /// `nil` sweet spot otherwise). The sweet spot is by contract the vertex of the quadratic fit, so the fit is
    /// drawn too (thin, dotted); the sweet spot's solid rule stands at the *dialable* setting nearest the vertex
    /// (``settingValue(_:step:anchor:)``), the same value its label states. Both curves stop at the bounds of the
    /// rating scale.
    ///
    /// The grind axis ticks on multiples of the grinder's step (``AnchoredTicks/unitSteps(_:)``), the rating axis
    /// on every whole rating. The subtitle gives n and the quadratic fit's R², never a rank correlation.
    ///
    /// - Parameter input: Settings, ratings and their statistics.
    /// - Returns: The chart; empty when no brew has both a finite setting and rating.
    public static func grindVsRating(_ input: GrindRatingInput) -> Chart {
        let title = "Grind vs rating — \(input.grinder) · \(input.method)" + (input.bean.map { " · \($0)" } ?? "")
        let n = min(input.grindSettings.count, input.ratings.count)
        let pairs = (0..<n).filter { input.grindSettings[$0].isFinite && input.ratings[$0].isFinite }
        guard !pairs.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let grind = pairs.map { input.grindSettings[$0] }
        let rating = pairs.map { input.ratings[$0] }
        let weights = input.counts.map { c in pairs.map { $0 < c.count ? max(c[$0], 0) : 1 } }
        let brews = weights.map { $0.reduce(0, +) } ?? pairs.count
        let known = input.settingStep.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let unit = known ?? (grind.allSatisfy { $0 == $0.rounded() } ? 1 : nil)
        let anchor = known == nil ? 0 : input.settingAnchor
        let spot = input.sweetSpot.flatMap { $0.isFinite ? settingValue($0, step: unit, anchor: anchor) : nil }
        var subtitle = "\(TickFormatter.plain(Double(brews), decimals: 0)) rated brew\(brews == 1 ? "" : "s")"
        if let r2 = input.rSquared, r2.isFinite {
            subtitle += " · the curve explains " +
                "\(TickFormatter.plain((r2 * 100).rounded(), decimals: 0)) % of the spread"
        }
        let spotText = spot.map { settingText($0, step: unit, anchor: anchor) }
        if let spotText { subtitle += " · sweet spot at \(spotText)" }
        let distinct = Array(Set(grind)).sorted()
        let spacing = zip(distinct.dropFirst(), distinct).map { $0 - $1 }.min() ?? unit ?? 1
        var marks: [Mark] = []
        if let spot, let spotText {
            marks.append(
                .rule(RuleMark(.vertical, at: .number(spot), label: "Sweet spot \(spotText)", emphasised: true)))
        }
        marks.append(.point(PointMark(x: .numbers(grind), y: .numbers(rating), series: 1, label: "Brew",
                                      weights: weights, sizedByCount: true)))
        if input.loess.count >= 2 {
            marks.append(.line(LineMark(x: .numbers(input.loess.map(\.x)), y: .numbers(input.loess.map(\.y)),
                                        series: 0, label: "Smooth curve", width: 2.4)))
        }
        if let fit = input.quadratic, let lo = distinct.first, let hi = distinct.last, hi > lo {
            // Sampled over the observed settings, with the vertex itself so the drawn peak is exact.
            var xs = (0...60).map { lo + (hi - lo) * Double($0) / 60 }
            if let vertex = input.sweetSpot, vertex > lo, vertex < hi { xs.append(vertex); xs.sort() }
            marks.append(.line(LineMark(x: .numbers(xs), y: .numbers(xs.map { fit($0) }), series: 2,
                                        label: "quadratic fit", width: 1.5)))
        }
        let padding = (distinct.last! - distinct.first!) * 0.1 + spacing
        let steps = AnchoredTicks.unitSteps(unit ?? niceUnit(spacing))
        let lower = distinct.first! - padding, upper = distinct.last! + padding
        let step = AnchoredTicks.step(lower: lower, upper: upper, anchor: 0, steps: steps, maxCount: 9)
        return Chart(
            title: title, subtitle: subtitle,
            x: AxisSpec(title: "Grind setting (\(input.grinder))",
                        ticks: AnchoredTicks.ticks(lower: lower, upper: upper, anchor: 0, step: step)),
            y: ratingAxis,
            marks: marks)
    }

    /// The rating axis of the scatter charts: 0–5 with every whole rating ticked, a little room beyond the
    /// bounds so markers at 0 and 5 stay whole, and 0–5 as the valid range (jitter and curves stay inside).
    static var ratingAxis: AxisSpec {
        AxisSpec(title: "Rating (0–5)", domain: -0.3...5.3, format: .decimals(0), ticks: ratingTicks, valid: 0...5)
    }

    /// A grind setting as it is dialled: the one rule for the chart's sweet-spot label and the report's findings.
    ///
    /// With a step (any positive step: 1, 0.5, 0.25, 0.1) the value is rounded to the nearest setting of the grid
    /// `anchor + k × step` (``settingValue(_:step:anchor:)``) and printed with as many decimals as the step and
    /// anchor need, trailing zeros removed: 24.29 is "24" with step 1, "24.5" with step 0.5, 3.3 is "3.25" with
    /// step 0.25. Without a step it prints one decimal ("3.3"). A non-finite value prints "—".
    public static func settingText(_ value: Double, step: Double?, anchor: Double = 0) -> String {
        guard value.isFinite else { return "—" }
        guard let step, step > 0, step.isFinite, anchor.isFinite else { return number(value, decimals: 1) }
        let decimals = max(decimalPlaces(step), decimalPlaces(anchor))
        return number(settingValue(value, step: step, anchor: anchor), decimals: decimals)
    }

    /// The grid setting nearest `value`: `anchor + round((value − anchor) ÷ step) × step`; `value` itself without
    /// a usable step (nil, zero, negative, non-finite) or when it is not finite.
    public static func settingValue(_ value: Double, step: Double?, anchor: Double = 0) -> Double {
        guard value.isFinite, let step, step > 0, step.isFinite, anchor.isFinite else { return value }
        let k = ((value - anchor) / step).rounded()
        // Past 10¹² steps the grid is finer than the double: the value is as dialable as it gets.
        guard abs(k) < 1e12 else { return value }
        return anchor + k * step
    }

    /// The decimals needed to write `x` exactly, up to 4 (0.25 → 2, 0.5 → 1, 2 → 0).
    static func decimalPlaces(_ x: Double) -> Int {
        for d in 0...4 {
            let scaled = x * pow(10, Double(d))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, abs(scaled)) { return d }
        }
        return 4
    }

    /// A tick unit for settings without a known step: the largest power of ten not above the data spacing.
    static func niceUnit(_ spacing: Double) -> Double {
        guard spacing > 0, spacing.isFinite else { return 1 }
        return pow(10, floor(log10(spacing)))
    }
}
