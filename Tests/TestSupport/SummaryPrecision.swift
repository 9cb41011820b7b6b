import Foundation

/// Compares a summary CSV cell written by brewstats with the unrounded Python reference, at the precision the
/// README's table gives each column (restated here by hand, independently of BrewStats' own constants).
public enum SummaryPrecision {
    /// The decimals of each rounded column; the key `metric:column` covers `week_summary.csv`, whose precision
    /// follows its row's metric.
    public static let decimals: [String: Int] = [
        "share_pct": 1, "mean_rating": 2, "median_ratio_espresso": 2, "median_ratio_filter": 2, "mean_ey_pct": 2,
        "ratio_mean": 2, "ratio_median": 2, "ratio_p25": 2, "ratio_p75": 2,
        "ey_mean_pct": 2, "ey_median_pct": 2, "ey_p25_pct": 2, "ey_p75_pct": 2, "tds_mean_pct": 3, "brew_time_median_s": 1,
        "pearson_r": 3, "spearman_rho": 3, "slope_rating_per_unit": 4, "intercept_rating": 3, "sweet_spot_setting": 2,
        "mean_rating:this_week": 2, "mean_rating:previous_week": 2, "mean_rating:change": 2,
        "mean_ey_pct:this_week": 2, "mean_ey_pct:previous_week": 2, "mean_ey_pct:change": 2,
    ]
    /// The columns holding instants.
    public static let timestampColumns: Set<String> = ["first_used", "last_used"]

    /// `nil` when `ours` agrees with the reference cell `theirs` of `column` (in the row whose first cell is
    /// `rowKey`), else why not:
    /// - a rounded column: `ours` has exactly its decimals and lies within half a unit of its last place of
    ///   the reference (so it is the reference rounded, either neighbour allowed on an exact tie);
    /// - a timestamp: `ours` names the reference's UTC instant as a local time with the offset of `zone`;
    /// - other numbers (counts): equal to 1e-9 relative; anything else: the same text.
    public static func mismatch(column: String, rowKey: String, ours: String, theirs: String, zone: TimeZone) -> String? {
        if timestampColumns.contains(column), !theirs.isEmpty {
            guard let reference = instant(theirs) else { return "reference \(theirs) is not an instant" }
            guard instant(ours) == reference else { return "\(ours) is not the instant \(theirs)" }
            guard ours.hasSuffix(offset(zone, at: reference)) else { return "\(ours) lacks the offset \(offset(zone, at: reference))" }
            return nil
        }
        if let places = decimals[column] ?? decimals["\(rowKey):\(column)"], let x = Double(ours), let y = Double(theirs) {
            let written = ours.split(separator: ".", omittingEmptySubsequences: false)
            guard places == 0 ? written.count == 1 : written.count == 2 && written[1].count == places else {
                return "\(ours) is not written with \(places) decimals"
            }
            let half = 0.5 * pow(10, -Double(places))
            return abs(x - y) <= half * (1 + 1e-9) + 1e-12 * abs(y) ? nil : "\(ours) is not \(theirs) rounded to \(places) decimals"
        }
        if let x = Double(ours), let y = Double(theirs) {
            return abs(x - y) <= 1e-9 * max(abs(x), abs(y)) ? nil : "\(ours) vs \(theirs)"
        }
        return ours == theirs ? nil : "'\(ours)' vs '\(theirs)'"
    }

    /// An ISO 8601 instant with `Z` or an offset, with or without fractional seconds (Foundation's parser).
    public static func instant(_ text: String) -> Date? {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return ISO8601DateFormatter().date(from: text) ?? fractional.date(from: text)
    }

    /// `+hh:mm` / `-hh:mm` of `zone` at `date`, by Foundation.
    public static func offset(_ zone: TimeZone, at date: Date) -> String {
        let s = zone.secondsFromGMT(for: date)
        return String(format: "%@%02d:%02d", s < 0 ? "-" : "+", abs(s) / 3600, abs(s) % 3600 / 60)
    }
}
