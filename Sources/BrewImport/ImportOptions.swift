import Foundation

/// How to read a journal file.
public struct ImportOptions: Sendable {
    /// The encoding; `nil` sniffs it from the content (``JournalFormat/sniff(_:)``).
    public var format: JournalFormat?
    /// The zone of CSV date-times written without an offset, and of date-only values.
    /// Instants with an offset, store timestamps and Unix times ignore it. Default: the current zone.
    public var timeZone: TimeZone
    /// Maps a foreign CSV's headers (and value conventions) to the app's columns; CSV only.
    public var columnMapping: ColumnMapping?
    /// The most bytes the JSON entries of a Beanconqueror zip may inflate to, all together (default
    /// ``defaultMaxArchiveBytes``, 128 MiB).
    ///
    /// Why 128 MiB: the inflated JSON is held in memory and parsed by `JSONSerialization`, whose object tree takes
    /// several times the text's bytes, against a 300 MB peak-memory target for a whole import. (A real backup's
    /// JSON is a few MB: the 2,000-brew sample backup is 3.3 MB.) An archive whose headers declare more is refused
    /// with ``ImportError/Kind/archiveTooLarge`` before anything is inflated; one whose headers understate it is
    /// stopped when the inflated bytes reach the bound. Photos and flow profiles in the archive are never
    /// inflated and do not count.
    public var maxArchiveBytes: Int
    /// The most bytes of a rejected record's raw text kept in its ``Reject/record`` (default 4096);
    /// longer records are cut and end in `…`.
    public var maxRecordBytes: Int

    /// Creates options; every parameter has the default described on its property.
    public init(format: JournalFormat? = nil, timeZone: TimeZone = .current, columnMapping: ColumnMapping? = nil,
                maxArchiveBytes: Int = ImportOptions.defaultMaxArchiveBytes, maxRecordBytes: Int = 4096) {
        self.format = format
        self.timeZone = timeZone
        self.columnMapping = columnMapping
        self.maxArchiveBytes = maxArchiveBytes
        self.maxRecordBytes = maxRecordBytes
    }

    /// The default ``maxArchiveBytes``: 128 MiB.
    public static let defaultMaxArchiveBytes = 128 << 20

    /// `128 MiB`, `512 KiB`, `100 bytes`: a byte count in the largest binary unit that divides it evenly.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
