import BrewCharts
import BrewPages

/// `combined/index.html`: every journal's outcome with a link to its report, and the cross-journal charts.
enum CombinedPage {
    /// - Parameters:
    ///   - charts: The cross-journal charts.
    ///   - link: A journal's report page relative to the combined folder (`../j1/index.html`), or `nil`.
    static func page(outcomes: [JournalOutcome], charts: [ChartRequest], link: (JournalOutcome) -> String?) -> Page {
        let ok = outcomes.filter { $0.status != .failed }.count
        let columns = [Column("Journal", priority: 1), Column("Status", priority: 2), Column("Format", priority: 5),
                       Column("Kept", kind: .number, priority: 3), Column("Rejected", kind: .number, priority: 4),
                       Column("Week", priority: 5), Column("Error", priority: 2)]
        let rows: [[Cell]] = outcomes.map { o in
            [Cell(o.journal, href: link(o)), Cell(o.status.rawValue), Cell(o.format), Cell("\(o.kept)"),
             Cell("\(o.rejected)"),
             Cell(o.week), Cell(o.error)]
        }
        return Page(kind: .combined, title: "Batch — \(outcomes.count) journals", eyebrow: "brewstats batch",
                    heading: "\(outcomes.count) journals", subtitle: "\(ok) reported, \(outcomes.count - ok) failed",
                    sections: [
                        Section(id: "across", heading: "Across journals",
                            blocks: charts.map { Block.chartOrMissing($0) }),
                        Section(id: "journals", heading: "Journals",
                            blocks: [.table(Table(columns: columns, rows: rows))]),
                    ], footer: "Made by brewstats.")
    }
}
