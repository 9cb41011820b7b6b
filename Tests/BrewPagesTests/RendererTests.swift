import BrewCharts
import Testing
@testable import BrewPages

/// The three renderers over one page: each block drawn in each, tables as cards on a phone, charts as pictures of
/// their variants, evidence behind a fold on the HTML page and after the statement elsewhere.
@Suite struct RendererTests {
    static var page: Page {
        let table = Table(columns: [Column("Kind", priority: 3), Column("Name", priority: 1), Column("Brews", kind: .number, priority: 2)],
                          rows: [["grinder", "C40", "12"]])
        let finding = Finding(subject: "Comandante C40 × V60", statement: "best around setting 24",
                              evidence: Evidence(n: 14, noun: "rated brews", details: ["R² = 0.31"]))
        return Page(kind: .periodReport, title: "T", heading: "2026-W47", subtitle: "16–22 Nov 2026", zone: "Days in UTC.", sections: [
            Section(id: "overview", blocks: [.figures([Figure(label: "Brews", value: "23", comparison: "+4 vs last week (19)")])]),
            Section(id: "beans", heading: "Beans", blocks: [.findings([finding])]),
            Section(id: "equipment", heading: "Equipment & more", blocks: [.table(table)], folds: true, summary: "1 piece"),
        ])
    }

    @Test func theHTMLPageListsItsSectionsFoldsLongOnesAndHidesEvidenceInAFold() {
        let html = HTMLRenderer.render(Self.page, charts: [])
        #expect(html.contains("<nav class=\"contents\" aria-label=\"Sections\"><ul><li><a href=\"#beans\">Beans</a></li><li><a href=\"#equipment\">Equipment &amp; more</a></li></ul></nav>"))
        #expect(html.contains("<section id=\"equipment\"><details class=\"fold\"><summary><h2>Equipment &amp; more</h2>"))
        #expect(html.contains("<details class=\"evidence\"><summary>How sure</summary><ul><li>14 rated brews</li><li>R² = 0.31</li></ul></details>"))
        // The card's fields in priority order on a phone: Name (1) is the title, then Brews, then Kind.
        #expect(html.contains("<td class=\"p3\" data-label=\"Kind\">grinder</td><td class=\"p1\" data-label=\"Name\">C40</td><td class=\"p2 n\" data-label=\"Brews\">12</td>"))
        #expect(html.contains("<p class=\"zone\">Days in UTC.</p>"))
    }

    @Test func markdownAndPDFCarryTheSameWords() {
        let md = MarkdownRenderer.render(Self.page)
        #expect(md.contains("## Equipment & more"))
        #expect(md.contains("- **Comandante C40 × V60**: best around setting 24\n  - _How sure:_ 14 rated brews; R² = 0.31"))
        #expect(md.contains("| Kind | Name | Brews |\n| --- | --- | ---: |\n| grinder | C40 | 12 |"))
        let pdf = PDFRenderer.blocks(Self.page)
        #expect(pdf.contains(.heading("Equipment & more")))
        #expect(pdf.contains(.bullets(["Comandante C40 × V60: best around setting 24 (how sure: 14 rated brews; R² = 0.31)"])))
        #expect(pdf.contains(.table(DocumentTable(header: ["Kind", "Name", "Brews"], rows: [["grinder", "C40", "12"]], numericColumns: [2]))))
    }

    @Test func aWideTableIsACardPerRowInThePDF() {
        let columns = (1...9).map { Column("C\($0)", priority: 10 - $0) }
        let t = Table(columns: columns, rows: [(1...9).map { Cell("v\($0)") }])
        let blocks = PDFRenderer.blocks(Page(kind: .bean, title: "t", heading: "h", sections: [Section(id: "s", blocks: [.table(t)])]))
        // Each field after its column's name: no column is lost.
        #expect(blocks.contains(.bullets(["C1: v1 · C2: v2 · C3: v3 · C4: v4 · C5: v5 · C6: v6 · C7: v7 · C8: v8 · C9: v9"])))
    }

    @Test func aChartWithoutDataIsOneLine() {
        let empty = ChartRequest(stem: "x", title: "Extraction trend", chart: .empty(title: "Extraction trend", message: "No brew has a TDS"))
        guard case .missing(let line) = Block.chartOrMissing(empty) else { Issue.record("not a missing line"); return }
        #expect(line.plain == "Extraction trend: No brew has a TDS.")
    }

    @Test func userTextIsEscaped() {
        let page = Page(kind: .bean, title: "<b>", heading: "Kochere <script>", sections: [
            Section(id: "s", heading: "A|B", blocks: [.paragraph("*not bold* & <i>")]),
        ])
        let html = HTMLRenderer.render(page, charts: [])
        #expect(html.contains("<h1>Kochere &lt;script&gt;</h1>"))
        #expect(html.contains("*not bold* &amp; &lt;i&gt;"))
        let md = MarkdownRenderer.render(page)
        #expect(md.contains("# Kochere \\<script\\>"))
        #expect(md.contains("\\*not bold\\* & \\<i\\>"))
    }
}
