import BrewFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of export files (one per brew or shot), built in a hidden staging folder beside the target and put in
/// place whole by ``publish(replacing:)``.
///
/// Every file is written and flushed (`fsync`) in the staging folder; the staging folder is then renamed to the
/// target. An existing target is replaced only with `replacing` (`--force`), and only when it is a folder an
/// export wrote (it holds ``markerName``): a user's own folder is never replaced. Replacing renames the old folder
/// aside, the new one in, then removes the old one; should the process die between the two renames, the old folder
/// is still there under `.<name>.old-<pid>-…`, beside the target.
public final class ExportFolder {
    /// Where the folder appears.
    public let target: URL
    /// Where files are written until ``publish(replacing:)``.
    public let staging: URL
    private var finished = false

    /// The marker file every export folder holds, so a later `--force` knows the folder is an export.
    public static let markerName = ".brewstats-export"

    /// Creates the staging folder.
    ///
    /// - Throws: ``ExportError`` `.exists` when the target exists and `replacing` is false, or exists and is not a
    ///   folder an export wrote; `.output` when the staging folder cannot be made.
    public init(target: URL, replacing: Bool) throws(ExportError) {
        self.target = target.standardizedFileURL
        let path = self.target.path
        try Self.checkReplaceable(path, replacing: replacing)
        let parent = self.target.deletingLastPathComponent().path
        staging = URL(fileURLWithPath: parent + "/.\(self.target.lastPathComponent).staging-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard mkdir(staging.path, 0o777) == 0 else { throw ExportError(.output, path: path, String(cString: strerror(errno))) }
        do {
            try write(Array("brewstats export\n".utf8), name: Self.markerName)
        } catch {
            discard()
            throw error
        }
    }

    deinit { if !finished { discard() } }

    private static func checkReplaceable(_ path: String, replacing: Bool) throws(ExportError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            throw ExportError(.exists, path: path, "exists and is not a folder; the export writes a folder here")
        }
        guard replacing else { throw ExportError(.exists, path: path, "exists; give --force to replace it") }
        guard access(path + "/" + markerName, F_OK) == 0 else {
            throw ExportError(.exists, path: path, "is a folder brewstats export did not write; it is never replaced")
        }
    }

    /// Writes one file into the staging folder and flushes it.
    public func write(_ bytes: [UInt8], name: String) throws(ExportError) {
        let path = staging.path + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw ExportError(.output, path: target.path + "/" + name, String(cString: strerror(errno))) }
        var failure = bytes.withUnsafeBytes { SystemFile.writeAll(fd, $0) } ?? 0
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw ExportError(.output, path: target.path + "/" + name, String(cString: strerror(failure))) }
    }

    /// Puts the folder in place (see the type's discussion).
    public func publish(replacing: Bool) throws(ExportError) {
        let path = target.path
        do {
            try Self.checkReplaceable(path, replacing: replacing)
        } catch {
            discard()
            throw error
        }
        let flushed = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if flushed >= 0 { _ = fsync(flushed); close(flushed) }
        var old: String?
        if access(path, F_OK) == 0 {
            let aside = target.deletingLastPathComponent().path + "/.\(target.lastPathComponent).old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard rename(path, aside) == 0 else {
                let code = errno; discard()
                throw ExportError(.output, path: path, String(cString: strerror(code)))
            }
            old = aside
        }
        guard rename(staging.path, path) == 0 else {
            let code = errno
            if let old { _ = rename(old, path) }  // put the previous export back
            discard()
            throw ExportError(.output, path: path, String(cString: strerror(code)))
        }
        finished = true
        if let old { try? FileManager.default.removeItem(atPath: old) }
        let parent = open(target.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if parent >= 0 { _ = fsync(parent); close(parent) }
    }

    /// Removes the staging folder; the target is left as it was.
    public func discard() {
        finished = true
        try? FileManager.default.removeItem(at: staging)
    }
}
