import BrewColumns
import BrewFiles
import BrewImport
import BrewNames
import BrewOpen
import BrewProgress
import BrewShots
import BrewStats
import Foundation

/// The outcome of one journal in a batch (one row of `batch.csv`).
public struct JournalOutcome: Sendable, Equatable {
    public enum Status: String, Sendable { case ok, skipped, failed }
    public var journal: String
    public var input: String
    public var status: Status
    public var format: String = ""
    public var read = 0
    public var kept = 0
    public var rejected = 0
    public var warnings = 0
    public var week = ""
    public var error = ""
    /// For a `.journal` folder (``BrewOpen/JournalFolder``): the sources read and the brews matched across them (not in
    /// `batch.csv`, whose columns stay as they are; in the journal's `manifest.json` and `matches.csv`).
    public var sources = 1
    public var matched = 0
    /// Whether the journal failed because its output could not be written (a full disk, an I/O error, a read-only
    /// file system: ``ReportError/isUnwritableOutput``), not because of the journal.
    public var unwritable = false

    static let header = ["journal", "input", "status", "format", "brews_read", "brews_kept", "brews_rejected",
        "warnings", "week", "error"]
    var cells: [String] {
        [journal, input, status.rawValue, format, "\(read)", "\(kept)", "\(rejected)", "\(warnings)", week, error]
    }

    /// Records `error` as the reason the journal failed; an output that could not be written says what helps
    /// ("cannot write out/j4/weekly.csv: No space left on device; retrying after freeing space helps").
    ///
    /// - Parameter describe: The error's words (``BatchOptions/describe``).
    mutating func record(_ error: any Error, describe: (any Error) -> String) {
        let report = error as? ReportError
        unwritable = report?.isUnwritableOutput ?? false
        let hint = unwritable ? (report?.retryHint).map { "; " + $0 } ?? "" : ""
        self.error = printable(describe(error) + hint)
    }
}

/// What a batch (or a merge of shards) did: one outcome per journal, in input order.
public struct BatchResult: Sendable {
    public let outcomes: [JournalOutcome]
    /// Journal files found in the inputs before sharding (a shard may hold none of them).
    public var journalsFound = 0
    /// Things a person should know that did not stop the run (e.g. a shard folder given twice to a merge).
    public var warnings: [String] = []
    /// Whether the run reported no journal and so kept the previous run's `combined/` and `batch.csv`
    /// (``BatchRunner/run(_:)``): the outcomes are then in ``outcomes`` only, not in `batch.csv`.
    public var keptPrevious = false

    public var succeeded: Int { outcomes.filter { $0.status != .failed }.count }
    public var failed: Int { outcomes.filter { $0.status == .failed }.count }

    /// 0 when every journal succeeded (or was skipped as unchanged, or there was none, as in an empty shard),
    /// 3 when some failed, 4 when all failed; 1 when a journal's output could not be written (a full disk, an I/O
    /// error, a read-only file system: ``JournalOutcome/unwritable``), which is not the journals' doing.
    public var exitCode: Int32 {
        if outcomes.contains(where: \.unwritable) { return 1 }
        return failed == 0 ? 0 : (succeeded == 0 ? 4 : 3)
    }
}

