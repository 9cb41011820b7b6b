import BrewColumns
import BrewImport
import Foundation

/// A journal of any kind, with its shots when it has any.
public struct ShotJournal: Sendable {
    /// The journal (brews and entities) and its import report.
    public let result: ImportResult
    /// The shot table: for a shot folder, zip or file, and for a Beanconqueror backup with flow profiles;
    /// `nil` for every other journal.
    public let shots: ShotTable?

    public init(result: ImportResult, shots: ShotTable?) {
        self.result = result
        self.shots = shots
    }
}

/// Opens any journal: a shot folder, zip or file becomes a shots journal; anything else is read by
/// ``BrewImport/importJournal(at:options:)`` unchanged.
///
/// - A folder is read as shot files (one journal; sub-folders included, hidden files skipped); a folder without
///   any shot file (nothing in it sniffs as one) is refused.
/// - A zip holding a `Beanconqueror.json` is a Beanconqueror backup: read by `importJournal`, and its brew graphs
///   (`brews/<uuid>_flow_profile.json`) become the shots of the brews with those ids. Any other zip is read as
///   shot files, and refused when it holds none.
/// - An SQLite file with Decenza's `shots` and `shot_samples` tables is Decenza's shot history (``DecenzaStore``):
///   one shot per row, read from a private copy.
/// - A single file is a journal of one shot when its content sniffs as a shot format (``ShotFormat/sniff(_:)``);
///   otherwise `importJournal` reads it.
/// - ``BrewImport/ImportOptions/format`` `.shots` forces shot reading; any other forced format goes to `importJournal`.
///
/// - Returns: The journal with its report (`read == kept + rejected`, one record per shot file) and the shot table.
/// - Throws: ``BrewImport/ImportError`` when the path is missing or unreadable, a zip is damaged or unsafe (an
///   entry escaping the archive, an impossible size, too many entries), or — for non-shot files — as
///   `importJournal` does. A bad shot never throws: it is a rejected record.
public func importAnyJournal(at url: URL, options: ImportOptions = .init()) throws(ImportError) -> ShotJournal {
    let path = url.path
    switch InputFile.classify(path) {
    case .missing: throw ImportError(.fileNotFound, file: path, "no such file")
    case .other(let what): throw ImportError(.unreadable, file: path, InputFile.refusal(what))
    case .stream(let fd):
        // A pipe (`/dev/fd/N`, standard input): its bytes, read whole, are read as a file holding them.
        return try StreamCopy.reading(fd, path: path) { (copy) throws(ImportError) -> ShotJournal in
            try importAnyJournal(at: copy, options: options).renamed(from: copy.path, to: StreamCopy.displayName(path))
        }
    case .regular, .directory: break
    }
    if InputFile.classify(path) == .directory {
        let (result, table) = ShotJournalImporter.read(try ShotJournalSources.folder(url), journal: path,
            options: options)
        guard table.read > 0 else {
            throw ImportError(.notAJournal, file: path,
                "is a folder without shot files (a journal is a file, or a folder or zip of shot files)")
        }
        return ShotJournal(result: result, shots: table)
    }
    if let forced = options.format, forced != .shots {
        return ShotJournal(result: try importJournal(at: url, options: options), shots: nil)
    }
    let prefix: [UInt8]
    do { prefix = try ShotJournalSources.read(path, limit: 65_536, refuseLonger: false) } catch {
        throw ImportError(.unreadable, file: path, error.reason)
    }
    if prefix.starts(with: [0x50, 0x4B]) {
        let (entries, _) = try ShotJournalSources.zip(url)
        let backup = entries.contains { $0.name.hasSuffix("/Beanconqueror.json") }
        if backup && options.format != .shots {
            let result = try importJournal(at: url, options: options)
            let profiles = entries.filter { $0.name.hasSuffix("_flow_profile.json") }
            let shots = profiles.isEmpty ? nil : BeanconquerorBackupShots.attach(profiles, to: result, options: options)
            return ShotJournal(result: result.adding(shots?.warnings ?? []), shots: shots)
        }
        let (result, table) = ShotJournalImporter.read(entries, journal: path, options: options)
        guard table.read > 0 else {
            throw ImportError(.notAJournal, file: path, "zip archive without a Beanconqueror.json or shot files")
        }
        return ShotJournal(result: result, shots: table)
    }
    if ShotFormat.sniff(prefix) == .decentProfile {
        throw ImportError(.notAJournal, file: path, ShotFormat.decentProfileRefusal)
    }
    if options.format == .shots || ShotJournalImporter.isShotFile(prefix) {
        let (result, table) = ShotJournalImporter.read([ShotJournalSources.file(url)], journal: path, options: options)
        return ShotJournal(result: result, shots: table)
    }
    if prefix.starts(with: DecenzaStore.magic), DecenzaStore.mayBeDecenza(path),
        let decenza = try DecenzaStore.read(url, options: options) {
        guard decenza.shots?.read ?? 0 > 0 else {
            throw ImportError(.notAJournal, file: path, "a Decenza database without shots")
        }
        return decenza
    }
    let result = try importJournal(at: url, options: options)
    if result.report.format == .beanconqueror, result.journal.brews.count == 1,
       String(decoding: prefix, as: UTF8.self).contains("\"brewFlow\"") {
        let shots = BeanconquerorBackupShots.upload(url, to: result, options: options)
        return ShotJournal(result: result.adding(shots?.warnings ?? []), shots: shots)
    }
    return ShotJournal(result: result, shots: nil)
}

