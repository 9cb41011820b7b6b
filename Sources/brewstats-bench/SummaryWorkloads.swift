import BrewColumns
import BrewImport
import BrewStats
import BrewSynth
import Dispatch
import Foundation

/// The five CSV summaries of a large generated journal, computed in memory, against DuckDB and Polars
/// computing the same five summaries from the same brews already loaded into their memory.
///
/// Our side: `BrewAnalysis(journal:options:)` (the derived columns) plus `equipmentUsage()`, `weekly()`,
/// `methodStats()`, `grindRating(curves: false)` and `weekSummary()`, each with its CSV text, timed
/// `repeats` times in this process on the generated journal (seed 42, Europe/Berlin) as imported from its CSV
/// export. The references (`tools/bench/summaries_ref.py`) load the same CSV untimed, then time deriving the
/// columns and computing the same groupings and statistics, with every core (their default). Before timing,
/// ``likeForLike(_:brews:options:)`` checks on a smaller journal that both references produce our cells.
enum SummaryWorkloads {
    /// The stages timed, in order; the workload reports each one's median in `extra`.
    static let stages = ["derive", "equipment_usage", "weekly", "method_stats", "grind_rating", "week_summary"]

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        // The generator's journal (seed 42, the CLI's defaults) written as the CSV export, imported here untimed:
        // the references read the same file, so both sides see the same brews with the same identities (in a CSV
        // export a bean is its roaster + name, where the generated journal keeps bean ids).
        let generated = GeneratorOptions(brewCount: ctx.brews, seed: 42)
        let csv = try ctx.journal(brews: ctx.brews, format: "csv", seed: 42)
        let journal = try importJournal(at: csv).journal
        var options = StatsOptions()
        options.timeZone = try StatsOptions.zone(generated.timeZone)

        var ours = Measurement(subject: "brewstats", seconds: [])
        ours.rows = journal.brews.count
        var stageSeconds = [String: [Double]]()
        var cpuSeconds = [Double]()
        var bytes = 0
        for _ in 0..<ctx.repeats {
            var clock = Stopwatch()
            let start = clock.last, cpuStart = processCPUSeconds()
            let analysis = BrewAnalysis(journal: journal, options: options)
            stageSeconds["derive", default: []].append(clock.lap())
            stageSeconds["derive_cpu", default: []].append(clock.lapCPU)
            var texts = [analysis.equipmentUsage().csv()]
            stageSeconds["equipment_usage", default: []].append(clock.lap())
            stageSeconds["equipment_usage_cpu", default: []].append(clock.lapCPU)
            texts.append(analysis.weekly().csv())
            stageSeconds["weekly", default: []].append(clock.lap())
            stageSeconds["weekly_cpu", default: []].append(clock.lapCPU)
            texts.append(analysis.methodStats().csv())
            stageSeconds["method_stats", default: []].append(clock.lap())
            stageSeconds["method_stats_cpu", default: []].append(clock.lapCPU)
            texts.append(analysis.grindRating(curves: false).csv())
            stageSeconds["grind_rating", default: []].append(clock.lap())
            stageSeconds["grind_rating_cpu", default: []].append(clock.lapCPU)
            texts.append(analysis.weekSummary()?.csv() ?? "")
            stageSeconds["week_summary", default: []].append(clock.lap())
            stageSeconds["week_summary_cpu", default: []].append(clock.lapCPU)
            ours.seconds.append(Double(clock.last - start) / 1e9)
            cpuSeconds.append(processCPUSeconds() - cpuStart)
            bytes = texts.reduce(0) { $0 + $1.utf8.count }
        }

        var extra = [String: Double]()
        for stage in stages {
            extra["\(stage)_s"] = Measurement(subject: stage, seconds: stageSeconds[stage] ?? []).median
            extra["\(stage)_cpu_s"] = Measurement(subject: stage, seconds: stageSeconds[stage + "_cpu"] ?? []).median
        }
        extra["csv_bytes"] = Double(bytes)
        // CPU time of all threads: steadier than wall time on a busy machine.
        extra["cpu_s"] = Measurement(subject: "cpu", seconds: cpuSeconds).median
        let breakdown = stages.map {
            String(format: "%@ %.0f ms (CPU %.0f)", $0, (extra["\($0)_s"] ?? .nan) * 1000,
                (extra["\($0)_cpu_s"] ?? .nan) * 1000)
        }
        print("  brewstats \(ResultTable.fmt(ours.median)) (CPU \(ResultTable.fmt(extra["cpu_s"] ?? .nan))); "
              + "stages (median): " + breakdown.joined(separator: ", "))

