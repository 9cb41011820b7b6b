import Foundation

/// A journal encoding: what `--format` names and what an import report says it read (docs/formats.md).
///
/// An open set of names, not an enum: each format is declared by the layer that reads it. BrewImport declares the
/// five it reads (``coreDataStore``, ``csv``, ``json``, ``beanconqueror``, ``brewSpec``; its registry,
/// ``JournalImporters``, lists their importers); BrewShots, which reads espresso shot files above BrewImport,
/// declares its own. Two formats are the same when their ``rawValue`` is.
public struct JournalFormat: Hashable, Sendable, CustomStringConvertible {
    /// The API spelling (`coreDataStore`), kept in batch manifests.
    public let rawValue: String
    /// The command-line spelling (`sqlite`, `csv`, `json`, `beanconqueror`, `brewspec`).
    public let cliName: String
    /// Other spellings `--format` accepts (lower case), besides ``cliName`` and the lowered ``rawValue``.
    public let aliases: [String]
    /// How a person would name the source in a sentence ("360 brews imported from the app's Core Data store").
    public let displayName: String

    public init(rawValue: String, cliName: String, aliases: [String] = [], displayName: String) {
        self.rawValue = rawValue
        self.cliName = cliName
        self.aliases = aliases
        self.displayName = displayName
    }

    /// Every spelling `--format` accepts for this format, lower case, each once: ``cliName``, the lowered
    /// ``rawValue``, the ``aliases``.
    public var names: [String] {
        var seen = Set<String>()
        return ([cliName, rawValue.lowercased()] + aliases).filter { seen.insert($0).inserted }
    }

    public var description: String { rawValue }

    public static func == (a: JournalFormat, b: JournalFormat) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The app's Core Data / SwiftData SQLite store (docs/formats.md).
    public static let coreDataStore = JournalFormat(rawValue: "coreDataStore", cliName: "sqlite",
                                                    aliases: ["store", "coredata", "swiftdata"],
                                                    displayName: "the app's Core Data store")
    /// The file extensions of an SQLite store (lower case): a folder's or a batch's store files are found by them,
    /// and a file so named that is no SQLite database is refused as such. The store itself is told by its header.
    public static let storeExtensions: Set<String> = ["sqlite", "sqlite3", "store", "db"]
    /// The app's CSV export, or a foreign CSV with a ``ColumnMapping`` (docs/formats.md).
    public static let csv = JournalFormat(rawValue: "csv", cliName: "csv", displayName: "a CSV export")
    /// The app's JSON export, `"format": "coffee-journal"` (docs/formats.md).
    public static let json = JournalFormat(rawValue: "json", cliName: "json", displayName: "the app's JSON export")
    /// A Beanconqueror backup: a bare `Beanconqueror.json` or the `Beanconqueror.zip` (docs/formats.md).
    public static let beanconqueror = JournalFormat(rawValue: "beanconqueror", cliName: "beanconqueror",
                                                    aliases: ["bc"],
                                                    displayName: "a Beanconqueror backup")
    /// A BrewSpec v1.0 document, YAML or JSON (docs/formats.md).
    public static let brewSpec = JournalFormat(rawValue: "brewSpec", cliName: "brewspec", aliases: ["brew-spec"],
                                               displayName: "a BrewSpec document")

    /// The formats BrewImport reads, in its registry's order (``JournalImporters``).
    public static let readByBrewImport: [JournalFormat] = JournalImporters.formats

    /// The format of `formats` that `name` spells (one of its ``names``, compared case-insensitively); `nil` when
    /// none does.
    public static func named(_ name: String, among formats: [JournalFormat] = readByBrewImport) -> JournalFormat? {
        formats.first { $0.names.contains(name.lowercased()) }
    }

    /// Parses a command-line spelling of one of the formats BrewImport reads (``named(_:among:)``). The formats of
    /// every layer are listed together above BrewImport (BrewShots' `JournalFormats`).
    public init?(cliName: String) {
        guard let format = Self.named(cliName) else { return nil }
        self = format
    }

    /// Decides which of BrewImport's formats a file is from its first bytes (``JournalImporters/sniff(_:)``).
    ///
    /// `prefix` should be the first few kilobytes; a UTF-8 BOM is skipped.
    public static func sniff(_ prefix: some Collection<UInt8>) -> JournalFormat {
        JournalImporters.sniff(prefix)
    }
}
