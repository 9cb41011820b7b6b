import BrewBacktest
import BrewCharts
import Foundation

/// The back-test's chart: at each brew index of a bag (1 for its first brew), the mean distance of the advisor's
/// setting and of the user's own setting from the bag's best-rated settings, over the judged bags with advice at that
/// brew (``BrewBacktest/BacktestSummary/byIndex``). Two lines with their points, in model units (steps, clicks); the
/// statistics come from the back-test, the chart only draws them.
public enum BacktestChart {
    /// The chart of `summary` (empty when no judged bag had advice).
    public static func chart(_ summary: BacktestSummary, scope: String) -> Chart {
        let title = "Distance from each bag's best-rated setting — \(scope)"
        let rows = summary.byIndex
        guard !rows.isEmpty else {
            return .empty(title: title, message: "No judged bag: nothing to draw")
        }
        let xs = rows.map { Double($0.index) }
        let top = max(1, (rows.map { max($0.advice, $0.user) }.max() ?? 1).rounded(.up))
        let subtitle = "Mean over \(summary.judged) judged bag\(summary.judged == 1 ? "" : "s") · brew 1 is each " +
            "bag's first · \(rows.last!.bags) bag\(rows.last!.bags == 1 ? "" : "s") at brew \(rows.last!.index)"
        return Chart(
            title: title, subtitle: subtitle,
            x: AxisSpec(title: "Brew of the bag", domain: 0.5...(Double(rows.last!.index) + 0.5),
                        ticks: AnchoredTicks.ticks(lower: 1, upper: Double(rows.last!.index), anchor: 1,
                            step: AnchoredTicks.step(lower: 1, upper: Double(rows.last!.index), anchor: 1,
                                steps: AnchoredTicks.unitSteps(1), maxCount: 10))),
            y: AxisSpec(title: "Distance (steps)", domain: 0...top, includeZero: true),
            marks: [
                .line(LineMark(x: .numbers(xs), y: .numbers(rows.map(\.user)), series: 4, label: "Your setting")),
                .point(PointMark(x: .numbers(xs), y: .numbers(rows.map(\.user)), series: 4)),
                .line(LineMark(x: .numbers(xs), y: .numbers(rows.map(\.advice)), series: 0, label: "Advice",
                               width: 2.4)),
                .point(PointMark(x: .numbers(xs), y: .numbers(rows.map(\.advice)), series: 0)),
            ],
            notes: ["Distances to each bag's own best-rated settings: no claim about a cup nobody brewed."])
    }
}
