/// Why an export failed: the output (or input) it concerns and the reason, in words a person can act on.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: Sendable, Equatable {
        /// The output exists and replacing it was not asked for (``JournalExporter/replacing``): the caller says how to
        /// ask (the command line's `--force`).
        case exists
        /// The output is what an export never replaces, asked or not: a folder where a file goes, a file where a
        /// folder goes, a symbolic link, a folder an export did not write.
        case notReplaceable
        /// Writing, flushing or renaming failed (the system's reason).
        case output
        /// The input has nothing the format can hold (no brews; no shots for `decent-json`).
        case nothingToExport
        /// An output of the run would replace one of its inputs, or be written inside an input folder
        /// (``ExportInputs``); refused even with `--force`.
        case ownInput
        /// The Beanconqueror backup to add to cannot be read, or is not a backup.
        case mergeTarget
    }

    public let kind: Kind
    /// The path concerned.
    public let path: String
    /// The reason, one line.
    public let reason: String

    public init(_ kind: Kind, path: String, _ reason: String) {
        self.kind = kind; self.path = path; self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
