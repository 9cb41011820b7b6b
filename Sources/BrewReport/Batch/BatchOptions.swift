import BrewImport
import BrewNames
import BrewOpen
import BrewProgress
import BrewShots
import Foundation

/// How a batch runs.
public struct BatchOptions: Sendable {
    /// Files and folders given on the command line.
    public var inputs: [String]
    /// The output folder: one report folder per journal, `combined/`, and `batch.csv`.
    public var out: URL
    /// Journals processed at once (default: all cores).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Skip journals whose report folder is complete and was made from the same bytes with the same options.
    public var resume = false
    /// Take only this shard of the inputs.
    public var shard: Shard?
    public var report = ReportOptions()
    /// How each journal is opened (``BrewOpen/JournalOpener``): its import options, and the spellings counted as one
    /// name in every journal (`--aliases`; near-duplicate names are noted either way).
    public var open = OpenOptions()
    /// Where the batch tells how many journals are done (``BrewProgress/WorkProgress/none`` by default: the caller
    /// draws it, or not). The outputs are the same either way.
    public var progress = WorkProgress.none
    /// The words of a journal's failure in `batch.csv`: the error's description by default; the command line gives
    /// its own, which add the flag that helps (a library names no flag).
    public var describe: @Sendable (any Error) -> String = { "\($0)" }

    public init(inputs: [String], out: URL) {
        self.inputs = inputs
        self.out = out
    }

    /// File extensions a folder is searched for.
    public static let journalExtensions: Set<String> = JournalFormat.storeExtensions.union(["csv", "json", "zip"])

    /// The journal files among `inputs`: files as given; folders searched recursively for files with a
    /// journal extension. A shot folder, and a folder named `….journal` (one journal of several sources,
    /// ``BrewOpen/JournalFolder``), is one journal, given or found, its contents not searched further. Hidden files and
    /// folders (names starting with a dot) are skipped, and so are the output folder and report folders brewstats wrote
    /// (they hold CSVs that are not journals). Sorted by path, duplicates removed.
    ///
    /// Each file's shard key is its path relative to the folder it was found in (its name, for a file given
    /// directly), so machines that mount the inputs at different places still agree on the shards.
    ///
    /// - Throws: ``ReportError/invalidArgument(_:)`` for a path that does not exist.
    public func journalFiles() throws(ReportError) -> [BatchInput] {
        var out: [BatchInput] = []
        let fm = FileManager.default
        for path in inputs {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                throw .invalidArgument("no such file or folder: \(path)")
            }
            let url = URL(fileURLWithPath: path)
            guard isDir.boolValue else {
                out.append(BatchInput(url: url.standardizedFileURL, key: url.lastPathComponent)); continue
            }
            // A folder of shot files is one journal, and so is a `.journal` folder of several sources
            // (``BrewOpen/JournalFolder``).
            if JournalFolder.isJournalFolder(url) || ShotJournalImporter.isShotFolder(url) {
                out.append(BatchInput(url: url.standardizedFileURL, key: url.lastPathComponent)); continue
            }
            let root = url.standardizedFileURL.path + "/"
            let output = OwnedFolder.canonical(self.out.path)
            let walker = fm.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey],
                options: [.skipsHiddenFiles])
            while let item = walker?.nextObject() as? URL {
                if (try? item.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    if JournalFolder.isJournalFolder(item) || ShotJournalImporter.isShotFolder(item) {
                        let full = item.standardizedFileURL
                        out.append(
                            BatchInput(url: full,
                                key: full.path.hasPrefix(root) ? String(full.path.dropFirst(root.count))
                                    : full.lastPathComponent))
                        walker?.skipDescendants()
                        continue
                    }
                    if fm.fileExists(atPath: item.appendingPathComponent(OwnedFolder.markerName).path)
                        || OwnedFolder.canonical(item.path) == output {
                        walker?.skipDescendants()
                    }
                    continue
                }
                // A named pipe, socket or device named like a journal is listed too: the importer refuses it unopened,
                // and batch.csv says why (it is never opened, so it cannot block the batch).
                if (try? item.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
                    || Self.isSpecialFile(item.path),
                   BatchOptions.journalExtensions.contains(item.pathExtension.lowercased()) {
                    let full = item.standardizedFileURL
                    out.append(
                        BatchInput(url: full,
                            key: full.path.hasPrefix(root) ? String(full.path.dropFirst(root.count))
                                : full.lastPathComponent))
                }
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0.url.path).inserted }.sorted { $0.url.path < $1.url.path }
    }
}

extension BatchOptions {
    /// Whether `path` (not followed if a link) is a named pipe, socket or device.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || type == S_IFCHR || type == S_IFBLK
    }
}

/// One journal file of a batch and the key its shard is chosen by.
public struct BatchInput: Sendable, Equatable {
    public let url: URL
    public let key: String
}
