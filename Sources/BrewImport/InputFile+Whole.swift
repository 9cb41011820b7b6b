import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension InputFile {
    /// The most bytes of a side file read whole: a column mapping (`--map`), an aliases file (`--aliases`), a
    /// grinders file (`dial-in --grinders`): 1 MB (1,048,576 bytes), far above any real one (the samples are 1–2 kB).
    public static let maxSideFileBytes = 1 << 20

    /// The most bytes of a journal read whole (a JSON export, a BrewSpec document, a Beanconqueror backup's main
    /// JSON): 1 GiB, as for a stream (``maxStreamBytes``); a 1M-brew JSON export is about 500 MB.
    public static let maxWholeJournalBytes = maxStreamBytes

    /// `bytes` in words for a limit: "1 MB", "1024 MB".
    public static func megabytes(_ bytes: Int) -> String { "\(bytes >> 20) MB" }

    /// The refusal of a file of `size` bytes past `limit`, before a byte of it is read.
    static func tooLarge(_ path: String, size: Int, limit: Int) -> ImportError {
        ImportError(.archiveTooLarge, file: path,
                    "larger than \(megabytes(limit)) (\(size) bytes): " +
                        "brewstats reads such a file only up to \(megabytes(limit))")
    }

    /// The whole content of a side file at `path`, at most `limit` bytes, checked before it is read.
    ///
    /// A regular file is opened as ``openRegular(_:)`` opens it (a named pipe, socket or device is refused in words,
    /// never opened for a blocking read) and its size is taken with `fstat` on that descriptor: past `limit` it is
    /// refused at once, so a 2 GiB sparse file costs no read and no memory. A file that grows while read stops at
    /// `limit + 1` bytes and is refused the same way. A pipe the shell passes (`--aliases <(…)`, `/dev/fd/N`) is read
    /// as a stream, to the same limit.
    ///
    /// - Throws: ``ImportError``: `.fileNotFound`, `.unreadable` (not a regular file, an error reading),
    ///   `.archiveTooLarge` past `limit`.
    public static func whole(_ path: String, limit: Int) throws(ImportError) -> Data {
        if case .stream(let fd) = classify(path) {
            do throws(ImportError) {
                return try readStream(fd, name: path, limit: limit)
            } catch {
                guard error.kind == .archiveTooLarge else { throw error }
                throw ImportError(.archiveTooLarge, file: path,
                    "larger than \(megabytes(limit)): brewstats reads such a file only up to \(megabytes(limit))")
            }
        }
        let fd = try openRegular(path, pipeHint: false)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImportError(.unreadable, file: path, "cannot examine the file") }
        let size = max(0, Int(info.st_size))
        if size > limit { throw tooLarge(path, size: size, limit: limit) }
        // One byte past the limit read at most: a file grown since the fstat is seen to be past it.
        let out = try readUpTo(fd, path: path, most: limit + 1, size: size)
        if out.count > limit { throw tooLarge(path, size: out.count, limit: limit) }
        return Data(out)
    }
}
