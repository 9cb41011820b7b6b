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
    /// Archive safety: every entry name is checked before anything is inflated — an absolute path or a `..`
    /// component is refused (``ImportError/Kind/unsafeArchiveEntry``); the declared uncompressed sizes must
    /// sum to at most `maxBytes`, and the bytes actually inflated are counted too, so an entry that lies about
    /// its size is stopped at the bound (``ImportError/Kind/archiveTooLarge``). Only the backup's JSON entries
    /// are inflated; photos and flow profiles are skipped.
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
        var declared: UInt64 = 0
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
            declared += entry.uncompressedSize
            guard declared <= UInt64(maxBytes) else {
                throw ImportError(.archiveTooLarge, file: path, location: name,
                                  "archive entries inflate to more than \(maxBytes >> 20) MiB")
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
        var budget = maxBytes
        func inflate(_ entry: Entry) throws(ImportError) -> Data {
            var data = Data()
            data.reserveCapacity(Int(min(entry.uncompressedSize, UInt64(budget))))
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    guard chunk.count <= budget else { throw SizeExceeded() }
                    budget -= chunk.count
                    data.append(chunk)
                }
            } catch is SizeExceeded {
                throw ImportError(.archiveTooLarge, file: path, location: entry.path,
                                  "archive entries inflate to more than \(maxBytes >> 20) MiB")
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
