import BrewColumns
import BrewImport
import BrewShots
import Foundation

/// A folder read as one journal made of everything readable in it: the one folder type of every command (`report
/// FOLDER`, a `.journal` folder in a batch, `mcp FOLDER` …).
///
/// Its sources, in this order:
/// 1. each regular file directly inside it that is not a shot file (hidden ones skipped), stores (`.sqlite`,
///    `.sqlite3`, `.store`, `.db`) first and then by name: the app's store or exports, a Beanconqueror backup or
///    upload, a BrewSpec document, a mapped CSV (with a column mapping), each read as that file alone would be;
/// 2. its shot files, read together as one shot journal (``importAnyJournal(at:options:)`` on the folder: every shot
///    file under it, sub-folders included), when there is at least one.
///
/// ``JournalOpener`` merges them as it merges several paths (``BrewMerge/JournalMerge``): the same brew in two
/// sources (a store and its own CSV export, matched by id; a shot and the brew that carries it, by time, bean and
/// dose) is one brew, the earlier source's values standing. One readable source alone is that source, unchanged (a
/// folder of shot files reads as it always has). A file that cannot be read is listed (``Read/leftOut``) with its
/// reason and named in the import notes ("README.md was not read: not a journal (…)"), never skipped silently; only
/// a folder where nothing at all can be read is an error. See docs/formats.md, "Folders".
public enum JournalFolder {
    /// The name ending that makes a folder found by `batch` one journal of several sources (`anna.journal/`), not a
    /// folder to search for journals (docs/batch-and-deployment.md).
    public static let suffix = ".journal"

    /// Whether `url` is a folder named `….journal`.
    public static func isJournalFolder(_ url: URL) -> Bool {
        url.lastPathComponent.lowercased().hasSuffix(suffix) && InputFile.classify(url.path) == .directory
    }

    /// A folder's sources, read.
    public struct Read: Sendable {
        /// Each source read, with the name it is listed under (its file name; `NAME (shot files)` for the shots), in
        /// the order they are merged.
        public var sources: [(name: String, journal: ShotJournal)]
        /// The files that could not be read, each with its reason (without the path it starts with).
        public var leftOut: [LeftOutSource]
    }

    /// Reads every source of `folder`.
    ///
    /// - Throws: ``BrewImport/ImportError`` (`notAJournal`) naming the folder when no source in it can be read, with
    ///   the first three reasons.
    public static func read(_ folder: URL, options: ImportOptions) throws(ImportError) -> Read {
        var sources: [(name: String, journal: ShotJournal)] = []
        var leftOut: [LeftOutSource] = []
        // 1. The shot files, together (the folder reader skips every file that is not a shot file).
        var shotSource: (name: String, journal: ShotJournal)?
        // Only when some file is a shot file: files the shot reader looked at and found to be no shot file (a cut-off
        // JSON export) are tried as journals below, and a folder of them alone is no journal.
        if let shots = try? importAnyJournal(at: folder, options: options), let table = shots.shots,
           table.read > table.rejects.filter({ $0.reason.hasPrefix("not a shot file") }).count {
            // Its note that other files were not read is replaced by one note per file below.
            var report = shots.result.report
            report.warnings.removeAll {
                $0.kind == .note && $0.message.hasPrefix("files that are not shot files were not read")
            }
            shotSource = (folder.lastPathComponent + " (shot files)",
                          ShotJournal(result: ImportResult(journal: shots.result.journal, report: report),
                              shots: shots.shots))
        }
        // 2. Every other file directly inside.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Stores first (their values stand where a source repeats a brew), then the other files by name.
        // Each name's kind is worked out once, not in every comparison (a folder of 10,000 shot files spent a fifth
        // of its report's CPU here).
        let ordered = names.filter { !$0.hasPrefix(".") }.map { ($0, Self.isStore($0)) }
            .sorted { a, b in a.1 != b.1 ? a.1 : a.0 < b.0 }.map(\.0)
        for name in ordered {
            let url = folder.appendingPathComponent(name)
            guard InputFile.classify(url.path) == .regular else { continue }
            if let prefix = try? Data(contentsOf: url, options: .alwaysMapped).prefix(65_536),
               ShotJournalImporter.isShotFile(Array(prefix)) { continue }
            do {
                var fileOptions = options
                fileOptions.format = nil  // each file by its own content
                sources.append((name, try importAnyJournal(at: url, options: fileOptions)))
            } catch {
                leftOut.append(LeftOutSource(name: name, reason: Self.reason(error, file: url.path)))
            }
        }
        if var shotSource {
            // A file read above as a journal (a Beanconqueror upload) is no rejected shot file.
            let readAsJournals = Set(sources.map(\.name))
            func readElsewhere(_ r: Reject) -> Bool {
                r.reason.hasPrefix("not a shot file")
                    && readAsJournals.contains(URL(fileURLWithPath: r.file).lastPathComponent)
            }
            var report = shotSource.journal.result.report
            let dropped = report.rejects.filter(readElsewhere).count
            if dropped > 0 {
                report.rejects.removeAll(where: readElsewhere)
                report.brews.read -= dropped
                report.brews.rejected -= dropped
                let table = shotSource.journal.shots.map { t in
                    ShotTable(samples: t.samples, shots: t.shots, duplicates: t.duplicates,
                              read: t.read - t.rejects.filter(readElsewhere).count,
                              rejects: t.rejects.filter { !readElsewhere($0) }, warnings: t.warnings)
                }
                shotSource.journal = ShotJournal(
                    result: ImportResult(journal: shotSource.journal.result.journal, report: report), shots: table)
            }
            sources.append(shotSource)
        }
        guard !sources.isEmpty else {
            let why = leftOut.isEmpty ? "it holds no file"
                : leftOut.prefix(3).map(\.description).joined(separator: "; ")
            throw ImportError(.notAJournal, file: folder.path,
                "no journal, export, backup or shot file in this folder could be read (\(why))")
        }
        return Read(sources: sources, leftOut: leftOut)
    }

    /// Whether `name` is an SQLite store by its extension (``BrewImport/JournalFormat/storeExtensions``).
    static func isStore(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return JournalFormat.storeExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// An import error's reason without the path it starts with (the note names the file).
    static func reason(_ error: ImportError, file: String) -> String {
        var text = "\(error)"
        for prefix in [file + ": ", URL(fileURLWithPath: file).lastPathComponent + ": "] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        return text
    }
}

/// A source of a folder that could not be read, and why.
public struct LeftOutSource: Sendable, Equatable, CustomStringConvertible {
    /// The file's name inside its folder.
    public let name: String
    /// The reason, as the import error says it, without the file's path.
    public let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// `2-cut.json: is cut short …`.
    public var description: String { "\(name): \(reason)" }
}
