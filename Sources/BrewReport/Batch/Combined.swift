import BrewCharts
import BrewPages
import BrewFiles
import BrewStats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The combined folder of a batch (`<out>/combined/`): every journal's five summaries concatenated with a
/// leading `journal` column, cross-journal charts (equipment usage summed over journals; grind versus rating
/// pooled per grinder model), `pooled.json` (the data behind those charts, so shards can be merged), and an
/// `index.html` linking every journal's report. Written through a ``StagedDirectory`` (so only a `combined/`
/// brewstats wrote is ever replaced).
enum Combined {
    /// Writes `<out>/combined/` from the journals' report folders, read back one at a time.
    static func write(names: [String], outcomes: [JournalOutcome], out: URL, options: ReportOptions,
                      protecting: [URL] = []) throws(ReportError) {
        let staged = try StagedDirectory(target: out.appendingPathComponent("combined"), kind: .combined,
            protecting: protecting)
        var pool = Pool()
        var writers = try csvWriters(in: staged.folder)
        for (name, outcome) in zip(names, outcomes) where outcome.status != .failed {
            let folder = out.appendingPathComponent(name)
            if let m = BatchManifest.load(folder.appendingPathComponent("manifest.json")) { pool.add(m) }
            for (file, writer) in writers {
                guard let text = try? String(
                    contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
                writer.append(records: CSVRecords.split(text).dropFirst(), journal: name)
            }
        }
        for writer in writers.values { try writer.close() }
        writers.removeAll()
        try finish(staged, pool: pool, outcomes: outcomes, options: options) { o in
            o.status == .failed ? nil : "../\(o.journal)/index.html"
        }
    }

    /// Merges shards' outputs: their `combined/` CSVs and pooled data, and their `batch.csv` files.
    ///
    /// The merged page links each journal's report where it is, inside its shard, by a path relative to
    /// `out/combined/`. See ``BatchRunner/merge(shards:out:options:)`` for duplicates.
    static func merge(shards given: [URL], out: URL, options: ReportOptions) throws(ReportError) -> BatchResult {
        // The same folder given twice (also through another spelling or a symbolic link) is used once.
        var shards: [URL] = [], seenPaths = Set<String>(), warnings: [String] = []
        for shard in given {
            if seenPaths.insert(OwnedFolder.canonical(shard.path)).inserted { shards.append(shard) } else {
                warnings.append("\(shard.path) was given more than once; merged once")
            }
        }
        if let same = shards.first(where: { OwnedFolder.canonical($0.path) == OwnedFolder.canonical(out.path) }) {
            throw .mergeIntoShard(out: out.path, shard: same.path)
        }
        // Read every shard's batch.csv first: a journal in two shards is refused before anything is written.
        var perShard: [(shard: URL, pool: Pool, outcomes: [JournalOutcome])] = []
        var owner: [String: URL] = [:]
        for shard in shards {
            let combined = shard.appendingPathComponent("combined")
            guard let data = try? Data(contentsOf: combined.appendingPathComponent("pooled.json")),
                  let p = try? JSONDecoder().decode(Pool.self, from: data),
                  let batch = try? String(contentsOf: shard.appendingPathComponent("batch.csv"), encoding: .utf8)
            else {
                throw .invalidArgument(
                    "\(shard.path) is not a finished batch output (no combined/pooled.json or batch.csv)")
            }
            var outcomes: [JournalOutcome] = []
            for record in CSVRecords.split(batch).dropFirst() {
                let f = CSVRecords.fields(record)
                guard f.count == JournalOutcome.header.count,
                    let status = JournalOutcome.Status(rawValue: f[2]) else { continue }
                if let first = owner[f[0]] {
                    throw .invalidArgument(
                        "journal '\(f[0])' is in both \(first.path) and " +
                            "\(shard.path): each journal must come from one shard")
                }
                owner[f[0]] = shard
                outcomes.append(JournalOutcome(journal: f[0], input: f[1], status: status, format: f[3],
                                               read: Int(f[4]) ?? 0,
                                               kept: Int(f[5]) ?? 0, rejected: Int(f[6]) ?? 0, warnings: Int(f[7]) ?? 0,
                                               week: f[8], error: f[9]))
            }
            perShard.append((shard, p, outcomes))
        }
        try BatchRunner.checkOutput(out, protecting: [])
        let staged = try StagedDirectory(target: out.appendingPathComponent("combined"), kind: .combined)
        var pool = Pool()
        var outcomes: [JournalOutcome] = []
        var writers = try csvWriters(in: staged.folder)
        for (shard, p, shardOutcomes) in perShard {
            pool.add(p)
            outcomes += shardOutcomes
            let combined = shard.appendingPathComponent("combined")
            for (file, writer) in writers {
                guard let text = try? String(
                    contentsOf: combined.appendingPathComponent(file), encoding: .utf8) else { continue }
                writer.append(records: CSVRecords.split(text).dropFirst(), journal: nil)
            }
        }
        for writer in writers.values { try writer.close() }
        writers.removeAll()
        outcomes.sort { $0.journal < $1.journal }
        let page = staged.target
        try finish(staged, pool: pool, outcomes: outcomes, options: options) { o in
            guard o.status != .failed, let shard = owner[o.journal] else { return nil }
            return relativePath(from: page,
                to: shard.appendingPathComponent(o.journal).appendingPathComponent("index.html"))
        }
        try ReportError.writing {
            () throws(FileError) in try AtomicFile.write(BatchRunner.batchCSV(outcomes),
                to: OutputFile(out.appendingPathComponent("batch.csv")))
        }
        return BatchResult(outcomes: outcomes, journalsFound: outcomes.count, warnings: warnings)
    }

    /// The path of `target` relative to the folder `base` (both resolved through symbolic links first), e.g.
    /// `../../part-1/j1/index.html`.
    static func relativePath(from base: URL, to target: URL) -> String {
        let b = OwnedFolder.canonical(base.path).split(separator: "/"),
            t = OwnedFolder.canonical(target.path).split(separator: "/")
        var common = 0
        while common < b.count, common < t.count, b[common] == t[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + t[common...].map(String.init)).joined(separator: "/")
    }

    private static func csvWriters(in folder: StagedFolder) throws(ReportError) -> [String: CombinedCSV] {
        var writers: [String: CombinedCSV] = [:]
        for file in ReportWriter.csvFiles {
            writers[file] = try CombinedCSV(file: folder.file(file), header: header(of: file))
        }
        return writers
    }

    private static func header(of file: String) -> [String] {
        switch file {
        case "equipment_usage.csv": EquipmentUsageSummary.header
        case "weekly.csv": WeeklySummary.header
        case "method_stats.csv": MethodStatsSummary.header
        case "grind_rating.csv": GrindRatingSummary.header
        default: PeriodSummary.weekHeader
        }
    }

    /// Charts, pooled data and the index page; then the folder appears.
    /// - Parameter link: The relative link to a journal's report page, or `nil` for none.
    private static func finish(_ staged: StagedDirectory, pool: Pool, outcomes: [JournalOutcome],
                               options: ReportOptions,
                               link: (JournalOutcome) -> String?) throws(ReportError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try ReportError.writing {
            () throws(FileError) in try AtomicFile.write((try? encoder.encode(pool)) ?? Data(),
                to: staged.file("pooled.json"))
        }
        let charts = (
            [NamedChart(stem: "equipment-usage", title: "Equipment usage across journals", chart: usageChart(pool))]
            + PooledGrind.charts(pool.grind, limit: 6)).map(\.request)
        try ReportError.page { () throws(PageError) in
            let drawn = try PageCharts.draw(charts.filter(\.hasData), outputs: ChartOutputs(options.formats),
                                            theme: options.theme,
                                            into: .staged(staged.folder), created: nil, parallel: false, hover: false)
            try PageWriter.write(CombinedPage.page(outcomes: outcomes, charts: charts, link: link),
                                 outputs: .init(html: "index.html"),
                                 charts: drawn, theme: options.theme, created: nil, into: .staged(staged.folder))
        }
        try staged.commit()
    }

    static func usageChart(_ pool: Pool) -> Chart {
        func counts(_ kind: EquipmentUsage.Kind) -> [UsageCount] {
            pool.usage.filter { $0.key.kind == kind }.sorted { $0.key.name < $1.key.name }
                .map { UsageCount(name: $0.key.name, count: $0.value) }
        }
        return BrewstatsCharts.equipmentUsage(methods: counts(.method), grinders: counts(.grinder))
    }

}

/// One combined CSV being appended to: the summary's header with `journal` in front, then records.
///
/// Written with `open`/`write` rather than a `FileHandle`, whose `write(_:)` traps on a full disk: a failed write is
/// kept and thrown by ``close()``, with the system's reason.
final class CombinedCSV {
    private let fd: Int32
    /// The file as the user names it (under the combined folder's target).
    private let path: String
    private var buffer = Data()
    /// The `errno` of the first failed write.
    private var failure: Int32?

