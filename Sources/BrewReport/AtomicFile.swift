import Foundation

/// Writes a single file atomically: a temporary file beside the target, then `rename`.
public enum AtomicFile {
    /// Writes `data` to `url`; a reader sees the old file or the new one, never a partial one.
    ///
    /// The folder must exist: it is never created here, so a write into a staging folder that an
    /// interruption removed fails instead of bringing the folder back.
    ///
    /// - Throws: ``ReportError/output(path:reason:)``.
    public static func write(_ data: Data, to url: URL) throws(ReportError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .output(path: url.path, reason: StagedDirectory.reason(error))
        }
    }

    /// Writes UTF-8 text to `url` atomically.
    public static func write(_ text: String, to url: URL) throws(ReportError) {
        try write(Data(text.utf8), to: url)
    }
}
