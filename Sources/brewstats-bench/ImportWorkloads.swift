import Foundation

/// Importing a large generated journal: from the store against a `sqlite3` scan of the brew table (as `inspect`
/// runs, SQLite reading ahead on a second core, and pinned to one core), and from the CSV export against
/// single-threaded Polars and DuckDB parses of the same file.
enum ImportWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        var results: [WorkloadResult] = []
        let store = try ctx.journal(brews: ctx.brews, format: "sqlite")
        var ours = try ctx.measure("brewstats", [ctx.brewstats, "inspect", store.path, "--json"])
        ours.rows = ctx.brews
        let scan = try ctx.measure("sqlite3 scan", ["sqlite3", store.path, "select * from ZBREWLOG"])
        results.append(WorkloadResult(family: "import", name: "import store",
                                      detail: "\(ctx.brews) brews, process start to finish (SQLite stepped on a second thread)",
                                      ours: ours, references: [scan], target: "within 1.5× of the sqlite3 scan; < 300 MB"))
        // The same pinned to one CPU: the read-ahead thread then only takes turns with the importer.
        var oneCore = try ctx.measure("brewstats", ["taskset", "-c", "0", ctx.brewstats, "inspect", store.path, "--json"])
        oneCore.rows = ctx.brews
        results.append(WorkloadResult(family: "import", name: "import store, one core",
                                      detail: "\(ctx.brews) brews, process start to finish, pinned to one CPU",
                                      ours: oneCore, references: [scan], target: "within 1.5× of the sqlite3 scan"))

        let csv = try ctx.journal(brews: ctx.brews, format: "csv")
        let size = (try? FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? Int) ?? 0
        var oursCSV = try ctx.measure("brewstats", [ctx.brewstats, "inspect", csv.path, "--json"])
        oursCSV.bytes = size
        var refs: [Measurement] = []
        let oneThread = ["POLARS_MAX_THREADS": "1", "OMP_NUM_THREADS": "1"]
        refs.append(try ctx.measurePython("polars (1 thread)", script: "csv_parse.py", ["polars", csv.path], environment: oneThread))
        refs.append(try ctx.measurePython("duckdb (1 thread)", script: "csv_parse.py", ["duckdb", csv.path], environment: oneThread))
        results.append(WorkloadResult(family: "import", name: "import CSV export", detail: "\(size / 1_000_000) MB, one core",
                                      ours: oursCSV, references: refs, target: "≥ 200 MB/s; faster than Polars' single thread"))
        return results
    }
}
