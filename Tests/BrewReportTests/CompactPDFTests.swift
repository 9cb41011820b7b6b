@testable import BrewCharts
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// Every chart SVG of the sample report is legible where the page shows it: a phone drawing (`-phone.svg`) at the
/// 358 CSS px a 390 px screen gives it, a wide drawing at the content width of a 1280 px screen (1068 px; a half-size
/// chart half of it, less the gap): no text under 11 CSS px. The browser test (tools/pagecheck.py) checks the same
/// in Chromium, with the sizes the page really gives each image.
@Suite struct ChartLegibilityTests {
    static func smallestText(_ svg: String) throws -> (size: Double, canvas: Double)? {
        let canvas = try #require(svg.range(of: "viewBox=\"0 0 ").map { svg[$0.upperBound...].prefix { $0.isNumber || $0 == "." } }
            .flatMap { Double(String($0)) })
        let sizes = svg.matches(of: #/font-size:([0-9.]+)px/#).compactMap { Double(String($0.1)) }
        return sizes.min().map { ($0, canvas) }
    }

    @Test func everyChartOfTheSampleReportIsLegibleWhereItIsShown() throws {
        let folder = try Repo.scratch("legible").appendingPathComponent("out")
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.now = Date(timeIntervalSince1970: 1_795_435_200)
        options.parallelRendering = false
        let report = try PeriodReport(journal: try importJournal(at: Repo.sample("journal.sqlite")).journal, journalName: "s",
                                      importReport: nil, options: options)
        try ReportWriter.write(report, options: options, to: folder)
        let svgs = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }
        #expect(svgs.contains { $0.hasSuffix("-phone.svg") } && svgs.contains { $0.hasSuffix("-dark.svg") })
        for name in svgs {
            guard let (size, canvas) = try Self.smallestText(String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) else { continue }
            let shown = name.contains("-phone") ? 356.0 : 1068.0
            #expect(size * shown / canvas >= 11, "\(name): \(size) pt text on a \(canvas) pt canvas shown \(shown) px wide")
        }
    }
}

/// `report.pdf` of the sample journal's week: at most 8 A4 pages, and no page more than half empty unless it ends a
/// section (the next page starts with a heading or a break) or the document.
@Suite struct CompactPDFTests {
    @Test func theSampleWeekIsAtMostEightPagesNoneHalfEmptyMidSection() throws {
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        options.now = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23
        options.parallelRendering = false
        let result = try importJournal(at: Repo.sample("journal.sqlite"))
        let report = try PeriodReport(journal: result.journal, journalName: "s", importReport: result.report, options: options)
        let charts = ReportCharts.all(report, options: options).map(\.request)
        let document = PDFRenderer.document(ReportPage.page(report, charts: charts, pdf: true), theme: options.theme, creationDate: nil)
        let fills = document.pageFills()
        for (k, page) in fills.enumerated() where !page.endsSection {
            #expect(page.used >= 0.5, "page \(k + 1) is \(Int((1 - page.used) * 100)) % empty mid-section")
        }
        #expect(fills.count <= 8, "\(fills.count) pages")
    }
}