        let mismatches = try likeForLike(ctx, brews: min(ctx.brews, 20_000), options: options)
        extra["check_mismatched_cells"] = Double(mismatches)
        let refs = [
            try ctx.measurePython("duckdb", script: "summaries_ref.py", ["duckdb", csv.path]),
            try ctx.measurePython("polars", script: "summaries_ref.py", ["polars", csv.path]),
        ]
        let fastest = refs.map(\.median).min() ?? .nan
        extra["speedup_vs_fastest_reference"] = fastest / ours.median
        return [WorkloadResult(
            family: "summaries", name: "five summaries",
            detail: "\(ctx.brews) brews in memory: derived columns + the five summary CSVs",
            ours: ours, references: refs, target: "≥ 3× faster than the faster reference", extra: extra)]
    }
}

extension SummaryWorkloads {
    /// Checks that the references compute what we compute: on the CSV export of a smaller journal of the same
    /// generator, imported by us and loaded by them, each reference writes its five CSVs (`--out`), and every
    /// cell is compared with ours — numbers within half a unit of the last decimal we write (our CSVs are rounded
    /// to each column's precision; the references write full precision), times as instants (ours are local with
    /// an offset, theirs UTC), text exactly; the app's cached counters (not in the export) are left out. Prints and
    /// returns the number of differing cells.
    static func likeForLike(_ ctx: BenchContext, brews: Int, options: StatsOptions) throws -> Int {
        // Both sides read the same CSV export: there a bean is its roaster + name (docs/definitions.md), whereas the
        // generated journal keeps bean ids, and unused equipment is not in the file.
        let csv = try ctx.journal(brews: brews, format: "csv", seed: 42)
        let journal = try importJournal(at: csv).journal
        let analysis = BrewAnalysis(journal: journal, options: options)
        let ours = ["equipment_usage": analysis.equipmentUsage().csv(), "weekly": analysis.weekly().csv(),
                    "method_stats": analysis.methodStats().csv(), "grind_rating": analysis.grindRating().csv(),
                    "week_summary": analysis.weekSummary()?.csv() ?? ""]
        let mine = ctx.data.appendingPathComponent("check-brewstats")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        for (name, text) in ours {
            try text.write(to: mine.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8)
        }
        var once = ctx
        once.repeats = 1
        var total = 0
        for engine in ["duckdb", "polars"] {
            let folder = ctx.data.appendingPathComponent("check-\(engine)")
            _ = try once.measurePython(engine, script: "summaries_ref.py", [engine, csv.path, "--out", folder.path])
            var report: [String] = []
            for (name, text) in ours.sorted(by: { $0.key < $1.key }) {
                let theirs = try String(contentsOf: folder.appendingPathComponent("\(name).csv"), encoding: .utf8)
                let (cells, bad) = compareCSV(text, theirs, skipUnused: name == "equipment_usage")
                report.append("\(name) \(bad)/\(cells)")
                total += bad
            }
            print("  like-for-like (\(brews) brews), \(engine): differing cells " + report.joined(separator: ", "))
        }
        return total
    }

    /// Cells compared and cells differing between two summary CSVs (plain RFC 4180 without embedded line
    /// breaks, as the summaries of generated journals are).
    static func compareCSV(_ a: String, _ b: String, skipUnused: Bool) -> (cells: Int, differing: Int) {
        func rows(_ text: String) -> [[String]] {
            text.split(separator: "\r\n").map { line in
                var fields: [String] = [], field = "", quoted = false
                for ch in line {
                    if ch == "\"" { quoted.toggle() } else if ch == "," && !quoted { fields.append(field); field = "" }
                    else { field.append(ch) }
                }
                fields.append(field)
                // Equipment rows: drop unused equipment and the cached counter column.
                return skipUnused ? Array(fields.prefix(10)) : fields
            }.filter { !skipUnused || $0.count < 3 || $0[2] != "0" }
        }
        let x = rows(a), y = rows(b)
        var cells = 0, bad = abs(x.count - y.count)
        for (r, s) in zip(x, y) {
            bad += abs(r.count - s.count)
            for (u, v) in zip(r, s) {
                cells += 1
                if u == v { continue }
                if let p = Double(u), let q = Double(v) {
                    let decimals = u.split(separator: ".").dropFirst().first?.count ?? 0
                    if abs(p - q) <= 0.5 * pow(10, -Double(decimals)) * (1 + 1e-9) + 1e-9 * max(1, abs(q)) { continue }
                }
                let iso = ISO8601DateFormatter()
                if u.contains("T"), let p = iso.date(from: u), let q = iso.date(from: v), p == q { continue }
                bad += 1
            }
        }
        return (cells, bad)
    }
}

/// Monotonic lap timer (nanoseconds).
private struct Stopwatch {
    private(set) var last = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the previous lap (or creation).
    private(set) var lastCPU = processCPUSeconds()
    /// CPU seconds (all threads) of the latest lap.
    private(set) var lapCPU = 0.0

    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds, cpu = processCPUSeconds()
        defer { last = now; lapCPU = cpu - lastCPU; lastCPU = cpu }
        return Double(now - last) / 1e9
    }
}

/// CPU time (user + system) of every thread of this process, in seconds.
private func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
