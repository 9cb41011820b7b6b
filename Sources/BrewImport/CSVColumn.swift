import BrewColumns
import BrewFormatSchemas
import Foundation

/// The columns of the app's CSV export (docs/formats.md), as BrewFormatSchemas' ``BrewFormatSchemas/CSVSchema``
/// lists them, and how foreign headers are matched to them.
///
/// A header matches after ``normalize(_:)``: lower-cased, a trailing unit in parentheses or brackets
/// dropped (`Dose (g)` → `dose`), and spaces, `_`, `-` and `.` removed. Each column also has the schema's aliases
/// (`dose`, `coffee_g`, `temperature`, `date`, …); a spelling two columns share is the first one's.
public typealias CSVColumn = CSVSchema.Column

extension CSVSchema.Column {
    /// The normalised form of a header name (see the type's discussion).
    ///
    /// ASCII headers (nearly all) take a byte path that gives the same result as the general one without
    /// Foundation's trimming: a CSV import normalises each header several times, which was most of the import of a
    /// small file.
    public static func normalize(_ header: String) -> String {
        var header = header
        if let ascii = header.withUTF8({ normalizeASCII($0) }) { return ascii }
        return normalizeUnicode(header)
    }

    /// ``normalize(_:)`` for any text (Foundation's trimming of Unicode white space and line ends). The trimming is
    /// skipped when neither the first nor the last scalar is in the set (it would return the text unchanged), and
    /// the separators are dropped scalar by scalar into one string.
    static func normalizeUnicode(_ header: String) -> String {
        let blanks = CharacterSet.whitespacesAndNewlines
        let scalars = header.unicodeScalars
        let trims = scalars.first.map { blanks.contains($0) } == true
            || scalars.last.map { blanks.contains($0) } == true
        var text = (trims ? header.trimmingCharacters(in: blanks) : header).lowercased()
        // Drop a trailing unit in parentheses or brackets: "Dose (g)", "Temp [°C]".
        for (open, close) in [("(", ")"), ("[", "]")] where text.hasSuffix(close) {
            if let r = text.range(of: open, options: .backwards), r.lowerBound != text.startIndex {
                text = String(text[..<r.lowerBound])
            }
        }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !(scalar == " " || scalar == "_" || scalar == "-" || scalar == "."
                                                   || scalar == "\t") {
            kept.append(scalar)
        }
        return String(kept)
    }

    /// ``normalize(_:)`` of ASCII bytes, or `nil` when a byte is not ASCII: ASCII white space (space, tab, LF, VT,
    /// FF, CR) trimmed at both ends, A–Z lower-cased, a last `(…)` or `[…]` that does not start the text dropped (a
    /// bracket after a parenthesis), then space, tab, `_`, `-` and `.` removed.
    static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var start = 0, end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        for (open, close) in [(UInt8(ascii: "("), UInt8(ascii: ")")), (UInt8(ascii: "["), UInt8(ascii: "]"))]
        where end > start && bytes[end - 1] == close {
            var i = end - 1
            while i > start && bytes[i] != open { i -= 1 }
            if i > start { end = i }  // an opening at the very start (or none) keeps the text
        }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        for b in bytes[start ..< end] where b != 0x20 && b != 0x09 && b != 0x5F && b != 0x2D && b != 0x2E {
            out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Each column by its normalised names and aliases, the earlier column's where two share one.
    private static let byName: [String: CSVColumn] = {
        var table: [String: CSVColumn] = [:]
        for field in CSVSchema.fields {
            for name in [field.name] + field.aliases where table[normalize(name)] == nil {
                table[normalize(name)] = field.column
            }
        }
        return table
    }()

    /// Each column by the header the export writes for it.
    private static let byExportName: [String: CSVColumn] =
        Dictionary(uniqueKeysWithValues: CSVSchema.fields.map { ($0.name, $0.column) })

    /// The column a header names, or `nil` when it names none.
    public init?(header: String) {
        guard let column = Self.byName[Self.normalize(header)] else { return nil }
        self = column
    }

    /// The column whose export header is exactly `name` (`dose_g`), or `nil`.
    public init?(name: String) {
        guard let column = Self.byExportName[name] else { return nil }
        self = column
    }
}

extension CSVColumn {
    /// The brew-table column group the column's values go to; `nil` for a column every import reads (the id, the
    /// date, and the method, grinder and bean with their attributes).
    var group: BrewColumnSet? {
        switch self {
        case .doseGrams, .waterGrams, .yieldGrams: .masses
        case .brewTimeSeconds: .brewTime
        case .waterTemperature: .waterTemperature
        case .grindSetting: .grindSetting
        case .rating: .rating
        case .tds: .tds
        case .acidity, .body, .sweetness, .flavorTags: .tastingNote
        case .notes, .pressureProfile: .freeText
        case .brewID, .brewedAt, .method, .methodCategory, .grinder, .bean, .roaster, .origin, .roastDate, .roastLevel,
             .bagWeightGrams, .bagPrice, .currency: nil
        }
    }
}
