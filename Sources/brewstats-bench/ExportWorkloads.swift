import Foundation

/// Exporting the large generated store to CSV (`brewstats export STORE --to csv`, process start to finish: the
/// import, the joins to method, grinder and bean names, the formatting and the atomic write) against the `sqlite3`
/// command-line tool's own CSV dump of the brew table alone (`sqlite3 -csv -header STORE 'select * from ZBREWLOG'`
/// into a file), both through `sh -c` so each pays for one shell and one file.
enum ExportWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        try ctx.shapes.map { try run(ctx, shape: $0) }
    }

    /// The export of one shape's large store.
    static func run(_ ctx: BenchContext, shape: BenchShape) throws -> WorkloadResult {
        let store = try ctx.journal(brews: ctx.brews, format: "sqlite", shape: shape)
        let out = try ctx.scratchFolder("export")
        defer { try? FileManager.default.removeItem(at: out) }
        let ours = out.appendingPathComponent("ours.csv").path, theirs = out.appendingPathComponent("sqlite3.csv").path
        var mine = try ctx.measure("brewstats",
            ["sh", "-c", "'\(ctx.brewstats)' export '\(store.path)' --to csv -o '\(ours)' --force 2>/dev/null"])
        mine.rows = ctx.brews
        let dump = try ctx.measure("sqlite3 -csv dump",
            ["sh", "-c", "sqlite3 -csv -header '\(store.path)' 'select * from ZBREWLOG' > '\(theirs)'"])
        guard let written = try? FileManager.default.attributesOfItem(atPath: ours)[.size] as? Int, written > 0 else {
            throw BenchError.badOutput("brewstats export", "no CSV written")
        }
        mine.bytes = written
        return WorkloadResult(family: "export", name: "export store to CSV, \(shape.label)",
                               detail: "\(ctx.brews) brews, process start to finish, \(written / 1_000_000) MB written",
                               ours: mine, references: [dump], target: "at least as fast as the sqlite3 CSV dump")
    }
}
