import BrewCharts

/// A page as data: a typed tree of sections holding blocks of a closed set (``Block``), built once per page kind
/// from the analysis and drawn by three renderers — ``HTMLRenderer``, ``MarkdownRenderer`` and ``PDFRenderer`` —
/// which are the only code that writes page markup (see docs/pages.md, "Pages as data").
///
/// The model is Pandoc's idea one level up from a chart spec: many outputs around one document type, so a new
/// output is one renderer and a new page kind is one builder (a function from its analysis to a `Page`), written
/// by ``PageWriter``. Everything a reader sees is in the model already worded: renderers choose layout and how
/// much evidence shows (plain words first, the statistics in a fold), never compute a figure.
///
/// ```swift
/// let page = Page(kind: .periodReport, title: "Brew report — 2026-W47", heading: "2026-W47",
///                 subtitle: "16–22 Nov 2026", sections: [
///                     Section(id: "overview", blocks: [.figures([Figure(label: "Brews", value: "23")])]),
///                 ])
/// ```
public struct Page: Sendable {
    /// Which builder made the page (the report, a bean page, the year in review, …).
    public var kind: PageKind
    /// The document title (`<title>`, the PDF's metadata title and footer).
    public var title: String
    /// The small line above the heading: what the page belongs to (may link back to its report).
    public var eyebrow: Text
    /// The page's main heading.
    public var heading: String
    /// The line under the heading (the period, the bag's roaster and origin).
    public var subtitle: String
    /// Which time zone the page's days and times of day are in, worded (``TimeZoneNote``); `nil` for a page without
    /// times.
    public var zone: String?
    /// The content, in reading order. Sections with a heading are listed at the top of the HTML page.
    public var sections: [Section]
    /// The closing line (definitions the whole page uses).
    public var footer: Text

    /// Creates a page.
    public init(kind: PageKind, title: String, eyebrow: Text = "", heading: String, subtitle: String = "",
                zone: String? = nil, sections: [Section] = [], footer: Text = "") {
        self.kind = kind
        self.title = title
        self.eyebrow = eyebrow
        self.heading = heading
        self.subtitle = subtitle
        self.zone = zone
        self.sections = sections
        self.footer = footer
    }

    /// Every chart request of the page, in reading order (details folds included).
    public var charts: [ChartRequest] { sections.flatMap { Block.charts(in: $0.blocks) } }
}

/// The kind of a page: which builder made it. Open (a struct, not an enum), so that a new page kind is one builder
/// and one constant, and no `switch` elsewhere has to learn it.
public struct PageKind: Sendable, Hashable, CustomStringConvertible {
    /// A short name (`report`, `bean`, …), used in the HTML's `data-page` attribute and in tests.
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    /// A week's, month's, year's or range's report (`index.html`, `summary.md`, `report.pdf`).
    public static let periodReport = PageKind("report")
    /// One bag's page (`beans/<bean>.html`).
    public static let bean = PageKind("bean")
    /// The year in review (`brewstats review`).
    public static let yearReview = PageKind("review")
    /// Two or three shots or brews side by side (`brewstats compare`).
    public static let compare = PageKind("compare")
    /// A batch's combined page (`combined/index.html`).
    public static let combined = PageKind("combined")
}

/// One section of a page: an optional heading and its blocks.
public struct Section: Sendable {
    /// The anchor (`#equipment`): unique on its page, letters, digits and `-` only.
    public var id: String
    /// The heading; `nil` for the page's lead (its headline figures), which is not listed among the sections.
    public var heading: String?
    /// The content, in reading order.
    public var blocks: [Block]
    /// Whether the section is long enough to fold: the HTML page shows its heading and ``summary`` and opens it on a
    /// tap; the Markdown and the PDF show it whole.
    public var folds: Bool
    /// One line said on a folded section (what it holds); `nil` for none.
    public var summary: String?

    /// Creates a section.
    public init(id: String, heading: String? = nil, blocks: [Block], folds: Bool = false, summary: String? = nil) {
        self.id = id
        self.heading = heading
        self.blocks = blocks
        self.folds = folds
        self.summary = summary
    }
}
