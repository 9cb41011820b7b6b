import BrewFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A report's output folder, staged (BrewFiles' ``FolderStaging``: written in a hidden folder beside the target, put
/// in place whole by ``commit()``), and replacing only a folder brewstats wrote.
///
/// ``OwnedFolder/checkReplaceable(_:protecting:)`` is checked when the staging folder is made — after a dead run's
/// leftovers beside the target are swept and a previous report it had set aside is put back — and again just before
/// the commit. Every staged folder carries the marker file ``OwnedFolder/markerName``, so the next run recognises it.
///
/// The writers are handed ``folder`` (or the files it names): a file in it is written in place by ``AtomicFile`` and
/// flushed with the folder.
public final class StagedDirectory: @unchecked Sendable {
    private let staged: FolderStaging

    /// The paths the target must never contain (the input journals).
    public let protecting: [URL]

    /// Where the folder will appear.
    public var target: URL { staged.target }
    /// Where files are written until ``commit()``.
    public var staging: URL { staged.staging }
    /// The staging folder, for the writers.
    public var folder: StagedFolder { staged.folder }

    /// Creates the staging folder (and the target's parent folder), with the marker file of `kind` in it.
    ///
    /// - Parameters:
    ///   - kind: What the folder holds (written into its marker).
    ///   - protecting: Paths (input journals) that a replaced target must not be or contain.
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` when the target exists and is not a folder
    ///   brewstats wrote; ``ReportError/output(path:reason:)`` when the parent cannot be created or written.
    public init(target: URL, kind: OwnedFolder.Kind, protecting: [URL] = []) throws(ReportError) {
        self.protecting = protecting
        // Swept first, so that a previous report a killed run left aside is back in place (and checked) before
        // anything.
        staged = try FolderStaging.owned(
            target: target, marker: OwnedFolder.markerName, contents: OwnedFolder.marker(kind),
            check: { (url: URL) throws(ReportError) in try OwnedFolder.checkReplaceable(url, protecting: protecting) },
            failure: { ReportError($0) })
    }

    /// The file `name` (a path relative to the staging folder) in the staging folder.
    public func file(_ name: String) -> OutputFile { staged.folder.file(name) }

    /// Moves the staged folder into place.
    ///
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` when something brewstats did not write appeared at
    ///   the target meanwhile, ``ReportError/output(path:reason:)`` when the flush or the rename fails (the staging
    ///   folder is removed either way).
    public func commit() throws(ReportError) {
        try staged.commit(
            check: { (url: URL) throws(ReportError) in
                try OwnedFolder.checkReplaceable(url, protecting: self.protecting)
            },
            failure: { ReportError($0) })
    }

    /// Removes the staging folder without touching the target.
    public func discard() { staged.discard() }

    /// Removes the `.staging-`/`.old-` folders of processes that are gone beside `target` (and puts a previous report
    /// back), without staging anything: for a run that leaves `target` as it is (a journal `batch --resume` skips as
    /// unchanged).
    public static func sweep(beside target: URL) {
        FolderStaging.sweep(beside: target, marker: OwnedFolder.markerName)
    }

    /// Whether the process is being interrupted (``removeAllStaging()`` has run).
    public static var isInterrupted: Bool { FolderStaging.isInterrupted }

    /// Removes every staging folder this process has open (called from SIGINT/SIGTERM handlers).
    public static func removeAllStaging() { FolderStaging.removeAllStaging() }

    /// The most specific description of a Foundation error: the underlying POSIX error when there is one
    /// (Foundation's own text is often only "The operation could not be completed").
    static func reason(_ error: any Error) -> String {
        var e = error as NSError
        while let underlying = e.userInfo[NSUnderlyingErrorKey] as? NSError { e = underlying }
        if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
        // Foundation's own words for these ("The volume is read only.") name the system's errors: say the system's.
        if e.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: e.code) {
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
            case .fileWriteNoPermission: return String(cString: strerror(EACCES))
            default: break
            }
        }
        return e.localizedFailureReason ?? e.localizedDescription
    }
}
