import BrewCairo
import Foundation

/// Output folders that appear as a whole (a report's staging folder): files written into one need no temporary file
/// and no flush of their own, because the folder's owner flushes them all before publishing it. See BrewCairo's
/// `StagedFolders`, which ``ChartRenderer/write(_:to:format:theme:creationDate:)`` and ``ReportDocument/writePDF(to:)``
/// consult.
public enum StagedOutput {
    /// Marks `folder` as staged until ``unregister(_:)``.
    public static func register(_ folder: URL) { StagedFolders.register(folder.path) }

    /// Ends the staging of `folder`.
    public static func unregister(_ folder: URL) { StagedFolders.unregister(folder.path) }

    /// Whether `file` lies below a staged folder.
    public static func contains(_ file: URL) -> Bool { StagedFolders.contains(file.path) }

    /// Writes `bytes` to `file` in a staged folder directly; `nil` on success, else the `errno` (a partial file is
    /// removed).
    public static func write(_ bytes: UnsafeRawBufferPointer, to file: URL) -> Int32? {
        StagedFolders.write(bytes, to: file.path)
    }

    /// `fsync`s every file and folder below `folder`, and `folder`; `nil` on success, else the path and `errno`.
    public static func flushContents(of folder: URL) -> (path: String, code: Int32)? {
        StagedFolders.flushContents(of: folder.path)
    }
}
