import BrewFiles
import Foundation

/// Where a page and its chart files are written: a staging folder (a report, a review: flushed and put in place
/// whole by its commit) or a plain folder whose files are each written atomically.
public enum PageFolder: Sendable {
    case staged(StagedFolder)
    case plain(URL)

    /// The file `name` in the folder.
    public func file(_ name: String) -> OutputFile {
        switch self {
        case .staged(let folder): folder.file(name)
        case .plain(let url): OutputFile(url.appendingPathComponent(name, isDirectory: false))
        }
    }
}
