import BrewColumns
import BrewNames
import BrewProgress
import BrewShots
import Foundation

/// Exports one journal to one of the ``ExportFormat``s: the one entry point `brewstats export` calls.
///
/// The output appears whole or not at all (``ExportFile``, ``ExportFolder``), and replaces an existing file or
/// export folder only with ``replacing``. What the target cannot hold is counted in the summary's
/// ``ExportSummary/dropped``.
public struct JournalExporter: Sendable {
    public var format: ExportFormat
    /// BrewSpec only: one document, or one per brew (the output is then a folder).
    public var brewSpecLayout: BrewSpecLayout
    /// Whether an existing output is replaced (`--force`).
    public var replacing: Bool
    /// CSV only: whether text cells a spreadsheet would run as a formula get the formula guard (the default;
    /// ``JournalCSVWriter/guardsFormulas``), or are written raw (`--raw-cells`).
    public var guardsFormulas: Bool
    /// Beanconqueror only: the user's backup (a zip or a bare `Beanconqueror.json`) that the output is a copy of,
    /// with the journal's brews added; `nil` for a new backup.
    public var mergeInto: URL?
    /// Beanconqueror only: the aliases the backup's names are matched through (the journal's own are applied
    /// when it is opened).
    public var aliases: NameAliases?
    /// Where the export tells how many brews (or shots, or files) it has written; ``BrewProgress/WorkProgress/none``
    /// by default. The output is the same either way.
    public var progress = WorkProgress.none

    public init(format: ExportFormat, brewSpecLayout: BrewSpecLayout = .oneFile, replacing: Bool = false,
                guardsFormulas: Bool = true, mergeInto: URL? = nil, aliases: NameAliases? = nil) {
        self.format = format; self.brewSpecLayout = brewSpecLayout; self.replacing = replacing
        self.guardsFormulas = guardsFormulas; self.mergeInto = mergeInto; self.aliases = aliases
    }

    /// Writes `journal` to `output`.
    ///
    /// - Throws: ``ExportError``: `.exists` when the output exists without ``replacing``; `.nothingToExport` when
    ///   the journal has no brews (or, for `decent-json`, no shots); `.output` when writing fails.
    public func export(_ journal: ShotJournal, to output: URL) throws(ExportError) -> ExportSummary {
        defer { progress.finish() }
        let brews = journal.result.journal.brews.count
        var dropped = DroppedFields()
        switch format {
        case .csv:
            guard brews > 0 else {
                throw ExportError(.nothingToExport, path: output.path, "the journal has no brews to export")
            }
            let file = try ExportFile(target: output, replacing: replacing)
            try JournalCSVWriter(guardsFormulas: guardsFormulas)
                .write(journal.result.journal, to: file, dropped: &dropped, progress: progress)
            try file.publish(replacing: replacing)
            return ExportSummary(output: output.path, files: 1, records: brews, dropped: dropped)
        case .json:
            guard brews > 0 else {
                throw ExportError(.nothingToExport, path: output.path, "the journal has no brews to export")
            }
            let file = try ExportFile(target: output, replacing: replacing)
            file.buffer = try JournalJSONWriter().encode(journal.result.journal, dropped: &dropped, progress: progress)
            try file.publish(replacing: replacing)
            return ExportSummary(output: output.path, files: 1, records: brews, dropped: dropped)
        case .brewspec:
            guard brews > 0 else {
                throw ExportError(.nothingToExport, path: output.path, "the journal has no brews to export")
            }
            let writer = BrewSpecWriter()
            if brewSpecLayout == .oneFile, BrewSpecEncoding(path: output.path) == .yaml {
                let file = try ExportFile(target: output, replacing: replacing)
                try writer.writeYAML(journal.result.journal, to: file, dropped: &dropped, progress: progress)
                try file.publish(replacing: replacing)
                return ExportSummary(output: output.path, files: 1, records: brews, dropped: dropped)
            }
            let specs = writer.brews(journal.result.journal, dropped: &dropped)
            if brewSpecLayout == .oneFile {
                let file = try ExportFile(target: output, replacing: replacing)
                file.buffer = try writer.encode(specs, as: .json)
                try file.publish(replacing: replacing)
                return ExportSummary(output: output.path, files: 1, records: brews, dropped: dropped)
            }
            let folder = try ExportFolder(target: output, replacing: replacing)
            let ids = journal.result.journal.brews.id
            for (i, spec) in specs.enumerated() {
                if i % 256 == 0 { progress.report("files written", done: i, of: specs.count) }
                try folder.write(try writer.encode([spec], as: .yaml),
                    name: FileNames.name(index: i, id: ids[i], ext: "yaml"))
            }
            try folder.publish(replacing: replacing)
            return ExportSummary(output: output.path, files: specs.count, records: brews, dropped: dropped)
        case .decentJSON:
            guard let shots = journal.shots, shots.kept > 0 else {
                throw ExportError(.nothingToExport, path: output.path,
                    "the journal has no shots (decent-json exports shot files)")
            }
            // A shot without a series is left out and named (DecentShotWriter.leftOut), not written.
            var written: [Int] = []
            for s in 0..<shots.kept {
                if let why = DecentShotWriter.leftOut(s, of: shots) {
                    dropped.note("shot (no series)", record: shots.shots[s].file, why)
                } else {
                    written.append(s)
                }
            }
            guard !written.isEmpty else {
                throw ExportError(.nothingToExport, path: output.path,
                    "no shot has a series to write (decent-json exports shot files)")
            }
            let writer = DecentShotWriter()
            let folder = try ExportFolder(target: output, replacing: replacing)
            for (i, s) in written.enumerated() {
                if i % 256 == 0 { progress.report("shot files written", done: i, of: written.count) }
                let bytes = writer.encode(shot: s, of: shots, journal: journal.result.journal, dropped: &dropped)
                try folder.write(bytes, name: FileNames.name(index: i, id: shots.shots[s].brewID, ext: "json"))
            }
            DecentShotDrops.noteUnshot(journal.result.journal, shots: shots, into: &dropped)
            try folder.publish(replacing: replacing)
            return ExportSummary(output: output.path, files: written.count, records: written.count, dropped: dropped)
        case .beanconqueror:
            return try exportBeanconqueror(journal, to: output)
        }
    }
}

/// What an export wrote.
public struct ExportSummary: Sendable, Equatable {
    /// The output's path.
    public var output: String
    /// Files written (1 for a single-file format).
    public var files: Int
    /// Brews (or shots) written.
    public var records: Int
    /// What the target could not hold.
    public var dropped: DroppedFields
    /// What the user should know about the output, one sentence each (a Beanconqueror backup replaces the phone's
    /// data when restored).
    public var notes: [String] = []
}

/// Names of the files in an export folder: `0001-<id>.yaml`, the position first (so the folder lists in journal
/// order), the record's id made safe for a file name (letters, digits, `-`, `_` and `.` kept, anything else `_`,
/// at most 64 characters).
enum FileNames {
    static func name(index: Int, id: String?, ext: String) -> String {
        let number = String(index + 1)
        let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
        guard let id, !id.isEmpty else { return "\(padded).\(ext)" }
        let safe = String(id.unicodeScalars.prefix(64).map { s -> Character in
            (s.isASCII && (CharacterSet.alphanumerics.contains(s) || s == "-" || s == "_" || s == ".")) ? Character(s)
                : "_"
        })
        return "\(padded)-\(safe.hasPrefix(".") ? "_" + safe.dropFirst() : Substring(safe)).\(ext)"
    }
}
