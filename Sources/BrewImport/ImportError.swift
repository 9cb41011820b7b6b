/// The one error type of BrewImport: a file that cannot be read as a journal at all.
///
/// Problems with single records never throw — they become ``Reject``s and ``ImportWarning``s in the
/// ``ImportReport``. An `ImportError` means the whole file was refused: it names the file, what was
/// wrong, and where when a place is known (a line, a table, an archive entry, a mapping key).
///
/// Its `description` is one line a person can act on, e.g.
/// `journal.sqlite: not a journal store: missing tables ZBREWLOG, Z_PRIMARYKEY`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is; callers may `catch` a specific one.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// No file at the path.
        case fileNotFound
        /// The file exists but could not be read (permissions, a folder, an I/O error).
        case unreadable
        /// The file is readable but is not a journal in the format asked for or sniffed
        /// (an SQLite file without the Core Data journal tables, JSON of another shape, …).
        case notAJournal
        /// The file is damaged or cut short (malformed SQLite, truncated JSON, a broken archive).
        case corrupt
        /// An archive whose entries would inflate past ``ImportOptions/maxArchiveBytes``.
        case archiveTooLarge
        /// An archive entry whose name escapes the archive (absolute path or `..`).
        case unsafeArchiveEntry
        /// A column-mapping file that cannot be used.
        case invalidMapping
    }

    /// What went wrong.
    public let kind: Kind
    /// The path of the file concerned (the journal, or the mapping file for ``Kind/invalidMapping``).
    public let file: String
    /// Where in the file, when known: `line 3`, `ZBREWLOG`, `Beanconqueror_Brews_1.json`, a mapping key.
    public let location: String?
    /// The human explanation, without the file name.
    public let message: String
    /// For a file of a format brewstats reads, refused as another (a BrewSpec document read as a Beanconqueror
    /// backup): that format, so the caller can say how to read it (the command line's `--format`); `nil` otherwise.
    public var readableAs: JournalFormat?

    /// Creates an error. A `location` taken from the input (a mapping key, an archive entry's name) is shortened
    /// like every quoted value (``QuotedInput``).
    public init(_ kind: Kind, file: String, location: String? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.location = location.map(QuotedInput.short)
        self.message = message
    }

    /// One line: `file: location: message` (the location only when known).
    public var description: String {
        if let location { return "\(file): \(location): \(message)" }
        return "\(file): \(message)"
    }
}
