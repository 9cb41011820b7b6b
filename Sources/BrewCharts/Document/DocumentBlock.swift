/// One headline number shown as a tile in a ``DocumentBlock/figures(_:)`` row, e.g. label "Mean rating",
/// value "4.12", detail "n = 23 rated brews".
public struct HeadlineFigure: Sendable, Hashable {
    /// What the number is, printed small above it.
    public var label: String
    /// The number (already formatted), printed large; ellipsised when wider than the tile.
    public var value: String
    /// Context under the number (sample size, comparison), wrapped to at most two lines; `nil` for none.
    public var detail: String?

    /// Creates a figure.
    public init(label: String, value: String, detail: String? = nil) {
        self.label = label
        self.value = value
        self.detail = detail
    }
}

/// A table of already formatted text cells, drawn booktabs-style (rules above and below the header and at the
/// end) with light banding on alternate rows.
///
/// Rows may be ragged: the column count is the longest of the header and the rows, and missing cells are blank.
/// Cells too wide for their column are ellipsised (whole grapheme clusters, never splitting é or 日本). A table
/// longer than the rest of the page continues on the next page with its header repeated.
public struct DocumentTable: Sendable, Hashable {
    /// Column headings; empty for a table without a header row.
    public var header: [String]
    /// The body rows, top to bottom.
    public var rows: [[String]]
    /// Zero-based indices of columns holding numbers: those cells and their heading are right-aligned and the
    /// column keeps its natural width when the table must shrink to fit the page.
    public var numericColumns: Set<Int>

    /// Creates a table.
    public init(header: [String], rows: [[String]], numericColumns: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.numericColumns = numericColumns
    }

    /// The number of columns: the longest of the header and every row.
    public var columnCount: Int { rows.reduce(header.count) { max($0, $1.count) } }
}

/// One unit of a ``ReportDocument``'s flowing content, laid out top to bottom on A4 pages.
///
/// Blocks never overlap and never run into the footer. Text blocks wrap (at spaces, and between CJK
/// characters; a word longer than the line is broken between characters) and may continue on the next page
/// line by line; charts, figure rows and table rows are never split. Empty text blocks take no space.
public enum DocumentBlock: Sendable, Hashable {
    /// The document's headline in large bold type, with an optional muted subtitle (e.g. the week) and a rule
    /// beneath. Kept on the same page as the start of the next block.
    case title(String, subtitle: String? = nil)
    /// A section heading; kept on the same page as the start of the next block (never orphaned at the bottom).
    case heading(String)
    /// Body text, wrapped to the content width. A newline starts a new line.
    case paragraph(String)
    /// Headline-number tiles, three to a row; a row is never split across pages.
    case figures([HeadlineFigure])
    /// A table (see ``DocumentTable``); continues across pages with the header repeated.
    case table(DocumentTable)
    /// A bulleted list; each item wraps with a hanging indent.
    case bullets([String])
    /// A chart laid out afresh at the page's content width and `height` points tall (`nil` keeps the chart's
    /// own aspect ratio; heights are clamped to 80 pt … one page). A chart that does not fit in the rest of the
    /// page moves whole to the next page. Its text uses slightly smaller print sizes than on screen.
    case chart(Chart, height: Double? = nil)
    /// Charts side by side, each an equal share of the page's width and `height` points tall, laid out in the phone
    /// size class (titles and notes wrapped, the legend below the plot, fewer ticks) with the document's print sizes.
    /// The row moves whole to the next page when it does not fit.
    case chartRow([Chart], height: Double)
    /// Small muted text for caveats and warnings, wrapped like a paragraph.
    case note(String)
    /// Starts a new page; ignored at the top of a page that is still empty (so never produces a blank page).
    case pageBreak
}
