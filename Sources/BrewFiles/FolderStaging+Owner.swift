import Foundation

extension FolderStaging {
    /// A staged folder that replaces only what its owner may replace, carrying the owner's marker file: the one
    /// staging step of a report's folder (BrewReport's `StagedDirectory`) and an export's (BrewExport's
    /// `ExportFolder`).
    ///
    /// In this order: a dead run's leftovers beside `target` are swept (``sweep(beside:marker:)``: a previous folder
    /// it had set aside is back in place first), the owner's `check` is asked whether the target may be replaced, the
    /// staging folder is made, and the marker file `marker` is written into it with `contents`, so the next run knows
    /// the folder for the owner's. A failure of the marker's write removes the staging folder again.
    ///
    /// - Parameters:
    ///   - check: The owner's rule, given the target; it throws the owner's error when the target may not be replaced.
    ///   - failure: The owner's words for a failure of BrewFiles (the folder or the marker not written).
    /// - Throws: What `check` throws; `failure` of the ``FileError`` when the folder or its marker cannot be made.
    public static func owned<E: Error>(
        target: URL, marker: String, contents: Data,
        check: (URL) throws(E) -> Void, failure: (FileError) -> E
    ) throws(E) -> FolderStaging {
        let target = target.standardizedFileURL
        sweep(beside: target, marker: marker)
        try check(target)
        let staged: FolderStaging
        do { staged = try FolderStaging(target: target, marker: marker) } catch { throw failure(error) }
        do {
            try AtomicFile.write(contents, to: staged.folder.file(marker))
        } catch {
            staged.discard()
            throw failure(error)
        }
        return staged
    }

    /// Asks the owner's `check` once more (something may have appeared at the target meanwhile), then commits
    /// (``commit()``); when the check refuses, the staging folder is removed and the target left as it is.
    ///
    /// - Throws: What `check` throws; `failure` of the ``FileError`` when the flush or the rename fails.
    public func commit<E: Error>(check: (URL) throws(E) -> Void, failure: (FileError) -> E) throws(E) {
        do {
            try check(target)
        } catch {
            discard()
            throw error
        }
        do { try commit() } catch { throw failure(error) }
    }
}
