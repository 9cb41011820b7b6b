import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one output file goes, and so how ``AtomicFile`` writes it.
///
/// - A file on its own (``init(_:)``): written to a temporary file beside it, flushed, renamed over it.
/// - A file in a staging folder (``StagedFolder/file(_:)``): written in place, unflushed; the folder's commit
///   (``FolderStaging/commit()``) flushes every file once and puts the folder in place whole, so nobody ever reads
///   the file before it is complete.
///
/// Which of the two a file is travels with the value, from the folder that was staged down to the writer: no
/// writer asks a process-wide list whether a path lies in a staging folder.
public struct OutputFile: Sendable, Hashable {
    /// Where the bytes are written.
    public let url: URL
    /// The path as the user named it: for a file in a staging folder, the path under the folder's target
    /// (`…/out/rest-rating.svg`, not `…/.out.staging-123-ab12cd34/rest-rating.svg`); else ``url``'s path.
    public let shownPath: String
    /// Whether the file lies in a staging folder (written in place, flushed with the folder).
    public let isStaged: Bool

    /// A file on its own, written atomically by a temporary file beside it and a rename.
    public init(_ url: URL) {
        self.url = url
        shownPath = url.path
        isStaged = false
    }

    init(staged url: URL, shownPath: String) {
        self.url = url
        self.shownPath = shownPath
        isStaged = true
    }

    /// The path bytes are written to.
    public var path: String { url.path }
}

/// A folder inside a staging folder (the staging folder itself, or a folder made in it), passed to the code that
/// writes into it: every file it names is an ``OutputFile`` that is written in place and flushed with the folder.
public struct StagedFolder: Sendable, Hashable {
    /// The folder, under the staging folder's hidden name.
    public let url: URL
    /// The folder as the user named it (under the target).
    public let shownPath: String

    init(url: URL, shownPath: String) {
        self.url = url
        self.shownPath = shownPath
    }

    /// The file `name` (a path relative to this folder, e.g. `index.html` or `beans/a.svg`).
    ///
    /// Built as a file's URL outright: `appendingPathComponent(_:)` without a directory hint asks the file system
    /// whether the path is a folder, one `stat` per file of a report.
    public func file(_ name: String) -> OutputFile {
        OutputFile(staged: url.appendingPathComponent(name, isDirectory: false), shownPath: shownPath + "/" + name)
    }

    /// The folder `name` in this folder, which ``makeFolder(_:)`` creates.
    public func folder(_ name: String) -> StagedFolder {
        StagedFolder(url: url.appendingPathComponent(name, isDirectory: true), shownPath: shownPath + "/" + name)
    }

    /// Creates the folder `name` in this folder (`mkdir`, not `mkdir -p`: when an interruption has removed the
    /// staging folder, this fails rather than bring it back).
    ///
    /// - Throws: ``FileError`` (``FileError/Step/makingFolder``) naming the folder as under the target.
    @discardableResult
    public func makeFolder(_ name: String) throws(FileError) -> StagedFolder {
        let made = folder(name)
        guard mkdir(made.url.path, 0o777) == 0 else {
            throw FileError(.makingFolder, path: made.shownPath, code: errno)
        }
        return made
    }
}
