import BrewColumns
import BrewStats

/// The back-test's tables as CSV (RFC 4180, CRLF, ``BrewStats/CSVWriter``): one per bag, one row per bag, and one
/// row per grinder × method and for the whole journal. Distances are in model units (steps, clicks) to two decimals,
/// settings as logged.
public enum BacktestCSV {
    /// A bag's brews: what was brewed, what was advised before it, and both settings' distances from the bag's
    /// best-rated settings.
    public static func bag(_ bag: BacktestBag) -> String {
        let header = ["grinder", "method", "bean", "profile", "brew", "brewed_at", "setting", "rating", "advised",
                      "user_distance", "advice_distance", "best_rating"]
        let rows: [[CSVCell]] = bag.brews.map { b in
            [.text(bag.grinder), .text(bag.method), .text(bag.bean), .text(bag.profile), .integer(b.index),
             .timestamp(Timestamp(microseconds: b.date)), .number(b.setting), .number(b.rating), .number(b.advised),
             .decimal(b.userDistance, places: 2), .decimal(b.adviceDistance, places: 2), .number(bag.bestRating)]
        }
        return CSVWriter.write(header: header, rows: rows)
    }

    /// One row per bag of the replay (``BacktestBag``'s figures); `advice_reached` is blank where the advice never
    /// pointed at a best-rated setting, and `saved` then counts it as reached one brew after the bag's last.
    public static func bags(_ backtest: Backtest) -> String {
        let header = ["grinder", "method", "bean", "profile", "brews", "judged", "best_rating", "best_settings",
                      "within_reach", "user_reached", "advice_reached", "saved"]
        let rows: [[CSVCell]] = backtest.bags.map { b in
            [.text(b.grinder), .text(b.method), .text(b.bean), .text(b.profile), .integer(b.brews.count),
             .label(b.judged ? "yes" : "no"), .number(b.bestRating),
             .label(b.bestSettings.map(CSVCell.format).joined(separator: " ")), .integer(b.withinReach),
             .integer(b.userReached), .integer(b.adviceReached), .integer(b.saved)]
        }
        return CSVWriter.write(header: header, rows: rows)
    }

    /// One row per grinder × method, then one for the whole journal (grinder and method `all`): bags, judged bags,
    /// the mean brews saved with its bootstrap interval, and the verdict.
    public static func summary(_ backtest: Backtest) -> String {
        let header = ["grinder", "method", "bags", "judged", "censored", "mean_within_reach", "mean_user_reached",
                      "mean_saved", "low", "high", "level", "verdict"]
        func row(_ g: String, _ m: String, _ s: BacktestSummary) -> [CSVCell] {
            [.text(g), .text(m), .integer(s.bags), .integer(s.judged), .integer(s.censored),
             .decimal(s.meanWithinReach, places: 2), .decimal(s.meanUserReached, places: 2),
             .decimal(s.meanSaved, places: 2), .decimal(s.low, places: 2), .decimal(s.high, places: 2),
             .number(s.level), .label(s.verdict.rawValue)]
        }
        let rows = backtest.pairs.map { row($0.grinder, $0.method, $0.summary) } + [row("all", "all", backtest.overall)]
        return CSVWriter.write(header: header, rows: rows)
    }
}
