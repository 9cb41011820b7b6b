import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        var failure = writeAll(fd, bytes) ?? 0
        if failure == 0 { startWriteback(fd) }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            return failure
        }
        return nil
    }

    /// Writes all of `bytes` to `fd` with `write(2)`, again after an interruption (`EINTR`) or a short write.
    ///
    /// - Returns: `nil` when every byte was written, else the `errno` of the failed call.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// Starts writing `fd`'s data to the disk without waiting for it (`sync_file_range(fd, 0, 0,
    /// SYNC_FILE_RANGE_WRITE)`), so the disk works while the report goes on drawing and the folder's flush mostly finds
    /// the data written. Measured on a 1,000-brew report: flushing a hundred files only at the commit added their
    /// writing to the wall time; started here, it overlaps the drawing as the per-file flushes did. Only a hint: the
    /// `fsync` of ``flushContents(of:)`` is what makes the data durable.
    ///
    /// glibc declares the call only under `_GNU_SOURCE`, which Swift's Glibc module does not define, so it is looked up
    /// by name; where the C library lacks it, nothing is started.
    private static func startWriteback(_ fd: Int32) {
        guard syncFileRange != 0 else { return }
        typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
        // SAFETY: the address is glibc's `int sync_file_range(int fd, off64_t offset, off64_t nbytes, unsigned int
        // flags)`, found by its exported name; the signature matches on 64-bit Linux. 2 is SYNC_FILE_RANGE_WRITE.
        let call = unsafeBitCast(UnsafeRawPointer(bitPattern: syncFileRange)!, to: SyncFileRange.self)
        _ = call(fd, 0, 0, 2)
    }

    /// The address of `sync_file_range` in the C library, or 0 where there is none.
    private static let syncFileRange: Int = {
        #if os(Linux)
        return Int(bitPattern: dlsym(nil, "sync_file_range"))
        #else
        return 0
        #endif
    }()

    /// Puts every file below `folder`, and the folders' entries, on the disk: one `syncfs` of the file system
    /// holding `folder` where the C library has it (Linux), else an `fsync` of every file and folder
    /// (``flushEach(of:)``).
    ///
    /// `syncfs` writes and waits for every dirty page and the journal of that file system, the staged files'
    /// among them (their writeback already started as they were written), and reports a writeback error of the
    /// file system that no one has seen yet (Linux 5.8 and later). Measured on this machine for a hundred files of
    /// 70 kB (median of 7): 0.2 ms of CPU and 3 ms of wall time, against 3.3 ms of CPU and 24 ms for eight threads
    /// opening and `fsync`ing them one by one — and no threads to start. What it also flushes is other processes'
    /// dirty data on the same file system: on a disk busy with someone else's writes the wait is theirs too.
    ///
    /// - Returns: `nil` when everything reached the disk, else the path that failed and its `errno` (`folder`
    ///   itself for a failed `syncfs`; the first path in name order for the `fsync`s).
    public static func flushContents(of folder: String) -> (path: String, code: Int32)? {
        guard syncFileSystem != 0 else { return flushEach(of: folder) }
        typealias SyncFS = @convention(c) (Int32) -> Int32
        // SAFETY: the address is glibc's `int syncfs(int fd)`, found by its exported name.
        let call = unsafeBitCast(UnsafeRawPointer(bitPattern: syncFileSystem)!, to: SyncFS.self)
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return (folder, errno) }
        defer { close(fd) }
        return call(fd) == 0 ? nil : (folder, errno)
    }

    /// The address of `syncfs` in the C library, or 0 where there is none (declared only under `_GNU_SOURCE`, like
    /// `sync_file_range`).
    private static let syncFileSystem: Int = {
        #if os(Linux)
        return Int(bitPattern: dlsym(nil, "syncfs"))
        #else
        return 0
        #endif
    }()

    /// `fsync`s every regular file below `folder`, then every folder below it (deepest first) and `folder` itself.
    ///
    /// The files are flushed by up to ``flushThreads`` threads at once: a flush mostly waits for the disk, and a
    /// hundred waited for one after the other added about a quarter of a second to a 1,000-brew report on this
    /// machine's disk (`strace -c -w`), where the per-file flushes they replace overlapped the drawing.
    ///
    /// - Returns: `nil` when everything reached the disk, else the first path (in name order) that failed and its
    ///   `errno`.
    static func flushEach(of folder: String) -> (path: String, code: Int32)? {
        var files: [String] = [], folders: [String] = []
        if let failure = collect(folder, files: &files, folders: &folders) { return failure }
        let work = FlushWork(files)
        let threads = min(flushThreads, files.count)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread.detachNewThread {
                work.run()
                finished.signal()
            }
        }
        for _ in 0..<threads { finished.wait() }
        if let failure = work.firstFailure { return failure }
        for path in folders.reversed() {
            if let code = flush(path, flags: O_RDONLY | O_DIRECTORY) { return (path, code) }
        }
        return nil
    }

    /// Threads flushing a folder's files at once.
    static let flushThreads = 8

    /// Adds the regular files below `folder` to `files` and `folder` with the folders below it to `folders` (each
    /// folder before those inside it), in name order.
    private static func collect(_ folder: String, files: inout [String], folders: inout [String]) -> (path: String, code: Int32)? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return (folder, EIO) }
        folders.append(folder)
        for name in names.sorted() {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { return (path, errno) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if let failure = collect(path, files: &files, folders: &folders) { return failure }
            case S_IFREG:
                files.append(path)
            default:
                continue
            }
        }
        return nil
    }

    /// The files of one ``flushContents(of:)``, handed out to its threads, and the failures they met.
    private final class FlushWork: Sendable {
        private let files: [String]
        private let state = Mutex<(next: Int, failures: [Int: Int32])>((0, [:]))

        init(_ files: [String]) { self.files = files }

        /// Flushes files until none is left.
        func run() {
            while true {
                let k = state.withLock { s -> Int in
                    defer { s.next += 1 }
                    return s.next
                }
                guard k < files.count else { return }
                if let code = StagedFolders.flush(files[k], flags: O_RDONLY) { state.withLock { $0.failures[k] = code } }
            }
        }

        /// The failure of the first file in order, whichever thread met it.
        var firstFailure: (path: String, code: Int32)? {
            state.withLock { s in s.failures.min { $0.key < $1.key }.map { (files[$0.key], $0.value) } }
        }
    }

    /// Opens `path`, `fsync`s it and closes it; returns the `errno` of a failure.
    fileprivate static func flush(_ path: String, flags: Int32) -> Int32? {
        let fd = open(path, flags | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : errno
    }
}
