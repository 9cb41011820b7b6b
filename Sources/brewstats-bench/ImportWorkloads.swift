import Foundation

/// Importing a large generated journal: from the store against a `sqlite3` scan of the brew table (as `inspect`
/// runs, SQLite reading ahead on a second core, and pinned to one core), and from the CSV export against
/// Polars and DuckDB parses of the same file: pinned to one core against their single thread, and on every core
/// against their default threads.
enum ImportWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        var results: [WorkloadResult] = []
        let store = try ctx.journal(brews: ctx.brews, format: "sqlite")
        var ours = try ctx.measure("brewstats", [ctx.brewstats, "inspect", store.path, "--json"])
        ours.rows = ctx.brews
        let scan = try ctx.measure("sqlite3 scan", ["sqlite3", store.path, "select * from ZBREWLOG"])
        results.append(WorkloadResult(family: "import", name: "import store",
                                      detail: "\(ctx.brews) brews, process start to " +
                                          "finish (SQLite stepped on a second thread)",
                                      ours: ours, references: [scan],
                                      target: "within 1.5× of the sqlite3 scan; < 300 MB"))
        // The same pinned to one CPU: the read-ahead thread then only takes turns with the importer.
        var oneCore = try ctx.measure("brewstats",
            ["taskset", "-c", "0", ctx.brewstats, "inspect", store.path, "--json"])
        oneCore.rows = ctx.brews
        results.append(WorkloadResult(family: "import", name: "import store, one core",
                                      detail: "\(ctx.brews) brews, process start to finish, pinned to one CPU",
                                      ours: oneCore, references: [scan], target: "within 1.5× of the sqlite3 scan"))

        let csv = try ctx.journal(brews: ctx.brews, format: "csv")
        let size = (try? FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? Int) ?? 0
        // One core: pinned, so the importer reads the file in one pass (it splits a large file only across the CPUs
        // it may run on).
        var oursCSV = try ctx.measure("brewstats", ["taskset", "-c", "0", ctx.brewstats, "inspect", csv.path, "--json"])
        oursCSV.bytes = size
        var refs: [Measurement] = []
        let oneThread = ["POLARS_MAX_THREADS": "1", "OMP_NUM_THREADS": "1"]
        refs.append(
            try ctx.measurePython("polars (1 thread)", script: "csv_parse.py", ["polars", csv.path],
                environment: oneThread))
        refs.append(
            try ctx.measurePython("duckdb (1 thread)", script: "csv_parse.py", ["duckdb", csv.path],
                environment: oneThread))
        results.append(WorkloadResult(family: "import", name: "import CSV export",
                                      detail: "\(size / 1_000_000) MB, one core (pinned)",
                                      ours: oursCSV, references: refs,
                                      target: "≥ 300 MB/s; faster than Polars' single thread"))
        // Every core: the file split at record boundaries and read in chunks in parallel.
        var allCores = try ctx.measure("brewstats", [ctx.brewstats, "inspect", csv.path, "--json"])
        allCores.bytes = size
        let parallel = [try ctx.measurePython("polars", script: "csv_parse.py", ["polars", csv.path]),
                        try ctx.measurePython("duckdb", script: "csv_parse.py", ["duckdb", csv.path])]
        results.append(WorkloadResult(family: "import", name: "import CSV export, all cores",
                                      detail: "\(size / 1_000_000) MB, " +
                                          "\(ProcessInfo.processInfo.activeProcessorCount) cores, "
                                          + "process start to finish; references: parse time, all threads",
                                      ours: allCores, references: parallel, target: "faster than one core"))
        return results
    }
}
