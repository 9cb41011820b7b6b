import BrewCharts
import BrewShots
import BrewStats
import Foundation

/// The shots section by profile: each shot held against its own profile's good shots (flags and norms), and the
/// metric-vs-rating chart drawn as each shot's distance from its profile's median, one series per profile, so
/// that profiles of very different first-drop times (Turbo about 8 s, Blooming about 24 s) are never pooled.
extension ShotSection {
    /// `rows` with their flags, and the profiles' norms (most shots first, then by name), over the rows' shots.
    /// `ratings` has one slot per shot of `table`.
    static func flagged(
        _ rows: [Row], table: ShotTable, metrics: ShotMetrics, ratings: [Double?]
    ) -> ([Row], [ShotNorm]) {
        let flagger = ShotFlagger(samples: table.samples, metrics: metrics, profiles: table.shots.map(\.profile),
                                  ratings: ratings, shots: rows.map(\.shot))
        let flagged = rows.map { row in
            var row = row
            row.flags = flagger.flags(of: row.shot)
            return row
        }
        let norms = flagger.norms.values.sorted {
            $0.shots != $1.shots ? $0.shots > $1.shots
                : Array($0.profile.utf8).lexicographicallyPrecedes($1.profile.utf8)
        }
        return (flagged, norms)
    }

    /// Time to first drops against rating, as seconds from the median first drops of the shot's profile (over the
    /// period's shots of that profile with a first-drops time), one series per profile.
    static func profileRating(_ rows: [Row]) -> ShotMetricRatingInput {
        let profiles = rows.map { ShotFlagger.profileName($0.profile) }
        var values: [String: [Double]] = [:]
        for (row, profile) in zip(rows, profiles) {
            if let v = row.value(.firstDrops) { values[profile, default: []].append(v) }
        }
        let medians = values.compactMapValues(BrewStats.median)
        return ShotMetricRatingInput(metric: "First drops from the profile's median", unit: "s",
                                     values: zip(rows, profiles).map { row, p in
                                         guard let v = row.value(.firstDrops), let m = medians[p] else { return .nan }
                                         return v - m
                                     },
                                     ratings: rows.map { $0.rating ?? .nan }, beans: profiles, groupNoun: "profile")
    }

    /// One line per profile: its shots, the good shots its norm is taken over and the norm; then how many shots
    /// are flagged. Empty without rows.
    var profileLines: [String] {
        guard !rows.isEmpty else { return [] }
        func s(_ v: Double?) -> String { v.map { String(format: "%.1f s", $0) } ?? "—" }
        var lines = norms.map { n in
            let good = n.byRating ? "\(n.goodShots) rated ≥ \(ShotFlagger.goodRating)" : "all \(n.goodShots)"
            return "\(n.profile): \(ShotSection.count(n.shots, "shot")), " +
                "usual shot over \(good): first drops \(s(n.firstDrops)), "
                + "duration \(s(n.duration)), yield ratio \(n.ratio.map { String(format: "1:%.1f", $0) } ?? "—")."
        }
        let flagged = rows.filter { !$0.flags.isEmpty }.count
        lines.append("Grouped by profile: each shot is held against its own profile's usual shot; "
                     + "\(ShotSection.count(flagged, "shot")) flagged (gusher, "
                     + "choke, channeling, time or ratio: see the README).")
        return lines
    }
}