/// Runs a batch: imports every journal, writes its report folder, then the combined folder and `batch.csv`.
///
/// Journals run `jobs` at a time; each worker holds one journal at once, so memory is bounded by `jobs`
/// journals, not by the batch. A journal that fails to import or report is recorded and the batch goes on.
/// A journal's report folder is committed (its files flushed, the folder renamed into place) by a separate committer
/// thread (``Committer``), so the workers keep the cores drawing while the disk catches up; at most twice `jobs`
/// folders wait for it, and every one is in place before `combined/` is written.
/// Report folder names come from ``OutputNaming`` over all inputs (before sharding, so shards never
/// collide), and cannot escape the output folder.
///
/// Nothing in `--out` is replaced unless brewstats wrote it (``OwnedFolder``): before any journal runs, each
/// journal's folder, `combined/` and `batch.csv` are checked, and an input journal inside `--out` is never
/// inside a replaced folder.
public enum BatchRunner {
    /// Runs the batch.
    ///
    /// A shard that receives none of the journals is not an error: it writes an empty `combined/` and a
    /// `batch.csv` with only its header (an indexed Job with more shards than journals has such shards).
    ///
    /// - Throws: ``ReportError/noJournals(inputs:)`` when the inputs hold no journal file at all,
    ///   ``ReportError/invalidArgument(_:)`` for an input that does not exist,
    ///   ``ReportError/refusedOutput(path:reason:)`` when an output path holds something brewstats did not
    ///   write, ``ReportError/output(path:reason:)`` when the output cannot be written.
    public static func run(_ options: BatchOptions) throws(ReportError) -> BatchResult {
        let all = try options.journalFiles()
        guard !all.isEmpty else { throw .noJournals(inputs: options.inputs) }
        var naming = OutputNaming()
        let named = all.map { (input: $0, name: naming.name(for: $0.url)) }
        let mine = named.filter { options.shard?.contains($0.input.key) ?? true }
        // Input journals that live under --out: no replaced folder may hold one.
        let inside = all.map(\.url).filter { OwnedFolder.contains(options.out, $0) }
        try checkOutput(options.out, protecting: inside)
        for item in mine {
            try OwnedFolder.checkReplaceable(options.out.appendingPathComponent(item.name), protecting: inside)
        }
        // POSIX, not FileManager: its errors read "The volume is read only." for EROFS, not the system's reason.
        if let code = FolderStaging.makeFolders(options.out.standardizedFileURL.path) {
            throw .output(path: options.out.path, reason: String(cString: strerror(code)))
        }
        let progress = options.progress
        let finished = Counter()
        progress.report("journals done", done: 0, of: mine.count)
        let salt = optionsSalt(options)
        let results = OutcomeStore(count: mine.count)
        let next = Counter()
        let workers = max(1, min(options.jobs, mine.count))
        // Several journals at once keep the cores busy: each report then renders its charts serially.
        let perJournal = {
            var o = options; o.report.parallelRendering = reportRendersInParallel(workers: workers); return o
        }()
        let committer = Committer(pending: 2 * workers)
        @Sendable func finish(_ i: Int, _ outcome: JournalOutcome) {
            results.set(i, outcome)
            progress.report("journals done", done: (finished.take(below: .max) ?? 0) + 1, of: mine.count)
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = next.take(below: mine.count) {
                let item = mine[i]
                let (outcome, staged) = stageOne(item.input.url, name: item.name, options: perJournal, salt: salt,
                    protecting: inside)
                guard let staged else {
                    finish(i, outcome)
                    continue
                }
                // The folder's files reach the disk and the folder appears on the committer's thread, while this
                // worker draws the next journal.
                committer.submit {
                    var done = outcome
                    do {
                        try staged.commit()
                        done.status = .ok
                    } catch {
                        done.record(error, describe: perJournal.describe)
                    }
                    finish(i, done)
                }
            }
        }
        committer.drain()
        progress.finish()
        let outcomes = results.all()
        // A run that reported no journal (every one failed: a full disk, inputs gone) keeps the last good combined
        // page and batch.csv rather than replace them with an all-failed table: every journal's previous report is
        // still in place, and the combined page that sums them stays with them.
        if !outcomes.isEmpty, outcomes.allSatisfy({ $0.status == .failed }), hasPreviousCombined(options.out) {
            var result = BatchResult(outcomes: outcomes, journalsFound: all.count)
            result.keptPrevious = true
            return result
        }
        try Combined.write(names: mine.map(\.name), outcomes: outcomes, out: options.out, options: options.report,
            protecting: inside)
        try ReportError.writing {
            () throws(FileError) in try AtomicFile.write(batchCSV(outcomes),
                to: OutputFile(options.out.appendingPathComponent("batch.csv")))
        }
        return BatchResult(outcomes: outcomes, journalsFound: all.count)
    }

