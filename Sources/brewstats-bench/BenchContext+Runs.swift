import Foundation

/// Single runs and scratch folders for workloads that need more than ``BenchContext/measure(_:_:environment:)``:
/// several files per repeat, a reference printing a JSON object, outputs removed between runs.
extension BenchContext {
    /// Runs `argv` once; throws ``BenchError/failed(_:_:)`` on a non-zero exit (never skips silently).
    func runOnce(_ argv: [String], environment: [String: String] = [:]) throws -> ProcessRunner.Outcome {
        let o = try ProcessRunner.run(argv, environment: environment, discardOutput: true)
        guard o.status == 0 else { throw BenchError.failed(argv.joined(separator: " "), o.status) }
        return o
    }

    /// Runs `tools/bench/<script>` once and returns the JSON object of its last `{…}` line.
    ///
    /// - Throws: ``BenchError/missingTool(_:)`` without the interpreter, ``BenchError/failed(_:_:)`` on a
    ///   non-zero exit, ``BenchError/badOutput(_:_:)`` without a JSON line.
    func runPython(_ script: String, _ args: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw BenchError.missingTool(python) }
        let o = try ProcessRunner.run([python, "tools/bench/\(script)"] + args, environment: environment)
        guard o.status == 0 else { throw BenchError.failed(([script] + args).joined(separator: " "), o.status) }
        guard let line = o.stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else { throw BenchError.badOutput(script, o.stdout) }
        return object
    }

    /// A new empty folder under the data folder, for one workload's outputs (the caller removes it).
    func scratchFolder(_ name: String) throws -> URL {
        let url = data.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The size of a file the workload expects to exist.
    func fileSize(_ url: URL) throws -> Int {
        guard let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else {
            throw BenchError.badOutput(url.lastPathComponent, "the file was not written")
        }
        return size
    }

    /// Total bytes of the regular files under `folder`.
    func folderSize(_ folder: URL) -> Int {
        guard let walk = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total = 0
        for case let url as URL in walk {
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }
}

extension Measurement {
    /// Appends one run: its wall and CPU time, its peak memory to the running maximum, and the machine's
    /// one-minute load average as the run ended (figures taken at a load above 1.5 are to be rerun).
    mutating func add(_ outcome: ProcessRunner.Outcome) {
        seconds.append(outcome.seconds)
        if let load = LoadAverage.oneMinute() { loadAverages = (loadAverages ?? []) + [load] }
        cpuSeconds = (cpuSeconds ?? []) + [outcome.cpuSeconds]
        peakBytes = max(peakBytes ?? 0, outcome.peakBytes)
    }
}

/// The machine's load average, read from `/proc/loadavg` (Linux); printed beside every figure, since figures taken
/// while other work runs are noise.
enum LoadAverage {
    /// The one-minute load average, or `nil` where `/proc/loadavg` cannot be read.
    static func oneMinute() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }

    /// "load 0.42–0.97" over a workload's runs (ours and its references), or "load —".
    static func range(_ measurements: [Measurement]) -> String {
        let loads = measurements.flatMap { $0.loadAverages ?? [] }
        guard let low = loads.min(), let high = loads.max() else { return "load —" }
        return String(format: "load %.2f–%.2f", low, high)
    }
}
