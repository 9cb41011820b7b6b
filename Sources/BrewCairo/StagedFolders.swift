import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
/// `write(2)` (the enum's own `write` hides the unqualified name).
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Folders being staged: written privately, then published as a whole with one `rename` by their owner, who first
/// flushes every file in them (``flushContents(of:)``).
///
/// A file written into such a folder (``AtomicFile``) needs neither a temporary sibling and a rename nor an `fsync`
/// of its own: nobody reads the folder before it is published, a failed write fails (and discards) the whole folder,
/// and the owner's flush gives each file's data its one `fsync` before the folder appears. So a report's hundred
/// files cost a hundred `open`s and `write`s and one batched flush, instead of three hundred file-system
/// operations and a hundred flushes interleaved with the drawing.
///
/// A path is staged when it lies below a registered folder (a prefix ending at a `/`). The set holds the folders
/// this process is writing now: a handful at most (one per report under way in a batch).
public enum StagedFolders {
    private static let folders = Mutex<Set<String>>([])

    /// Marks `folder` (a path, no trailing slash) as staged until ``unregister(_:)``.
    public static func register(_ folder: String) {
        _ = folders.withLock { $0.insert(folder) }
    }

    /// Ends the staging of `folder` (after it was published or discarded).
    public static func unregister(_ folder: String) {
        _ = folders.withLock { $0.remove(folder) }
    }

    /// Whether `path` lies below a staged folder.
    public static func contains(_ path: String) -> Bool {
        folders.withLock { set in
            set.contains { folder in path.count > folder.count && path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/") }
        }
    }

    /// Writes `bytes` to the file `path` in a staged folder directly (created or truncated), without a flush: the
    /// folder's ``flushContents(of:)`` gives it its `fsync`. A partial file is removed on failure.
    ///
    /// The folder must exist: it is never created here, so a write into a staging folder that an interruption
    /// removed fails instead of bringing the folder back.
    ///
    /// - Returns: `nil` on success, else the `errno` of the step that failed.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> Int32? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return errno }
        var failure: Int32 = 0
        var done = 0
        while done < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            done += n
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            return failure
        }
        return nil
    }

    /// `fsync`s every regular file below `folder`, then every folder below it (deepest first) and `folder` itself.
    ///
    /// - Returns: `nil` when everything reached the disk, else the path that failed and its `errno`.
    public static func flushContents(of folder: String) -> (path: String, code: Int32)? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return (folder, EIO) }
        for name in names.sorted() {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { return (path, errno) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if let failure = flushContents(of: path) { return failure }
            case S_IFREG:
                if let code = flush(path, flags: O_RDONLY) { return (path, code) }
            default:
                continue
            }
        }
        return flush(folder, flags: O_RDONLY | O_DIRECTORY).map { (folder, $0) }
    }

    /// Opens `path`, `fsync`s it and closes it; returns the `errno` of a failure.
    private static func flush(_ path: String, flags: Int32) -> Int32? {
        let fd = open(path, flags | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }
}