    /// Whether `out` holds a previous run's `combined/` folder and `batch.csv` (``checkOutput(_:protecting:)`` has
    /// checked they are brewstats').
    static func hasPreviousCombined(_ out: URL) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: out.appendingPathComponent("combined").path, isDirectory: &isDir)
            && isDir.boolValue && FileManager.default.fileExists(atPath: out.appendingPathComponent("batch.csv").path)
    }

    /// Whether each journal's report renders its charts on all cores: only when the batch runs one journal
    /// at a time (``ReportOptions/parallelRendering``); with several workers that would only add overhead.
    static func reportRendersInParallel(workers: Int) -> Bool { workers <= 1 }

    /// Checks, before any work, that `out` is a folder (or absent) and that its `combined/` and `batch.csv`
    /// may be replaced: `combined/` a folder brewstats wrote, `batch.csv` a file starting with its header.
    ///
    /// - Throws: ``ReportError/refusedOutput(path:reason:)``.
    static func checkOutput(_ out: URL, protecting: [URL]) throws(ReportError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: out.path, isDirectory: &isDir), !isDir.boolValue {
            throw .refusedOutput(path: out.standardizedFileURL.path, reason: "it is a file, not a folder")
        }
        try OwnedFolder.checkReplaceable(out.appendingPathComponent("combined"), protecting: protecting)
        let csv = out.appendingPathComponent("batch.csv")
        guard FileManager.default.fileExists(atPath: csv.path) else { return }
        let header = JournalOutcome.header.joined(separator: ",")
        let handle = FileHandle(forReadingAtPath: csv.path)
        let start = (try? handle?.read(upToCount: header.utf8.count)) ?? nil
        try? handle?.close()
        guard let start, String(decoding: start, as: UTF8.self) == header else {
            throw .refusedOutput(path: csv.standardizedFileURL.path, reason: "it is not a batch.csv brewstats wrote")
        }
    }

    /// Imports, analyses and writes one journal; never throws (a failure is an outcome).
    static func runOne(
        _ url: URL, name: String, options: BatchOptions, salt: String, protecting: [URL] = []
    ) -> JournalOutcome {
        var (outcome, staged) = stageOne(url, name: name, options: options, salt: salt, protecting: protecting)
        guard let staged else { return outcome }
        do {
            try staged.commit()
            outcome.status = .ok
        } catch {
            outcome.record(error, describe: options.describe)
        }
        return outcome
    }

    /// Imports and analyses one journal and writes its report folder into a staging folder, left for the caller to
    /// commit (the outcome's status is then still `.failed`, to be set to `.ok` once the commit succeeds). A skipped or
    /// failed journal has no staging folder.
    static func stageOne(_ url: URL, name: String, options: BatchOptions, salt: String,
                         protecting: [URL] = []) -> (JournalOutcome, StagedDirectory?) {
        var outcome = JournalOutcome(journal: name, input: url.path, status: .failed)
        let reportFolder = options.out.appendingPathComponent(name)
        guard let print = fingerprint(of: url, salt: salt) else {
            outcome.error = unreadableReason(url)
            return (outcome, nil)
        }
        let today =
            LocalCalendar(timeZone: options.report.stats.timeZone).day(of: Timestamp(options.report.now)).description
        // A journal skipped as unchanged stages nothing, so the sweep that staging does runs here first: a killed run's
        // leftovers beside the folder go (and a previous report it left aside comes back) as without --resume.
        if options.resume { StagedDirectory.sweep(beside: reportFolder) }
        if options.resume, let m = BatchManifest.load(reportFolder.appendingPathComponent("manifest.json")),
           m.version == BatchManifest.currentVersion, m.fingerprint == print,
           m.partial != "in progress" || m.madeOn == today {
            outcome.status = .skipped
            (outcome.format, outcome.read, outcome.kept, outcome.rejected, outcome.warnings, outcome.week) =
                (m.format, m.read, m.kept, m.rejected, m.warnings, m.week ?? "")
            (outcome.sources, outcome.matched) = (m.sources?.count ?? 1, m.matched ?? 0)
            return (outcome, nil)
        }
        do {
            // A shot folder or a Beanconqueror backup with flow profiles also gives shots: the report has their
            // section and shots.csv, as `brewstats report` of the same input.
            // A `.journal` folder: its sources merged into one journal, the matches listed in matches.csv; a source
            // that cannot be read is left out with a warning (the error column says which).
            var open = options.open
            open.importOptions = PeriodReport.importOptions(open.importOptions)
            // Names as `report` reads them: the aliases applied, near-duplicate spellings noted.
            let opened = try JournalOpener.open([url.path], options: open)
            let loaded = opened.journal
            if opened.isMerged { (outcome.sources, outcome.matched) = (opened.sources.count, opened.matches.count) }
            let imported = loaded.result
            let imp = imported.report
            (outcome.format, outcome.read, outcome.kept, outcome.rejected, outcome.warnings) =
                (imp.format.rawValue, imp.brews.read, imp.brews.kept, imp.brews.rejected, imp.warnings.count)
            var report = try PeriodReport(journal: imported.journal, journalName: url.lastPathComponent,
                                          importReport: imp, options: options.report)
            report.shots = ShotSection.make(loaded, report: report, options: options.report)
            outcome.week = report.week?.label ?? ""
            let pooled = BatchManifest.pooled(report)
            let manifest = BatchManifest(journal: name, input: url.path, fingerprint: print,
                                         format: imp.format.rawValue,
                                         read: imp.brews.read, kept: imp.brews.kept, rejected: imp.brews.rejected,
                                         warnings: imp.warnings.count, week: report.week?.label,
                                         partial: report.partialReason, madeOn: today,
                                         sources: opened.isMerged ? opened.sources : nil,
                                         matched: opened.isMerged ? opened.matches.count : nil,
                                         usage: pooled.usage, grind: pooled.grind)
            var extra = ["manifest.json": manifest.encoded()]
            if opened.isMerged { extra["matches.csv"] = Data(opened.matchesCSV().utf8) }
            let (staged, _) = try ReportWriter.stage(report, options: options.report, to: reportFolder,
                                                     extra: extra, protecting: protecting)
            if !opened.leftOut.isEmpty {
                outcome.error =
                    printable("sources left out: " + opened.leftOut.map(\.description).joined(separator: "; "))
            }
            return (outcome, staged)
        } catch {
            outcome.record(error, describe: options.describe)
        }
        return (outcome, nil)
    }

    /// What besides the input's bytes decides a report: the options, and for `--last` the week it resolves
    /// to today (so a resumed batch a week later reports the new week).
    static func optionsSalt(_ o: BatchOptions) -> String {
        let r = o.report
        let week = switch r.period {
        case .latestWeek: "latest"
        case .lastWeek:
            IsoWeek(
                containing: LocalCalendar(timeZone: r.stats.timeZone).day(of: Timestamp(r.now))).advanced(by: -1).label
        case .named(let period): period.name
        }
        return [
            "v\(BatchManifest.currentVersion)", week, r.stats.timeZone.identifier, "\(r.stats.retentionFactor)",
            "\(r.formats.map(\.fileExtension))", r.theme.name, o.open.importOptions.format?.rawValue ?? "auto",
            aliasesSalt(o.open.aliases),
        ].joined(separator: "|")
    }

    /// The aliases in a stable order (a resumed batch with other aliases reports again): `kind:spelling=target;…`.
    static func aliasesSalt(_ aliases: NameAliases?) -> String {
        guard let aliases else { return "" }
        return aliases.targets.sorted { $0.key.rawValue < $1.key.rawValue }
            .flatMap { kind, map in map.sorted { $0.key < $1.key }.map { "\(kind.rawValue):\($0.key)=\($0.value)" } }
            .joined(separator: ";")
    }

    static func batchCSV(_ outcomes: [JournalOutcome]) -> String {
        var s = JournalOutcome.header.joined(separator: ",") + "\r\n"
        for o in outcomes { s += o.cells.map(CSVText.field).joined(separator: ",") + "\r\n" }
        return s
    }
}

