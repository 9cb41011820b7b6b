import BrewColumns
import BrewImport
import BrewProgress
import Foundation

/// Reads shot files into one journal: every shot a brew, its series in the shot table.
///
/// Steps: list the files (``ShotJournalSources``); sniff each from its first bytes (``ShotFormat/sniff(_:)``);
/// read the shot files in the order (format as listed in ``ShotFormat``, then path), so that when the same shot is
/// met twice the machine's own log is kept and the export or mirror is the duplicate; validate each series
/// (``ShotSeries/validate(_:)``); a series whose fingerprint (``ShotSeries/fingerprint``) matches a kept shot's is
/// a duplicate: rejected, and listed in ``ShotTable/duplicates``. GaggiMate notes files are attached to the
/// GaggiMate shot of the same `id` (or, for a shot without one, of the same file-name stem).
public enum ShotJournalImporter {
    /// Reads `files` as one journal named `journal`.
    static func read(_ files: [ShotSourceFile], journal: String, options: ImportOptions) -> (ImportResult, ShotTable) {
        var rejects: [Reject] = []
        var skipped: [String] = []
        var candidates: [(format: ShotFormat, file: ShotSourceFile)] = []
        var notes: [String: JSONObject] = [:]
        var read = 0
        func reject(_ file: String, _ r: ShotRejection) {
            // `where` names the shot file (the journal is the folder or zip); a place inside it follows.
            let name = file.split(separator: "/").last.map(String.init) ?? file
            rejects.append(Reject(file: file, where: r.location.map { "\(name): \($0)" } ?? name, column: r.column,
                                  reason: r.reason, record: nil))
        }
        for file in files {
            if file.declaredSize > UInt64(ShotLimits.maxFileBytes) {
                read += 1
                reject(file.name,
                    ShotRejection(nil, "a file of \(file.declaredSize) bytes: " + ShotJournalSources.tooLarge))
                continue
            }
            let sniffed: ShotFormat.Sniffed
            do { sniffed = ShotFormat.sniff(try file.prefix()) } catch {
                read += 1
                reject(file.name, error)
                continue
            }
            switch sniffed {
            case .shot(let format): candidates.append((format, file))
            case .gaggimateNotes:
                if let data = try? file.contents(), let (id, object) = try? GaggiMateShotImporter.readNotes(data) {
                    notes[id ?? stem(file.name)] = object
                    notes[stem(file.name)] = object
                }
            case .decentProfile:
                read += 1
                reject(file.name, ShotRejection(nil, ShotFormat.decentProfileRefusal))
            case .unknownStructured:
                read += 1
                reject(file.name,
                    ShotRejection(nil, "not a shot file: structured text of no shot format this importer reads"))
            case .other:
                skipped.append(file.name)
            }
        }
        candidates.sort { ($0.format, $0.file.name) < ($1.format, $1.file.name) }
        var building = ShotJournalBuilder()
        var seen: [UInt64: String] = [:]
        var duplicates: [ShotDuplicate] = []
        // Reading, parsing and validating a file depends on that file alone: with ``ImportOptions/readAhead`` (one
        // journal, the other cores idle) and files on disk, batches of files are parsed across the cores; the
        // duplicate check and the journal are built afterwards in file order, so the result is the same either way.
        let parallel = options.readAhead && candidates.allSatisfy(\.file.independent)
        var start = 0
        while start < candidates.count {
            let batch = Array(candidates[start ..< min(candidates.count, start + Self.batchSize)])
            options.progress.report("shot files read", done: start, of: candidates.count)
            start += batch.count
            let parsed = parseAll(batch, notes: notes, timeZone: options.timeZone, parallel: parallel)
            for ((_, file), outcome) in zip(batch, parsed) {
                read += 1
                do throws(ShotRejection) {
                    let (shot, series) = try outcome.get()
                    let print = series.fingerprint
                    if let first = seen[print] {
                        duplicates.append(ShotDuplicate(file: file.name, duplicateOf: first))
                        throw ShotRejection("series", "duplicate: the same series as \(first)")
                    }
                    seen[print] = file.name
                    let kind = ShotKind.of(shot, series,
                        yield: shot.yield ?? ShotJournalBuilder.scaleYield(shot, series))
                    if case .leftOut(let why) = kind { throw ShotRejection(nil, why) }
                    building.append(shot, series, file: file.name, id: "shot-" + String(print, radix: 16), kind: kind)
                } catch {
                    reject(file.name, error)
                }
            }
        }
        if !candidates.isEmpty { options.progress.finish() }
        var warnings = building.warnings + ImportWarning.replacedControls(building.builder.replacedControls)
        if !skipped.isEmpty {
            warnings.append(ImportWarning(kind: .note, column: nil, count: skipped.count, where: skipped.first,
                                          message: "files that are not shot files were not read"))
        }
        let journalTable = building.builder.finish()
        let report = ImportReport(
            file: journal, format: .shots,
            brews: .init(read: read, kept: journalTable.brews.count, rejected: rejects.count),
            methods: journalTable.methods.count, grinders: journalTable.grinders.count, beans: journalTable.beans.count,
            warnings: warnings, rejects: rejects)
        let table = ShotTable(samples: building.samples.finish(), shots: building.records, duplicates: duplicates,
                              read: read, rejects: rejects)
        return (ImportResult(journal: journalTable, report: report), table)
    }

