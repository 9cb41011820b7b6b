import Foundation

extension BrewstatsCharts {
    /// Chart 4 — grind setting against rating for one grinder × method (× bean).
    ///
    /// Brews are drawn as jittered points (deterministic jitter of about half the smallest grind step and
    /// ±0.08 rating, kept inside the 0–5 scale, so identical brews do not hide each other); large inputs are
    /// merged or binned by the point statistic and a note says so. The LOESS curve, the quadratic fit and the
    /// sweet spot come from the statistics layer. The sweet spot is by contract the vertex of the quadratic fit,
    /// so the fit is drawn too (thin, dotted) and the sweet spot's solid rule meets it at its peak; the LOESS
    /// curve may well dip there. Both curves are named in the legend and stop at the bounds of the rating scale.
    ///
    /// The sweet spot is labelled at the precision of the grinder's step (``settingText(_:step:anchor:)``), and the
    /// grind axis ticks on multiples of that step (``AnchoredTicks/unitSteps(_:)``). The rating axis ticks every
    /// whole rating. The subtitle gives n and Spearman's ρ.
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
        let unit = input.settingStep.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            ?? (grind.allSatisfy { $0 == $0.rounded() } ? 1 : nil)
        let spot = input.sweetSpot.flatMap { $0.isFinite ? $0 : nil }
        var subtitle = "n = \(TickFormatter.plain(Double(brews), decimals: 0))"
        if let rho = input.spearman, rho.isFinite {
            subtitle += " · Spearman ρ = \(TickFormatter.plain(rho, decimals: 2))"
        }
        let spotText = spot.map { settingText($0, step: unit, anchor: input.settingStep == nil ? 0 : input.settingAnchor) }
        if let spotText { subtitle += " · sweet spot at \(spotText)" }
        let distinct = Array(Set(grind)).sorted()
        let spacing = zip(distinct.dropFirst(), distinct).map { $0 - $1 }.min() ?? unit ?? 1
        var marks: [Mark] = []
        if let spot {
            marks.append(.rule(RuleMark(.vertical, at: .number(spot), label: "Sweet spot \(spotText ?? "")",
                                        emphasised: true)))
        }
        let points = PointMark.merged(x: grind, y: rating, counts: weights)
        marks.append(.point(PointMark(x: .numbers(points.x), y: .numbers(points.y), series: 1, label: "Brew",
                                      jitter: Jitter(width: spacing * 0.5, height: 0.16, seed: 0x6121D),
                                      weights: points.weights)))
        if input.loess.count >= 2 {
            marks.append(.line(LineMark(x: .numbers(input.loess.map(\.x)), y: .numbers(input.loess.map(\.y)),
                                        series: 0, label: "LOESS", width: 2.4)))
        }
        if let fit = input.quadratic, let lo = distinct.first, let hi = distinct.last, hi > lo {
            // Sampled over the observed settings, with the vertex itself so the drawn peak is exact.
            var xs = (0...60).map { lo + (hi - lo) * Double($0) / 60 }
            if let spot, spot > lo, spot < hi { xs.append(spot); xs.sort() }
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

    /// A grind setting at the precision of the grinder's step: the one rule for the chart's label and the
    /// report's dial-in findings.
    ///
    /// A step and grid origin (`anchor`, the grinder's lowest setting) with at most one decimal each (1, 2, 0.5,
    /// 0.1) snap the value to the nearest setting `anchor + k × step` and print it without trailing zeros:
    /// 24.29 is "24" with step 1 and "24.5" with step 0.5; 5.2 is "5" on the half-step grid from 1. Any other
    /// step (0.25), origin (0.25) or none prints one decimal: "3.3". A non-finite value prints "—".
    public static func settingText(_ value: Double, step: Double?, anchor: Double = 0) -> String {
        guard value.isFinite else { return "—" }
        let oneDecimal = { (v: Double) in v.isFinite && abs(v * 10 - (v * 10).rounded()) < 1e-9 }
        if let step, step > 0, oneDecimal(step), oneDecimal(anchor) {
            return number(anchor + ((value - anchor) / step).rounded() * step, decimals: 1)
        }
        return number(value, decimals: 1)
    }

    /// A tick unit for settings without a known step: the largest power of ten not above the data spacing.
    static func niceUnit(_ spacing: Double) -> Double {
        guard spacing > 0, spacing.isFinite else { return 1 }
        return pow(10, floor(log10(spacing)))
    }
}
