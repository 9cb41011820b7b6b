import BrewCairo
import BrewCharts
import BrewFiles
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ReportError {
    /// ``output(path:reason:)`` for a file that could not be written, said once: `path` as the user named it (a file in
    /// a hidden staging folder as under its target: ``OutputFile/shownPath``) and the innermost reason alone — "No
    /// space left on device", not the chain of every layer that passed the error on.
    static func cannotWrite(_ path: String, _ error: any Error) -> ReportError {
        .output(path: path, reason: systemReason(error))
    }

    /// The innermost reason of a write error: the system's (`strerror`) where a layer kept it, else the error's text.
    static func systemReason(_ error: any Error) -> String {
        switch error {
        case let e as ReportError:
            if case let .output(_, reason) = e { return reason }
            return e.description
        case let e as FileError: return e.reason
        case let e as ChartError: return e.systemReason ?? e.description
        case let e as CairoError: return e.systemReason ?? e.description
        default: return StagedDirectory.reason(error)
        }
    }

    /// Whether this is an output that could not be written because of the disk, not the input: a full disk or quota
    /// (`ENOSPC`, `EDQUOT`), an I/O error (`EIO`), a read-only file system (`EROFS`). Running again once that is
    /// fixed helps, so a batch that meets one exits 1 (the output cannot be written), not 3 or 4.
    public var isUnwritableOutput: Bool {
        guard case let .output(_, reason) = self else { return false }
        return Self.unwritableReasons.contains(reason)
    }

    /// What helps after ``isUnwritableOutput``: free space, repair the disk, or make the output writable.
    public var retryHint: String? {
        guard case let .output(_, reason) = self else { return nil }
        switch reason {
        case String(cString: strerror(ENOSPC)), String(cString: strerror(EDQUOT)):
            return "retrying after freeing space helps"
        case String(cString: strerror(EROFS)): return "retrying once the output is writable helps"
        case String(cString: strerror(EIO)): return "retrying once the disk works helps"
        default: return nil
        }
    }

    static let unwritableReasons: Set<String> = Set([ENOSPC, EDQUOT, EIO, EROFS].map { String(cString: strerror($0)) })
}
