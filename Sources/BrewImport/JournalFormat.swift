import Foundation

/// The encodings BrewImport reads (contract §2).
///
/// The raw values are the API spelling; ``cliName`` is the spelling the command line uses
/// (`sqlite`, `csv`, `json`, `beanconqueror`).
public enum JournalFormat: String, Sendable, CaseIterable, Codable {
    /// The app's Core Data / SwiftData SQLite store (§2a).
    case coreDataStore
    /// The app's CSV export, or a foreign CSV with a ``ColumnMapping`` (§2b).
    case csv
    /// The app's JSON export, `"format": "coffee-journal"` (§2c).
    case json
    /// A Beanconqueror backup: a bare `Beanconqueror.json` or the `Beanconqueror.zip` (§2d).
    case beanconqueror
    /// Espresso shot files (§2d): one shot file, or a folder or zip of them, read by BrewShots' importers
    /// (`importAnyJournal`); ``JournalImporter`` itself does not read them.
    case shots
    /// A BrewSpec v1.0 document, YAML or JSON (§2d).
    case brewSpec

    /// The command-line spelling.
    public var cliName: String {
        switch self {
        case .coreDataStore: "sqlite"
        case .csv: "csv"
        case .json: "json"
        case .beanconqueror: "beanconqueror"
        case .shots: "shots"
        case .brewSpec: "brewspec"
        }
    }

    /// How a person would name the source in a sentence ("360 brews imported from the app's Core Data store").
    public var displayName: String {
        switch self {
        case .coreDataStore: "the app's Core Data store"
        case .csv: "a CSV export"
        case .json: "the app's JSON export"
        case .beanconqueror: "a Beanconqueror backup"
        case .shots: "espresso shot files"
        case .brewSpec: "a BrewSpec document"
        }
    }

    /// Parses a command-line spelling (`sqlite`, `store`, `csv`, `json`, `beanconqueror`, `bc`, `brewspec`) or a raw value,
    /// case-insensitively; `nil` for anything else.
    public init?(cliName: String) {
        switch cliName.lowercased() {
        case "sqlite", "store", "coredata", "coredatastore", "swiftdata": self = .coreDataStore
        case "csv": self = .csv
        case "json": self = .json
        case "beanconqueror", "bc": self = .beanconqueror
        case "shots", "shot": self = .shots
        case "brewspec", "brew-spec": self = .brewSpec
        default: return nil
        }
    }

    /// Decides the format from the first bytes of a file.
    ///
    /// - SQLite's 16-byte magic `SQLite format 3\0` → ``coreDataStore``;
    /// - the zip local-file magic `PK\u{3}\u{4}` (or an empty archive's `PK\u{5}\u{6}`) → ``beanconqueror``;
    /// - JSON (first non-blank byte `{` or `[`): ``json`` when the prefix holds `"format"` with
    ///   `"coffee-journal"`; ``beanconqueror`` when it holds one of the keys `"BREWS"`, `"BEANS"`, `"MILL"`,
    ///   `"PREPARATION"`; otherwise ``json``, whose importer reads Beanconqueror's single-brew Visualizer upload as
    ///   a Beanconqueror journal, refuses other apps' JSON saying what it is (``ForeignJSON``), and otherwise names
    ///   what is missing; ``brewSpec`` when a `brewspec_version` key comes before any of those;
    /// - a top-level `brewspec_version:` or `brews:` key at the start of a line (YAML) → ``brewSpec``;
    /// - anything else → ``csv``.
    ///
    /// `prefix` should be the first few kilobytes; a UTF-8 BOM is skipped.
    public static func sniff(_ prefix: some Collection<UInt8>) -> JournalFormat {
        let bytes = Array(prefix.prefix(65_536))
        if bytes.starts(with: Array("SQLite format 3".utf8) + [0]) { return .coreDataStore }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return .beanconqueror
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else {
            return BrewSpecSniffing.isYAMLDocument(bytes[start...]) ? .brewSpec : .csv
        }
        let text = String(decoding: bytes[start...], as: UTF8.self)
        if text.contains("\"coffee-journal\"") { return .json }
        if BrewSpecSniffing.namesVersion(text) { return .brewSpec }
        for key in ["\"BREWS\"", "\"BEANS\"", "\"MILL\"", "\"PREPARATION\""] where text.contains(key) {
            return .beanconqueror
        }
        return .json
    }
}
