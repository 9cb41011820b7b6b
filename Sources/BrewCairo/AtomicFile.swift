import Foundation
#if canImport(Glibc)
import Glibc
/// `write(2)` (an enum's own `write` hides the unqualified name); shared with ``StagedFolders``.
let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
let systemWrite = Darwin.write
#endif

/// Writes bytes to a file atomically: first to a hidden temporary file beside the target, then renamed over it.
///
/// A reader never sees a half-written file, and a failed write leaves any previous file in place. Inside a staged
/// folder (``StagedFolders``) the file is written in place instead, and flushed with the folder before it appears.
///
/// The one writer of every output file: charts here, and the report's documents through BrewReport's `AtomicFile`,
/// which only words the failure as a report error.
public enum AtomicFile {
    /// Why an atomic write failed: the step and the system's `errno`.
    public struct Failure: Error, Sendable, Equatable {
        /// What failed.
        public enum Step: String, Sendable {
            /// Creating the temporary file (e.g. the folder is missing or read-only).
            case creating
            /// Writing or flushing the bytes (e.g. a full disk or an I/O error).
            case writing
            /// Renaming the temporary file over the target.
            case renaming = "renaming into"
        }
        public let step: Step
        public let code: Int32
        /// The system's reason (`strerror`), e.g. "No space left on device".
        public var reason: String { String(cString: strerror(code)) }
    }

    /// Writes `bytes` to `url` via a temporary sibling (`.<name>.<pid>.<random>.tmp`, created exclusively with mode
    /// 0666 less the umask, flushed with `fsync`) and a rename; or, below a staged folder, in place.
    ///
    /// The folder must exist: it is never created here, so a write into a staging folder that an interruption
    /// removed fails instead of bringing the folder back.
    ///
    /// - Returns: `nil` on success, else what failed. The temporary file is removed then, and a previous file at
    ///   `url` is left as it was.
    public static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) -> Failure? {
        let path = url.path
        if StagedFolders.contains(path) {
            // A staged folder is published as a whole, after its owner flushed every file in it.
            return StagedFolders.write(bytes, to: path).map { Failure(step: .writing, code: $0) }
        }
        sweepTemporaries(of: url)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        openTemporaries.add(temporary)
        defer { openTemporaries.remove(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return Failure(step: .creating, code: errno) }
        var failure = StagedFolders.writeAll(fd, bytes) ?? 0
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            return Failure(step: .writing, code: failure)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            return Failure(step: .renaming, code: code)
        }
        return nil
    }

    /// Removes the temporary files beside `url` that a write of the same name killed before its rename left
    /// (`.<name>.<pid>.<n>.tmp` of a process that is gone, or of this process's id but not being written by it: in a
    /// container every run can be PID 1). One listing of the folder per atomic write outside a staged folder: a
    /// handful per run (`batch.csv`, a single chart).
    static func sweepTemporaries(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for item in items where item.hasPrefix(prefix) && item.hasSuffix(".tmp") {
            let parts = item.dropFirst(prefix.count).dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil else { continue }
            let path = folder.appendingPathComponent(item).path
            let gone = pid == getpid() ? !openTemporaries.contains(path) : (kill(pid, 0) != 0 && errno == ESRCH)
            if gone { unlink(path) }
        }
    }

    /// The temporary files this process is writing now.
    private static let openTemporaries = PathSet()

    /// ``write(_:to:)-(UnsafeRawBufferPointer,_)`` of a chart's bytes.
    ///
    /// - Throws: ``CairoError`` with ``CairoStatus/writeError`` naming the step, the path and the system's reason
    ///   (`strerror`: "No space left on device", "Input/output error", …) when the folder is missing or not
    ///   writable, or a write, the flush or the rename fails.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        guard let failure = bytes.withUnsafeBytes({ write($0, to: url) }) else { return }
        if failure.step == .creating, failure.code == ENOENT {
            let folder = url.deletingLastPathComponent().path
            throw CairoError(status: .writeError, context: "writing \(url.path): folder \(folder) does not exist",
                             systemReason: failure.reason)
        }
        let step = failure.step == .renaming ? "renaming into" : "writing"
        throw CairoError(status: .writeError, context: "\(step) \(url.path): \(failure.reason)", systemReason: failure.reason)
    }
}

/// A set of paths shared by threads (a lock, not `Mutex`: ThreadSanitizer sees the lock).
final class PathSet: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func add(_ p: String) { lock.lock(); paths.insert(p); lock.unlock() }
    func remove(_ p: String) { lock.lock(); paths.remove(p); lock.unlock() }
    func contains(_ p: String) -> Bool { lock.lock(); defer { lock.unlock() }; return paths.contains(p) }
}
