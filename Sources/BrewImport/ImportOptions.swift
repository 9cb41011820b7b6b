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
    /// The most bytes a zip archive's entries may inflate to, all together (default 512 MiB).
    /// A larger archive is refused with ``ImportError/Kind/archiveTooLarge`` before anything is inflated.
    public var maxArchiveBytes: Int
    /// The most bytes of a rejected record's raw text kept in its ``Reject/record`` (default 4096);
    /// longer records are cut and end in `…`.
    public var maxRecordBytes: Int

    /// Creates options; every parameter has the default described on its property.
    public init(format: JournalFormat? = nil, timeZone: TimeZone = .current, columnMapping: ColumnMapping? = nil,
                maxArchiveBytes: Int = 512 << 20, maxRecordBytes: Int = 4096) {
        self.format = format
        self.timeZone = timeZone
        self.columnMapping = columnMapping
        self.maxArchiveBytes = maxArchiveBytes
        self.maxRecordBytes = maxRecordBytes
    }
}
