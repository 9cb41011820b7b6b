import ArgumentParser
import Foundation

/// `brewstats-bench`: release-only benchmarks that run each workload beside its reference in the same run.
///
/// Every workload runs our side and the reference side `--repeats` times, alternating, and keeps the
/// medians; results go to `<out>/results.json` and `<out>/results.md` (the README's table).
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brewstats-bench",
        abstract: "Benchmarks of brewstats against reference tools, measured in the same run.",
        discussion: """
            Run through `make bench`, which builds release binaries and installs the Python references \
            (Polars, DuckDB, pandas, matplotlib) into .venv. Families: \(Workloads.families.joined(separator: ", ")).
            """
    )

    @Option(help: "Folder for results.json, results.md and cached generated journals.")
    var out = "reports/bench"

    @Option(help: "The brewstats binary to measure (a release build).")
    var brewstats = ".build/release/brewstats"

    @Option(help: "Python interpreter with the reference packages.")
    var python = ".venv/bin/python"

    @Option(help: "Repetitions per subject (medians are reported).")
    var repeats = 5

    @Option(help: "Brews in the large generated journals.")
    var brews = 1_000_000

    @Option(help: "Journals in the batch family (default: 1,000 at the full --brews, else --brews ÷ 1,000).")
    var batchJournals: Int?

    @Option(parsing: .upToNextOption,
            help: "Journal shapes of the report, report-csv, report-store, batch and export families (standard, wide).")
    var shapes: [BenchShape] = BenchShape.allCases

    @Option(parsing: .upToNextOption, help: "Only these families.")
    var only: [String] = []

    @Option(
        help: ArgumentHelp(
            "README whose table between `<!-- bench:start -->` and `<!-- bench:end -->` is replaced by this run's "
                + "(not with --only)."))
    var readme = "README.md"

    func validate() throws {
        if Self.isDebugBuild { throw ValidationError(BenchError.debugBuild.description) }
        guard FileManager.default.isExecutableFile(atPath: brewstats) else {
            throw ValidationError("\(brewstats) not found: build it with `swift build -c release`")
        }
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1") }
        if let n = batchJournals, n < 1 { throw ValidationError("--batch-journals must be at least 1") }
        if shapes.isEmpty { throw ValidationError("--shapes needs at least one shape") }
    }

    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    /// Writes `results.json` and `results.md` (each atomically) and returns the markdown.
    @discardableResult
    func save(_ results: [WorkloadResult], to outURL: URL) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(results).write(to: outURL.appendingPathComponent("results.json"), options: .atomic)
        let md = "<!-- written by brewstats-bench; medians of \(repeats) runs -->\n" + ResultTable.markdown(results)
        try md.write(to: outURL.appendingPathComponent("results.md"), atomically: true, encoding: .utf8)
        return md
    }

    func run() throws {
        let outURL = URL(fileURLWithPath: out)
        let context = BenchContext(brewstats: brewstats, python: python, repeats: repeats, brews: brews,
                                   data: outURL.appendingPathComponent("tmp"), batchJournals: batchJournals,
                                   shapes: shapes)
        try FileManager.default.createDirectory(at: context.data, withIntermediateDirectories: true)
        var results: [WorkloadResult] = []
        var failures: [String] = []
        for family in Workloads.families where only.isEmpty || only.contains(family) {
            print("== \(family) (load \(LoadAverage.oneMinute().map { String(format: "%.2f", $0) } ?? "—"))")
            do {
                let produced = try Workloads.run(family, context)
                for r in produced {
                    let ratios = r.references.map { String(format: "%@ %.2f×", $0.subject, $0.median / r.ours.median) }
                    print("  \(r.name): \(ResultTable.fmt(r.ours.median))  \(ratios.joined(separator: ", "))  "
                          + LoadAverage.range([r.ours] + r.references))
                }
                results += produced
            } catch {
                print("  FAILED: \(error)")
                failures.append("\(family): \(error)")
            }
            // After every family: a run that crashes or is killed later keeps what it measured (atomic writes,
            // so results.json is always one whole run's prefix).
            try save(results, to: outURL)
        }
        let md = try save(results, to: outURL)
        print("\n" + ResultTable.markdown(results))
        // A partial run (--only) leaves the README's table alone: it quotes one complete run.
        if only.isEmpty && failures.isEmpty { try ResultTable.splice(md, into: URL(fileURLWithPath: readme)) }
        // A family that failed is an error of the run, not a silent gap in the table.
        if !failures.isEmpty {
            FileHandle.standardError.write(
                Data(
                    (
                        "brewstats-bench: failed families:\n" + failures.map {
                            "  " + $0
                        }.joined(separator: "\n") + "\n").utf8))
            throw ExitCode.failure
        }
    }
}

