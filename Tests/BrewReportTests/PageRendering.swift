import BrewCharts
@testable import BrewPages
@testable import BrewReport

/// The report's page drawn by each renderer, for tests that read what a reader sees (no chart files).
enum Render {
    static func page(_ r: PeriodReport) -> Page { ReportPage.page(r, charts: []) }
    static func html(_ r: PeriodReport) -> String { HTMLRenderer.render(page(r), charts: []) }
    static func markdown(_ r: PeriodReport) -> String { MarkdownRenderer.render(page(r)) }
    static func pdf(_ r: PeriodReport) -> [DocumentBlock] { PDFRenderer.blocks(page(r)) }
    /// One section as HTML.
    static func html(section: Section) -> String { HTMLRenderer.section(section, drawn: [:]) }
}
