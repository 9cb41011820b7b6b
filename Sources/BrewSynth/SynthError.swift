/// Why writing a generated journal failed: the file and the step, with the underlying message.
public struct SynthError: Error, CustomStringConvertible, Sendable {
    /// The file being written.
    public let path: String
    /// What the writer was doing (`creating the store`, `renaming into place` …).
    public let step: String
    /// The underlying error's description.
    public let reason: String
    /// Whether the output exists and replacing it was not asked for: the caller says how to ask (the command line's
    /// `--force`).
    public var exists = false

    public init(path: String, step: String, reason: String) {
        self.path = path; self.step = step; self.reason = reason
    }

    init(path: String, step: String, _ error: any Error) {
        self.init(path: path, step: step, reason: String(describing: error))
    }

    public var description: String { "\(path): \(step) failed: \(reason)" }
}
