import BrewColumns
import BrewImport
import BrewMerge
import BrewShots
import Foundation

/// One journal of a batch read from several sources: a folder whose name ends in `.journal` (`anna.journal/`).
///
/// Its sources are the entries directly inside it, in name order: files with a journal extension
/// (``BatchOptions/journalExtensions``) and shot folders; hidden entries and anything else are ignored. They are read
/// as `brewstats report A B …` reads several inputs (``JournalMerge``, default ``MergeRules``): the same brew in two
/// sources (by id, else by time, bean and dose) is one brew, the earlier source's values standing. Name the files so
/// the source whose values should win sorts first (`1-store.sqlite`, `2-shots/`).
///
/// A source that cannot be read is left out and named in a warning (the journal is reported from the others);
/// only when no source can be read does the journal fail, with the first source's reason. One source alone is read as
/// that file would be, unmerged.
public enum JournalFolder {
    /// The name ending that makes a folder one journal of several sources.
    public static let suffix = ".journal"

    /// Whether `url` is a folder named `….journal`.
    public static func isJournalFolder(_ url: URL) -> Bool {
        guard url.lastPathComponent.lowercased().hasSuffix(suffix) else { return false }
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue
    }

    /// The sources inside `folder`, in name order (see the type's description).
    public static func sources(in folder: URL) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
                return nil
            }
            if isDir.boolValue { return ShotJournalImporter.isShotFolder(url) ? url : nil }
            return BatchOptions.journalExtensions.contains(url.pathExtension.lowercased()) ? url : nil
        }
    }

    /// A journal folder, read.
    public struct Loaded: Sendable {
        /// The merged journal (with its shots), its import report naming every source read.
        public var journal: ShotJournal
        /// The sources read, by file name, in the order merged.
        public var sources: [String]
        /// Brews of later sources found to be brews of earlier ones (each listed in ``matchesCSV``).
        public var matches: [MergeMatch]
        /// The matches as `matches.csv` (``MergeResult/matchesCSV()``); `nil` with one source.
        public var matchesCSV: String?
        /// Sources left out, each as `name: reason`.
        public var skipped: [String]
    }

    /// Reads every source of `folder` and merges them.
    ///
    /// - Throws: the first source's import error when no source can be read; ``ReportError/invalidArgument(_:)`` when
    ///   the folder holds no source at all.
    public static func load(_ folder: URL, options: ImportOptions) throws -> Loaded {
        let urls = sources(in: folder)
        guard !urls.isEmpty else {
            throw ReportError.invalidArgument("\(folder.lastPathComponent) holds no journal file or shot folder to merge")
        }
        var read: [(name: String, journal: ShotJournal)] = []
        var skipped: [String] = []
        var firstError: (any Error)?
        for url in urls {
            do {
                read.append((url.lastPathComponent, try importAnyJournal(at: url, options: options)))
            } catch {
                firstError = firstError ?? error
                skipped.append("\(url.lastPathComponent): \(printable("\(error)"))")
            }
        }
        guard !read.isEmpty else { throw firstError! }
        var loaded: Loaded
        if read.count == 1 {
            loaded = Loaded(journal: read[0].journal, sources: [read[0].name], matches: [], matchesCSV: nil, skipped: skipped)
        } else {
            let merged = JournalMerge().merge(read)
            loaded = Loaded(journal: merged.journal, sources: read.map(\.name), matches: merged.matches,
                            matchesCSV: merged.matchesCSV(), skipped: skipped)
        }
        if !skipped.isEmpty {
            var report = loaded.journal.result.report
            for reason in skipped {
                report.warnings.append(ImportWarning(kind: .note, column: nil, count: 1, where: folder.lastPathComponent,
                                                     message: "source left out, it could not be read: \(reason)"))
            }
            loaded.journal = ShotJournal(result: ImportResult(journal: loaded.journal.result.journal, report: report),
                                         shots: loaded.journal.shots)
        }
        return loaded
    }
}
