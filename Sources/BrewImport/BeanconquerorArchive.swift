import Foundation
import ZIPFoundation

/// The JSON documents of a Beanconqueror backup: the main `Beanconqueror.json` and, in a zip, the split
/// `Beanconqueror_Brews_N.json` / `Beanconqueror_Beans_N.json` arrays (the app moves brews past the first 500 into
/// them), in numeric order of N.
struct BeanconquerorDocuments {
    /// The main document's bytes.
    var main: Data
    /// Whether the documents came from a zip archive.
    var isArchive = false
    /// Split brew arrays: entry name and bytes, by N.
    var brewParts: [(name: String, data: Data)] = []
    /// Split bean arrays: entry name and bytes, by N.
    var beanParts: [(name: String, data: Data)] = []

    /// Reads a bare JSON file or a zip archive.
    ///
    /// Archive safety, checked before anything is inflated:
    /// - an entry name with an absolute path or a `..` component is refused (``ImportError/Kind/unsafeArchiveEntry``);
    /// - an entry declaring an uncompressed size above 2⁶³ − 1 bytes (a ZIP64 field near 2⁶⁴: no file is that
    ///   large) is refused as damaged or hostile (``ImportError/Kind/archiveTooLarge``), inflated or not;
    /// - only the backup's JSON entries (`Beanconqueror.json`, `Beanconqueror_Brews_N.json`,
    ///   `Beanconqueror_Beans_N.json`) are inflated — photos and flow profiles are skipped, so their sizes do not
    ///   count — and their declared sizes, summed with overflow checks, must be at most `maxBytes`;
    /// - while inflating, the bytes actually produced are counted against the same `maxBytes` across all
    ///   entries, so an entry whose header understates its size is stopped at the bound, never held whole;
    /// - each inflated entry's CRC-32 must match its header (``ImportError/Kind/corrupt`` otherwise).
    ///
    /// `maxBytes` below 0 counts as 0.
    static func load(_ url: URL, maxBytes: Int) throws(ImportError) -> BeanconquerorDocuments {
        let path = url.path
        let prefix = try JournalImporter.readPrefix(path)
        guard prefix.starts(with: [0x50, 0x4B]) else {
            return BeanconquerorDocuments(main: try JournalImporter.mappedContents(url))
        }
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportError(.corrupt, file: path, "not a readable zip archive: \(error)")
        }
        let maxBytes = max(0, maxBytes)
        let tooLarge = "archive entries inflate to more than \(ImportOptions.describe(bytes: maxBytes))"
        var mainEntry: Entry?
        var brews: [(Int, Entry)] = [], beans: [(Int, Entry)] = []
        for entry in archive {
            let name = entry.path
            let components = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..") || name.contains("\\..")
                || name.contains(":") && name.first?.isLetter == true && name.dropFirst().first == ":" {
                throw ImportError(.unsafeArchiveEntry, file: path, location: name,
                                  "archive entry name escapes the archive (absolute path or '..')")
            }
            guard entry.uncompressedSize <= UInt64(Int64.max) else {
                throw ImportError(.archiveTooLarge, file: path, location: name,
                                  "the entry declares \(entry.uncompressedSize) bytes uncompressed, more than any file holds: "
                                    + "a damaged or hostile archive")
            }
            guard entry.type == .file, let file = components.last.map(String.init) else { continue }
            if file == "Beanconqueror.json" {
                if mainEntry == nil || components.count == 1 { mainEntry = entry }
            } else if let n = number(file, prefix: "Beanconqueror_Brews_") {
                brews.append((n, entry))
            } else if let n = number(file, prefix: "Beanconqueror_Beans_") {
                beans.append((n, entry))
            }
        }
        guard let mainEntry else {
            throw ImportError(.notAJournal, file: path, "zip archive without a Beanconqueror.json")
        }
        var declared: UInt64 = 0
        for entry in [mainEntry] + brews.map(\.1) + beans.map(\.1) {
            let (sum, overflow) = declared.addingReportingOverflow(entry.uncompressedSize)
            guard !overflow, sum <= UInt64(maxBytes) else {
                throw ImportError(.archiveTooLarge, file: path, location: entry.path, tooLarge)
            }
            declared = sum
        }
        var budget = maxBytes
        let reader: ZipEntryData
        do {
            reader = try ZipEntryData(path: path)
        } catch {
            throw ImportError(.corrupt, file: path, "not a readable zip archive: \(error)")
        }
        func inflate(_ entry: Entry) throws(ImportError) -> Data {
            var data = Data()
            data.reserveCapacity(Int(min(entry.uncompressedSize, UInt64(budget))))
            do {
                // Not `archive.extract`: it can loop forever on a truncated deflate stream (see `ZipEntryData`).
                let crc = try reader.extract(entry.path(using: .utf8)) { chunk in
                    guard chunk.count <= budget else { throw SizeExceeded() }
                    budget -= chunk.count
                    data.append(chunk)
                }
                // ZIPFoundation's consumer form computes the CRC-32 but leaves the comparison to the caller.
                guard crc == entry.checksum else {
                    throw ImportError(.corrupt, file: path, location: entry.path,
                                      "damaged entry: its CRC-32 does not match the inflated bytes")
                }
            } catch let error as ImportError {
                throw error
            } catch is SizeExceeded {
                throw ImportError(.archiveTooLarge, file: path, location: entry.path,
                                  tooLarge + " (the entry's header understates its size)")
            } catch {
                throw ImportError(.corrupt, file: path, location: entry.path, "cannot inflate the entry: \(error)")
            }
            return data
        }
        var documents = BeanconquerorDocuments(main: try inflate(mainEntry), isArchive: true)
        for (_, entry) in brews.sorted(by: { $0.0 < $1.0 }) {
            documents.brewParts.append((entry.path, try inflate(entry)))
        }
        for (_, entry) in beans.sorted(by: { $0.0 < $1.0 }) {
            documents.beanParts.append((entry.path, try inflate(entry)))
        }
        return documents
    }

    private struct SizeExceeded: Error {}

    /// N in `<prefix>N.json`.
    private static func number(_ file: String, prefix: String) -> Int? {
        guard file.hasPrefix(prefix), file.hasSuffix(".json") else { return nil }
        return Int(file.dropFirst(prefix.count).dropLast(5))
    }
}
