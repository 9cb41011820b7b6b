import BrewFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One export output file, written through a hidden temporary file beside it and put in place only when complete.
///
/// Bytes are gathered in a buffer and written out in blocks of ``blockSize`` (a 1M-brew CSV is about 200 MB, so it
/// is never held whole). ``publish(replacing:)`` flushes the file (`fsync`) and then:
/// - without `replacing`, *links* it to the target (`link(2)`), which fails with `EEXIST` when a file appeared
///   there meanwhile, so an existing file is never replaced, even by a race;
/// - with `replacing`, renames it over the target (`rename(2)`: a reader sees the old file or the new one).
///
/// Until then nothing appears at the target; a failure (a full disk, a read-only folder) or ``discard()`` removes
/// the temporary file, and a process killed mid-write leaves only a hidden `.<name>.export-<pid>-….tmp`.
public final class ExportFile {
    /// Where the file appears.
    public let target: URL
    private let temporary: String
    private var fd: Int32
    /// Bytes not yet written out.
    public var buffer: [UInt8] = []
    private var finished = false

    /// Bytes gathered before a `write(2)`.
    public static let blockSize = 1 << 20

    /// Creates the temporary file beside `target`.
    ///
    /// - Throws: ``ExportError`` `.exists` when `target` exists and `replacing` is false (checked here, so nothing
    ///   is computed for nothing; ``publish(replacing:)`` checks again atomically), `.output` when the folder is
    ///   missing or not writable.
    public init(target: URL, replacing: Bool) throws(ExportError) {
        self.target = target.standardizedFileURL
        let path = self.target.path
        var st = stat()
        if lstat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR {
                throw ExportError(.exists, path: path, "is a folder; give a file name")
            }
            if !replacing { throw ExportError(.exists, path: path, "exists; give --force to replace it") }
        }
        let folder = self.target.deletingLastPathComponent().path
        temporary = folder + "/.\(self.target.lastPathComponent).export-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw ExportError(.output, path: path, String(cString: strerror(errno))) }
        buffer.reserveCapacity(Self.blockSize + 65_536)
    }

    deinit { if !finished { discard() } }

    /// Writes the buffer out when it holds a block or more.
    @inline(__always)
    public func flushIfNeeded() throws(ExportError) {
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes the whole buffer out.
    public func flush() throws(ExportError) {
        let failure = buffer.withUnsafeBytes { SystemFile.writeAll(fd, $0) }
        if let failure { fail(failure) ; throw ExportError(.output, path: target.path, String(cString: strerror(failure))) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes the file to disk and puts it in place (see the type's discussion).
    public func publish(replacing: Bool) throws(ExportError) {
        try flush()
        if fsync(fd) != 0 { let code = errno; fail(code); throw ExportError(.output, path: target.path, String(cString: strerror(code))) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { let code = errno; fail(code); throw ExportError(.output, path: target.path, String(cString: strerror(code))) }
        if replacing {
            guard rename(temporary, target.path) == 0 else {
                let code = errno; fail(code)
                throw ExportError(.output, path: target.path, String(cString: strerror(code)))
            }
        } else {
            guard link(temporary, target.path) == 0 else {
                let code = errno; fail(code)
                if code == EEXIST { throw ExportError(.exists, path: target.path, "exists; give --force to replace it") }
                throw ExportError(.output, path: target.path, String(cString: strerror(code)))
            }
            unlink(temporary)
        }
        finished = true
        _ = SystemFile.flushFolder(target.deletingLastPathComponent().path)  // the new entry (best effort)
    }

    /// Removes the temporary file; the target is left as it was.
    public func discard() {
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporary)
        finished = true
    }

    private func fail(_ code: Int32) { discard() }
}
