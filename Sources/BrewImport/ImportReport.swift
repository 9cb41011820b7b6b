import BrewColumns
import Foundation

/// What an import read, kept, rejected and flagged.
///
/// Invariant: `brews.read == brews.kept + brews.rejected`, and `rejects.count == brews.rejected`.
/// A brew is *rejected* only when it cannot be a brew (see ``Reject``); a value that is merely
/// implausible is kept and counted in a ``ImportWarning``.
public struct ImportReport: Sendable, Equatable {
    /// Brew record counts.
    public struct BrewCounts: Sendable, Equatable, Codable {
        /// Records that looked like brews (CSV data rows, store `ZBREWLOG` rows, JSON array elements).
        public var read: Int
        /// Records that became rows of the brew table.
        public var kept: Int
        /// Records refused; one ``Reject`` each.
        public var rejected: Int

        public init(read: Int, kept: Int, rejected: Int) {
            self.read = read; self.kept = kept; self.rejected = rejected
        }
    }

    /// The path of the file read.
    public var file: String
    /// The encoding read.
    public var format: JournalFormat
    /// Brew record counts.
    public var brews: BrewCounts
    /// Entities in the journal (including those no kept brew uses).
    public var methods: Int
    public var grinders: Int
    public var beans: Int
    /// Tasting notes read and joined into kept brews; 0 when the import did not read them (``ImportOptions/columns``
    /// without ``BrewColumns/BrewColumnSet/tastingNote``, and not ``ImportOptions/validatesAllColumns``).
    public var tastingNotes: Int
    /// Kept-but-flagged findings, one entry per kind and column, in the order first met.
    public var warnings: [ImportWarning]
    /// Every rejected record, in file order.
    public var rejects: [Reject]
    /// The UTC offsets the journal's own date texts state (``StatedOffsets``), sampled; empty for a source whose dates
    /// carry none (the app's store, Unix timestamps).
    public var statedOffsets = StatedOffsets()

    /// Creates a report (for importers outside this module, such as the shot importers).
    public init(file: String, format: JournalFormat, brews: BrewCounts, methods: Int, grinders: Int, beans: Int,
                tastingNotes: Int = 0, warnings: [ImportWarning] = [], rejects: [Reject] = [],
                statedOffsets: StatedOffsets = StatedOffsets()) {
        self.file = file; self.format = format; self.brews = brews
        self.methods = methods; self.grinders = grinders; self.beans = beans
        self.tastingNotes = tastingNotes; self.warnings = warnings; self.rejects = rejects
        self.statedOffsets = statedOffsets
    }
}

/// One rejected record: where it is, which column made it impossible, and why.
///
/// Reject rules (every importer): a brew is rejected when its date is missing, cannot be parsed, or lies outside
/// the years 1900–2199 (a brew without a usable date cannot be placed in a day or week); when a numeric field holds
/// something that is not a number (after units such as `g`, `°C`, `%`, `s`, `m:ss` times and decimal commas are allowed
/// for) — except in a CSV, where such a cell is missing and listed in the warnings, the brew kept (docs/formats.md);
/// when a mass (dose, water, yield) is negative, not finite, or above 10 000 g; when brew time or TDS is negative or
/// not finite, or temperature, rating or a tasting score is not finite; when its id repeats an earlier brew's (the
/// first is kept); when a CSV record is malformed (the file ends inside quotes, text follows a closing quote); or, in
/// JSON, when a brew field has the wrong JSON type. Everything else is kept: implausible values (dose > 100 g, rating
/// outside 0–5, TDS > 25 %, …) become ``ImportWarning``s, and text that is not UTF-8 is kept with U+FFFD and counted in
/// an ``ImportWarning/Kind/invalidUTF8`` warning.
///
/// Encoded (``ImportReport/jsonData()``, `inspect --json`) as `{"file", "where", "column", "reason", "record"}`,
/// every key always present: a reject without a column or record has `null` there, so scripts can index it.
public struct Reject: Sendable, Equatable, Codable {
    /// The file (for an archive: `archive.zip/entry.json`).
    public var file: String
    /// Where the record starts: `line 17` (CSV, the physical line, counting newlines inside quotes),
    /// `ZBREWLOG Z_PK=5` (store), `brews[17]` (JSON path), `BREWS[3]` (Beanconqueror).
    public var `where`: String
    /// The column or field that decided it, when one did.
    public var column: String?
    /// Why, in words.
    public var reason: String
    /// The raw record text (CSV line(s), JSON object), cut at ``ImportOptions/maxRecordBytes``; `nil` for store rows.
    public var record: String?

    /// Creates a reject; a `column` named by the input (a CSV header) is shortened like every quoted value
    /// (``QuotedInput``). Every text has its control characters replaced (``BrewColumns/ControlCharacters``; the
    /// record as free text, its line breaks kept): a reject reaches the rejects file and `inspect --json`.
    public init(file: String, where: String, column: String?, reason: String, record: String?) {
        func clean(_ s: String) -> String { ControlCharacters.cleaned(s).text }
        self.file = clean(file); self.where = clean(`where`); self.column = column.map { clean(QuotedInput.short($0)) }
        self.reason = clean(reason)
        self.record = record.map { ControlCharacters.cleaned($0, as: .freeText).text }
    }

    private enum CodingKeys: String, CodingKey { case file, `where`, column, reason, record }

