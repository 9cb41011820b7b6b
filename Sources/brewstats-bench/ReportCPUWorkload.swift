import Foundation

/// The CPU time of one 1,000-brew journal's report: `brewstats report` on the batch's first journal (a store), each
/// run a process of its own, start-up included, writing png + svg charts, `report.pdf`, the bean pages and the CSVs.
///
/// CPU time is user + system of the process and its threads (``ProcessRunner/Outcome/cpuSeconds``): what a batch
/// pays per journal whatever the cores, and less sensitive than wall time to other work on the machine. The row's
/// figure is the median CPU time of `max(repeats, 7)` runs (one run is under a tenth of a second); the wall-time
/// median is kept in the JSON.
enum ReportCPUWorkload {
    static let target = "≤ 80 ms of CPU per 1,000-brew report"

    static func run(_ ctx: BenchContext, journal: URL, shape: BenchShape) throws -> WorkloadResult {
        let out = try ctx.scratchFolder("report-cpu")
        defer { try? FileManager.default.removeItem(at: out) }
        let runs = max(ctx.repeats, 7)
        var m = Measurement(subject: "brewstats", seconds: [])
        // The options of the batch runs: the latest week with brews, Europe/Berlin, png + svg.
        let argv = [ctx.brewstats, "report", journal.path, "--tz", "Europe/Berlin", "--out", out.appendingPathComponent("r").path]
        _ = try ctx.runOnce(argv)  // warm the page cache and the font caches
        for _ in 0..<runs { m.add(try ctx.runOnce(argv)) }
        let cpu = m.cpuMedian ?? .nan
        var shown = m
        // The table's figure is the CPU time; the wall time stays in the extras.
        shown.seconds = m.cpuSeconds ?? []
        return WorkloadResult(family: "batch", name: "report CPU, one journal, \(shape.label)",
                              detail: String(format: "1,000 brews, process start to finish, png + svg: %.1f ms CPU (median of %d runs; wall %.0f ms)",
                                             cpu * 1000, runs, m.median * 1000),
                              ours: shown, references: [], target: target,
                              extra: ["cpu_ms": cpu * 1000, "wall_ms": m.median * 1000, "runs": Double(runs)])
    }
}
