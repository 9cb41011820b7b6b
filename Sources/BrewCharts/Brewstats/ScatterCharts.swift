import Foundation

extension BrewstatsCharts {
    /// Chart 4 — grind setting against rating for one grinder × method (× bean).
    ///
    /// Brews are drawn as jittered points (deterministic jitter of about half the smallest grind step and
    /// ±0.08 rating, so identical brews do not hide each other); large inputs are merged or binned by the
    /// point statistic and a note says so. The LOESS curve and the sweet spot come from the statistics layer;
    /// the sweet spot is a solid rule labelled with its setting. The subtitle gives n and Spearman's ρ.
    ///
    /// - Parameter input: Settings, ratings and their statistics.
    /// - Returns: The chart; empty when no brew has both a finite setting and rating.
    public static func grindVsRating(_ input: GrindRatingInput) -> Chart {
        let title = "Grind vs rating — \(input.grinder) · \(input.method)"
        let n = min(input.grindSettings.count, input.ratings.count)
        let pairs = (0..<n).filter { input.grindSettings[$0].isFinite && input.ratings[$0].isFinite }
        guard !pairs.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let grind = pairs.map { input.grindSettings[$0] }
        let rating = pairs.map { input.ratings[$0] }
        var subtitle = input.bean.map { "\($0) · " } ?? ""
        subtitle += "n = \(TickFormatter.plain(Double(pairs.count), decimals: 0))"
        if let rho = input.spearman, rho.isFinite {
            subtitle += " · Spearman ρ = \(TickFormatter.plain(rho, decimals: 2))"
        }
        if let spot = input.sweetSpot, spot.isFinite { subtitle += " · sweet spot at \(number(spot, decimals: 2))" }
        let distinct = Array(Set(grind)).sorted()
        let step = zip(distinct.dropFirst(), distinct).map { $0 - $1 }.min() ?? 1
        var marks: [Mark] = []
        if let spot = input.sweetSpot, spot.isFinite {
            marks.append(.rule(RuleMark(.vertical, at: .number(spot), label: "Sweet spot \(number(spot, decimals: 2))",
                                        emphasised: true)))
        }
        marks.append(.point(PointMark(x: .numbers(grind), y: .numbers(rating), series: 1, label: "Brew",
                                      jitter: Jitter(width: step * 0.5, height: 0.16, seed: 0x6121D))))
        if input.loess.count >= 2 {
            marks.append(.line(LineMark(x: .numbers(input.loess.map(\.x)), y: .numbers(input.loess.map(\.y)),
                                        series: 0, label: "LOESS fit", width: 2.4)))
        }
        return Chart(
            title: title, subtitle: subtitle,
            x: AxisSpec(title: "Grind setting (\(input.grinder))"),
            y: AxisSpec(title: "Rating (0–5)", domain: -0.25...5.25, format: .decimals(0)),
            marks: marks)
    }

    /// Chart 7 — rating against days off roast, with a LOESS curve computed by the statistics layer.
    ///
    /// - Parameters:
    ///   - days: Days between roast and brew per brew (parallel to `ratings`); negative values are kept (they
    ///     show data-entry errors).
    ///   - ratings: Rating 0–5 per brew.
    ///   - loess: Fitted curve, sorted by x; empty for none.
    /// - Returns: The chart; empty when no brew has both values.
    public static func ratingVsDaysOffRoast(days: [Double], ratings: [Double], loess: [CurvePoint] = []) -> Chart {
        let title = "Rating vs days off roast"
        let n = min(days.count, ratings.count)
        let pairs = (0..<n).filter { days[$0].isFinite && ratings[$0].isFinite }
        guard !pairs.isEmpty else { return .empty(title: title, message: emptyMessage) }
        let x = pairs.map { days[$0] }
        let y = pairs.map { ratings[$0] }
        var subtitle = "n = \(TickFormatter.plain(Double(pairs.count), decimals: 0))"
        if let best = loess.max(by: { $0.y < $1.y }) {
            subtitle += " · fitted rating peaks at \(number(best.x, decimals: 0)) days"
        }
        var marks: [Mark] = [
            .point(PointMark(x: .numbers(x), y: .numbers(y), series: 1, label: "Brew",
                             jitter: Jitter(width: 0.6, height: 0.16, seed: 0xD4A5))),
        ]
        if loess.count >= 2 {
            marks.append(.line(LineMark(x: .numbers(loess.map(\.x)), y: .numbers(loess.map(\.y)), series: 0,
                                        label: "LOESS fit", width: 2.4)))
        }
        return Chart(
            title: title, subtitle: subtitle,
            x: AxisSpec(title: "Days off roast"),
            y: AxisSpec(title: "Rating (0–5)", domain: -0.25...5.25, format: .decimals(0)),
            marks: marks)
    }
}
