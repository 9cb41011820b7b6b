/// The advisor's one error type: what could not be answered, with the names involved.
public enum AdviceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A `--grinder`, `--method` or `--bean` name matches no entity; `known` lists the journal's names.
    case noMatch(what: String, value: String, known: [String])
    /// A name is the beginning of several entities' names; `candidates` lists them, closest first.
    case ambiguousMatch(what: String, value: String, candidates: [String])
    /// The journal holds no brew with this grinder and method that has a grind setting and a rating (up to the
    /// instant asked about), so there is nothing to learn from; `methodsOnGrinder` lists the methods that do
    /// have such brews on the grinder.
    case noBrews(grinder: String, method: String, methodsOnGrinder: [String])
    /// An index passed to the advisor does not name an entity of the journal.
    case invalidIndex(what: String, index: Int)
    /// A `grinders.toml` cannot be used: the file and what is wrong (with the key or line).
    case invalidGrinders(file: String, reason: String)

    public var description: String {
        switch self {
        case let .noMatch(what, value, known):
            "no \(what) matches '\(value)'" + (known.isEmpty ? "" : "; the journal has: "
                + known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", … (\(known.count - 12) more)" : ""))
        case let .ambiguousMatch(what, value, candidates):
            "'\(value)' begins the names of several \(what)s: " + candidates.joined(separator: ", ")
                + "; give more of the name"
        case let .noBrews(grinder, method, others):
            "no rated brews with a grind setting for \(grinder) × \(method): nothing to dial in from"
                + (others.isEmpty ? "" : "; this grinder has some for " + others.joined(separator: ", "))
        case let .invalidIndex(what, index): "no \(what) with index \(index) in the journal"
        case let .invalidGrinders(file, reason): "\(file): \(reason)"
        }
    }
}
