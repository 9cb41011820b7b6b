import BrewFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of export files (one per brew or shot): BrewFiles' ``FolderStaging``, as a report's folder is — built in
/// a hidden staging folder beside the target, registered for the SIGINT/SIGTERM handler, and put in place whole by
/// ``publish(replacing:)`` after one flush of its files.
///
/// An existing target is replaced only with `replacing` (`--force`), and only when it is a folder an export wrote
/// (it holds ``markerName``): a user's own folder, a file or a symbolic link is never replaced. Replacing swaps the
/// two folders in one step (`renameat2(…, RENAME_EXCHANGE)`) and removes the old one, so a kill at any moment leaves
/// the old export or the new one in place; where the file system cannot swap, the old folder is renamed aside first
/// and, should the process die before the new one is in, the next export of the same target puts it
/// back (docs/reliability.md). A killed run's staging folder is removed by the next one.
public final class ExportFolder {
    private let staged: FolderStaging
    /// Where the folder appears.
    public var target: URL { staged.target }
    /// Where files are written until ``publish(replacing:)``.
    public var staging: URL { staged.staging }

    /// The marker file every export folder holds, so a later `--force` knows the folder is an export.
    public static let markerName = ".brewstats-export"

    /// Puts back an export a killed run had set aside, checks the target and creates the staging folder.
    ///
    /// - Throws: ``ExportError`` `.exists` when the target exists and `replacing` is false, `.notReplaceable` when it
    ///   exists and is not a folder an export wrote; `.output` when the staging folder cannot be made.
    public init(target: URL, replacing: Bool) throws(ExportError) {
        staged = try FolderStaging.owned(
            target: target, marker: Self.markerName, contents: Data("brewstats export\n".utf8),
            check: { (url: URL) throws(ExportError) in try Self.checkReplaceable(url.path, replacing: replacing) },
            failure: Self.output)
    }

    /// BrewFiles' failure to write the folder, as an export error.
    private static func output(_ error: FileError) -> ExportError {
        ExportError(.output, path: error.path, error.reason)
    }

    private static func checkReplaceable(_ path: String, replacing: Bool) throws(ExportError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw ExportError(.notReplaceable, path: path, "is a symbolic link; brewstats never writes through one")
        default:
            throw ExportError(.notReplaceable, path: path,
                              "exists and is not a folder; the export writes a folder here")
        }
        guard replacing else { throw ExportError(.exists, path: path, "exists") }
        guard access(path + "/" + markerName, F_OK) == 0 else {
            throw ExportError(.notReplaceable, path: path,
                              "is a folder brewstats export did not write; it is never replaced")
        }
    }

    /// Writes one file into the staging folder (in place; flushed with the folder by ``publish(replacing:)``).
    public func write(_ bytes: [UInt8], name: String) throws(ExportError) {
        do { try AtomicFile.write(bytes, to: staged.folder.file(name)) } catch { throw Self.output(error) }
    }

    /// Puts the folder in place (see the type's discussion).
    public func publish(replacing: Bool) throws(ExportError) {
        try staged.commit(
            check: { (url: URL) throws(ExportError) in try Self.checkReplaceable(url.path, replacing: replacing) },
            failure: Self.output)
    }

    /// Removes the staging folder; the target is left as it was.
    public func discard() { staged.discard() }
}
