import Foundation

/// One journal format's importer in BrewImport: the format it reads, how its files are told by their first bytes,
/// and how one is read. The shot formats implement BrewShots' `ShotImporter` the same way.
protocol JournalFormatImporter: Sendable {
    /// The format read.
    static var format: JournalFormat { get }
    /// Whether a file whose first bytes are `prefix` is of this format (``JournalPrefix/Claim``).
    static func claims(_ prefix: JournalPrefix) -> JournalPrefix.Claim
    /// Reads the regular file at `url` as this format.
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportResult
}

/// A file's first bytes (at most 64 KiB) as the importers' claims look at them.
struct JournalPrefix {
    /// How strongly an importer claims a prefix.
    enum Claim {
        /// Not this format.
        case no
        /// This format: its magic or its marker key is there.
        case yes
        /// This format when no importer says ``yes``: the importer that reads what nobody else recognises (any
        /// other JSON, any other text).
        case unlessClaimed
    }

    /// The raw bytes (a BOM included).
    let bytes: [UInt8]
    /// The offset of the first byte after a UTF-8 BOM and blanks.
    let start: Int
    /// Whether the text starts a JSON object or list (`{` or `[` first).
    let isJSON: Bool
    /// The text from ``start``, decoded as UTF-8, when ``isJSON``; empty otherwise.
    let jsonText: String

    init(_ prefix: some Collection<UInt8>) {
        bytes = Array(prefix.prefix(65_536))
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        self.start = start
        isJSON = start < bytes.count && (bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "["))
        jsonText = isJSON ? String(decoding: bytes[start...], as: UTF8.self) : ""
    }

    /// The zip local-file magic `PK\u{3}\u{4}`, or an empty archive's `PK\u{5}\u{6}`.
    var isZip: Bool { bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) }

    /// The text from ``start`` (blanks and BOM skipped).
    var text: ArraySlice<UInt8> { bytes[start...] }
}

/// The registry of BrewImport's journal formats: every format's importer, in the order their claims are weighed.
///
/// A file is the format of the first importer that claims it with ``JournalPrefix/Claim/yes``, else of the first
/// that claims it ``JournalPrefix/Claim/unlessClaimed``. So:
/// - SQLite's 16-byte magic `SQLite format 3\0` → ``JournalFormat/coreDataStore``;
/// - JSON holding `"coffee-journal"` → ``JournalFormat/json``;
/// - JSON with a `brewspec_version` key before any of those, or a top-level `brewspec_version:` or `brews:` key at
///   the start of a line (YAML) → ``JournalFormat/brewSpec``;
/// - a zip, or JSON holding one of the keys `"BREWS"`, `"BEANS"`, `"MILL"`, `"PREPARATION"` →
///   ``JournalFormat/beanconqueror``;
/// - any other JSON → ``JournalFormat/json``, whose importer reads Beanconqueror's single-brew Visualizer upload as a
///   Beanconqueror journal, refuses other apps' JSON saying what it is (``ForeignJSON``), and otherwise names what is
///   missing;
/// - anything else → ``JournalFormat/csv``.
///
/// The `--format` names come from the same list (``formats``).
enum JournalImporters {
    static let all: [any JournalFormatImporter.Type] = [
        StoreImporter.self,
        CSVImporter.self,
        JSONExportImporter.self,
        // Before Beanconqueror: a JSON document naming its BrewSpec version is BrewSpec whatever other keys it holds.
        BrewSpecImporter.self,
        BeanconquerorImporter.self,
    ]

    /// The formats BrewImport reads, in registry order.
    static let formats: [JournalFormat] = all.map { $0.format }

    /// The importer of `format`, or `nil` when BrewImport does not read it.
    static func importer(for format: JournalFormat) -> (any JournalFormatImporter.Type)? {
        all.first { $0.format == format }
    }

    /// The format of a file whose first bytes are `prefix` (see the type's description).
    static func sniff(_ prefix: some Collection<UInt8>) -> JournalFormat {
        let p = JournalPrefix(prefix)
        let claims = all.map { ($0.format, $0.claims(p)) }
        if let sure = claims.first(where: { $0.1 == .yes }) { return sure.0 }
        return claims.first(where: { $0.1 == .unlessClaimed })?.0 ?? .csv
    }
}
