import BrewAdvice
import BrewCharts
import BrewColumns
import Foundation

/// The dial-in chart of one bag (`brewstats dial-in -o`): the advisor's fitted rating curve with its band over
/// the grinder's range, this bag's brews as points, earlier bags' brews faintly, the interval of the best
/// setting shaded and the suggested next setting marked.
///
/// Built with the chart grammar like the grind-vs-rating chart (``GrindRatingChart/chart(_:journal:)``): the
/// statistics come from ``DialInAdvisor``, the chart only draws them. The curve and band are the posterior mean
/// of the expected rating and its central band at the advice's level, clipped to the 0–5 scale; the grind axis
/// ticks on multiples of the grinder's step from its lowest setting.
public enum DialInChart {
    /// The chart of `advice`.
    public static func chart(_ advice: DialInAdvice) -> Chart {
        let e = advice.estimate
        let scale = e.scale
        let level = "\(Int((e.level * 100).rounded())) %"
        let title = "Dial-in — \(advice.grinder) · \(advice.method)" + (advice.bean.map { " · \($0)" } ?? "")
        var subtitle = advice.evidenceWords
        subtitle += " · next \(advice.text(e.next))"
        if let best = e.best, let lo = e.low, let hi = e.high {
            subtitle += " · best \(advice.text(best)) (\(level): \(advice.text(lo))–\(advice.text(hi)))"
        } else if e.verdict == .cuesOnly {
            subtitle += " · nothing rated yet: no curve"
        } else {
            subtitle += " · no dependence on grind"
        }
        var marks: [Mark] = []
        if let lo = e.low, let hi = e.high, hi > lo {
            marks.append(.band(BandMark(x: lo...hi, legend: "\(level) interval of the best")))
        }
        let xs = e.curve.map(\.setting)
        // No curve where no rating informs one (``BrewAdvice/DialInEstimate/Verdict/cuesOnly``): a flat line at 0
        // would be drawn as if it were an expectation.
        if !e.curve.isEmpty {
            marks.append(.area(AreaMark(x: .numbers(xs), lower: e.curve.map { clip($0.low) },
                                        upper: e.curve.map { clip($0.high) },
                                        series: 4, label: "\(level) band")))
            marks.append(.line(LineMark(x: .numbers(xs), y: .numbers(e.curve.map { clip($0.mean) }), series: 0,
                                        label: "Fitted curve", width: 2.4)))
        }
        let earlier = advice.earlierPoints.flatMap { $0 }
        if !earlier.isEmpty {
            let m = PointMark.merged(x: earlier.map(\.setting), y: earlier.map(\.rating))
            marks.append(.point(PointMark(x: .numbers(m.x), y: .numbers(m.y), series: 4, label: "Earlier bags",
                                          radius: 2.4,
                                          noun: "earlier brews", weights: m.weights, sizedByCount: true)))
        }
        if !advice.points.isEmpty {
            // At their logged settings, never moved: repeated (setting, rating) pairs as one marker sized by count.
            let m = PointMark.merged(x: advice.points.map(\.setting), y: advice.points.map(\.rating))
            marks.append(.point(PointMark(x: .numbers(m.x), y: .numbers(m.y), series: 0, label: "This bag", radius: 4,
                                          noun: "brews", weights: m.weights, sizedByCount: true)))
        }
        marks.append(
            .rule(RuleMark(.vertical, at: .number(e.next), label: "Next: \(advice.text(e.next))", emphasised: true)))
        let steps = AnchoredTicks.unitSteps(scale.resolution)
        let step = AnchoredTicks.step(lower: scale.lower, upper: scale.upper, anchor: scale.anchor, steps: steps,
            maxCount: 11)
        let pad = (scale.upper - scale.lower) * 0.02
        var notes = advice.notes
        notes.insert(
            "Curve: the model's expected rating, its \(level) band; the " +
                "shaded strip: the \(level) interval of the best setting.",
            at: 0)
        return Chart(
            title: title, subtitle: subtitle,
            x: AxisSpec(title: "Grind setting (\(advice.grinder))", domain: (scale.lower - pad)...(scale.upper + pad),
                        ticks: AnchoredTicks.ticks(lower: scale.lower, upper: scale.upper, anchor: scale.anchor,
                            step: step)),
            y: AxisSpec(title: "Rating (0–5)", domain: -0.3...5.3, format: .decimals(0), ticks: [0, 1, 2, 3, 4, 5],
                valid: 0...5),
            marks: marks, notes: notes)
    }

    /// Draws the chart of `advice` into `url`, the format taken from its extension (`png`, `svg`, `pdf`).
    ///
    /// - Throws: ``ReportError/invalidArgument(_:)`` for another extension, ``ReportError/output(path:reason:)``
    ///   when the file cannot be written.
    public static func write(
        _ advice: DialInAdvice, to url: URL, theme: Theme = .monochrome, pngScale: Double = 2
    ) throws(ReportError) {
        guard let format = ChartImageFormat(fileExtension: url.pathExtension) else {
            throw .invalidArgument(
                "cannot tell the chart format from '\(url.lastPathComponent)': use .png, .svg or .pdf")
        }
        let chosen: ChartImageFormat = if case .png = format { .png(scale: pngScale) } else { format }
        do {
            try ChartRenderer.write(chart(advice), to: url, format: chosen, theme: theme)
        } catch {
            throw .cannotWrite(url.path, error)
        }
    }

    static func clip(_ r: Double) -> Double { min(5, max(0, r)) }
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
