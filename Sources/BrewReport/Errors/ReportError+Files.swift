import BrewFiles

extension ReportError {
    /// ``output(path:reason:)`` for a file or folder BrewFiles could not write: the path as the user named it (a file
    /// in a staging folder as under its target) and the system's reason alone.
    init(_ error: FileError) {
        self = .output(path: error.path, reason: error.reason)
    }

    /// Runs `body`, a write through BrewFiles (``AtomicFile``, a staged folder), its failure said as
    /// ``output(path:reason:)``.
    static func writing<T>(_ body: () throws(FileError) -> T) throws(ReportError) -> T {
        do {
            return try body()
        } catch {
            throw ReportError(error)
        }
    }
}
