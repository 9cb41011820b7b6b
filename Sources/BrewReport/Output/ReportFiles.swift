import BrewStats

/// The files a report folder holds, named once: ``ReportWriter`` writes them under these names, `index.html` links
/// them in this order, and ``OwnedFolder`` recognises a report folder by them.
///
/// Chart files are named by their stems (``ChartKind``'s, and the per-group `grind-rating-…` and `dial-in-…`
/// stems) with the format's extension; bean pages live under ``beanFolder``.
public enum ReportFiles {
    public static let equipmentUsage = "equipment_usage.csv"
    public static let weekly = "weekly.csv"
    public static let methodStats = "method_stats.csv"
    public static let grindRating = "grind_rating.csv"
    /// The report week against the week before (a weekly report).
    public static let weekSummary = "week_summary.csv"
    /// The period against the period before; stands in for ``weekSummary`` in a report of a month, a year or a range.
    public static let periodSummary = "period_summary.csv"
    /// The period's totals (every report with a period).
    public static let totals = "totals.csv"
    /// One row per shot (a journal read with its shots).
    public static let shots = "shots.csv"
    /// The shots section's chart stems: the overlays (`shot-overlay-1` …), each group's last shot against its best
    /// (`shot-compare-1` …, with its table `shot-compare-1.csv`), and time to first drops against rating.
    public static let shotOverlayPrefix = "shot-overlay-"
    public static let shotComparisonPrefix = "shot-compare-"
    public static let shotRatingStem = "shot-first-drops-vs-rating"
    static let shotStemPrefixes = [shotOverlayPrefix, shotComparisonPrefix]
    public static let index = "index.html"
    public static let summary = "summary.md"
    public static let pdf = "report.pdf"
    /// The folder of the bean pages (``BeanPages``).
    public static let beanFolder = "beans"
    /// What a batch adds: its manifest in each journal's report, and the pooled findings in `combined/`.
    public static let batchFiles = ["manifest.json", "pooled.json"]

    /// The CSV summaries of a weekly report, in the order the report lists them (the comparison last).
    public static let summaries = [equipmentUsage, weekly, methodStats, grindRating, weekSummary]

    /// The naming rule of the comparison file (``PeriodSummary/csv()``): ``weekSummary`` for a week (and for a
    /// report without a period, which writes an empty week summary), ``periodSummary`` for a month, a year or a range.
    public static func comparison(for period: ReportPeriod?) -> String {
        switch period {
        case .week?, nil: weekSummary
        case .month?, .year?, .range?: periodSummary
        }
    }

    /// The CSV summaries of `report`, in the order the page links them: the four of every report, the
    /// comparison (``PeriodReport/comparisonFile``) and ``totals``.
    static func linkedCSVs(comparison: String) -> [String] {
        [equipmentUsage, weekly, methodStats, grindRating, comparison, totals]
    }

    /// Every name a report or a batch's `combined/` folder writes at its top level, charts aside.
    static let fixedNames: Set<String> =
        Set(summaries + [periodSummary, totals, shots, index, summary, pdf] + batchFiles)

    /// The stems of the report's charts that are not per group (``ChartRecipe/stems``, and the shots section's).
    static let chartStems: Set<String> = Set(ChartKind.allCases.flatMap(\.recipe.stems) + [shotRatingStem])

    /// The prefixes of the per-group chart stems (``ChartRecipe/groupStemPrefixes``: `grind-rating-…`, `dial-in-…`;
    /// the shots section's `shot-overlay-…`, `shot-compare-…`).
    static let groupStemPrefixes: [String] = ChartKind.allCases.flatMap(\.recipe.groupStemPrefixes) + shotStemPrefixes

    /// Whether `name` is a numbered table of the shots section (`shot-compare-1.csv`).
    static func isShotTable(_ name: String) -> Bool {
        guard name.hasPrefix(shotComparisonPrefix), name.hasSuffix(".csv") else { return false }
        let number = name.dropFirst(shotComparisonPrefix.count).dropLast(4)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
}
