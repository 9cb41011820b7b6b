import Foundation

/// The report layer's one error type: what failed, and on which journal or output path.
public enum ReportError: Error, CustomStringConvertible, Sendable {
    /// The output location could not be prepared or committed.
    case output(path: String, reason: String)
    /// No brews fall in the requested week or filter.
    case noBrews(what: String)
    /// A week label could not be parsed (`2026-W47` expected).
    case invalidWeek(String)
    /// A filter names nothing in the journal.
    case noMatch(filter: String, value: String, known: [String])
    /// A chart kind or option is not known.
    case invalidArgument(String)

    public var description: String {
        switch self {
        case let .output(path, reason): "cannot write \(path): \(reason)"
        case let .noBrews(what): "no brews \(what)"
        case let .invalidWeek(s): "invalid week '\(s)': expected YYYY-Www, e.g. 2026-W47"
        case let .noMatch(filter, value, known):
            "no \(filter) matches '\(value)'" + (known.isEmpty ? "" : "; the journal has: " + known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", …" : ""))
        case let .invalidArgument(s): s
        }
    }
}
