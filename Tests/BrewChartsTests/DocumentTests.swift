import BrewCharts
import Foundation
import TestSupport
import Testing

/// One `text` line of a recorded log.
private struct LoggedText: Equatable {
    var string: String
    var x: Double
    var y: Double
    var size: Double
    var bold: Bool
}

/// A recorded document log split into pages, with helpers to read the drawn text.
private struct RecordedPages {
    /// Each page's lines (the `page N of M` line excluded).
    let pages: [[String]]

    init(_ log: String) {
        var pages: [[String]] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("page ") { pages.append([]) } else { pages[pages.count - 1].append(String(line)) }
        }
        self.pages = pages
    }

    func texts(onPage index: Int) -> [LoggedText] {
        pages[index].compactMap(Self.parse)
    }

    static func parse(_ line: String) -> LoggedText? {
        guard line.hasPrefix("text \""), let close = line.range(of: "\" (", options: .backwards) else { return nil }
        let string = String(line[line.index(line.startIndex, offsetBy: 6)..<close.lowerBound])
        let rest = line[close.upperBound...]
        guard let paren = rest.firstIndex(of: ")") else { return nil }
        let coordinates = rest[..<paren].split(separator: ",").compactMap { Double($0) }
        let fields = rest[rest.index(after: paren)...].split(separator: " ")
        guard coordinates.count == 2, let size = fields.first.flatMap({ Double($0) }) else { return nil }
        return LoggedText(string: string, x: coordinates[0], y: coordinates[1], size: size, bold: fields.contains("bold"))
    }
}

/// Documents shared by the tests.
private enum DocumentFixtures {
    static var small: ReportDocument {
        ReportDocument(title: "Week 2025-W03", blocks: [
            .title("Weekly brew report", subtitle: "13–19 January 2025 · Zürich"),
            .figures([
                HeadlineFigure(label: "Brews", value: "23", detail: "+4 vs last week"),
                HeadlineFigure(label: "Mean rating", value: "4.12", detail: "n = 21 rated"),
                HeadlineFigure(label: "Best brew", value: "Kenya Kiambu AA — V60 at 94 °C", detail: "4.8 on Tuesday"),
                HeadlineFigure(label: "Mean EY", value: "20.4 %"),
            ]),
            .heading("Equipment"),
            .table(header: ["Grinder", "Brews", "Mean rating"],
                   rows: [["Comandante C40", "14", "4.21"], ["Müller Handmühle mit sehr langem Namen aus dem Schwarzwald, Baujahr 1962 und frisch überholt", "7", "3.90"],
                          ["日本の手挽きミル", "2", "—"]],
                   numericColumns: [1, 2]),
            .heading("Dial-in findings"),
            .bullets(["Comandante C40 × V60 × Kochere: best around 22 clicks, n = 14",
                      "Niche Zero × AeroPress × Café Granja La Esperanza: not enough data yet (n = 3)"]),
            .paragraph("Ratings rose this week. Crème brûlée notes from the Ethiopian washed lot were mentioned twice; 日本の豆 scored lower."),
            .chart(ChartFixtures.brewsPerWeek, height: 220),
            .note("2 rows skipped on import: missing dose (line 14), unknown grinder “Kinu M47” (line 31)."),
        ])
    }

    static func longTable(rows count: Int) -> DocumentTable {
        DocumentTable(header: ["Brew", "Bean", "Rating"],
                      rows: (1...count).map { ["row \($0)", "Bean \($0 % 7)", String(format: "%.1f", Double($0 % 5) + 0.5)] },
                      numericColumns: [2])
    }

    /// A paragraph of `words` short words (every word the same width under the approximate measurer).
    static func filler(words: Int) -> String { Array(repeating: "lorem", count: words).joined(separator: " ") }
}

// A4 geometry and the documented layout numbers the pagination tests compute from.
private let pageHeight = 842.0
private let contentTop = 54.0
private let contentBottom = 842.0 - 62
private let contentWidth = 595.0 - 2 * 50

@Suite struct DocumentTests {
    @Test func recordedLogMatchesGolden() throws {
        let log = DocumentFixtures.small.record()
        let golden = try Golden.check("document-small.txt", log)
        #expect(golden != nil, "missing golden document-small.txt; run with BREWSTATS_UPDATE_GOLDENS=1")
        if let golden, golden != log {
            let mismatch = zip(golden.split(separator: "\n"), log.split(separator: "\n")).first { $0 != $1 }
            Issue.record("document-small differs from its golden; first difference: \(mismatch.map { "\($0.0) ≠ \($0.1)" } ?? "length")")
        }
    }

    @Test func smallDocumentDrawsEveryBlockOnOnePage() {
        let recorded = RecordedPages(DocumentFixtures.small.record())
        #expect(recorded.pages.count == 1)
        let strings = recorded.texts(onPage: 0).map(\.string)
        for expected in ["Weekly brew report", "Equipment", "Comandante C40", "日本の手挽きミル", "Brews per week"] {
            #expect(strings.contains(expected), "\(expected)")
        }
        #expect(strings.contains("brewstats · Week 2025-W03 · page 1 of 1"))
        // Numeric columns keep their natural width, so their headings are never cut…
        #expect(recorded.texts(onPage: 0).contains { $0.string == "Mean rating" && $0.bold })
        // …while the long grinder name is ellipsised in its cell rather than running into the numbers.
        #expect(strings.contains { $0.hasPrefix("Müller Handmühle") && $0.hasSuffix("…") })
    }

