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
/// A reader never sees a half-written chart, and a failed write leaves any previous file in place. Inside a staged
/// folder (``StagedFolders``) the file is written in place instead, and flushed with the folder before it appears.
public enum AtomicFile {
    /// Writes `bytes` to `url` via a temporary sibling (`.<name>.<pid>.<random>.tmp`, flushed with `fsync`) and a
    /// rename.
    ///
    /// - Parameters:
    ///   - bytes: The complete file contents.
    ///   - url: The destination file; its folder must exist.
    /// - Throws: ``CairoError`` with ``CairoStatus/writeError`` naming the path and the system's reason
    ///   (`strerror`: "No space left on device", "Input/output error", …) when the folder is missing or not
    ///   writable, a write, the flush or the rename fails. The temporary file is removed on failure.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        if StagedFolders.contains(url.path) {
            // A staged folder is published as a whole, after its owner flushed every file in it.
            let failure = bytes.withUnsafeBytes { StagedFolders.write($0, to: url.path) }
            if let failure {
                throw CairoError(status: .writeError, context: "writing \(url.path): \(String(cString: strerror(failure)))")
            }
            return
        }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CairoError(status: .writeError, context: "writing \(url.path): folder \(folder.path) does not exist")
        }
        func fail(_ step: String, _ code: Int32) -> CairoError {
            unlink(temporary)
            return CairoError(status: .writeError, context: "\(step) \(url.path): \(String(cString: strerror(code)))")
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw CairoError(status: .writeError, context: "writing \(url.path): \(String(cString: strerror(errno)))") }
        var failure = bytes.withUnsafeBytes { StagedFolders.writeAll(fd, $0) } ?? 0
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw fail("writing", failure) }
        if rename(temporary, url.path) != 0 { throw fail("renaming into", errno) }
    }
}
