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
public enum ZipArchivePolicy {
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
                              "the entry declares \(entry.uncompressedSize) bytes uncompressed, more than any file holds: "
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