    /// Encodes every key; `column` and `record` are `null` when absent (never omitted).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(self.where, forKey: .where)
        try c.encode(column, forKey: .column)
        try c.encode(reason, forKey: .reason)
        try c.encode(record, forKey: .record)
    }
}

/// A finding about values that were kept: out-of-range values, disagreeing cached counters, assumptions made.
///
/// Warnings are aggregated: one entry per ``kind`` and ``column``, with the number of occurrences and the
/// first place met, so a million implausible values make one line, not a million. Findings about a named thing
/// are not merged across things: each method or grinder whose cached counters disagree has its own
/// ``Kind/cachedCounterMismatch`` entry per counter, naming it in ``message``.
///
/// Encoded as `{"kind", "column", "count", "where", "message"}`, every key always present (`null` when absent).
public struct ImportWarning: Sendable, Equatable, Codable {
    /// The kinds of finding.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A kept value outside its plausible range (dose > 100 g, rating outside 0–5, TDS > 25 %, …).
        case outOfRange
        /// An equipment's cached `brewCount`/`lastUsedDate` disagrees with its brews.
        case cachedCounterMismatch
        /// The source's rating scale was not stated and was assumed, or was converted.
        case ratingScale
        /// A CSV column not recognised (kept out of the statistics).
        case unknownColumn
        /// A reference to an entity that does not exist; the brew is kept without it.
        case danglingReference
        /// Bytes that are not UTF-8, replaced by U+FFFD.
        case invalidUTF8
        /// An entity value that could not be read (kept without it), e.g. an unknown roast date.
        case unreadableValue
        /// The file looks cut off: its last record has fewer fields than the header and no line end.
        case truncatedFile
        /// Anything else worth knowing about the file.
        case note
    }

    public var kind: Kind
    /// The column or field concerned, when one is.
    public var column: String?
    /// How many times it occurred.
    public var count: Int
    /// The first place it occurred (same spelling as ``Reject/where``), when there is one.
    public var `where`: String?
    /// The finding in words (for aggregated kinds: the first occurrence's detail).
    public var message: String

    /// Creates a warning; a `column` named by the input (a CSV header) is shortened like every quoted value
    /// (``QuotedInput``).
    /// Control characters in its texts are replaced (``BrewColumns/ControlCharacters``): a warning quotes the input
    /// and reaches `inspect --json` and the report's pages.
    public init(kind: Kind, column: String?, count: Int, where: String?, message: String) {
        func clean(_ s: String) -> String { ControlCharacters.cleaned(s).text }
        self.kind = kind; self.column = column.map { clean(QuotedInput.short($0)) }; self.count = count
        self.where = `where`.map(clean)
        self.message = clean(message)
    }

    private enum CodingKeys: String, CodingKey { case kind, column, count, `where`, message }

    /// Encodes every key; `column` and `where` are `null` when absent (never omitted).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(column, forKey: .column)
        try c.encode(count, forKey: .count)
        try c.encode(self.where, forKey: .where)
        try c.encode(message, forKey: .message)
    }
}

extension ImportReport: Encodable {
    private enum Keys: String, CodingKey {
        case file, format, brews, methods, grinders, beans, tastingNotes, warnings, rejects
    }

    /// Encodes the shape `inspect --json` prints: `format` uses the CLI spelling (`sqlite`, `csv`, …).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(file, forKey: .file)
        try c.encode(format.cliName, forKey: .format)
        try c.encode(brews, forKey: .brews)
        try c.encode(methods, forKey: .methods)
        try c.encode(grinders, forKey: .grinders)
        try c.encode(beans, forKey: .beans)
        try c.encode(tastingNotes, forKey: .tastingNotes)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(rejects, forKey: .rejects)
    }

    /// The report as pretty-printed JSON with sorted keys (deterministic bytes).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    /// The rejects as RFC 4180 CSV: header `file,where,column,reason,record`, CRLF-free (LF line ends),
    /// fields quoted when they hold a comma, quote, CR or LF. A field starting with `=`, `+`, `-`, `@`, tab or CR
    /// (a rejected line is the input as is: `=HYPERLINK(…)` would reach a spreadsheet) gets a leading `'`, the
    /// guard of every CSV brewstats writes (``BrewColumns/CSVFormulaGuard``).
    public func rejectsCSV() -> String {
        var out = "file,where,column,reason,record\n"
        for r in rejects {
            out += [r.file, r.where, r.column ?? "", r.reason, r.record ?? ""].map(Self.csvField).joined(separator: ",")
            out += "\n"
        }
        return out
    }

    static func csvField(_ text: String) -> String { CSVField.guarded(text) }
}

extension ImportWarning {
    /// The one ``Kind/note`` saying how many text values had control characters replaced by the journal builder
    /// (``BrewColumns/ControlCharacters``; `counts` is ``BrewColumns/JournalBuilder/replacedControls``), with the
    /// count of each kind of value in name order; none when no value was changed. Its message starts
    /// `N text values held control characters`.
    public static func replacedControls(_ counts: [String: Int]) -> [ImportWarning] {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return [] }
        let kinds = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return [ImportWarning(kind: .note, column: nil, count: total, where: nil,
                              message: "\(total) text value\(total == 1 ? "" : "s") " +
                                  "held control characters (NUL and the other "
                                + "codes below U+0020 but tab, line feed and, "
                                + "in free text, carriage return); replaced by "
                                + "U+FFFD (\(kinds))")]
    }
}
