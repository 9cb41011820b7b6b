import BrewCairo
import Foundation

/// Writes a report's documents (CSV summaries, HTML pages, Markdown, manifests) atomically, through BrewCairo's
/// atomic writer, the one writer of every output file: a temporary file beside the target, flushed to disk, then
/// `rename`; inside a staged folder (``StagedDirectory``, see BrewCharts' `StagedOutput`), in place, flushed with the
/// folder before the folder appears.
///
/// A reader sees the old file or the new one, never a partial one. When any step fails — a full disk (`ENOSPC`), an
/// I/O error (`EIO`), a read-only file system — the temporary file is removed and the error names the system's
/// reason (`strerror`), e.g. "No space left on device". The folder must exist: it is never created here.
public enum AtomicFile {
    /// Writes `data` to `url` atomically.
    ///
    /// - Throws: ``ReportError/output(path:reason:)`` with `url`'s path and the system's reason.
    public static func write(_ data: Data, to url: URL) throws(ReportError) {
        let failure = data.withUnsafeBytes { BrewCairo.AtomicFile.write($0, to: url) }
        if let failure { throw .output(path: StagedDirectory.shownPath(url.path), reason: failure.reason) }
    }

    /// Writes UTF-8 text to `url` atomically.
    public static func write(_ text: String, to url: URL) throws(ReportError) {
        var text = text
        let failure = text.withUTF8 { BrewCairo.AtomicFile.write(UnsafeRawBufferPointer($0), to: url) }
        if let failure { throw .output(path: StagedDirectory.shownPath(url.path), reason: failure.reason) }
    }
}
