/// The one error type of BrewPages: a page or one of its chart files could not be written.
public struct PageError: Error, Sendable, CustomStringConvertible {
    /// The file, as the user names it (under the output folder's final name).
    public let path: String
    /// What went wrong, in a few words (the system's reason).
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write <path>: <reason>`.
    public var description: String { "cannot write \(path): \(reason)" }
}