    /// Files parsed together (across the cores when allowed) before their shots join the journal: bounds the
    /// parsed series held at once.
    static let batchSize = 256

    /// Reads, parses and validates each of `batch` (a GaggiMate shot with its notes), in order; on all cores when
    /// `parallel` is set (each file is one job writing its own slot), else one after the other.
    static func parseAll(_ batch: [(format: ShotFormat, file: ShotSourceFile)], notes: [String: JSONObject],
                         timeZone: TimeZone, parallel: Bool) -> [Result<(ParsedShot, ShotSeries), ShotRejection>] {
        func job(_ k: Int) -> Result<(ParsedShot, ShotSeries), ShotRejection> {
            let (format, file) = batch[k]
            do throws(ShotRejection) {
                var shot = try parse(format, try file.contents(),
                    ShotReadContext(timeZone: timeZone, modified: file.modified))
                if format == .gaggimate, let n = notes[shot.sourceID ?? stem(file.name)] ?? notes[stem(file.name)] {
                    GaggiMateShotImporter.applyNotes(n, to: &shot)
                }
                let series = try ShotSeries.validate(shot)
                guard shot.start != nil else {
                    throw ShotRejection("start", "no start time: the shot cannot be placed in a day")
                }
                return .success((shot, series))
            } catch {
                return .failure(error)
            }
        }
        guard parallel, batch.count > 1 else { return batch.indices.map(job) }
        var slots = [Result<(ParsedShot, ShotSeries), ShotRejection>?](repeating: nil, count: batch.count)
        slots.withUnsafeMutableBufferPointer { buffer in
            // SAFETY: job k writes slot k only, every slot once; the buffer outlives concurrentPerform, and is read
            // only after it returns. The captured batch, notes and zone are only read. Each job's file is on disk
            // (`independent`), so no reader is shared between jobs.
            nonisolated(unsafe) let out = buffer
            nonisolated(unsafe) let work = job
            DispatchQueue.concurrentPerform(iterations: batch.count) { k in out[k] = work(k) }
        }
        return slots.map { $0! }
    }

    /// Reads one file's bytes as `format` (its ``ShotFormat/importer``).
    static func parse(
        _ format: ShotFormat, _ data: Data, _ context: ShotReadContext
    ) throws(ShotRejection) -> ParsedShot {
        try format.importer.read(data, context: context)
    }

    /// A file name without folders and extensions (`000123.json` → `000123`).
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".").first.map(String.init) ?? name
    }
}
