import BrewCharts

/// One block of a ``Section``: a closed set, so that every renderer draws every kind and a test can compare the
/// three outputs block by block.
public indirect enum Block: Sendable {
    /// Headline figures: value, unit, comparison and evidence (``Figure``); ``FigureStyle`` says tiles or a row.
    case figures([Figure], style: FigureStyle = .tiles)
    /// Statements with their evidence and qualifiers (``Finding``), one after the other.
    case findings([Finding])
    /// A table of typed columns (``Table``); at phone widths a card per row, the most important fields first.
    case table(Table)
    /// A chart, as a request the chart layer draws in the formats asked (``ChartRequest``). A builder never adds a
    /// request without data points: ``chartOrMissing(_:missing:)`` turns it into one ``missing(_:)`` line.
    case chart(ChartRequest)
    /// Body text.
    case paragraph(Text)
    /// A caveat or a definition, in small muted type.
    case note(Text)
    /// What is missing and how to get it, in place of a chart, table or statement that cannot be made ("No TDS
    /// logged: add a refractometer reading to see extraction"). One line: "empty is one line".
    case missing(Text)
    /// A list of short items.
    case list([Text])
    /// Words with counts (flavour tags), shown as a row of chips.
    case tags([Tag])
    /// A quotation of the user's own words, with where it comes from (a day).
    case quote(Text, source: String?)
    /// Blocks behind a fold with a one-line summary: the statistics behind a statement, rejected rows. The HTML page
    /// folds them (`<details>`); the Markdown and the PDF show them in full after the summary.
    case details(summary: String, blocks: [Block])
    /// Links to files beside the page (the CSVs, the PDF).
    case links([Link])

    /// `request` as a chart block when it has data points to draw, else `missing` — or, without one, the chart's
    /// own empty message — as one line.
    public static func chartOrMissing(_ request: ChartRequest, missing: Text? = nil) -> Block {
        if request.hasData { return .chart(request) }
        return .missing(missing ?? Text("\(request.title): \(request.chart.emptyMessage ?? "nothing to draw")."))
    }

    /// The chart requests among `blocks`, details folds included, in reading order.
    static func charts(in blocks: [Block]) -> [ChartRequest] {
        blocks.flatMap { block -> [ChartRequest] in
            switch block {
            case .chart(let request): [request]
            case .details(_, let inner): charts(in: inner)
            default: []
            }
        }
    }
}

/// How a row of ``Figure``s is shown.
public enum FigureStyle: Sendable, Hashable {
    /// Large tiles (the page's headline figures).
    case tiles
    /// A compact row of small figures (totals).
    case row
}

/// One headline figure: what it is, its value with its unit, how it compares, and what it rests on.
public struct Figure: Sendable, Hashable {
    /// What the number is ("Mean rating").
    public var label: String
    /// The value, already formatted ("4.12", "Saturday", "—").
    public var value: String
    /// The value's unit ("g", "% of the beans' mass", "EUR"), shown after it; `nil` for a count or a name.
    public var unit: String?
    /// The comparison, in plain words ("+0.30 vs last week (3.82)"); `nil` for none.
    public var comparison: String?
    /// What the figure rests on ("23 rated brews"), or why no comparison is made.
    public var evidence: String?

    /// Creates a figure.
    public init(label: String, value: String, unit: String? = nil, comparison: String? = nil, evidence: String? = nil) {
        self.label = label
        self.value = value
        self.unit = unit
        self.comparison = comparison
        self.evidence = evidence
    }

    /// The value followed by its unit (`29.60 EUR`, `4.12`).
    public var valueWithUnit: String {
        guard let unit, !unit.isEmpty else { return value }
        return unit.hasPrefix("/") || unit == "%" ? "\(value) \(unit)" : "\(value) \(unit)"
    }

    /// The comparison and the evidence joined, as a line under the value.
    public var detail: String {
        [comparison, evidence].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// A word with how many brews name it.
public struct Tag: Sendable, Hashable {
    public var name: String
    public var count: Int
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// A link to a file or a page, relative to the page.
public struct Link: Sendable, Hashable {
    /// The text shown.
    public var text: String
    /// The relative path (`report.pdf`, `beans/kochere.html`, `#equipment`); renderers percent-encode it.
    public var href: String
    public init(_ text: String, href: String) {
        self.text = text
        self.href = href
    }
}
