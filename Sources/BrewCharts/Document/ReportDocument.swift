import BrewFiles
import Foundation

/// A printable multi-page document: ``DocumentBlock``s flowed onto A4 pages in the charts' typographic style,
/// written as PDF through cairo.
///
/// Layout is a single top-to-bottom flow inside the page margins (see ``PageGeometry``). Every page ends
/// with the footer `brewstats · <title> · page N of M` (the title ellipsised if the line would not fit; just
/// `brewstats · page N of M` when the title is blank). Text is set in the theme's family (DejaVu Sans) with
/// per-character font fallback, so any Unicode (é, ü, 日本) renders. A document with no blocks is one page
/// that carries only the footer.
///
///     let document = ReportDocument(title: "Week 2025-W03", blocks: [
///         .title("Weekly brew report", subtitle: "13–19 January 2025"),
///         .figures([HeadlineFigure(label: "Brews", value: "23", detail: "+4 vs last week")]),
///         .heading("Dial-in"),
///         .bullets(["Comandante C40 × V60 × Kochere: best around 22 clicks, n = 14"]),
///     ])
///     try document.writePDF(to: folder.appendingPathComponent("report.pdf"))
public struct ReportDocument: Sendable, Hashable {
    /// The document's name: PDF metadata title and the middle of every footer.
    public var title: String
    /// The content, in reading order.
    public var blocks: [DocumentBlock]
    /// Colours and font family, shared with the charts drawn inside (``Theme/monochrome`` for print).
    public var theme: Theme
    /// Paper and margins (A4 portrait by default).
    public var page: PageGeometry
    /// The PDF's creation date as ISO 8601 (`2026-11-22T10:40:52+01:00`), or `nil` for the fixed default of
    /// ``CairoDocumentMetadata`` (byte-identical output for tests and goldens).
    public var creationDate: String? = nil

    /// Creates a document.
    public init(title: String, blocks: [DocumentBlock], theme: Theme = .monochrome, page: PageGeometry = .a4) {
        self.title = title
        self.blocks = blocks
        self.theme = theme
        self.page = page
    }

    /// The number of pages the document occupies when laid out with `measurer` (at least 1).
    ///
    /// Use the default (cairo's real font metrics) for the PDF's page count; ``ApproximateTextMeasurer`` gives
    /// the count of ``record()``.
    public func pageCount(measurer: some TextMeasuring = CairoTextMeasurer()) -> Int {
        pages(measurer: measurer).count
    }

    /// Encodes the document as PDF 1.5 bytes, one PDF page per layout page.
    ///
    /// Output is deterministic: the creation date is ``creationDate`` (or a fixed default), so the same
    /// document gives identical bytes.
    /// - Throws: ``ChartError`` when the drawing library reports an error.
    public func renderPDF() throws -> [UInt8] {
        let pages = pages(measurer: CairoTextMeasurer(family: theme.fontFamily))
        return try CairoOutput.encodePDF(pages: pages, width: page.width, height: page.height, title: title,
                                         creationDate: creationDate)
    }

    /// Renders the document and writes it atomically to `url` (a temporary file beside it, then a rename), so
    /// readers never see a partial PDF and a failed write leaves any earlier file in place.
    ///
    /// - Throws: ``ChartError`` naming the file when rendering or writing fails (e.g. its folder is missing).
    public func writePDF(to url: URL) throws {
        try writePDF(to: OutputFile(url))
    }

    /// Renders the document and writes it to `file` (on its own, or in a staging folder: BrewFiles' ``AtomicFile``).
    ///
    /// - Throws: ``ChartError`` naming the file when rendering or writing fails.
    public func writePDF(to file: OutputFile) throws {
        let bytes = try renderPDF()
        try CairoOutput.write(bytes, to: file, noun: "document")
    }

    /// The readable drawing log of every page, laid out with the font-free ``ApproximateTextMeasurer``, for
    /// tests and goldens.
    ///
    /// Each page starts with a line `page N of M`, followed by the ``RecordingBackend`` log of that page
    /// (its `canvas` line, the content, then the footer).
    public func record() -> String {
        let pages = pages(measurer: ApproximateTextMeasurer())
        var log = ""
        for (index, list) in pages.enumerated() {
            var backend = RecordingBackend()
            list.replay(into: &backend)
            log += "page \(index + 1) of \(pages.count)\n" + backend.log
        }
        return log
    }

    /// For each page, the share of its content height used and whether it ends a section (the next page begins with
    /// a heading, a title or an explicit break; the last page always does).
    func pageFills(measurer: some TextMeasuring = CairoTextMeasurer()) -> [(used: Double, endsSection: Bool)] {
        var composer = DocumentComposer(geometry: page, theme: theme, measurer: measurer)
        _ = composer.compose(blocks, title: title)
        return composer.fills
    }

    /// Lays the blocks out into page display lists (backgrounds and footers included).
    func pages(measurer: some TextMeasuring) -> [DisplayList] {
        var composer = DocumentComposer(geometry: page, theme: theme, measurer: measurer)
        return composer.compose(blocks, title: title)
    }
}

extension DocumentBlock {
    /// A table block from its parts; see ``DocumentTable``.
    public static func table(header: [String], rows: [[String]], numericColumns: Set<Int> = []) -> DocumentBlock {
        .table(DocumentTable(header: header, rows: rows, numericColumns: numericColumns))
    }
}
