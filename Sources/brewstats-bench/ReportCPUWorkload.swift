import Foundation

/// The CPU time of one 1,000-brew journal's report: `brewstats report` on the batch's first journal (a store), each
/// run a process of its own, start-up included, once with the default formats (the page, its SVG charts, the bean
/// pages, the CSVs and the Markdown) and once with all formats (PNG and PDF charts and `report.pdf` too).
///
/// CPU time is user + system of the process and its threads (``ProcessRunner/Outcome/cpuSeconds``): what a batch
/// pays per journal whatever the cores, and less sensitive than wall time to other work on the machine. The row's
/// figure is the median CPU time of `max(repeats, 7)` runs (one run is under a tenth of a second); the wall-time
/// median is kept in the JSON.
enum ReportCPUWorkload {
    /// The targets: default formats, and all formats.
    static func target(_ formats: String?) -> String {
        formats == nil ? "≤ 80 ms of CPU per 1,000-brew report" : "≤ 160 ms of CPU per 1,000-brew report"
    }

    static func run(_ ctx: BenchContext, journal: URL, shape: BenchShape) throws -> [WorkloadResult] {
        try [nil, ReportWorkloads.formats].map { try run(ctx, journal: journal, shape: shape, formats: $0) }
    }

    static func run(_ ctx: BenchContext, journal: URL, shape: BenchShape, formats: String?) throws -> WorkloadResult {
        let out = try ctx.scratchFolder("report-cpu")
        defer { try? FileManager.default.removeItem(at: out) }
        let runs = max(ctx.repeats, 7)
        var m = Measurement(subject: "brewstats", seconds: [])
        // The options of the batch runs: the latest week with brews, Europe/Berlin.
        let argv = [ctx.brewstats, "report", journal.path, "--tz", "Europe/Berlin", "--out",
                    out.appendingPathComponent("r").path] + ReportWorkloads.formatsArguments(formats)
        _ = try ctx.runOnce(argv)  // warm the page cache and the font caches
        for _ in 0..<runs { m.add(try ctx.runOnce(argv)) }
        let cpu = m.cpuMedian ?? .nan
        var shown = m
        // The table's figure is the CPU time; the wall time stays in the extras.
        shown.seconds = m.cpuSeconds ?? []
        let label = ReportWorkloads.formatsLabel(formats)
        return WorkloadResult(family: "batch", name: "report CPU, one journal, \(label), \(shape.label)",
                              detail: "1,000 brews, process start to finish, \(label): "
                                  + String(format: "%.1f ms CPU (median of %d runs; wall %.0f ms)",
                                           cpu * 1000, runs, m.median * 1000),
                              ours: shown, references: [], target: target(formats),
                              extra: ["cpu_ms": cpu * 1000, "wall_ms": m.median * 1000, "runs": Double(runs)])
    }
}
