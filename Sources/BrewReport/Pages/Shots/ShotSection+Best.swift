import BrewCharts
import BrewColumns
import BrewShots
import BrewStats
import Foundation

extension ShotSection {
    /// The last shot of a drawn profile × bean group set against the group's best-rated shot: what changed since the
    /// shot to come back to.
    ///
    /// - **Which shots.** Among the group's shots of the report period (the overlay's shots): the *last* is the latest
    ///   by start, rated or not; the *best* is the highest-rated (ties: the later). No comparison when the group has
    ///   no rated shot, or when the last shot is the best.
    /// - **Table.** ``ShotComparison`` with the best first, so each difference is the last shot's value minus the
    ///   best's; metrics as the section's table computes them.
    /// - **Files.** The chart `shot-compare-<k>` (``ReportFiles/shotComparisonPrefix``; `k` the group's overlay
    ///   number) in the report's formats, beside the group's overlay, and its table `shot-compare-<k>.csv`.
    public struct LastAgainstBest: Sendable {
        /// The group's overlay number (`shot-overlay-<group>`).
        public let group: Int
        public let profile: String
        public let bean: String
        /// The best shot first, the last second.
        public let comparison: ShotComparison
        public let bestRating: Double
        public let lastRating: Double?

        /// `shot-compare-<group>`.
        public var stem: String { ReportFiles.shotComparisonPrefix + "\(group)" }
        /// `shot-compare-<group>.csv`.
        public var tableFile: String { stem + ".csv" }

        /// "Last shot against the best — Turbo 6 bar · Shakiso (rated 4.0; the best 4.5)".
        public var title: String {
            let last = lastRating.map { "rated \(Format.number($0, decimals: 2))" } ?? "not rated"
            return "Last shot against the best — \(profile) · \(bean) (\(last); the best " +
                "\(Format.number(bestRating, decimals: 2)))"
        }
    }

    /// The comparisons of the drawn `groups` (``LastAgainstBest``), in overlay order.
    static func lastAgainstBest(_ journal: ShotJournal, groups: [ShotOverlays.Group], ratings: [Double?],
                                metrics: ShotMetrics, resistance: PrimitiveColumn<Float>,
                                timeZone: TimeZone) -> [LastAgainstBest] {
        groups.enumerated().compactMap { k, g in
            guard let last = g.shots.last else { return nil }
            var best: Int?
            for shot in g.shots {
                guard let r = ratings[shot] else { continue }
                if best.map({ r >= ratings[$0]! }) ?? true { best = shot }
            }
            guard let best, best != last, let bestRating = ratings[best] else { return nil }
            let names = ["Best (\(Format.number(bestRating, decimals: 2)))",
                         "Last" + (ratings[last].map { " (\(Format.number($0, decimals: 2)))" } ?? "")]
            let comparison = ShotComparison(journal, shots: [best, last], metrics: metrics, resistance: resistance,
                                            timeZone: timeZone, names: names, heading: "Last against the best")
            return LastAgainstBest(group: k + 1, profile: g.profile, bean: g.bean, comparison: comparison,
                                   bestRating: bestRating, lastRating: ratings[last])
        }
    }
}
