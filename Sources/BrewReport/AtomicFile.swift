import BrewCharts
import Foundation
#if canImport(Glibc)
import Glibc
/// `write(2)` (the enum's own `write` hides the unqualified name).
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes a single file atomically: a temporary file beside the target, flushed to disk, then `rename`.
public enum AtomicFile {
    /// Writes `data` to `url`; a reader sees the old file or the new one, never a partial one.
    ///
    /// The bytes go to a hidden `.<name>.tmp-<pid>-<random>` beside `url` (created exclusively, mode 0666 less the
    /// umask), are flushed with `fsync`, and the file is renamed over `url`. When any step fails — a full disk
    /// (`ENOSPC`), an I/O error (`EIO`), a read-only file system — the temporary file is removed and the error names
    /// the system's reason (`strerror`), e.g. "No space left on device".
    ///
    /// Inside a staged folder (``StagedDirectory``, see ``StagedOutput``) the file is written in place instead, and
    /// flushed with the folder before the folder appears.
    ///
    /// The folder must exist: it is never created here, so a write into a staging folder that an
    /// interruption removed fails instead of bringing the folder back.
    ///
    /// - Throws: ``ReportError/output(path:reason:)``.
    public static func write(_ data: Data, to url: URL) throws(ReportError) {
        let path = url.path
        if StagedOutput.contains(url) {
            // A staged folder is published as a whole, after its owner flushed every file in it.
            if let code = data.withUnsafeBytes({ StagedOutput.write($0, to: url) }) {
                throw .output(path: path, reason: String(cString: strerror(code)))
            }
            return
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        func fail(_ code: Int32) -> ReportError {
            unlink(temporary)
            return .output(path: path, reason: String(cString: strerror(code)))
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .output(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw fail(failure) }
        if rename(temporary, path) != 0 { throw fail(errno) }
    }

    /// Writes UTF-8 text to `url` atomically.
    public static func write(_ text: String, to url: URL) throws(ReportError) {
        try write(Data(text.utf8), to: url)
    }
}