    @Test func longTableSpansPagesWithHeaderRepeated() {
        let document = ReportDocument(title: "Brews", blocks: [.table(DocumentFixtures.longTable(rows: 120))])
        let recorded = RecordedPages(document.record())
        // Each page holds a header (16 pt row + 2 pt of rules) and then as many 16 pt rows as fit in the
        // 726 pt content height: ⌊(726 − 18) / 16⌋ = 44, so 120 rows take 44 + 44 + 32.
        let perPage = Int(((contentBottom - contentTop) - 18) / 16)
        let expectedPages = (120 + perPage - 1) / perPage
        #expect(perPage == 44)
        #expect(recorded.pages.count == expectedPages)
        var seen: [String] = []
        for page in recorded.pages.indices {
            let texts = recorded.texts(onPage: page)
            let header = texts.filter { $0.bold && ["Brew", "Bean", "Rating"].contains($0.string) }
            #expect(header.count == 3, "page \(page + 1) repeats the header")
            let firstRow = texts.first { $0.string.hasPrefix("row ") }
            #expect((header.first?.y ?? .infinity) < (firstRow?.y ?? 0), "header above the rows on page \(page + 1)")
            let rows = texts.filter { $0.string.hasPrefix("row ") }
            #expect(rows.count == min(perPage, 120 - page * perPage))
            #expect(rows.allSatisfy { $0.y < contentBottom })
            seen += rows.map(\.string)
        }
        #expect(seen == (1...120).map { "row \($0)" })
    }

    @Test func numericColumnsAreRightAligned() {
        let document = ReportDocument(title: "T", blocks: [.table(DocumentFixtures.longTable(rows: 12))])
        let measurer = ApproximateTextMeasurer()
        let cells = RecordedPages(document.record()).texts(onPage: 0).filter { !$0.bold && $0.string.contains(".") }
        #expect(cells.count == 12)
        let rightEdges = Set(cells.map { (($0.x + measurer.measure($0.string, style: TextStyle(size: $0.size, color: .gray(0))).width) * 10).rounded() })
        #expect(rightEdges.count == 1, "every rating ends at the same x")
        let rightEdge = (rightEdges.first ?? 0) / 10
        #expect(rightEdge <= 50 + contentWidth && rightEdge > 50 + contentWidth - 10)
    }

    @Test func chartNearTheBottomMovesToTheNextPage() {
        // 600 short words fill most of page 1 (the test checks how much is left); a 420 pt chart cannot fit
        // in the rest, so it moves whole to the top of page 2 and the text after it follows it there.
        let blocks: [DocumentBlock] = [.paragraph(DocumentFixtures.filler(words: 600)),
                                       .chart(ChartFixtures.ratingTrend, height: 420),
                                       .paragraph("After the chart.")]
        let recorded = RecordedPages(ReportDocument(title: "Charts", blocks: blocks).record())
        #expect(recorded.pages.count == 2)
        let first = recorded.texts(onPage: 0)
        let second = recorded.texts(onPage: 1)
        let lastLine = first.filter { $0.string.hasPrefix("lorem") }.map(\.y).max() ?? 0
        #expect(contentBottom - lastLine < 420, "the chart would not have fit on page 1")
        #expect(!first.contains { $0.string == ChartFixtures.ratingTrend.title })
        let chartTitle = second.first { $0.string == ChartFixtures.ratingTrend.title }
        #expect(chartTitle != nil)
        #expect((chartTitle?.y ?? .infinity) < contentTop + 30, "the chart starts at the top of page 2")
        let after = second.first { $0.string == "After the chart." }
        #expect((after?.y ?? 0) > (chartTitle?.y ?? .infinity) + 350)
    }

    @Test func footersCountPages() {
        let blocks: [DocumentBlock] = [.title("Füßchen 日本", subtitle: nil), .paragraph(DocumentFixtures.filler(words: 1500)),
                                       .pageBreak, .heading("Last page")]
        let recorded = RecordedPages(ReportDocument(title: "Füßchen 日本", blocks: blocks).record())
        let count = recorded.pages.count
        #expect(count >= 3)
        for page in 0..<count {
            let footer = recorded.texts(onPage: page).last
            #expect(footer?.string == "brewstats · Füßchen 日本 · page \(page + 1) of \(count)")
            #expect((footer?.y ?? 0) > contentBottom && (footer?.y ?? .infinity) < pageHeight)
        }
        #expect(recorded.texts(onPage: count - 1).first?.string == "Last page")
    }