extension ImportResult {
    /// This result with `warnings` added to its report's.
    func adding(_ warnings: [ImportWarning]) -> ImportResult {
        guard !warnings.isEmpty else { return self }
        var report = self.report
        report.warnings += warnings
        return ImportResult(journal: journal, report: report)
    }
}

extension ShotJournal {
    /// This journal with every mention of the file `from` replaced by `to` (a stream read through a temporary file).
    func renamed(from: String, to: String) -> ShotJournal {
        let report = StreamCopy.renamed(result.report, from: from, to: to)
        let shots = self.shots.map { t in
            ShotTable(samples: t.samples,
                      shots: t.shots.map {
                          var s = $0; s.file = s.file.replacingOccurrences(of: from, with: to); return s
                      },
                      duplicates: t.duplicates.map {
                          ShotDuplicate(file: $0.file.replacingOccurrences(of: from, with: to),
                                        duplicateOf: $0.duplicateOf.replacingOccurrences(of: from, with: to))
                      },
                      read: t.read, rejects: StreamCopy.renamed(t.rejects, from: from, to: to))
        }
        return ShotJournal(result: ImportResult(journal: result.journal, report: report), shots: shots)
    }
}

extension ShotJournalImporter {
    /// Whether a file's first bytes are a shot file's (not a notes file, not other JSON).
    public static func isShotFile(_ prefix: [UInt8]) -> Bool {
        if case .shot = ShotFormat.sniff(prefix) { return true }
        return false
    }

    /// Whether `url` is a shot journal: a folder whose files (the first 16 in path order, hidden ones skipped)
    /// include a shot file, or a file or zip that ``importAnyJournal(at:options:)`` reads as shots. For callers that
    /// discover journals in a tree (the batch): such a folder is one journal, not a folder of journals.
    public static func isShotFolder(_ url: URL) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return false }
        for name in names.filter({ !$0.hasPrefix(".") }).sorted().prefix(16) {
            let path = url.appendingPathComponent(name).path
            // Regular files only: opening a FIFO among them would block forever (``InputFile``).
            guard InputFile.classify(path) == .regular else { continue }
            if let prefix = try? ShotJournalSources.read(path, limit: 65_536, refuseLonger: false), isShotFile(prefix) {
                return true
            }
        }
        return false
    }
}

