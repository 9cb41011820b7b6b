import BrewColumns
import BrewStats
import Foundation

extension PeriodReport {
    /// What the report calls its period in a sentence: `week` (also without a period), `month`, `year`, `period`.
    public var noun: String { period?.noun ?? "week" }

    /// How the report names the period before: `last week`, `last month`, `last year`, `the 14 days before`.
    public var previousName: String { period?.previousName ?? "last week" }

    /// The page's heading: the week's label (`2026-W47`), the period's name (`November 2026`), or
    /// `No dated brews`.
    public var heading: String { period?.name ?? "No dated brews" }

    /// The short label the report's default folder is named after: `2026-W47`, `2026-11`, `2026`,
    /// `2026-03-01_2026-03-15`, or `all` without a period.
    public var folderLabel: String { period?.label ?? "all" }

    /// Whether the report is about a month, a year or a range of days rather than a week.
    public var isPeriodReport: Bool { week == nil && period != nil }

    /// The file of the period-against-the-period-before summary: `week_summary.csv` for a weekly report,
    /// `period_summary.csv` for a month, a year or a range.
    public var comparisonFile: String { ReportFiles.comparison(for: period) }

    /// For a period without brews: that the report is empty, and which days the journal's brews span (of the
    /// journal the report uses, so up to the period's end unless later brews are included); `nil` otherwise.
    public var emptyNote: String? {
        guard isPeriodReport, let period, (periodSummary?.this.brews ?? 0) == 0 else { return nil }
        var text = "No brews in \(period.name): this report is empty."
        if let span = analysis.dayRange() {
            text += " The journal's brews \(laterBrewsLeftOut > 0 ? "up to the \(noun)’s end " : "")run from " +
                "\(span.lowerBound) to \(span.upperBound)."
        } else if laterBrewsLeftOut == 0 {
            text += " The journal has no dated brew."
        }
        return text
    }

    /// `… and 63 more bean × grinder × method combinations brewed this year, each with fewer brews.` when a period
    /// report's bean list is cut (``beansLeftOut``); `nil` otherwise.
    public var beansLeftOutNote: String? {
        guard beansLeftOut > 0 else { return nil }
        return "… and \(beansLeftOut) more bean × grinder × method combination\(beansLeftOut == 1 ? "" : "s") brewed " +
            "this \(noun), each with as many brews or fewer."
    }
}
