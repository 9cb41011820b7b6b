/// A table of typed columns: each column has a name, a unit, a kind and a priority for narrow screens.
///
/// At phone widths the HTML renderer shows each row as a card, its fields in priority order (priority 1 first, the
/// card's title); the Markdown renderer writes every column; the PDF renderer writes a table when every column fits
/// the page, else a card per row, so no column is ever lost.
public struct Table: Sendable, Hashable {
    public var columns: [Column]
    /// The rows, one cell per column.
    public var rows: [[Cell]]
    /// What the table lists, for screen readers and the PDF ("Equipment used up to 22 Nov 2026").
    public var caption: String?

    public init(columns: [Column], rows: [[Cell]], caption: String? = nil) {
        self.columns = columns
        self.rows = rows
        self.caption = caption
    }

    /// Column indices in priority order (ties in column order).
    public var byPriority: [Int] {
        columns.indices.sorted { (columns[$0].priority, $0) < (columns[$1].priority, $1) }
    }
}

/// One column of a ``Table``.
public struct Column: Sendable, Hashable {
    /// What a column holds; numbers and days are right-aligned.
    public enum Kind: Sendable, Hashable {
        case text
        case number
        case day
    }

    /// The heading without its unit ("Mean rating").
    public var name: String
    /// The unit of every value ("g", "%", "s"), said in the heading; `nil` for counts, names and days.
    public var unit: String?
    public var kind: Kind
    /// Importance at narrow widths: 1 is the card's title, then 2, 3, …
    public var priority: Int

    public init(_ name: String, unit: String? = nil, kind: Kind = .text, priority: Int = 3) {
        self.name = name
        self.unit = unit
        self.kind = kind
        self.priority = priority
    }

    /// The heading with its unit: `Brew time (s)`.
    public var heading: String { unit.map { "\(name) (\($0))" } ?? name }
    public var isNumeric: Bool { kind != .text }
}

/// One table cell: its text, and a link when the cell names a page.
public struct Cell: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public var text: String
    public var href: String?

    public init(_ text: String, href: String? = nil) {
        self.text = text
        self.href = href
    }

    public init(stringLiteral value: String) { self.init(value) }
}
