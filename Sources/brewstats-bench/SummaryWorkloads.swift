import BrewColumns
import BrewStats
import BrewSynth
import Dispatch
import Foundation

/// The five CSV summaries of a large generated journal, computed in memory, against DuckDB and Polars
/// computing the same five summaries from the same brews already loaded into their memory.
///
/// Our side: `BrewAnalysis(journal:options:)` (the derived columns) plus `equipmentUsage()`, `weekly()`,
/// `methodStats()`, `grindRating(curves: false)` and `weekSummary()`, each with its CSV text, timed
/// `repeats` times in this process on the journal `BrewSynth` builds (seed 42, Europe/Berlin). The references
/// (`tools/bench/summaries_ref.py`) load the CSV export of the same journal (the CLI's `generate`, same seed
/// and defaults) untimed, then time deriving the columns and computing the same groupings and statistics,
/// with every core (their default).
enum SummaryWorkloads {
    /// The stages timed, in order; the workload reports each one's median in `extra`.
    static let stages = ["derive", "equipment_usage", "weekly", "method_stats", "grind_rating", "week_summary"]

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let generator = JournalGenerator(GeneratorOptions(brewCount: ctx.brews, seed: 42))
        let journal = generator.makeJournal()
        let csv = try ctx.journal(brews: ctx.brews, format: "csv", seed: 42)
        var options = StatsOptions()
        options.timeZone = try StatsOptions.zone(generator.options.timeZone)

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
            var texts = [analysis.equipmentUsage().csv()]
            stageSeconds["equipment_usage", default: []].append(clock.lap())
            texts.append(analysis.weekly().csv())
            stageSeconds["weekly", default: []].append(clock.lap())
            texts.append(analysis.methodStats().csv())
            stageSeconds["method_stats", default: []].append(clock.lap())
            texts.append(analysis.grindRating(curves: false).csv())
            stageSeconds["grind_rating", default: []].append(clock.lap())
            texts.append(analysis.weekSummary()?.csv() ?? "")
            stageSeconds["week_summary", default: []].append(clock.lap())
            ours.seconds.append(Double(clock.last - start) / 1e9)
            cpuSeconds.append(processCPUSeconds() - cpuStart)
            bytes = texts.reduce(0) { $0 + $1.utf8.count }
        }

        var extra = [String: Double]()
        for stage in stages {
            extra["\(stage)_s"] = Measurement(subject: stage, seconds: stageSeconds[stage] ?? []).median
        }
        extra["csv_bytes"] = Double(bytes)
        // CPU time of all threads: steadier than wall time on a busy machine.
        extra["cpu_s"] = Measurement(subject: "cpu", seconds: cpuSeconds).median
        let breakdown = stages.map { String(format: "%@ %.0f ms", $0, (extra["\($0)_s"] ?? .nan) * 1000) }
        print("  brewstats \(ResultTable.fmt(ours.median)) (CPU \(ResultTable.fmt(extra["cpu_s"] ?? .nan))); "
              + "stages (median): " + breakdown.joined(separator: ", "))

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

/// Monotonic lap timer (nanoseconds).
private struct Stopwatch {
    private(set) var last = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the previous lap (or creation).
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }
}

/// CPU time (user + system) of every thread of this process, in seconds.
private func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
