import Foundation

/// The JSON documents of a Beanconqueror backup: the main `Beanconqueror.json` and, in a zip, the split
/// `Beanconqueror_Brews_N.json` / `Beanconqueror_Beans_N.json` arrays (the app moves brews past the first 500 into
/// them), in numeric order of N.
public struct BeanconquerorDocuments {
    /// The main document's bytes.
    public var main: Data
    /// Whether the documents came from a zip archive.
    public var isArchive = false
    /// Split brew arrays: entry name and bytes, by N.
    public var brewParts: [(name: String, data: Data)] = []
    /// Split bean arrays: entry name and bytes, by N.
    public var beanParts: [(name: String, data: Data)] = []

    /// Reads a bare JSON file or a zip archive.
    ///
    /// Archive safety (``ZipArchivePolicy``), checked before anything is inflated:
    /// - an entry name with an absolute path or a `..` component is refused (``ImportError/Kind/unsafeArchiveEntry``);
    /// - an archive listing more than ``ZipArchivePolicy/maxEntries`` entries is refused unread;
    /// - an entry declaring an uncompressed size above 2⁶³ − 1 bytes (a ZIP64 field near 2⁶⁴: no file is that
    ///   large) is refused as damaged or hostile (``ImportError/Kind/archiveTooLarge``), inflated or not;
    /// - only the backup's JSON entries (`Beanconqueror.json`, `Beanconqueror_Brews_N.json`,
    ///   `Beanconqueror_Beans_N.json`) are inflated — photos and flow profiles are skipped, so their sizes do not
    ///   count — and their declared sizes, summed with overflow checks, must be at most `maxBytes`;
    /// - while inflating, the bytes actually produced are counted against the same `maxBytes` across all
    ///   entries, so an entry whose header understates its size is stopped at the bound, never held whole;
    /// - each inflated entry's CRC-32 must match its header (``ImportError/Kind/corrupt`` otherwise);
    /// - one of those entries that is encrypted, a symbolic link, or whose name occurs twice (unzip and other
    ///   readers would each pick one of the two) is refused in those words (``ImportError/Kind/unreadable``).
    ///
    /// `maxBytes` below 0 counts as 0.
    public static func load(_ url: URL, maxBytes: Int) throws(ImportError) -> BeanconquerorDocuments {
        let path = url.path
        let prefix = try JournalImporter.readPrefix(path)
        guard prefix.starts(with: [0x50, 0x4B]) else {
            return BeanconquerorDocuments(main: try JournalImporter.mappedContents(url))
        }
        let reader = try ZipArchivePolicy.open(path)
        let budget = ZipArchivePolicy.InflateBudget(limit: maxBytes)
        var mainEntry: ZipEntryData.Entry?
        var brews: [(Int, ZipEntryData.Entry)] = [], beans: [(Int, ZipEntryData.Entry)] = []
        for entry in reader.entries {
            try ZipArchivePolicy.check(entry, archive: path)
            let components = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            guard !entry.isDirectory, let file = components.last.map(String.init) else { continue }
            if file == "Beanconqueror.json" {
                if mainEntry == nil || components.count == 1 && mainEntry?.name != entry.name { mainEntry = entry }
            } else if let n = number(file, prefix: "Beanconqueror_Brews_") {
                brews.append((n, entry))
            } else if let n = number(file, prefix: "Beanconqueror_Beans_") {
                beans.append((n, entry))
            }
        }
        guard let mainEntry else {
            throw ImportError(.notAJournal, file: path, "zip archive without a Beanconqueror.json")
        }
        let wanted = [mainEntry] + brews.map(\.1) + beans.map(\.1)
        for entry in wanted {
            if let why = ZipArchivePolicy.describe(entry, occurrences: reader.count(named: entry.name)) {
                throw ImportError(.unreadable, file: path, why)
            }
        }
        var declared: UInt64 = 0
        for entry in wanted {
            let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
            guard !overflow, sum <= UInt64(budget.limit) else {
                throw ImportError(
                    .archiveTooLarge, file: path, location: QuotedInput.short(entry.name), budget.exceeded)
            }
            declared = sum
        }
        func inflate(_ entry: ZipEntryData.Entry) throws(ImportError) -> Data {
            let location = QuotedInput.short(entry.name)
            do {
                return try ZipArchivePolicy.inflate(reader, entry, budget: budget)
            } catch .damaged {
                throw ImportError(.corrupt, file: path, location: location,
                    ZipArchivePolicy.InflateFailure.damaged.description)
            } catch .budgetSpent, .longerThanLimit {
                // The declared sizes fit the budget (checked above): only an understated header gets here.
                throw ImportError(.archiveTooLarge, file: path, location: location,
                                  budget.exceeded + " (the entry's header understates its size)")
            } catch {
                throw ImportError(.corrupt, file: path, location: location, error.description)
            }
        }
        var documents = BeanconquerorDocuments(main: try inflate(mainEntry), isArchive: true)
        for (_, entry) in brews.sorted(by: { $0.0 < $1.0 }) {
            documents.brewParts.append((entry.name, try inflate(entry)))
        }
        for (_, entry) in beans.sorted(by: { $0.0 < $1.0 }) {
            documents.beanParts.append((entry.name, try inflate(entry)))
        }
        return documents
    }

    /// N in `<prefix>N.json`.
    private static func number(_ file: String, prefix: String) -> Int? {
        guard file.hasPrefix(prefix), file.hasSuffix(".json") else { return nil }
        return Int(file.dropFirst(prefix.count).dropLast(5))
    }
}
