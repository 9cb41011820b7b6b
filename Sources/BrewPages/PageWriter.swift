import BrewCharts
import BrewFiles
import Foundation

/// Writes a page into a folder in the outputs its kind has: the HTML page, the Markdown and the PDF, each only when
/// named. Its charts are drawn first (``PageCharts``), so the HTML and Markdown can refer to their files; a report
/// drawing many pages draws all their charts in one batch and passes them here.
public enum PageWriter {
    /// The file names a page is written under; `nil` for an output the page kind does not have.
    public struct Outputs: Sendable {
        public var html: String?
        public var markdown: String?
        public var pdf: String?
        public init(html: String? = "index.html", markdown: String? = nil, pdf: String? = nil) {
            self.html = html
            self.markdown = markdown
            self.pdf = pdf
        }
    }

    /// Writes `page` into `folder`.
    ///
    /// - Parameters:
    ///   - charts: The page's charts as drawn (``PageCharts/draw(_:outputs:theme:into:created:parallel:hover:)``).
    ///   - theme: The PDF's theme (its charts are laid out afresh for A4).
    ///   - created: The PDF's creation date (ISO 8601), never the clock.
    /// - Returns: The file names written, in order (HTML, Markdown, PDF).
    /// - Throws: ``PageError`` naming the file that could not be written.
    @discardableResult
    public static func write(_ page: Page, outputs: Outputs, charts: [DrawnChart], theme: Theme, created: String?,
                             into folder: PageFolder) throws(PageError) -> [String] {
        var written: [String] = []
        func put(_ text: String, _ name: String) throws(PageError) {
            let file = folder.file(name)
            do {
                try AtomicFile.write(text, to: file)
            } catch {
                throw PageError(path: file.shownPath, reason: error.reason)
            }
            written.append(name)
        }
        if let html = outputs.html { try put(HTMLRenderer.render(page, charts: charts), html) }
        if let md = outputs.markdown { try put(MarkdownRenderer.render(page, charts: charts), md) }
        if let pdf = outputs.pdf {
            let document = PDFRenderer.document(page, theme: theme, creationDate: created)
            do {
                try document.writePDF(to: folder.file(pdf))
            } catch {
                throw PageError(path: folder.file(pdf).shownPath,
                    reason: (error as? ChartError).map { $0.systemReason ?? $0.reason } ?? "\(error)")
            }
            written.append(pdf)
        }
        return written
    }
}