    @Test(arguments: 20...32)
    func headingIsNeverLeftAloneAtThePageBottom(paragraphsBefore: Int) {
        // Sliding the heading down the first page in small steps puts it at every position near the bottom;
        // wherever it lands, the first two lines of its paragraph are on the same page, just below it.
        var blocks: [DocumentBlock] = Array(repeating: .paragraph("lorem"), count: paragraphsBefore)
        blocks += [.heading("Dial-in findings"), .paragraph(DocumentFixtures.filler(words: 200))]
        let recorded = RecordedPages(ReportDocument(title: "H", blocks: blocks).record())
        let page = recorded.pages.indices.first { recorded.texts(onPage: $0).contains { $0.string == "Dial-in findings" } }
        guard let page else {
            Issue.record("heading not drawn")
            return
        }
        let texts = recorded.texts(onPage: page)
        let index = texts.firstIndex { $0.string == "Dial-in findings" }!
        let following = texts[(index + 1)...].prefix(2)
        #expect(following.count == 2 && following.allSatisfy { $0.string.hasPrefix("lorem lorem") && $0.y < contentBottom })
    }

    @Test func paragraphsWrapWithinTheContentWidth() {
        let text = "Crème brûlée, Müsli und 日本語の文章はスペースなしで折り返されます。 " + DocumentFixtures.filler(words: 60)
            + " Supercalifragilisticexpialidocious" + String(repeating: "x", count: 120)
        let recorded = RecordedPages(ReportDocument(title: "W", blocks: [.paragraph(text)]).record())
        let measurer = ApproximateTextMeasurer()
        let lines = recorded.texts(onPage: 0).dropLast()
        #expect(lines.count > 3)
        for line in lines {
            let width = measurer.measure(line.string, style: TextStyle(size: line.size, color: .gray(0))).width
            #expect(line.x >= 50 && line.x + width <= 50 + contentWidth + 0.01, "\(line.string)")
        }
        // Nothing is lost: the lines joined (without the spaces consumed at breaks) give the text back.
        let squeeze = { (s: String) in s.filter { !$0.isWhitespace } }
        #expect(squeeze(lines.map(\.string).joined()) == squeeze(text))
    }

    @Test func pageBreaksNeverMakeBlankPages() {
        let blocks: [DocumentBlock] = [.pageBreak, .paragraph("one"), .pageBreak, .pageBreak, .paragraph("two"), .pageBreak]
        let recorded = RecordedPages(ReportDocument(title: "B", blocks: blocks).record())
        #expect(recorded.pages.count == 2)
        #expect(recorded.texts(onPage: 0).first?.string == "one")
        #expect(recorded.texts(onPage: 1).first?.string == "two")
    }

    @Test func pdfIsDeterministicAndHasOnePagePerLayoutPage() throws {
        let document = ReportDocument(title: "Brews", blocks: [.title("Brews", subtitle: "é ü 日本"),
                                                               .table(DocumentFixtures.longTable(rows: 120)),
                                                               .chart(ChartFixtures.equipmentUsage, height: 300)])
        let first = try document.renderPDF()
        let second = try document.renderPDF()
        #expect(first == second)
        #expect(Array(first.prefix(5)) == Array("%PDF-".utf8))
        let pages = document.pageCount()
        #expect(pages >= 3)
        #expect(pdfPageCount(first) == pages)
    }

    @Test func emptyDocumentIsAValidOnePagePDF() throws {
        let document = ReportDocument(title: "", blocks: [])
        let bytes = try document.renderPDF()
        #expect(Array(bytes.prefix(5)) == Array("%PDF-".utf8))
        #expect(String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF"))
        #expect(pdfPageCount(bytes) == 1)
        let recorded = RecordedPages(document.record())
        #expect(recorded.pages.count == 1)
        #expect(recorded.texts(onPage: 0).map(\.string) == ["brewstats · page 1 of 1"])
    }

    @Test func writesAtomicallyAndReportsAMissingFolder() throws {
        let folder = try Repo.scratch("document")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("report.pdf")
        try DocumentFixtures.small.writePDF(to: url)
        let written = try Data(contentsOf: url)
        #expect(Array(written) == (try DocumentFixtures.small.renderPDF()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.pdf"])
        if let sample = ProcessInfo.processInfo.environment["BREWSTATS_DOCUMENT_SAMPLE"] {
            // Opt-in: keep a copy to look at (e.g. with a PDF viewer).
            try DocumentFixtures.small.writePDF(to: URL(fileURLWithPath: sample))
        }

        let missing = folder.appendingPathComponent("no-such-folder/report.pdf")
        #expect {
            try DocumentFixtures.small.writePDF(to: missing)
        } throws: { error in
            (error as? ChartError)?.description.contains(missing.path) == true
        }
    }
}

/// The page count a PDF declares in its page tree root (`/Type /Pages … /Count N`).
private func pdfPageCount(_ bytes: [UInt8]) -> Int? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let pagesRange = text.range(of: "/Type /Pages") else { return nil }
    let tail = text[pagesRange.upperBound...]
    guard let count = tail.range(of: "/Count ") else { return nil }
    return Int(tail[count.upperBound...].prefix { $0.isNumber })
}
