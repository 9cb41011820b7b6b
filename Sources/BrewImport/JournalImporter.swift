import BrewColumns
import Foundation

/// Reads a journal file in any supported encoding.
///
/// The one entry point of BrewImport. The format is sniffed from the content unless
/// ``ImportOptions/format`` says otherwise (``JournalFormat/sniff(_:)``); the format's importer in the registry
/// (``JournalImporters``) reads it. Records that cannot be brews are
/// rejected and listed in the report; the file as a whole is refused only when it cannot be a journal.
///
/// ```swift
/// let result = try importJournal(at: URL(fileURLWithPath: "journal.sqlite"))
/// print(result.report.brews.kept, result.journal.brews.count)
/// ```
///
/// - Parameters:
///   - url: A file: a store (`.sqlite`, `.store`), a CSV, a JSON export, a `Beanconqueror.json` or `.zip`, a
///     BrewSpec document (YAML or JSON).
///   - options: Format override, time zone for CSV dates without an offset, a column mapping, limits.
/// - Returns: The journal and its ``ImportReport``, where `read == kept + rejected`.
/// - Throws: ``ImportError`` when the file is missing or unreadable, is not a journal, is corrupt, or is an
///   archive that is too large or unsafe.
public func importJournal(at url: URL, options: ImportOptions = .init()) throws(ImportError) -> ImportResult {
    try JournalImporter.importJournal(at: url, options: options)
}

/// The importer behind ``importJournal(at:options:)``, for callers who prefer a type.
public enum JournalImporter {
    /// Same as ``importJournal(at:options:)``.
    ///
    /// - Throws: ``ImportError``.
    public static func importJournal(
        at url: URL, options: ImportOptions = .init()
    ) throws(ImportError) -> ImportResult {
        let path = url.path
        switch InputFile.classify(path) {
        case .missing: throw ImportError(.fileNotFound, file: path, "no such file")
        case .directory: throw ImportError(.unreadable, file: path, "is a folder, not a journal file")
        case .other(let what): throw ImportError(.unreadable, file: path, InputFile.refusal(what))
        case .stream(let fd):
            // A pipe (`/dev/fd/N`, standard input): its bytes, read whole, are imported as a file holding them.
            return try StreamCopy.reading(fd, path: path) { (copy) throws(ImportError) -> ImportResult in
                let result = try importJournal(at: copy, options: options)
                return ImportResult(journal: result.journal,
                                    report: StreamCopy.renamed(result.report, from: copy.path,
                                        to: StreamCopy.displayName(path)))
            }
        case .regular: break
        }
        let format: JournalFormat
        if let forced = options.format {
            format = forced
        } else {
            let prefix = try readPrefix(path)
            format = JournalFormat.sniff(prefix)
            try checkSniffed(format, prefix: prefix, url: url)
        }
        guard let importer = JournalImporters.importer(for: format) else {
            throw ImportError(.notAJournal, file: path, "\(format.displayName) are not read by BrewImport's importers")
        }
        return try importer.read(url, options: options)
    }

    /// Refuses content that was sniffed as CSV but cannot be one: a file named like a store or an archive
    /// whose bytes are not, or binary content (NUL bytes) — a clearer message than a missing CSV header.
    static func checkSniffed(_ format: JournalFormat, prefix: [UInt8], url: URL) throws(ImportError) {
        guard format == .csv else { return }
        let ext = url.pathExtension.lowercased()
        if JournalFormat.storeExtensions.contains(ext) {
            throw ImportError(.notAJournal, file: url.path,
                "named .\(ext) but not an SQLite database (no SQLite header)")
        }
        if ext == "zip" {
            throw ImportError(.notAJournal, file: url.path, "named .zip but not a zip archive")
        }
        if prefix.contains(0) {
            throw ImportError(.notAJournal, file: url.path, "binary content: not a store, archive, CSV or JSON journal")
        }
    }

    /// The first 64 KiB of a file (a regular file only: ``InputFile``).
    static func readPrefix(_ path: String) throws(ImportError) -> [UInt8] {
        try InputFile.bytes(path, limit: 65_536)
    }

    /// The whole file, memory-mapped (a regular file only: ``InputFile``), for the importers that parse a file whole
    /// (the app's JSON export, BrewSpec, a Beanconqueror backup's main JSON): a file past
    /// ``InputFile/maxWholeJournalBytes`` is refused on its `fstat` size, before it is mapped or parsed.
    static func mappedContents(_ url: URL) throws(ImportError) -> Data {
        let file = try MappedFile(path: url.path, maxBytes: InputFile.maxWholeJournalBytes)
        guard let base = file.bytes.baseAddress else { return Data() }
        // SAFETY: the mapping lives as long as `file`, which the deallocator keeps until the `Data` is released.
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: file.bytes.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(file) {} })
    }
}
