import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one writer of every output file (charts, documents, CSV summaries, pages): a reader sees the previous file
/// or the complete new one, never a part.
///
/// A file on its own (``OutputFile/init(_:)``) is written to a hidden temporary file beside it
/// (`.<name>.<pid>.<random>.tmp`, created exclusively with mode 0666 less the umask), flushed with `fsync`, renamed
/// over the target, and then the folder is flushed (`fsync`) so that the rename is on the disk as well. A file in a
/// staging folder (``StagedFolder/file(_:)``) is written in place and not flushed: nobody reads it before its folder
/// is put in place, a failed write fails (and discards) the whole folder, and the folder's commit gives every file its
/// one `fsync` (``FolderFlush``). So a report's hundred files cost a hundred `open`s and `write`s and one batched
/// flush, instead of three hundred file-system operations and a hundred flushes interleaved with the drawing.
///
/// The folder must exist: it is never created here, so a write into a staging folder that an interruption removed
/// fails instead of bringing the folder back. On failure a temporary or partial file is removed, a previous file at
/// the target is left as it was, and the ``FileError`` names the file as the user did and the system's reason.
public enum AtomicFile {
    /// Writes `bytes` to `file` (see the type's discussion).
    ///
    /// - Throws: ``FileError``: ``FileError/Step/creating`` when the folder is missing or not writable,
    ///   ``FileError/Step/writing`` when a write or the flush fails, ``FileError/Step/renaming`` when the rename fails.
    public static func write(_ bytes: UnsafeRawBufferPointer, to file: OutputFile) throws(FileError) {
        if file.isStaged {
            if let (step, code) = writeInPlace(bytes, to: file.path) {
                throw FileError(step, path: file.shownPath, code: code)
            }
            return
        }
        let url = file.url
        sweepTemporaries(of: url)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Created and registered in one step for the SIGINT/SIGTERM handler (``FolderStaging/removeAllStaging()``
        // removes it), and so a sweep by this process keeps it.
        var fd: Int32 = -1
        if let code = FolderStaging.registry.make(temporary, {
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            return fd >= 0 ? nil : errno
        }) { throw FileError(.creating, path: file.shownPath, code: code) }
        defer { FolderStaging.registry.remove(temporary) }
        var failure = SystemFile.writeAll(fd, bytes) ?? 0
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FileError(.writing, path: file.shownPath, code: failure)
        }
        if rename(temporary, file.path) != 0 {
            let code = errno
            unlink(temporary)
            throw FileError(.renaming, path: file.shownPath, code: code)
        }
        // The new entry, on the disk (best effort: the file is in place and complete whatever this says, and saying
        // the write failed would leave a caller believing the previous file is still there).
        _ = SystemFile.flushFolder(folder)
    }

    /// Writes `bytes` to `file`.
    public static func write(_ bytes: [UInt8], to file: OutputFile) throws(FileError) {
        // `withUnsafeBytes` rethrows untyped errors: the failure is carried out as a value.
        let failure = bytes.withUnsafeBytes { raw in failureOf { () throws(FileError) in try write(raw, to: file) } }
        if let failure { throw failure }
    }

    /// Writes `data` to `file`.
    public static func write(_ data: Data, to file: OutputFile) throws(FileError) {
        let failure = data.withUnsafeBytes { raw in failureOf { () throws(FileError) in try write(raw, to: file) } }
        if let failure { throw failure }
    }

    /// Writes `text` as UTF-8 to `file`.
    public static func write(_ text: String, to file: OutputFile) throws(FileError) {
        var text = text
        let failure = text.withUTF8 { utf8 in
            failureOf { () throws(FileError) in try write(UnsafeRawBufferPointer(utf8), to: file) }
        }
        if let failure { throw failure }
    }

    /// `body`'s error, or `nil`.
    private static func failureOf(_ body: () throws(FileError) -> Void) -> FileError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// Writes `bytes` to `path` in a staging folder directly (created or truncated), without a flush; a partial file
    /// is removed on failure.
    ///
    /// - Returns: `nil` on success, else the step and the `errno` that failed.
    static func writeInPlace(_ bytes: UnsafeRawBufferPointer, to path: String) -> (FileError.Step, Int32)? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return (.creating, errno) }
        var failure = SystemFile.writeAll(fd, bytes) ?? 0
        if failure == 0 { SystemFile.startWriteback(fd) }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            return (.writing, failure)
        }
        return nil
    }

    /// Removes the temporary files beside `url` that a write of the same name killed before its rename left
    /// (`.<name>.<pid>.<n>.tmp` of a process that is gone, or of this process's id but not being written by it: in a
    /// container every run can be PID 1). One listing of the folder per atomic write outside a staging folder: a
    /// handful per run (`batch.csv`, a single chart, an export).
    ///
    /// The names of earlier versions' streamed writes are removed the same way: an export's
    /// `.<name>.export-<pid>-<n>.tmp`, a generated journal's `.<name>.tmp-<pid>` (and its store's
    /// `.<name>-wal.tmp-<pid>`).
    static func sweepTemporaries(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for item in items where item.hasPrefix(".\(name)") {
            guard let pid = temporaryOwner(item, name: name) else { continue }
            let path = folder.appendingPathComponent(item).path
            let gone = pid == getpid() ? !FolderStaging.registry.contains(path) : (kill(pid, 0) != 0 && errno == ESRCH)
            if gone { unlink(path) }
        }
    }

    /// The process id in `item` when it is the name of a temporary file of a write of `name` (this version's
    /// `.<name>.<pid>.<n>.tmp`, or an earlier version's above), else `nil`.
    static func temporaryOwner(_ item: String, name: String) -> Int32? {
        let dotted = ".\(name)."
        if item.hasPrefix(dotted) {
            let rest = item.dropFirst(dotted.count)
            if rest.hasSuffix(".tmp") {
                let parts = rest.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
                if parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil { return pid }
                if rest.hasPrefix("export-") {
                    let parts = rest.dropFirst(7).dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
                    if parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil { return pid }
                }
                return nil
            }
            if rest.hasPrefix("tmp-") { return Int32(rest.dropFirst(4)) }
            return nil
        }
        let wal = ".\(name)-wal.tmp-"
        if item.hasPrefix(wal) { return Int32(item.dropFirst(wal.count)) }
        return nil
    }
}
