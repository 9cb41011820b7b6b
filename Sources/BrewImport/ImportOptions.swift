import BrewColumns
import BrewProgress
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
    /// The brew-table column groups to read (default ``BrewColumnSet/all``): a projection, pushed down into every
    /// importer.
    ///
    /// The always-read columns are read whatever the set — the brew id (so duplicate detection, and with it
    /// `read = kept + rejected`, never depends on the projection), the brew date, and the method reference; the
    /// entity tables are always complete. The grinder and bean references are groups of their own: the store leaves
    /// them out of its `SELECT` (a dangling one is then not warned about); the encodings that name equipment per
    /// brew (CSV, JSON, Beanconqueror) still resolve them, as their entity tables are built from them, and the
    /// journal leaves them null. A column outside the set is null in every slot of the table
    /// and is **neither read nor validated**: the store leaves it out of its `SELECT` (and skips `ZTASTINGNOTE`
    /// altogether without ``BrewColumnSet/tastingNote``), the CSV reader still splits the record but converts no
    /// unread field, the JSON and Beanconqueror readers skip the unread keys.
    ///
    /// **The one difference from a full import:** a value that is malformed or implausible *only in an unread
    /// column* neither rejects its brew nor warns. A JSON brew whose `waterTemperature` is `"hot"` is rejected by a
    /// full import and kept by one without ``BrewColumnSet/waterTemperature``; a rating of 9 warns only when ratings
    /// are read. Without ``BrewColumnSet/tastingNote`` no tasting note is read: ``ImportReport/tastingNotes`` is 0 and
    /// no warning names a note. The store's record dates (`ZCREATEDAT`, `ZUPDATEDAT`), which no table column holds and
    /// which are read only to warn about unusable values, count as unread unless every group is read. Everything else —
    /// which brews are read, their ids, dates and references, rejects and warnings about those, and every value of a
    /// read column — is exactly what a full import gives.
    ///
    /// To keep a full import's report while storing less, set ``validatesAllColumns``. `brewstats inspect` reads
    /// every column (its output never changes); `brewstats chart` reads what its chart draws; `brewstats report`
    /// and `batch` keep the columns a report shows and validate all of them (their output never changes either).
    public var columns: BrewColumnSet
    /// Whether the columns outside ``columns`` are still read and validated, only not kept (default `false`).
    ///
    /// With `true` the import report — counts, rejects, warnings, tasting notes — is exactly a full import's, and the
    /// journal is a full import's with the columns outside ``columns`` null: memory is saved, reading time is not.
    /// For a weekly report, which lists the import's rejects and warnings. Has no effect when ``columns`` is
    /// ``BrewColumnSet/all``.
    public var validatesAllColumns: Bool
    /// Whether a store's brew table is stepped by SQLite on a second thread while this one imports the rows
    /// (``StoreReadAhead``; default `false`). The journal and the report are the same either way.
    ///
    /// For one journal read while the other cores are idle (`brewstats chart`, `report`, `inspect`): the import
    /// then takes the longer of SQLite's part and the importer's instead of their sum. It costs a little more CPU
    /// (every cell is copied once), so a batch that already runs a journal on every core leaves it off. Only the
    /// store reads ahead; other formats ignore it.
    public var readAhead: Bool
    /// How long reading a store waits for another program's write to finish (default ``defaultStoreWait``, 5 s).
    ///
    /// The app may be writing its store while brewstats reads it: a writer in rollback-journal mode holds an
    /// exclusive lock during its commit, and a reader meanwhile gets `SQLITE_BUSY` ("database is locked"). SQLite's
    /// busy timeout (GRDB's `busyMode = .timeout`) retries for this long; a store still locked then is refused
    /// naming the file and the wait (``ImportError/Kind/unreadable``). The command line reads it from the
    /// environment variable `BREWSTATS_STORE_WAIT` (seconds, e.g. `0.5` or `30`).
    public var storeWait: TimeInterval = ImportOptions.defaultStoreWait

    /// Where a long import tells how far it has got (a folder of shot files, file by file);
    /// ``BrewProgress/WorkProgress/none`` by default. The journal and its report are the same either way.
    public var progress = WorkProgress.none

    /// The default ``storeWait``: 5 seconds, far above a commit of the app's (milliseconds).
    public static let defaultStoreWait: TimeInterval = 5

    /// Creates options; every parameter has the default described on its property.
    public init(format: JournalFormat? = nil, timeZone: TimeZone = .current, columnMapping: ColumnMapping? = nil,
                maxArchiveBytes: Int = ImportOptions.defaultMaxArchiveBytes, maxRecordBytes: Int = 4096,
                columns: BrewColumnSet = .all, validatesAllColumns: Bool = false, readAhead: Bool = false) {
        self.format = format
        self.timeZone = timeZone
        self.columnMapping = columnMapping
        self.maxArchiveBytes = maxArchiveBytes
        self.maxRecordBytes = maxRecordBytes
        self.columns = columns
        self.validatesAllColumns = validatesAllColumns
        self.readAhead = readAhead
    }

    /// The column groups the importers read: ``columns``, or every group when ``validatesAllColumns`` is set.
    var readColumns: BrewColumnSet { validatesAllColumns ? .all : columns }

    /// The default ``maxArchiveBytes``: 128 MiB.
    public static let defaultMaxArchiveBytes = 128 << 20

    /// `128 MiB`, `512 KiB`, `100 bytes`: a byte count in the largest binary unit that divides it evenly.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
