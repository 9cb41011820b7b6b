import BrewColumns
import BrewImport
import BrewMerge
import BrewNames
import BrewShots
import Foundation

/// The one way to open a journal: paths and options in, one merged journal with its import notes out.
///
/// Every command that reads journals calls it (`report`, `review`, `chart`, `dial-in`, `inspect`, `export`,
/// `compare`, each journal of a `batch`, the `mcp` server), so a path means the same everywhere:
///
/// 1. **Each path is read** as its content says (``BrewShots/importAnyJournal(at:options:)``): the app's store or
///    exports, a Beanconqueror backup or upload, BrewSpec, a mapped CSV, shot files (a file or zip); `-` is standard
///    input. A folder is one journal of everything readable in it (``JournalFolder``): its sources count as sources
///    here, so a folder of a store and its CSV export given beside a shot folder is three sources, merged once.
/// 2. **Aliases are applied to each source** (``BrewNames/NameAliases/apply(to:)``), before merging, so that a bean a
///    shot file spells "Kochere" and the journal "Yirgacheffe Kochere" is one name when brews are matched.
/// 3. **Several sources are merged** (``BrewMerge/JournalMerge``, with ``OpenOptions/mergeRules``): the same brew in
///    two sources is one brew, the earlier source's values standing; one source alone is that source, unchanged.
/// 4. **Names are reviewed once**, on the merged journal: near-duplicate spellings noted
///   (``BrewNames/NearDuplicates``),
///    each alias that matched no source noted, each source that could not be read noted with its reason.
///
/// What it never does: write anything, or open a store for writing (stores are read-only, docs/formats.md).
public enum JournalOpener {
    /// Opens `paths` as one journal.
    ///
    /// - Throws: ``BrewImport/ImportError`` when a path cannot be read as a journal (a folder: when nothing in it can
    ///   be), `-` is given twice (standard input can be read once), or `paths` is empty.
    public static func open(
        _ paths: [String], options: OpenOptions = OpenOptions()
    ) throws(ImportError) -> OpenedJournal {
        guard !paths.isEmpty else { throw ImportError(.fileNotFound, file: "", "no journal given") }
        if paths.filter({ $0 == "-" }).count > 1 {
            throw ImportError(.unreadable, file: "-", "standard input is given twice: it can be read once")
        }
        var sources: [(name: String, journal: ShotJournal)] = []
        var leftOut: [LeftOutSource] = []
        // With several paths each source is listed under the path as given (two `journal.csv` in different folders
        // stay apart), a folder's sources under `FOLDER/NAME`; with one path, under their file names.
        let many = paths.count > 1
        for path in paths {
            // `-` is standard input, read as a stream (``BrewImport/InputFile``) like a pipe given as `/dev/fd/N`.
            let url = URL(fileURLWithPath: path == "-" ? "/dev/stdin" : path)
            let shown = path == "-" ? "standard input" : path
            if InputFile.classify(url.path) == .directory {
                let folder = try JournalFolder.read(url, options: options.importOptions)
                let within = { (name: String) in many ? shown + "/" + name : name }
                if many && folder.sources.count == 1 {
                    sources.append((shown, folder.sources[0].journal))
                } else {
                    sources += folder.sources.map { (within($0.name), $0.journal) }
                }
                leftOut += folder.leftOut.map { LeftOutSource(name: within($0.name), reason: $0.reason) }
            } else {
                sources.append(
                    (
                        many ? shown : url.lastPathComponent,
                        try importAnyJournal(at: url, options: options.importOptions)))
            }
        }
        var outcomes: [AliasOutcome] = []
        if let aliases = options.aliases, !aliases.isEmpty {
            for s in sources.indices {
                let outcome = aliases.apply(to: sources[s].journal.result.journal)
                let source = sources.count > 1 ? sources[s].name : nil
                let result = ImportResult(journal: outcome.journal, report: sources[s].journal.result.report)
                    .adding(notes: aliases.notes(applied: outcome, source: source))
                sources[s].journal = ShotJournal(result: result, shots: sources[s].journal.shots)
                outcomes.append(outcome)
            }
        }
        let merged = sources.count == 1
            ? MergeResult(journal: sources[0].journal, matches: [])
            : JournalMerge(rules: options.mergeRules).merge(sources)
        var notes = options.aliases.map { $0.unusedNotes(outcomes) } ?? []
        notes += leftOut.map {
            ImportWarning(kind: .note, column: nil, count: 1, where: $0.name,
                message: "\($0.name) was not read: \($0.reason)")
        }
        let result = merged.journal.result.adding(notes: notes).notingNearDuplicates()
        return OpenedJournal(journal: ShotJournal(result: result, shots: merged.journal.shots), name: name(of: paths),
                             sources: sources.map(\.name), matches: merged.matches, leftOut: leftOut)
    }

    /// Opens one path (``open(_:options:)`` of `[path]`).
    public static func open(_ path: String, options: OpenOptions = OpenOptions()) throws(ImportError) -> OpenedJournal {
        try open([path], options: options)
    }

    /// The name pages show for `paths`: the file's name, or the names joined with " + " (`-` is "standard input").
    public static func name(of paths: [String]) -> String {
        paths.map { $0 == "-" ? "standard input" : URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " + ")
    }
}

/// How ``JournalOpener`` reads and merges.
public struct OpenOptions: Sendable {
    /// How each source is imported: a forced format, the time zone, a column mapping, the columns kept (a command's
    /// projection), read-ahead. A folder's files are each read by their own content, whatever format is forced.
    public var importOptions: ImportOptions
    /// Spellings counted as one name in every source (an aliases file, docs/names.md); `nil` for none.
    public var aliases: NameAliases?
    /// When two brews of different sources are one brew.
    public var mergeRules: MergeRules

    public init(
        importOptions: ImportOptions = ImportOptions(), aliases: NameAliases? = nil,
        mergeRules: MergeRules = MergeRules()
    ) {
        self.importOptions = importOptions
        self.aliases = aliases
        self.mergeRules = mergeRules
    }
}

/// A journal opened by ``JournalOpener``: one journal (with its shots and its import notes), and how it was made.
public struct OpenedJournal: Sendable {
    /// The journal, its import report (every source's rejects and warnings, the notes the opener added) and its shots.
    public var journal: ShotJournal
    /// The name pages show: the file's name, or the paths' names joined with " + ".
    public var name: String
    /// The sources read, in the order merged, each by the name the import notes and matches list it under.
    public var sources: [String]
    /// Brews of later sources found to be brews of earlier ones (empty with one source).
    public var matches: [MergeMatch]
    /// Files of a folder that could not be read, each with its reason (also in the import notes).
    public var leftOut: [LeftOutSource]

    public init(
        journal: ShotJournal, name: String, sources: [String], matches: [MergeMatch], leftOut: [LeftOutSource]
    ) {
        self.journal = journal
        self.name = name
        self.sources = sources
        self.matches = matches
        self.leftOut = leftOut
    }

    /// The journal and its import report.
    public var result: ImportResult { journal.result }

    /// Whether more than one source was read (and merged).
    public var isMerged: Bool { sources.count > 1 }

    /// The matches as CSV (``BrewMerge/MergeResult/matchesCSV()``): one row per brew matched across sources.
    public func matchesCSV() -> String { MergeResult(journal: journal, matches: matches).matchesCSV() }
}