/// RFC 4180 fields for the report layer's own CSVs, with the same formula guard as the summaries.
enum CSVText {
    static func field(_ s: String) -> String {
        // A number (`-0.4`) is a number, not a formula: only text cells are guarded (``CSVFormulaGuard``).
        Double(s) == nil ? CSVField.guarded(s) : CSVField.quoted(s)
    }
}

/// A shared work index handed out to workers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below n: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard value < n else { return nil }
        value += 1
        return value - 1
    }
}

/// Commits staged report folders on a thread of its own, in submission order, so a batch worker does not wait for its
/// journal's files to reach the disk (a hundred `fsync`s) before drawing the next journal. At most `pending` folders
/// wait at once: a worker submitting more blocks until one is committed, so staged folders on disk stay bounded.
final class Committer: @unchecked Sendable {
    private let queue = DispatchQueue(label: "brewstats.batch.commit")
    private let group = DispatchGroup()
    private let slots: DispatchSemaphore

    init(pending: Int) { slots = DispatchSemaphore(value: max(1, pending)) }

    /// Runs `work` on the committer's thread after the folders submitted before it.
    func submit(_ work: @escaping @Sendable () -> Void) {
        slots.wait()
        queue.async(group: group) { [slots] in
            work()
            slots.signal()
        }
    }

    /// Waits until every submitted folder is committed.
    func drain() { group.wait() }
}

/// Outcomes written by workers into their input slot.
final class OutcomeStore: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [JournalOutcome?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ o: JournalOutcome) { lock.lock(); slots[i] = o; lock.unlock() }
    func all() -> [JournalOutcome] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }
}

extension BatchRunner {
    /// Combines shard outputs (each a finished batch `--out` folder) into `out`: `combined/` and `batch.csv`.
    ///
    /// The journals' report folders stay in their shards: the merged `combined/index.html` links them by
    /// relative path, so the shard folders and `out` must stay side by side (as they are when they share a
    /// parent). A shard folder given twice is used once, with a warning; two different shard folders holding
    /// the same journal are refused, since counting it twice would skew every combined number.
    ///
    /// - Returns: Every journal's outcome, from the shards' `batch.csv` files; its ``BatchResult/exitCode`` is
    ///   that of a single batch over all of them (0, or 3 when some failed, 4 when all did).
    /// - Throws: ``ReportError/invalidArgument(_:)`` when a folder is not a finished batch output, `out` is one
    ///   of the shards, or a journal is in two shards; ``ReportError/refusedOutput(path:reason:)`` when
    ///   `out/combined` or `out/batch.csv` is not brewstats'.
    public static func merge(shards: [URL], out: URL, options: ReportOptions) throws(ReportError) -> BatchResult {
        try Combined.merge(shards: shards, out: out, options: options)
    }
}
