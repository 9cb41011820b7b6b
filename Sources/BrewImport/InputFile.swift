import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How brewstats opens what it reads: regular files only, and streams (a pipe given as `/dev/fd/N` or standard
/// input) read whole into memory.
///
/// **Regular files only.** Opening a named pipe (FIFO) for reading blocks until a writer opens it — forever, if none
/// does (a FIFO named `f.csv` beside a journal hung `batch`) — and a device may never end. So a path is opened with
/// `O_NONBLOCK` (which makes opening a FIFO return at once) and `fstat`ed on the descriptor it gave before a byte is
/// read: anything but a regular file is refused in words (``describe(mode:)``). Checking the descriptor, not the path,
/// leaves no window in which the path could be swapped for a FIFO between the check and the open. `O_NOFOLLOW` is
/// not used: a journal given as a symbolic link (a synced folder's) is the user's choice and is followed.
///
/// **Streams.** A pipe the shell hands over (`inspect <(cat journal.csv)`, which passes `/dev/fd/63`) or standard
/// input (`-`, read as `/dev/stdin`) already has its writer: its descriptor is read to the end into memory, at most
/// ``maxStreamBytes``, and the bytes are then parsed as the same bytes in a file would be (``StreamCopy``). A named
/// FIFO in the file system is not such a stream (opening it may wait forever): it is refused, saying how to pipe it.
public enum InputFile {
    /// The most bytes read from a stream (1 GiB, above the largest journal measured: a 190 MB CSV export).
    public static let maxStreamBytes = 1 << 30

    /// What a path names, after following symbolic links.
    public enum Kind: Equatable {
        /// Nothing there (or it cannot be examined).
        case missing
        case regular
        case directory
        /// An open pipe or socket of this process, named through `/dev/stdin`, `/dev/fd/N` or `/proc/self/fd/N`:
        /// read it from descriptor `fd`.
        case stream(fd: Int32)
        /// Anything else, described (``describe(mode:)``): a named pipe, a socket, a device.
        case other(String)
    }

    /// What `path` names.
    public static func classify(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        let type = info.st_mode & S_IFMT
        if type == S_IFREG { return .regular }
        if type == S_IFDIR { return .directory }
        if type == S_IFIFO || type == S_IFSOCK, let fd = descriptor(named: path) {
            var own = stat()
            if fstat(fd, &own) == 0, own.st_mode & S_IFMT == type { return .stream(fd: fd) }
        }
        return .other(describe(mode: info.st_mode))
    }

    /// The descriptor a path names when it is one of this process's: `/dev/stdin` (0), `/dev/fd/N`,
    /// `/proc/self/fd/N`; `nil` otherwise.
    static func descriptor(named path: String) -> Int32? {
        if path == "/dev/stdin" { return 0 }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    /// "a named pipe (FIFO)", "a socket", "a character device", "a block device", "a folder", "a symbolic link"
    /// for the file type in `mode`.
    public static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The refusal of a path that names `what` (``describe(mode:)``); `pipeHint` adds, for a FIFO, how to read a
    /// pipe instead (only where `-` is accepted: a journal).
    public static func refusal(_ what: String, pipeHint: Bool = true) -> String {
        what == "a named pipe (FIFO)" && pipeHint
            ? "is a named pipe (FIFO), not a regular file: not read (to " +
                "read from a pipe, give '-' and pipe into standard input)"
            : "is \(what), not a regular file: not read"
    }

    /// Opens `path` for reading when it is a regular file, and returns the descriptor (the caller closes it).
    ///
    /// - Throws: ``ImportError`` `.fileNotFound` when nothing is there, `.unreadable` when it cannot be opened or is
    ///   not a regular file (never blocking on a FIFO: see the type's discussion).
    public static func openRegular(_ path: String, pipeHint: Bool = true) throws(ImportError) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw ImportError(.fileNotFound, file: path, "no such file") }
            throw ImportError(.unreadable, file: path,
                "cannot open the file for reading: \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ImportError(.unreadable, file: path, "cannot examine the file")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ImportError(.unreadable, file: path, refusal(describe(mode: info.st_mode), pipeHint: pipeHint))
        }
        // Reads of a regular file never block; the flag is cleared so nothing else treats the descriptor as such.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// A `FileHandle` on `path` when it is a regular file (``openRegular(_:)``), closing its descriptor when released.
    public static func handle(_ path: String) throws(ImportError) -> FileHandle {
        FileHandle(fileDescriptor: try openRegular(path), closeOnDealloc: true)
    }

    /// Up to `limit` bytes from the start of the regular file at `path` (a journal's first bytes to sniff, a shot
    /// file whole), read with POSIX `read` into one array sized from the file's length: a shot folder reads 10,000
    /// small files, and a `FileHandle`, its `Data` and the copy into an array were a tenth of reading them.
    ///
    /// - Throws: ``ImportError`` as ``openRegular(_:)`` does; `.unreadable` when a read fails.
    public static func bytes(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
        let fd = try openRegular(path)
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 ? max(0, Int(info.st_size)) : 0
        return try readUpTo(fd, path: path, most: limit, size: size)
    }

    /// At most `most` bytes read from descriptor `fd` (a regular file of `size` bytes when it was `fstat`ed) with
    /// POSIX `read`, into one array: the one read loop of ``bytes(_:limit:)`` and ``whole(_:limit:)``.
    ///
    /// The array starts one byte past `size` (at most `most`, at least 1), to see the file end, or grow, without a
    /// second buffer; while the file keeps giving bytes it grows by what it holds (at least 4,096 bytes, never past
    /// `most`). A read interrupted by a signal is retried. Fewer than `most` bytes come back when the file ends first.
    ///
    /// - Throws: ``ImportError`` `.unreadable`, naming `path`, when a read fails.
    static func readUpTo(_ fd: Int32, path: String, most: Int, size: Int) throws(ImportError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(1, min(most, size + 1)))
        var count = 0
        while count < most {
            if count == out.count {
                out.append(contentsOf: repeatElement(0, count: min(most - count, max(4096, out.count))))
            }
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImportError(.unreadable, file: path, "cannot read: \(String(cString: strerror(errno)))")
            }
            count += n
        }
        out.removeSubrange(count...)
        return out
    }

    /// Reads descriptor `fd` (a pipe or socket) to its end, at most `limit` bytes; `name` is what the messages call
    /// it. The descriptor is read through a duplicate and left open.
    ///
    /// - Throws: ``ImportError`` `.unreadable` when reading fails, `.archiveTooLarge` past `limit`.
    public static func readStream(_ fd: Int32, name: String, limit: Int = maxStreamBytes) throws(ImportError) -> Data {
        let own = dup(fd)
        guard own >= 0 else { throw ImportError(.unreadable, file: name, "cannot read the stream") }
        defer { close(own) }
        // A stream handed over non-blocking would end the loop early on EAGAIN; reading waits for its writer.
        _ = fcntl(own, F_SETFL, fcntl(own, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(own, $0.baseAddress, $0.count) }
            if n == 0 { return data }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImportError(
                    .unreadable, file: name, "cannot read the stream: \(String(cString: strerror(errno)))")
            }
            guard data.count + n <= limit else {
                throw ImportError(.archiveTooLarge, file: name,
                                  "more than the \(ImportOptions.describe(bytes: limit)) " +
                                      "brewstats reads from a pipe or standard input")
            }
            data.append(contentsOf: buffer[0..<n])
        }
    }
}