    init(file: OutputFile, header: [String]) throws(ReportError) {
        path = file.shownPath
        fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno  // before anything else can change it
            throw .output(path: path, reason: String(cString: strerror(code)))
        }
        buffer.append(Data((["journal"] + header).joined(separator: ",").utf8))
        buffer.append(Data("\r\n".utf8))
    }

    /// Appends records (each without its line end), prefixed with the `journal` field when given.
    func append<S: Sequence>(records: S, journal: String?) where S.Element == Substring {
        let prefix = journal.map { CSVText.field($0) + "," } ?? ""
        for r in records where !r.isEmpty {
            buffer.append(Data((prefix + r + "\r\n").utf8))
        }
        if buffer.count > 1 << 20 { flush() }
    }

    private func flush() {
        if failure == nil {
            failure = buffer.withUnsafeBytes { SystemFile.writeAll(fd, $0) }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file.
    ///
    /// - Throws: ``ReportError/output(path:reason:)`` with the system's reason when a write failed.
    func close() throws(ReportError) {
        flush()
        if Glibc.close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw .output(path: path, reason: String(cString: strerror(failure))) }
    }
}

/// Splits CSV text into records (quote-aware: a quoted field may hold line ends) and records into fields.
enum CSVRecords {
    /// Records without their line ends; a final empty line is dropped.
    static func split(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "\"" { quoted.toggle() } else if !quoted && (c == "\n" || c == "\r\n" || c == "\r") {
                out.append(text[start..<i])
                start = text.index(after: i)
            }
            i = text.index(after: i)
        }
        if start < text.endIndex { out.append(text[start...]) }
        return out
    }

    /// The fields of one record, unquoted.
    static func fields(_ record: Substring) -> [String] {
        var out: [String] = [], field = "", quoted = false
        var it = record.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? it.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let n = it.next() {
                        if n == "\"" { field.append("\"") } else { quoted = false; pending = n }
                    } else {
                        quoted = false
                    }
                } else { field.append(c) }
            } else if c == "\"" { quoted = true } else if c == "," {
                out.append(field); field = ""
            } else {
                field.append(c)
            }
        }
        out.append(field)
        return out
    }
}
