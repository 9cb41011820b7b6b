import Foundation

/// The weekly report end to end, process start to finish:
/// (a) from the 1M-brew store against pandas + matplotlib doing the same report (`tools/bench/report_pandas.py`);
/// (b) from the 1M-brew CSV export against Polars computing only the five summaries (`report_polars.py`);
/// (c) from a typical 10,000-brew store, against the same pandas + matplotlib report and against the bare
///     interpreter importing pandas and matplotlib.
/// Every side writes charts in PNG, SVG and PDF; each run's output folder is removed afterwards.
enum ReportWorkloads {
    static let timeZone = "Europe/Berlin"
    static let formats = "png,svg,pdf"

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let out = try ctx.scratchFolder("report")
        defer { try? FileManager.default.removeItem(at: out) }
        var results: [WorkloadResult] = []

        // (a) the store.
        let store = try ctx.journal(brews: ctx.brews, format: "sqlite")
        let (oursStore, pandas) = try alternate(ctx, out: out,
            ours: [ctx.brewstats, "report", store.path, "--tz", timeZone, "--formats", formats],
            reference: ("pandas + matplotlib", [ctx.python, "tools/bench/report_pandas.py", store.path, "--tz", timeZone,
                                                "--formats", formats]))
        results.append(WorkloadResult(
            family: "report", name: "report from store", detail: "\(ctx.brews) brews, process start to finish",
            ours: oursStore, references: [pandas], target: "≥ 10× faster than pandas + matplotlib; < 300 MB",
            extra: ["reference_peak_bytes": Double(pandas.peakBytes ?? 0)]))

        // (b) the CSV export, against Polars computing the summaries only.
        let csv = try ctx.journal(brews: ctx.brews, format: "csv")
        let (oursCSV, polars) = try alternate(ctx, out: out,
            ours: [ctx.brewstats, "report", csv.path, "--tz", timeZone, "--formats", formats],
            reference: ("polars (summaries only)", [ctx.python, "tools/bench/report_polars.py", csv.path, "--tz", timeZone]))
        var oursCSVBytes = oursCSV
        oursCSVBytes.bytes = try ctx.fileSize(csv)
        results.append(WorkloadResult(
            family: "report", name: "report from CSV export", detail: "\(ctx.brews) brews, charts included",
            ours: oursCSVBytes, references: [polars], target: "whole report faster than Polars' summaries alone",
            extra: ["reference_peak_bytes": Double(polars.peakBytes ?? 0)]))

        // (c) a typical journal.
        let typical = try ctx.journal(brews: 10_000, format: "sqlite")
        let (oursTypical, pandasTypical) = try alternate(ctx, out: out,
            ours: [ctx.brewstats, "report", typical.path, "--tz", timeZone, "--formats", formats],
            reference: ("pandas + matplotlib", [ctx.python, "tools/bench/report_pandas.py", typical.path, "--tz", timeZone,
                                                "--formats", formats]))
        let imports = try ctx.measure("python importing pandas + matplotlib",
                                      [ctx.python, "-c", "import pandas, matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"])
        results.append(WorkloadResult(
            family: "report", name: "report, typical journal", detail: "10000 brews, process start to finish",
            ours: oursTypical, references: [pandasTypical, imports], target: "< 0.25 s",
            extra: ["reference_peak_bytes": Double(pandasTypical.peakBytes ?? 0)]))
        return results
    }

    /// Runs ours and the reference alternately `repeats` times, each into a fresh folder under `out` that is
    /// checked to hold the report's five CSVs and then removed.
    static func alternate(_ ctx: BenchContext, out: URL, ours: [String], reference: (String, [String])) throws
        -> (Measurement, Measurement) {
        var a = Measurement(subject: "brewstats", seconds: []), b = Measurement(subject: reference.0, seconds: [])
        for r in 0..<ctx.repeats {
            let mine = out.appendingPathComponent("ours-\(r)"), theirs = out.appendingPathComponent("ref-\(r)")
            a.add(try ctx.runOnce(ours + ["--out", mine.path]))
            try expectSummaries(in: mine)
            // The reference scripts take the output folder as their second argument.
            var argv = reference.1
            argv.insert(theirs.path, at: 3)
            b.add(try ctx.runOnce(argv))
            try expectSummaries(in: theirs)
            try? FileManager.default.removeItem(at: mine)
            try? FileManager.default.removeItem(at: theirs)
        }
        return (a, b)
    }

    static let summaries = ["equipment_usage.csv", "weekly.csv", "method_stats.csv", "grind_rating.csv", "week_summary.csv"]

    static func expectSummaries(in folder: URL) throws {
        for name in summaries where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            throw BenchError.badOutput(folder.lastPathComponent, "no \(name) in the report folder")
        }
    }
}
