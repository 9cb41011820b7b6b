import BrewColumns
import BrewImport
import BrewShots
import Foundation

/// A folder read as one journal made of everything readable in it.
///
/// Its sources, in this order:
/// 1. each regular file directly inside it that is not a shot file (hidden ones skipped), stores (`.sqlite`,
///    `.store`, `.db`) first and then by name: the app's store or exports, a Beanconqueror backup or upload, a BrewSpec
///    document, a mapped CSV (with `--map`), each read as that file alone would be;
/// 2. its shot files, read together as one shot journal (``importAnyJournal(at:options:)`` on the folder: every shot
///    file under it, subfolders included), when there is at least one.
///
/// One readable source alone is that source, unchanged (a folder of shot files reads as it always has). Several are
/// merged as `report A B …` merges its inputs (``JournalMerge``): the same brew in two sources (a store and its own
/// CSV export, matched by id; a shot and the brew that carries it, by time, bean and dose) is one brew, and the
/// import notes say how many brews of each source matched one read before. A file that cannot be read is named in
/// the import notes with its reason ("README.md: not a journal (…)"), never skipped silently; only a folder where
/// nothing at all can be read is an error.
public enum FolderJournal {
    /// The folder's journal.
    ///
    /// - Throws: ``ImportError`` (`notAJournal`) naming the folder when no source in it can be read.
    public static func load(_ folder: URL, options: ImportOptions, rules: MergeRules = MergeRules()) throws(ImportError) -> MergeResult {
        var sources: [(name: String, journal: ShotJournal)] = []
        var skipped: [(name: String, reason: String)] = []
        // 1. The shot files, together (the folder reader skips every file that is not a shot file).
        var shotSource: (name: String, journal: ShotJournal)?
        if let shots = try? importAnyJournal(at: folder, options: options), (shots.shots?.read ?? 0) > 0 {
            // Its note that other files were not read is replaced by one note per file below.
            var report = shots.result.report
            report.warnings.removeAll { $0.kind == .note && $0.message.hasPrefix("files that are not shot files were not read") }
            shotSource = (folder.lastPathComponent + " (shot files)",
                          ShotJournal(result: ImportResult(journal: shots.result.journal, report: report), shots: shots.shots))
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
                skipped.append((name, Self.reason(error, file: url.path)))
            }
        }
        if var shotSource {
            // A file read above as a journal (a Beanconqueror upload) is no rejected shot file.
            let readAsJournals = Set(sources.map(\.name))
            func readElsewhere(_ r: Reject) -> Bool {
                r.reason.hasPrefix("not a shot file") && readAsJournals.contains(URL(fileURLWithPath: r.file).lastPathComponent)
            }
            var report = shotSource.journal.result.report
            let dropped = report.rejects.filter(readElsewhere).count
            if dropped > 0 {
                report.rejects.removeAll(where: readElsewhere)
                report.brews.read -= dropped
                report.brews.rejected -= dropped
                let table = shotSource.journal.shots.map { t in
                    ShotTable(samples: t.samples, shots: t.shots, duplicates: t.duplicates, read: t.read - t.rejects.filter(readElsewhere).count,
                              rejects: t.rejects.filter { !readElsewhere($0) }, warnings: t.warnings)
                }
                shotSource.journal = ShotJournal(result: ImportResult(journal: shotSource.journal.result.journal, report: report), shots: table)
            }
            sources.append(shotSource)
        }
        guard !sources.isEmpty else {
            let why = skipped.isEmpty ? "it holds no file" : skipped.prefix(3).map { "\($0.name): \($0.reason)" }.joined(separator: "; ")
            throw ImportError(.notAJournal, file: folder.path, "no journal, export, backup or shot file in this folder could be read (\(why))")
        }
        var result = sources.count == 1
            ? MergeResult(journal: sources[0].journal, matches: [])
            : JournalMerge(rules: rules).merge(sources)
        guard !skipped.isEmpty else { return result }
        var report = result.journal.result.report
        for (name, reason) in skipped {
            report.warnings.append(ImportWarning(kind: .note, column: nil, count: 1, where: name,
                                                 message: "\(name) was not read: \(reason)"))
        }
        result.journal = ShotJournal(result: ImportResult(journal: result.journal.result.journal, report: report),
                                     shots: result.journal.shots)
        return result
    }

    /// Whether `name` is an SQLite store by its extension (``JournalFormat/storeExtensions``).
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
