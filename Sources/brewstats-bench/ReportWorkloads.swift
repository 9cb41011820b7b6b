import Foundation

/// The weekly report end to end, process start to finish:
/// (a) from the 1M-brew store against pandas + matplotlib doing the same report (`tools/bench/report_pandas.py`);
/// (c) from a typical 10,000-brew store, against the same pandas + matplotlib report and against the bare
///     interpreter importing pandas and matplotlib;
/// and in families of their own, the report with PNG and SVG charts:
/// (b) from the 100k- and 1M-brew CSV exports against Polars and DuckDB computing only the five summaries
///     (`report-csv`), on each of the run's shapes (``BenchShape``);
/// (d) from the 1M-brew store against the store's floor, a C program stepping the same columns (`report-store`),
///     on each shape.
/// (a) and (c) write charts in PNG, SVG and PDF on every side; each run's output folder is removed afterwards.
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
            reference: ("pandas + matplotlib", [ctx.python, "tools/bench/report_pandas.py", store.path, "--tz",
                                                timeZone,
                                                "--formats", formats]))
        results.append(WorkloadResult(
            family: "report", name: "report from store", detail: "\(ctx.brews) brews, process start to finish",
            ours: oursStore, references: [pandas], target: "≥ 10× faster than pandas + matplotlib; < 300 MB",
            extra: ["reference_peak_bytes": Double(pandas.peakBytes ?? 0)]))

        // (c) a typical journal.
        let typical = try ctx.journal(brews: 10_000, format: "sqlite")
        let (oursTypical, pandasTypical) = try alternate(ctx, out: out,
            ours: [ctx.brewstats, "report", typical.path, "--tz", timeZone, "--formats", formats],
            reference: ("pandas + matplotlib", [ctx.python, "tools/bench/report_pandas.py", typical.path, "--tz",
                                                timeZone,
                                                "--formats", formats]))
        let imports = try ctx.measure("python importing pandas + matplotlib",
                                      [ctx.python, "-c",
                                          "import pandas, matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"])
        results.append(WorkloadResult(
            family: "report", name: "report, typical journal", detail: "10000 brews, process start to finish",
            ours: oursTypical, references: [pandasTypical, imports], target: "< 0.25 s",
            extra: ["reference_peak_bytes": Double(pandasTypical.peakBytes ?? 0)]))
        return results
    }

    /// (b) The 1M-brew CSV export → the full report (PNG and SVG charts, HTML, summaries), against Polars and DuckDB
    /// each computing only the five summaries from the same CSV (`report_polars.py`, `report_duckdb.py`), all
    /// alternating in the same run.
    static func runCSV(_ ctx: BenchContext) throws -> [WorkloadResult] {
        var results: [WorkloadResult] = []
        // The 100k-brew export too, where the run's large journals are bigger.
        let sizes = ctx.brews > 100_000 ? [100_000, ctx.brews] : [ctx.brews]
        for shape in ctx.shapes {
            for brews in sizes {
                for formats in [nil, formats] {
                    results.append(try runCSV(ctx, brews: brews, shape: shape, formats: formats))
                }
            }
        }
        return results
    }

    /// The words for a report's chart formats: `nil` is the default (the page, its SVG charts, the CSVs and the
    /// Markdown; no PNG, chart PDFs or `report.pdf`).
    static func formatsLabel(_ formats: String?) -> String {
        formats.map { "all formats (\($0))" } ?? "default formats (svg)"
    }

    /// `--formats F`, or nothing for the default.
    static func formatsArguments(_ formats: String?) -> [String] {
        formats.map { ["--formats", $0] } ?? []
    }

    /// (b) for one size, shape and set of chart formats (`nil`: the default).
    static func runCSV(_ ctx: BenchContext, brews: Int, shape: BenchShape, formats: String?) throws -> WorkloadResult {
        let out = try ctx.scratchFolder("report-csv")
        defer { try? FileManager.default.removeItem(at: out) }
        let csv = try ctx.journal(brews: brews, format: "csv", shape: shape)
        let (oursCSV, references) = try alternate(ctx, out: out,
            ours: [ctx.brewstats, "report", csv.path, "--tz", timeZone] + formatsArguments(formats),
            references: [
                ("polars (summaries only)", [ctx.python, "tools/bench/report_polars.py", csv.path, "--tz", timeZone]),
                ("duckdb (summaries only)", [ctx.python, "tools/bench/report_duckdb.py", csv.path, "--tz", timeZone]),
            ])
        var oursCSVBytes = oursCSV
        oursCSVBytes.bytes = try ctx.fileSize(csv)
        return WorkloadResult(
            family: "report-csv", name: "report from CSV export, \(formatsLabel(formats)), \(shape.label)",
            detail: "\(brews) brews, \(formatsLabel(formats)), \(ProcessInfo.processInfo.activeProcessorCount) cores",
            ours: oursCSVBytes, references: references,
            target: "≥ 1.5× faster than the faster of Polars' and DuckDB's summaries alone",
            extra: ["reference_peak_bytes": Double(references.map { $0.peakBytes ?? 0 }.max() ?? 0)])
    }

    /// (d) The 1M-brew store → the full report (default formats), against the store's floor: `store_floor`
    /// (`tools/bench/store_floor.c`, built here with `cc -O2 -lsqlite3`), which steps the same statements over the
    /// same columns through SQLite's C API on one connection and does nothing else. Alternating, same run.
    static func runStore(_ ctx: BenchContext) throws -> [WorkloadResult] {
        try ctx.shapes.map { try runStore(ctx, shape: $0) }
    }

    /// (d) for one shape.
    static func runStore(_ ctx: BenchContext, shape: BenchShape) throws -> WorkloadResult {
        let out = try ctx.scratchFolder("report-store")
        defer { try? FileManager.default.removeItem(at: out) }
        let store = try ctx.journal(brews: ctx.brews, format: "sqlite", shape: shape)
        let floor = try buildStoreFloor(ctx)
        var ours = Measurement(subject: "brewstats", seconds: [])
        var reference = Measurement(subject: "store floor (C, one connection)", seconds: [])
        for r in 0..<ctx.repeats {
            let mine = out.appendingPathComponent("ours-\(r)")
            ours.add(try ctx.runOnce([ctx.brewstats, "report", store.path, "--tz", timeZone, "--out", mine.path]))
            try expectSummaries(in: mine)
            try? FileManager.default.removeItem(at: mine)
            reference.add(try ctx.runOnce([floor, store.path]))
        }
        ours.rows = ctx.brews
        return WorkloadResult(
            family: "report-store", name: "report from store, against the store's floor, \(shape.label)",
            detail: "\(ctx.brews) brews, default formats (svg), process start to finish; the floor steps the same "
                + "columns through SQLite's C API",
            ours: ours, references: [reference], target: "within 1.6× of the store's floor",
            extra: ["reference_peak_bytes": Double(reference.peakBytes ?? 0)])
    }

    /// `tools/bench/store_floor.c` compiled into the bench's data folder (again whenever the source is newer).
    static func buildStoreFloor(_ ctx: BenchContext) throws -> String {
        let source = "tools/bench/store_floor.c"
        let binary = ctx.data.appendingPathComponent("store_floor").path
        let fm = FileManager.default
        let sourceDate = (try? fm.attributesOfItem(atPath: source)[.modificationDate] as? Date) ?? .distantFuture
        let binaryDate = (try? fm.attributesOfItem(atPath: binary)[.modificationDate] as? Date) ?? .distantPast
        if binaryDate < sourceDate {
            let o = try ProcessRunner.run(["cc", "-O2", "-o", binary, source, "-lsqlite3"])
            guard o.status == 0 else { throw BenchError.failed("cc \(source)", o.status) }
        }
        return binary
    }

    /// ``alternate(_:out:ours:references:)`` with one reference.
    static func alternate(_ ctx: BenchContext, out: URL, ours: [String], reference: (String, [String])) throws
        -> (Measurement, Measurement) {
        let (a, b) = try alternate(ctx, out: out, ours: ours, references: [reference])
        return (a, b[0])
    }

    /// Runs ours and each reference in turn, `repeats` times, each into a fresh folder under `out` that is checked
    /// to hold the report's five CSVs and then removed.
    static func alternate(_ ctx: BenchContext, out: URL, ours: [String], references: [(String, [String])]) throws
        -> (Measurement, [Measurement]) {
        var a = Measurement(subject: "brewstats", seconds: [])
        var b = references.map { Measurement(subject: $0.0, seconds: []) }
        for r in 0..<ctx.repeats {
            let mine = out.appendingPathComponent("ours-\(r)")
            a.add(try ctx.runOnce(ours + ["--out", mine.path]))
            try expectSummaries(in: mine)
            try? FileManager.default.removeItem(at: mine)
            for (k, reference) in references.enumerated() {
                let theirs = out.appendingPathComponent("ref-\(r)-\(k)")
                // The reference scripts take the output folder as their second argument.
                var argv = reference.1
                argv.insert(theirs.path, at: 3)
                b[k].add(try ctx.runOnce(argv))
                try expectSummaries(in: theirs)
                try? FileManager.default.removeItem(at: theirs)
            }
        }
        return (a, b)
    }

    static let summaries = ["equipment_usage.csv", "weekly.csv", "method_stats.csv", "grind_rating.csv"]

    /// Checks the report wrote the five summaries: the four above and its comparison, `week_summary.csv` for a week
    /// or `period_summary.csv` for any other period (a shot folder's report covers its shots' span).
    static func expectSummaries(in folder: URL) throws {
        func has(_ name: String) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
        }
        for name in summaries where !has(name) {
            throw BenchError.badOutput(folder.lastPathComponent, "no \(name) in the report folder")
        }
        guard has("week_summary.csv") || has("period_summary.csv") else {
            throw BenchError.badOutput(folder.lastPathComponent,
                "no week_summary.csv or period_summary.csv in the report folder")
        }
    }
}
