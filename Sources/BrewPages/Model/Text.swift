/// Inline text: runs of plain words, emphasis and links. Renderers escape every run for their syntax, so user
/// strings (bean names, notes) are never markup.
public struct Text: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// One run of inline text.
    public enum Run: Sendable, Hashable {
        case plain(String)
        /// Emphasised (bold) words: a card's subject, the next step to brew.
        case strong(String)
        /// Quiet words (muted): counts after a name.
        case muted(String)
        /// A link: its text and relative target.
        case link(String, href: String)
        /// A line break inside the text.
        case lineBreak
    }

    public var runs: [Run]

    public init(_ runs: [Run]) { self.runs = runs }
    public init(_ plain: String) { runs = plain.isEmpty ? [] : [.plain(plain)] }
    public init(stringLiteral value: String) { self.init(value) }

    /// The text without markup (links as their text, a line break as a space).
    public var plain: String {
        runs.map { run in
            switch run {
            case .plain(let s), .strong(let s), .muted(let s): s
            case .link(let s, _): s
            case .lineBreak: " "
            }
        }.joined()
    }

    /// Whether the text has no words.
    public var isEmpty: Bool { plain.allSatisfy(\.isWhitespace) }

    /// `self` followed by `other`.
    public static func + (lhs: Text, rhs: Text) -> Text { Text(lhs.runs + rhs.runs) }

    /// Emphasised words.
    public static func strong(_ s: String) -> Text { Text([.strong(s)]) }
    /// Quiet words.
    public static func muted(_ s: String) -> Text { Text([.muted(s)]) }
    /// A link.
    public static func link(_ s: String, href: String) -> Text { Text([.link(s, href: href)]) }
    /// The `parts` joined by `separator`.
    public static func joined(_ parts: [Text], separator: String) -> Text {
        var runs: [Run] = []
        for (k, part) in parts.enumerated() {
            if k > 0 { runs.append(.plain(separator)) }
            runs += part.runs
        }
        return Text(runs)
    }
}