/// What every workload needs: the binaries, the repeat count and a cache folder for generated journals.
struct BenchContext {
    var brewstats: String
    var python: String
    var repeats: Int
    var brews: Int
    var data: URL
    /// Journals in the batch family; `nil` for the default.
    var batchJournals: Int? = nil
    /// The shapes the per-shape families measure.
    var shapes: [BenchShape] = BenchShape.allCases

    /// A generated journal (cached across runs by its parameters).
    func journal(brews n: Int, format: String, seed: Int = 42, shape: BenchShape = .standard) throws -> URL {
        let ext = format == "sqlite" ? "sqlite" : format
        let url = data.appendingPathComponent("journal-\(n)-s\(seed)\(shape.fileSuffix).\(ext)")
        if !FileManager.default.fileExists(atPath: url.path) {
            print("  generating \(url.lastPathComponent)…")
            let o = try ProcessRunner.run([brewstats, "generate", "--brews", "\(n)", "--seed", "\(seed)",
                                           "--to", format, "-o", url.path] + shape.generateArguments,
                                          discardOutput: true)
            guard o.status == 0 else { throw BenchError.failed("brewstats generate", o.status) }
        }
        return url
    }

    /// Runs a command `repeats` times; fails on a non-zero exit.
    func measure(_ subject: String, _ argv: [String], environment: [String: String] = [:]) throws -> Measurement {
        var m = Measurement(subject: subject, seconds: [])
        for _ in 0..<repeats {
            let o = try ProcessRunner.run(argv, environment: environment, discardOutput: true)
            guard o.status == 0 else { throw BenchError.failed(argv.joined(separator: " "), o.status) }
            m.seconds.append(o.seconds)
            m.peakBytes = max(m.peakBytes ?? 0, o.peakBytes)
        }
        return m
    }

    /// Runs a Python reference script that prints one JSON line `{"seconds": …}` for the part it times
    /// (e.g. a parse, excluding interpreter start-up), `repeats` times.
    func measurePython(_ subject: String, script: String, _ args: [String],
                       environment: [String: String] = [:]) throws -> Measurement {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw BenchError.missingTool(python) }
        var m = Measurement(subject: subject, seconds: [])
        for _ in 0..<repeats {
            let o = try ProcessRunner.run([python, "tools/bench/\(script)"] + args, environment: environment)
            guard o.status == 0 else { throw BenchError.failed(script, o.status) }
            guard let line = o.stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
                  let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let s = obj["seconds"] as? Double
            else { throw BenchError.badOutput(script, o.stdout) }
            m.seconds.append(s)
            m.peakBytes = max(m.peakBytes ?? 0, o.peakBytes)
        }
        return m
    }

}

extension ResultTable {
    /// Replaces the text between the `<!-- bench:start -->` and `<!-- bench:end -->` lines of `readme` with
    /// `table`; a README without both markers is left as it is.
    static func splice(_ table: String, into readme: URL) throws {
        guard let text = try? String(contentsOf: readme, encoding: .utf8),
              let start = text.range(of: "<!-- bench:start -->\n"), let end = text.range(of: "<!-- bench:end -->"),
              start.upperBound <= end.lowerBound else { return }
        let updated = text[..<start.upperBound] + table + (table.hasSuffix("\n") ? "" : "\n") + text[end.lowerBound...]
        try String(updated).write(to: readme, atomically: true, encoding: .utf8)
    }
}
