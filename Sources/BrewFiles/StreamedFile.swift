import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file too large to hold whole (an export, a generated journal), written in pieces into a hidden
/// temporary file beside its target and put in place only when complete: a reader sees the previous file or the
/// complete new one, never a part (the streamed counterpart of ``AtomicFile``, with the same temporary names).
///
/// - The temporary file is `.<name>.<pid>.<random>.tmp` (``AtomicFile``'s names, so either's sweep removes the
///   other's leftovers), created exclusively with mode 0666 less the umask, and registered with the process's
///   staging folders: a SIGINT/SIGTERM handler calling ``FolderStaging/removeAllStaging()`` removes it too.
/// - Before it is created, the leftovers of writes of the same target by processes that are gone are removed
///   (``AtomicFile/sweepTemporaries(of:)``: this version's names and the older `.<name>.export-<pid>-<n>.tmp` and
///   `.<name>.tmp-<pid>`), so a killed run's temporary file never outlives the next run.
/// - Bytes are gathered in ``buffer`` and written out in blocks of ``blockSize`` (``flushIfNeeded()``).
/// - ``publish(replacing:)`` writes the rest, flushes the file (`fsync`), and either *links* it to the target
///   (`link(2)`: fails with `EEXIST` when a file appeared there meanwhile, so an existing file is never replaced,
///   even by a race) or, `replacing`, renames it over the target; then the folder is flushed.
///
/// A failure (a full disk, a read-only folder) or ``discard()`` removes the temporary file and leaves the target as
/// it was; so does `deinit` for a file never published.
public final class StreamedFile {
    /// Where the file appears.
    public let target: URL
    /// The temporary file (for a writer that must hand a path to a library; write it only through this value).
    public let temporary: String
    private var fd: Int32
    /// Bytes not yet written out.
    public var buffer: [UInt8] = []
    private var finished = false

    /// Bytes gathered before a `write(2)`.
    public static let blockSize = 1 << 20

    /// Sweeps a dead run's temporary files beside `target` and creates this one.
    ///
    /// - Throws: ``FileError`` (``FileError/Step/creating``) naming `target` when the folder is missing or not
    ///   writable; ``FileError/Step/creating`` with `ECANCELED` once the process is being interrupted.
    public init(target: URL) throws(FileError) {
        self.target = target.standardizedFileURL
        AtomicFile.sweepTemporaries(of: self.target)
        let folder = self.target.deletingLastPathComponent().path
        let temporary = folder
            + "/.\(self.target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        self.temporary = temporary
        var made: Int32 = -1
        // Created and registered in one step as far as an interruption is concerned (``StagingRegistry/make(_:_:)``).
        let failure = FolderStaging.registry.make(temporary) {
            made = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            return made >= 0 ? nil : errno
        }
        fd = made
        if let failure { throw FileError(.creating, path: self.target.path, code: failure) }
        buffer.reserveCapacity(Self.blockSize + 65_536)
    }

    deinit { if !finished { discard() } }

    /// Writes the buffer out when it holds a block or more.
    @inline(__always)
    public func flushIfNeeded() throws(FileError) {
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes the whole buffer out.
    ///
    /// - Throws: ``FileError`` (``FileError/Step/writing``); the temporary file is removed.
    public func flush() throws(FileError) {
        guard fd >= 0 else { throw FileError(.writing, path: target.path, code: EBADF) }
        if let code = buffer.withUnsafeBytes({ SystemFile.writeAll(fd, $0) }) { throw fail(.writing, code) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes the rest, flushes the file to the disk and puts it in place (see the type's discussion).
    ///
    /// - Throws: ``FileError``: ``FileError/Step/writing`` when a write or the flush fails,
    ///   ``FileError/Step/renaming`` when the link or rename fails — with `EEXIST` when, not `replacing`, a file
    ///   is at the target. The temporary file is removed and the target left as it was.
    public func publish(replacing: Bool) throws(FileError) {
        try flush()
        if fsync(fd) != 0 { throw fail(.writing, errno) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw fail(.writing, errno) }
        if replacing {
            if rename(temporary, target.path) != 0 { throw fail(.renaming, errno) }
        } else {
            if link(temporary, target.path) != 0 { throw fail(.renaming, errno) }
            unlink(temporary)
        }
        finished = true
        FolderStaging.registry.remove(temporary)
        _ = SystemFile.flushFolder(target.deletingLastPathComponent().path)  // the new entry (best effort)
    }

    /// Removes the temporary file; the target is left as it was.
    public func discard() {
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporary)
        FolderStaging.registry.remove(temporary)
        finished = true
    }

    /// Discards the file and returns the error of `step` with `code`, naming the target.
    private func fail(_ step: FileError.Step, _ code: Int32) -> FileError {
        discard()
        return FileError(step, path: target.path, code: code)
    }
}