/// The brew graphs of a Beanconqueror backup or upload, attached to their brews.
enum BeanconquerorBackupShots {
    /// A single-brew upload (`{bean, brew, mill, preparation, water, brewFlow}`): its `brewFlow` is the shot of its
    /// one brew. `nil` when the graph has no weight series; a graph that cannot be a shot is a rejected shot.
    static func upload(_ url: URL, to result: ImportResult, options: ImportOptions) -> ShotTable? {
        let file = ShotJournalSources.file(url)
        let context = ShotReadContext(timeZone: options.timeZone, modified: nil)
        do throws(ShotRejection) {
            let root = try ShotRead.jsonObject(try file.contents())
            guard let flow = root["brewFlow"] as? JSONObject, flow["weight"] != nil else { return nil }
            let series = try ShotSeries.validate(try BeanconquerorFlowImporter.read(flow, context: context))
            var samples = ShotSamplesBuilder()
            samples.appendShot(count: series.count, channels: series.channels)
            var record = ShotRecord(
                file: url.path, format: .beanconquerorFlow,
                start: result.journal.brews.brewDate[0].map { Timestamp(microseconds: $0) },
                profile: nil, sampleCount: series.count, sampleRate: series.sampleRate,
                channels: series.channels.keys.reduce(into: ShotChannelSet()) { $0.insert(ShotChannelSet($1)) },
                journalRow: 0, brewID: result.journal.brews.id[0] ?? "")
            var checks = GraphChecks()
            checks.check(&record, series, brews: result.journal.brews)
            return ShotTable(samples: samples.finish(), shots: [record], duplicates: [], read: 1, rejects: [],
                             warnings: checks.warnings)
        } catch {
            let reject = Reject(file: url.path, where: "brewFlow", column: error.column, reason: error.reason,
                record: nil)
            return ShotTable(samples: ShotSamplesBuilder().finish(), shots: [], duplicates: [], read: 1,
                rejects: [reject])
        }
    }

    /// Reads each `<uuid>_flow_profile.json` entry and makes it the shot of the brew whose id is `<uuid>`. A profile
    /// whose brew is not in the journal (rejected, or absent) is a rejected shot naming the uuid; a bad profile is a
    /// rejected shot with its reason. The journal's own accounting is unchanged (these are shots, not brews).
    static func attach(_ profiles: [ShotSourceFile], to result: ImportResult, options: ImportOptions) -> ShotTable {
        let ids = result.journal.brews.id
        var rows: [String: Int] = [:]
        for i in 0 ..< ids.count { if let id = ids[i] { rows[id.lowercased()] = i } }
        var samples = ShotSamplesBuilder()
        var records: [ShotRecord] = []
        var rejects: [Reject] = []
        var checks = GraphChecks()
        for file in profiles {
            let uuid = ShotJournalImporter.stem(file.name).replacingOccurrences(
                of: "_flow_profile", with: "").lowercased()
            do throws(ShotRejection) {
                guard let row = rows[uuid] else { throw ShotRejection("uuid", "no brew \(uuid) in the backup") }
                let shot = try BeanconquerorFlowImporter.read(try file.contents(),
                                                              context: ShotReadContext(timeZone: options.timeZone,
                                                                  modified: nil))
                let series = try ShotSeries.validate(shot)
                samples.appendShot(count: series.count, channels: series.channels)
                var record = ShotRecord(
                    file: file.name, format: .beanconquerorFlow,
                    start: result.journal.brews.brewDate[row].map { Timestamp(microseconds: $0) },
                    profile: nil, sampleCount: series.count, sampleRate: series.sampleRate,
                    channels: series.channels.keys.reduce(into: ShotChannelSet()) { $0.insert(ShotChannelSet($1)) },
                    journalRow: row, brewID: ids[row] ?? uuid)
                checks.check(&record, series, brews: result.journal.brews)
                records.append(record)
            } catch {
                let name = file.name.split(separator: "/").last.map(String.init) ?? file.name
                rejects.append(
                    Reject(file: file.name, where: name, column: error.column, reason: error.reason, record: nil))
            }
        }
        return ShotTable(samples: samples.finish(), shots: records, duplicates: [], read: profiles.count,
                         rejects: rejects,
                         warnings: checks.warnings)
    }
}
