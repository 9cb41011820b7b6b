import Foundation

/// The safety rules every zip brewstats reads obeys — a Beanconqueror backup and a zip of shot files alike.
///
/// - An entry name with an absolute path, a drive letter or a `..` component is refused
///   (``ImportError/Kind/unsafeArchiveEntry``), whether the entry would be read or not.
/// - An entry declaring an uncompressed size above 2⁶³ − 1 bytes (a ZIP64 field near 2⁶⁴: no file is that large)
///   is refused as damaged or hostile (``ImportError/Kind/archiveTooLarge``).
/// - The bytes inflated from one archive, summed over every entry read, are counted against one budget
///   (``InflateBudget``, 128 MiB by default, ``ImportOptions/maxArchiveBytes``): inflation stops at the bound, so
///   a small archive of many large entries costs at most that much work, never the sum of what it declares.
/// - An entry brewstats must read but cannot is named with the reason: an encrypted entry, a symbolic link, a
///   name that occurs twice (``describe(_:)``).
/// - An archive of more than ``maxEntries`` entries is refused before any is read (``open(_:maxEntries:)``).
/// - Every entry is inflated through ``inflate(_:_:limit:whole:budget:)``: the bytes produced are counted (not the
///   size the header declares) and the CRC-32 of a whole entry is checked.
///
/// Every archive reader (Beanconqueror backups in BrewImport, shot zips in BrewShots) opens and inflates through
/// these, so the rules and their wording are written once; each caller only says what a refusal costs it (the
/// whole backup, or one rejected shot).
public enum ZipArchivePolicy {
    /// The most entries an archive may list (1,000,000): past it the archive is refused unread.
    public static let maxEntries = 1_000_000

    /// The central directory of the archive at `path`, refused when it cannot be read or lists more than
    /// `maxEntries` entries.
    ///
    /// - Throws: ``ImportError`` (`.corrupt` "not a readable zip archive: …", `.archiveTooLarge`).
    public static func open(_ path: String, maxEntries: Int = maxEntries) throws(ImportError) -> ZipEntryData {
        let reader: ZipEntryData
        do {
            reader = try ZipEntryData(path: path)
        } catch {
            throw ImportError(.corrupt, file: path, "not a readable zip archive: \(error)")
        }
        if reader.entries.count > maxEntries {
            throw ImportError(.archiveTooLarge, file: path, "more than \(maxEntries) entries in the archive")
        }
        return reader
    }

    /// Why ``inflate(_:_:limit:whole:budget:)`` stopped; ``description`` is the shared wording where the caller
    /// adds nothing of its own.
    public enum InflateFailure: Error, CustomStringConvertible {
        /// The inflated bytes do not match the CRC-32 the header declares.
        case damaged
        /// The entry inflates to more than the `limit` asked for (reading it whole).
        case longerThanLimit
        /// The archive's ``InflateBudget`` would be passed.
        case budgetSpent
        /// The reader failed (truncated stream, unknown method, encrypted entry …).
        case unreadable(String)

        public var description: String {
            switch self {
            case .damaged: "damaged entry: its CRC-32 does not match the inflated bytes"
            case .longerThanLimit: "the entry inflates to more than it may hold"
            case .budgetSpent: "archive entries inflate past the archive's budget"
            case .unreadable(let why): "cannot inflate the entry: \(why)"
            }
        }
    }

    /// Inflates `entry` of `reader`: all of it (`whole`), stopping with ``InflateFailure/longerThanLimit`` past
    /// `limit` bytes, or only its first `limit` bytes (`whole == false`, to sniff a format). Every byte produced is
    /// taken from `budget` first; the CRC-32 is checked when the entry was read whole.
    public static func inflate(_ reader: ZipEntryData, _ entry: ZipEntryData.Entry, limit: Int = .max,
                               whole: Bool = true,
                               budget: InflateBudget) throws(InflateFailure) -> Data {
        var data = Data()
        if whole {
            data.reserveCapacity(
                Int(min(entry.uncompressedSize, UInt64(max(0, min(limit, budget.limit - budget.inflated))))))
        }
        do {
            // Not ZIPFoundation's `archive.extract`: it can loop forever on a truncated deflate stream
            // (``ZipEntryData``).
            let crc = try reader.extract(entry) { chunk in
                let piece = data.count + chunk.count <= limit ? chunk : chunk.prefix(limit - data.count)
                guard budget.take(piece.count) else { throw InflateFailure.budgetSpent }
                data.append(piece)
                if piece.count < chunk.count { throw Enough() }
            }
            if whole && crc != entry.crc32 { throw InflateFailure.damaged }
        } catch let failure as InflateFailure {
            throw failure
        } catch is Enough {
            if whole { throw .longerThanLimit }
        } catch {
            throw .unreadable("\(error)")
        }
        return data
    }

    private struct Enough: Error {}
    /// Refuses `entry` of the archive at `path` when its name escapes the archive or its size is impossible.
    ///
    /// - Throws: ``ImportError`` (`.unsafeArchiveEntry`, `.archiveTooLarge`).
    public static func check(_ entry: ZipEntryData.Entry, archive path: String) throws(ImportError) {
        let name = entry.name
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..") || name.contains("\\..")
            || (name.first?.isLetter == true && name.dropFirst().first == ":") {
            throw ImportError(.unsafeArchiveEntry, file: path, location: QuotedInput.short(name),
                              "archive entry name escapes the archive (absolute path or '..')")
        }
        guard entry.uncompressedSize <= UInt64(Int64.max) else {
            throw ImportError(.archiveTooLarge, file: path, location: QuotedInput.short(name),
                              "the entry declares \(entry.uncompressedSize) " +
                                  "bytes uncompressed, more than any file holds: "
                                + "a damaged or hostile archive")
        }
    }

    /// Why `entry` cannot be read, in words, or `nil` when it can: encrypted, a symbolic link, or a name that occurs
    /// `occurrences` times in the archive.
    public static func describe(_ entry: ZipEntryData.Entry, occurrences: Int = 1) -> String? {
        let name = QuotedInput.short(entry.name)
        if occurrences > 1 {
            return "the archive holds \(occurrences) entries named \(name): which one to read cannot be told"
        }
        if entry.isSymbolicLink { return "\(name) is a symbolic link, not read" }
        if entry.isEncrypted { return "\(name) is encrypted; brewstats cannot read encrypted zip entries" }
        return nil
    }

    /// The bytes one archive may still inflate, shared by every entry read from it.
    ///
    /// Not thread-safe: an archive's entries are read one after the other (they share one file handle).
    public final class InflateBudget {
        /// The bound, in bytes.
        public let limit: Int
        /// Bytes inflated so far, over every entry (for the message, and for tests that check the bound holds).
        public private(set) var inflated = 0

        public init(limit: Int) { self.limit = max(0, limit) }

        /// Counts `n` more bytes; `false` (nothing counted) when they would pass the bound.
        public func take(_ n: Int) -> Bool {
            guard n <= limit - inflated else { return false }
            inflated += n
            return true
        }

        /// "archive entries inflate to more than 128 MiB".
        public var exceeded: String {
            "archive entries inflate to more than \(ImportOptions.describe(bytes: limit))"
        }
    }
}
