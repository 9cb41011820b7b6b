import BrewImport
import Foundation
import ZIPFoundation

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
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
        return ShotSourceFile(
            name: path, declaredSize: size, modified: attributes?[.modificationDate] as? Date,
            prefix: { () throws(ShotRejection) -> [UInt8] in try read(path, limit: 65_536, refuseLonger: false) },
            contents: { () throws(ShotRejection) -> Data in Data(try read(path, limit: ShotLimits.maxFileBytes, refuseLonger: true)) },
            independent: true)
    }

    /// Up to `limit` bytes of `path`; with `refuseLonger`, a longer file is refused (read one byte past the
    /// limit, never more).
    static func read(_ path: String, limit: Int, refuseLonger: Bool) throws(ShotRejection) -> [UInt8] {
        // A regular file only (``InputFile``): a FIFO or device would block the read.
        let handle: FileHandle
        do { handle = try InputFile.handle(path) } catch { throw ShotRejection(nil, error.message) }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: refuseLonger ? limit + 1 : limit) ?? Data()
            if refuseLonger && data.count > limit { throw ShotRejection(nil, tooLarge) }
            return [UInt8](data)
        } catch let error as ShotRejection {
            throw error
        } catch {
            throw ShotRejection(nil, "cannot read: \(error.localizedDescription)")
        }
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
                throw ImportError(.archiveTooLarge, file: folder.path, "more than \(ShotLimits.maxFiles) files in the shot folder")
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

    /// The file entries of a zip archive. The archive is refused (``ImportError``) when an entry's name escapes
    /// it (an absolute path or `..`), when it declares an impossible size, or when it holds more than
    /// ``ShotLimits/maxFiles`` entries. Each entry is inflated only when read, counting the bytes produced: one
    /// whose header says, or whose inflated bytes show, more than ``ShotLimits/maxFileBytes`` is a rejected shot,
    /// never held whole; a CRC-32 mismatch is a rejected (damaged) shot.
    static func zip(_ url: URL) throws(ImportError) -> (archive: Archive, entries: [ShotSourceFile]) {
        let path = url.path
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportError(.corrupt, file: path, "not a readable zip archive: \(error)")
        }
        var out: [ShotSourceFile] = []
        for entry in archive {
            let name = entry.path
            let components = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..") || name.contains("\\..")
                || (name.first?.isLetter == true && name.dropFirst().first == ":") {
                throw ImportError(.unsafeArchiveEntry, file: path, location: name,
                                  "archive entry name escapes the archive (absolute path or '..')")
            }
            guard entry.uncompressedSize <= UInt64(Int64.max) else {
                throw ImportError(.archiveTooLarge, file: path, location: name,
                                  "the entry declares \(entry.uncompressedSize) bytes uncompressed, more than any file holds: "
                                    + "a damaged or hostile archive")
            }
            guard entry.type == .file, let last = components.last, !last.hasPrefix("."), !name.hasPrefix("__MACOSX/") else { continue }
            out.append(ShotSourceFile(
                name: "\(path)/\(name)", declaredSize: entry.uncompressedSize, modified: entry.fileAttributes[.modificationDate] as? Date,
                prefix: { () throws(ShotRejection) -> [UInt8] in [UInt8](try inflate(archive, entry, limit: 65_536, whole: false)) },
                contents: { () throws(ShotRejection) -> Data in
                    guard entry.uncompressedSize <= UInt64(ShotLimits.maxFileBytes) else { throw ShotRejection(nil, tooLarge) }
                    return try inflate(archive, entry, limit: ShotLimits.maxFileBytes, whole: true)
                }))
            if out.count > ShotLimits.maxFiles {
                throw ImportError(.archiveTooLarge, file: path, "more than \(ShotLimits.maxFiles) entries in the archive")
            }
        }
        return (archive, out)
    }

    private struct Enough: Error {}

    /// Inflates `entry`: its first `limit` bytes (`whole == false`), or all of it, refused past `limit`.
    static func inflate(_ archive: Archive, _ entry: Entry, limit: Int, whole: Bool) throws(ShotRejection) -> Data {
        var data = Data()
        do {
            let crc = try archive.extract(entry, skipCRC32: !whole) { chunk in
                guard data.count + chunk.count <= limit else {
                    data.append(chunk.prefix(limit - data.count))
                    throw Enough()
                }
                data.append(chunk)
            }
            if whole && crc != entry.checksum { throw ShotRejection(nil, "damaged entry: its CRC-32 does not match the inflated bytes") }
        } catch let error as ShotRejection {
            throw error
        } catch is Enough {
            if whole { throw ShotRejection(nil, tooLarge + " (the entry's header understates its size)") }
        } catch {
            throw ShotRejection(nil, "cannot inflate the entry: \(error)")
        }
        return data
    }
}
