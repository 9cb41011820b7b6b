import Foundation

/// Writes bytes to a file atomically: first to a hidden temporary file beside the target, then renamed over it.
///
/// A reader never sees a half-written chart, and a failed write leaves any previous file in place.
public enum AtomicFile {
    /// Writes `bytes` to `url` via a temporary sibling and a rename.
    ///
    /// - Parameters:
    ///   - bytes: The complete file contents.
    ///   - url: The destination file; its folder must exist.
    /// - Throws: ``CairoError`` with ``CairoStatus/writeError`` naming the path when the folder is missing,
    ///   not writable, or the rename fails. The temporary file is removed on failure.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CairoError(status: .writeError, context: "writing \(url.path): folder \(folder.path) does not exist")
        }
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? manager.removeItem(at: temporary)
            throw CairoError(status: .writeError, context: "writing \(url.path): \(error.localizedDescription)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw CairoError(status: .writeError, context: "renaming into \(url.path): \(reason)")
        }
    }
}
