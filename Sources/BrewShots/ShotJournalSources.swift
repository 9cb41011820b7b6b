import BrewColumns
import BrewImport
import Foundation

/// One file of a shot journal: a file on disk or an entry of a zip archive.
struct ShotSourceFile {
    /// The name the import report uses (the path, or `archive.zip/entry`).
    var name: String
    /// The size the file system or the archive's header gives.
    var declaredSize: UInt64
    var modified: Date?
    /// The first bytes (up to 64 KiB).
    var prefix: () throws(ShotRejection) -> [UInt8]
    /// The whole file, refused above ``ShotLimits/maxFileBytes`` (counting the bytes actually read or inflated).
    var contents: () throws(ShotRejection) -> Data
    /// Whether ``contents`` may run on several threads at once (a file on disk: each call opens it anew); an
    /// archive entry may not (the archive's reader is shared).
    var independent = false
}

/// Lists the files of a shot journal: a folder (recursively, hidden files skipped, sorted by path), a zip
/// archive, or one file.
enum ShotJournalSources {
    static let tooLarge = "more than the \(ShotLimits.maxFileBytes >> 20) MiB a shot file may have: not read"

    /// One file on disk.
    static func file(_ url: URL) -> ShotSourceFile {
        let path = url.path
        var info = stat()
        let found = stat(path, &info) == 0
        let modified = found
            ? Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9) : nil
        return ShotSourceFile(
            name: path, declaredSize: found ? UInt64(max(0, info.st_size)) : 0, modified: modified,
            prefix: { () throws(ShotRejection) -> [UInt8] in try read(path, limit: 65_536, refuseLonger: false) },
            contents: {
                () throws(ShotRejection) -> Data in Data(
                    try read(path, limit: ShotLimits.maxFileBytes, refuseLonger: true))
            },
            independent: true)
    }

    /// Up to `limit` bytes of `path`; with `refuseLonger`, a longer file is refused (read one byte past the
    /// limit, never more).
    static func read(_ path: String, limit: Int, refuseLonger: Bool) throws(ShotRejection) -> [UInt8] {
        // A regular file only (``InputFile``): a FIFO or device would block the read.
        let bytes: [UInt8]
        do {
            bytes = try InputFile.bytes(path, limit: refuseLonger ? limit + 1 : limit)
        } catch { throw ShotRejection(nil, error.message) }
        if refuseLonger && bytes.count > limit { throw ShotRejection(nil, tooLarge) }
        return bytes
    }

    /// The regular files under `folder`, hidden ones skipped, sorted by path. A named pipe, socket or device among
    /// them is listed too, as a file that is refused unopened (a rejected shot giving the reason); symbolic links are
    /// not followed (skipped).
    static func folder(_ folder: URL) throws(ImportError) -> [ShotSourceFile] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                         options: [.skipsHiddenFiles]) else {
            throw ImportError(.unreadable, file: folder.path, "cannot list the folder")
        }
        var urls: [(path: String, refused: String?)] = []
        while let item = walker.nextObject() as? URL {
            var info = stat()
            guard lstat(item.path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFREG {
                urls.append((item.path, nil))
            } else if type != S_IFDIR && type != S_IFLNK {
                urls.append((item.path, InputFile.refusal(InputFile.describe(mode: info.st_mode))))
            } else {
                continue
            }
            if urls.count > ShotLimits.maxFiles {
                throw ImportError(.archiveTooLarge, file: folder.path,
                    "more than \(ShotLimits.maxFiles) files in the shot folder")
            }
        }
        return urls.sorted { $0.path < $1.path }.map { entry in
            guard let refused = entry.refused else { return file(URL(fileURLWithPath: entry.path)) }
            return ShotSourceFile(name: entry.path, declaredSize: 0, modified: nil,
                                  prefix: { () throws(ShotRejection) -> [UInt8] in throw ShotRejection(nil, refused) },
                                  contents: { () throws(ShotRejection) -> Data in throw ShotRejection(nil, refused) },
                                  independent: true)
        }
    }

    /// The file entries of a zip archive, read with BrewImport's zip reader and its rules (``ZipArchivePolicy``).
    ///
    /// The archive is refused (``ImportError``) when an entry's name escapes it (an absolute path or `..`), when it
    /// declares an impossible size, or when it holds more than ``ZipArchivePolicy/maxEntries`` entries. Each entry is
    /// inflated only when read, counting the bytes produced: one whose header says, or whose inflated bytes show,
    /// more than ``ShotLimits/maxFileBytes`` is a rejected shot, never held whole; a CRC-32 mismatch is a rejected
    /// (damaged) shot; an encrypted entry or a symbolic link is a rejected shot saying so. All entries together
    /// inflate at most `maxBytes` (``ShotLimits/maxArchiveBytes`` by default, counting first bytes read to sniff a
    /// format too): past that, every entry still to be read is a rejected shot, so a small archive of many large
    /// entries costs a bounded amount of work.
    ///
    /// - Returns: The entries, and the archive's budget (its ``ZipArchivePolicy/InflateBudget/inflated`` counts
    ///   the bytes inflated so far).
    static func zip(_ url: URL, maxBytes: Int = ShotLimits.maxArchiveBytes) throws(ImportError)
        -> (entries: [ShotSourceFile], budget: ZipArchivePolicy.InflateBudget) {
        let path = url.path
        let reader = try ZipArchivePolicy.open(path)
        let budget = ZipArchivePolicy.InflateBudget(limit: maxBytes)
        var out: [ShotSourceFile] = []
        var counts: [String: Int] = [:]
        for entry in reader.entries { counts[entry.name, default: 0] += 1 }
        for entry in reader.entries {
            try ZipArchivePolicy.check(entry, archive: path)
            let name = entry.name
            let components = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !entry.isDirectory, let last = components.last, !last.hasPrefix("."),
                !name.hasPrefix("__MACOSX/") else { continue }
            let refusal = ZipArchivePolicy.describe(entry, occurrences: counts[name] ?? 1)
            out.append(ShotSourceFile(
                // An entry's name is shown in the report (shots.csv): control characters in it are replaced.
                name: "\(path)/\(ControlCharacters.cleaned(name).text)", declaredSize: entry.uncompressedSize,
                modified: entry.modified,
                prefix: { () throws(ShotRejection) -> [UInt8] in
                    if let refusal { throw ShotRejection(nil, refusal) }
                    return [UInt8](try inflate(reader, entry, limit: 65_536, whole: false, budget: budget))
                },
                contents: { () throws(ShotRejection) -> Data in
                    if let refusal { throw ShotRejection(nil, refusal) }
                    guard entry.uncompressedSize <= UInt64(ShotLimits.maxFileBytes) else {
                        throw ShotRejection(nil, tooLarge)
                    }
                    return try inflate(reader, entry, limit: ShotLimits.maxFileBytes, whole: true, budget: budget)
                }))
        }
        return (out, budget)
    }

    /// Inflates `entry` (``ZipArchivePolicy/inflate(_:_:limit:whole:budget:)``): its first `limit` bytes
    /// (`whole == false`), or all of it, refused past `limit`; an entry that would pass the archive's `budget` is a
    /// rejected shot.
    static func inflate(_ reader: ZipEntryData, _ entry: ZipEntryData.Entry, limit: Int, whole: Bool,
                        budget: ZipArchivePolicy.InflateBudget) throws(ShotRejection) -> Data {
        do {
            return try ZipArchivePolicy.inflate(reader, entry, limit: limit, whole: whole, budget: budget)
        } catch .longerThanLimit {
            throw ShotRejection(nil, tooLarge + " (the entry's header understates its size)")
        } catch .budgetSpent {
            throw ShotRejection(nil, budget.exceeded + " in all: not read")
        } catch {
            throw ShotRejection(nil, error.description)
        }
    }
}
