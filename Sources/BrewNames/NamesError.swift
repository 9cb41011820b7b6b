/// Why an aliases file could not be used; the message names the file and, where there is one, the line.
public enum NamesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not an aliases file: `reason` says where and why.
    case invalid(file: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): "cannot read aliases file \(file): \(reason)"
        case let .invalid(file, reason): "invalid aliases file \(file): \(reason)"
        }
    }
}
