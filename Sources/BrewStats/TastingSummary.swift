import BrewColumns
import BrewNames
import Foundation

/// What the tasting notes of a set of brews say: flavour tags counted, the acidity, body and sweetness scores, and
/// the notes written.
///
/// Definitions, over the brews given (``TastingSummary/init(_:rows:)``):
/// - ``notedBrews``: brews with any of a flavour tag, an acidity, body or sweetness score, or a note.
/// - ``tags``: the flavour tags (``BrewTable/flavorTags``, comma-separated) counted once per brew that names them.
///   Tags are grouped by ``NameKey/singular(_:)``, the rule names are compared by (case, accents, punctuation
///   and a final `s` of words of four letters or more ignored: "Florals" and "floral" meet, "cherries" and
///   "cherry" do not), each shown in its most frequent spelling (ties: code-point order). Most brews first, ties
///   by the shown spelling in code-point order. Empty tags are ignored.
/// - ``acidity``, ``body``, ``sweetness``: each score's ``Score`` over the brews that have it (the contract's 1–5).
/// - ``notes``: the brews' notes (``BrewTable/notes``), trimmed, empty ones left out, most recent first (ties and
///   undated brews: later in the table first).
public struct TastingSummary: Sendable, Equatable {
    /// A flavour tag and the number of brews that name it.
    public struct Tag: Sendable, Equatable {
        public let name: String
        public let brews: Int
    }

    /// One score over the brews that have it.
    ///
    /// ``mean``: the arithmetic mean; ``sd``: the sample standard deviation (n − 1), `nil` below two values;
    /// ``min``, ``max``: the range.
    public struct Score: Sendable, Equatable {
        public let n: Int
        public let mean: Double
        public let sd: Double?
        public let min: Double
        public let max: Double
    }

    /// A note and the brew it was written for.
    public struct Note: Sendable, Equatable {
        public let row: Int
        /// The brew's instant (``Timestamp`` microseconds), `nil` when undated.
        public let date: Int64?
        public let text: String
    }

    public let brews: Int
    public let notedBrews: Int
    public let tags: [Tag]
    public let acidity: Score?
    public let body: Score?
    public let sweetness: Score?
    public let notes: [Note]

    /// Whether the brews carry no tasting information at all.
    public var isEmpty: Bool { notedBrews == 0 }

    /// The summary of `table`'s brews at `rows`.
    public init(_ table: BrewTable, rows: [Int]) {
        brews = rows.count
        var noted = 0
        var tagCounts: [String: Int] = [:], spellings: [String: [String: Int]] = [:]
        var notes: [Note] = []
        for r in rows {
            var any = table.acidity.isValid(r) || table.body.isValid(r) || table.sweetness.isValid(r)
            if let text = table.flavorTags[r] {
                var seen = Set<String>()
                for raw in text.split(separator: ",") {
                    let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines)
                    let key = NameKey.singular(tag)
                    guard !key.isEmpty else { continue }
                    any = true
                    spellings[key, default: [:]][tag, default: 0] += 1
                    if seen.insert(key).inserted { tagCounts[key, default: 0] += 1 }
                }
            }
            if let text = table.notes[r]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                any = true
                notes.append(Note(row: r, date: table.brewDate[r], text: text))
            }
            if any { noted += 1 }
        }
        notedBrews = noted
        tags = tagCounts.map { key, n -> Tag in
            let forms = spellings[key]!
            // The most frequent spelling; ties: the first in code-point order.
            let shown = forms.max { a, b in
                a.value != b.value ? a.value < b.value
                    : !a.key.unicodeScalars.lexicographicallyPrecedes(b.key.unicodeScalars)
            }!.key
            return Tag(name: shown, brews: n)
        }.sorted { a, b in
            a.brews != b.brews ? a.brews > b.brews
                : a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars)
        }
        acidity = Self.score(table.acidity, rows)
        body = Self.score(table.body, rows)
        sweetness = Self.score(table.sweetness, rows)
        self.notes = notes.sorted { a, b in (a.date ?? .min, a.row) > (b.date ?? .min, b.row) }
    }

    static func score(_ column: Float64Column, _ rows: [Int]) -> Score? {
        var v: [Double] = []
        for r in rows where column.isValid(r) && column.values[r].isFinite { v.append(column.values[r]) }
        guard !v.isEmpty else { return nil }
        let mean = pairwiseSum(v) / Double(v.count)
        let sd = v.count < 2 ? nil
            : (pairwiseSum(v.map { ($0 - mean) * ($0 - mean) }) / Double(v.count - 1)).squareRoot()
        return Score(n: v.count, mean: mean, sd: sd, min: v.min()!, max: v.max()!)
    }
}
