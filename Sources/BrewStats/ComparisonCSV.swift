/// The figures a comparison of two stretches of days states for each: a week's (``WeekFigures``) or any report
/// period's (``PeriodFigures``).
public protocol ComparedFigures: Sendable {
    /// Brews dated in the stretch.
    var brews: Int { get }
    /// Mean rating of its rated brews; `nil` when none is rated.
    var meanRating: Double? { get }
    /// Mean plausible EY over every category; `nil` when none.
    var meanExtraction: Double? { get }
    /// The method with most brews; `nil` without brews with a method.
    var topMethod: String? { get }
    /// The best-rated brew; `nil` without rated brews.
    var bestBrew: BestBrew? { get }
}

extension WeekFigures: ComparedFigures {}
extension PeriodFigures: ComparedFigures {}

/// The one writer of `week_summary.csv` and `period_summary.csv`: the same rows, whose file and column names
/// follow the report's period (``WeekSummary/header``, ``PeriodSummary/header``).
///
/// Rows, in this order: `brews`, `mean_rating`, `mean_ey_pct`, `top_method`, `best_brew`. The change column is this
/// stretch minus the one before for the numeric rows (computed before rounding; empty when either is missing) and
/// empty for the two text rows. Numbers are rounded to ``CSVPrecision``; `best_brew` cells are ``BestBrew/label``.
enum ComparisonCSV {
    static func write(header: [String], this: some ComparedFigures, previous: some ComparedFigures) -> String {
        func diff(_ a: Double?, _ b: Double?) -> Double? { if let a, let b { a - b } else { nil } }
        let rating = CSVPrecision.rating, ey = CSVPrecision.extractionPercent
        let rows: [[CSVCell]] = [
            [.label("brews"), .integer(this.brews), .integer(previous.brews), .integer(this.brews - previous.brews)],
            [.label("mean_rating"), .decimal(this.meanRating, places: rating), .decimal(previous.meanRating, places: rating),
             .decimal(diff(this.meanRating, previous.meanRating), places: rating)],
            [.label("mean_ey_pct"), .decimal(this.meanExtraction, places: ey), .decimal(previous.meanExtraction, places: ey),
             .decimal(diff(this.meanExtraction, previous.meanExtraction), places: ey)],
            [.label("top_method"), .text(this.topMethod), .text(previous.topMethod), .text(nil)],
            [.label("best_brew"), .text(this.bestBrew?.label), .text(previous.bestBrew?.label), .text(nil)],
        ]
        return CSVWriter.write(header: header, rows: rows)
    }
}
