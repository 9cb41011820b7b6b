/// The one writer of `week_summary.csv` and `period_summary.csv` (``PeriodSummary/csv()``): the same rows, whose
/// column names follow the report's period (``PeriodSummary/header(for:)``).
///
/// Rows, in this order: `brews`, `mean_rating`, `mean_ey_pct`, `top_method`, `best_brew`. The change column is this
/// stretch minus the one before for the numeric rows (computed before rounding; empty when either is missing) and
/// empty for the two text rows. Numbers are rounded to ``CSVPrecision``; `best_brew` cells are ``BestBrew/label``.
enum ComparisonCSV {
    static func write(header: [String], this: PeriodFigures, previous: PeriodFigures) -> String {
        func diff(_ a: Double?, _ b: Double?) -> Double? { if let a, let b { a - b } else { nil } }
        let rating = CSVPrecision.rating, ey = CSVPrecision.extractionPercent
        let rows: [[CSVCell]] = [
            [.label("brews"), .integer(this.brews), .integer(previous.brews), .integer(this.brews - previous.brews)],
            [.label("mean_rating"), .decimal(this.meanRating, places: rating),
             .decimal(previous.meanRating, places: rating),
             .decimal(diff(this.meanRating, previous.meanRating), places: rating)],
            [.label("mean_ey_pct"), .decimal(this.meanExtraction, places: ey),
             .decimal(previous.meanExtraction, places: ey),
             .decimal(diff(this.meanExtraction, previous.meanExtraction), places: ey)],
            [.label("top_method"), .text(this.topMethod), .text(previous.topMethod), .text(nil)],
            [.label("best_brew"), .text(this.bestBrew?.label), .text(previous.bestBrew?.label), .text(nil)],
        ]
        return CSVWriter.write(header: header, rows: rows)
    }
}
