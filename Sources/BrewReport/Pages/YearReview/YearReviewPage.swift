import BrewCharts
import BrewPages
import BrewStats
import Foundation

/// The year in review's page (`index.html`, `review.md`, `review.pdf`), built once from ``YearReviewText``.
///
/// Its headline statements — favourite roaster, most-brewed and best-rated coffee, favourite hour, busiest month and
/// weekday — are ``BrewPages/Finding``s: a tie names every tied name, a favourite that depends on a name merge the
/// import suspects says so, and a statement without the evidence it needs says what is missing.
enum YearReviewPage {
    /// - Parameters:
    ///   - merges: Spellings the import suspects are one roaster (each group's names), not merged by an aliases file.
    ///   - zone: The page's time-zone line (``ReportOptions/zoneLine``).
    static func page(_ text: YearReviewText, journalName: String, charts: [ChartRequest],
                     roasterMerges: [[String]] = [],
                     zone: String?, pdf: Bool) -> Page {
        let r = text.review
        var sections: [Section] = [Section(id: "overview", blocks: [.figures(text.figures.map(\.figure))])]
        guard !r.isEmpty else {
            sections.append(Section(id: "year", heading: "The year", blocks: [
                .missing(
                    Text(
                        "No brew in this journal is dated in \(r.year), so there is " +
                            "nothing to review. The journal's brews lie in other years.")),
            ]))
            return page(r.year, journalName: journalName, sections: sections, zone: zone, pdf: pdf)
        }
        sections.append(
            Section(id: "favourites", heading: "Favourites",
                blocks: [.findings(text.findings(roasterMerges: roasterMerges))]))
        sections.append(Section(id: "when", heading: "When", blocks: charts.map { Block.chartOrMissing($0) }))
        let spots = text.sweetSpots
        sections.append(Section(id: "sweet-spots", heading: "Best settings found",
                                blocks: spots.isEmpty ? [.missing(Text(text.noSweetSpot))] : [.findings(spots)]))
        sections.append(
            TastingSection.section(
                TastingSummary(text.analysis.journal.brews, rows: TastingSection.rows(in: r.span, text.analysis)),
                                               id: "tasting", heading: "What the cups tasted of",
                                               scope: "the year’s brews",
                                               days: text.analysis.derived.localDay, quotes: false))
        var dialIn: [Block] = [.paragraph(Text(text.dialInSummary))]
        let rows = text.journeyRows
        if !rows.isEmpty {
            let columns = [Column("Bean", priority: 1), Column("Grinder × method", priority: 2),
                           Column("First", priority: 4),
                           Column("Best", priority: 3), Column("Gap", unit: "stars", kind: .number, priority: 5),
                           Column("Setting moved", kind: .number, priority: 6),
                           Column("Brews to dial in", kind: .number, priority: 4)]
            dialIn.append(.table(Table(columns: columns, rows: rows.map { $0.map { Cell($0) } })))
            if let more = text.journeysLeftOut { dialIn.append(.note(Text(more))) }
            dialIn.append(
                .note(
                    "First: the bag's first rated brew on that grinder × method; best: its highest rating (the " +
                        "earliest, on ties), with the settings on the grinder's dial. Gap: best − first rating. " +
                            "Setting moved: how far the best brew's setting was from the first's."))
        }
        sections.append(Section(id: "dialing-in", heading: "Dialing in", blocks: dialIn))
        return page(r.year, journalName: journalName, sections: sections, zone: zone, pdf: pdf)
    }

    static func page(_ year: Int, journalName: String, sections: [Section], zone: String?, pdf: Bool) -> Page {
        var sections = sections
        let files = ["review.md"] + (pdf ? ["review.pdf"] : [])
        sections.append(Section(id: "files", heading: "Files", blocks: [.links(files.map { Link($0, href: $0) })]))
        return Page(kind: .yearReview, title: "Brew year \(year)", eyebrow: Text("Year in review · \(journalName)"),
                    heading: "\(year) in coffee", subtitle: "1 January – 31 December \(year)", zone: zone,
                    sections: sections,
                    footer: Text(
                        "Made by brewstats. The year is the calendar year of the brews' local days. Beans used: the " +
                            "doses logged. A change against the year before is stated only with " +
                                "\(EvidenceRules.comparisonMinimumBrews) rated brews in each year."))
    }
}
