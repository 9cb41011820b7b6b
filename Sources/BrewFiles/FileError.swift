import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one error type of BrewFiles: a file or folder that could not be written, what was being done, and the
/// system's `errno`.
///
/// ``path`` is the path as the user named it: a file in a hidden staging folder is named as under its target
/// (``OutputFile/shownPath``), never by the staging folder's name. ``reason`` is the system's own words
/// (`strerror`: "No space left on device", "Input/output error", "Read-only file system"), never Foundation's
/// rewording of them.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done.
    public enum Step: String, Sendable {
        /// Creating a file (its temporary file, or the file itself in a staging folder): the folder is missing,
        /// read-only, or the disk is full.
        case creating
        /// Writing or flushing bytes (a full disk, an I/O error).
        case writing
        /// Renaming a temporary file over its target, or a staging folder into place.
        case renaming = "renaming into"
        /// Making a folder (a staging folder, or a missing parent folder).
        case makingFolder = "making the folder"
        /// Flushing a staging folder's files to the disk before it is put in place.
        case flushing
    }

    /// What was being done.
    public let step: Step
    /// The file or folder, as the user named it.
    public let path: String
    /// The system's `errno`.
    public let code: Int32

    public init(_ step: Step, path: String, code: Int32) {
        self.step = step
        self.path = path
        self.code = code
    }

    /// The system's reason (`strerror`), e.g. "No space left on device".
    public var reason: String { String(cString: strerror(code)) }

    /// `"<step> <path>: <reason>"`, e.g. "writing /tmp/out/weekly.csv: No space left on device"; for a file whose
    /// folder is missing, "writing /tmp/gone/weekly.csv: folder /tmp/gone does not exist".
    public var description: String {
        if step == .creating, code == ENOENT {
            return "writing \(path): folder \((path as NSString).deletingLastPathComponent) does not exist"
        }
        return "\(step.rawValue) \(path): \(reason)"
    }
}
