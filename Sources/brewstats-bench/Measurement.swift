import Foundation
import BrewStats

/// Repeated timings of one subject (ours or a reference) in one workload.
struct Measurement: Codable {
    var subject: String
    var seconds: [Double]
    /// CPU time (user + system) of each run, where it was measured (a child process).
    var cpuSeconds: [Double]? = nil
    var peakBytes: Int?
    /// Bytes or rows processed, for throughput columns.
    var bytes: Int?
    var rows: Int?
    /// The one-minute load average after each run (``LoadAverage``).
    var loadAverages: [Double]? = nil

    /// The median (lower median for an even count is not used: the mean of the two middle values).
    var median: Double { Measurement.median(seconds) }

    /// The median CPU time (user + system), or `nil` when it was not measured.
    var cpuMedian: Double? { cpuSeconds.map(Measurement.median) }

    /// BrewStats' median; NaN for none.
    static func median(_ values: [Double]) -> Double { BrewStats.median(values) ?? .nan }
}

/// One workload's result: our measurement beside its references, all from the same run.
struct WorkloadResult: Codable {
    var family: String
    var name: String
    var detail: String
    var ours: Measurement
    var references: [Measurement]
    /// What the issue asks of this workload, in words (e.g. "≥ 10× faster than matplotlib").
    var target: String
    /// Extra numbers (files sizes, speed-up factors) keyed by name.
    var extra: [String: Double] = [:]

    /// Reference median ÷ our median, per reference: above 1 means we are faster.
    var speedups: [String: Double] {
        Dictionary(uniqueKeysWithValues: references.map { ($0.subject, $0.median / ours.median) })
    }
}

/// Formats results as the README's table (Markdown) and as JSON.
enum ResultTable {
    static func markdown(_ results: [WorkloadResult]) -> String {
        var out =
            "| workload | brewstats (median) | reference (median, same run) | ratio | peak memory | load | target |\n"
        out += "| --- | --- | --- | --- | --- | --- | --- |\n"
        for r in results {
            let refs = r.references.isEmpty ? "—"
                : r.references.map { "\($0.subject): \(fmt($0.median))" }.joined(separator: "<br>")
            let ratios = r.references.isEmpty ? "—"
                : r.references.map { String(format: "%.2f×", $0.median / r.ours.median) }.joined(separator: "<br>")
            // Our peak, then each reference's peak where it was measured (a child process).
            var mem = r.ours.peakBytes.map(megabytes) ?? "—"
            for ref in r.references { if let p = ref.peakBytes { mem += "<br>\(ref.subject): \(megabytes(p))" } }
            var ours = fmt(r.ours.median)
            if let b = r.ours.bytes { ours += String(format: " (%.0f MB/s)", Double(b) / 1e6 / r.ours.median) }
            if let n = r.ours.rows { ours += String(format: " (%.2f M rows/s)", Double(n) / 1e6 / r.ours.median) }
            let load = LoadAverage.range([r.ours] + r.references)
            out += "| \(r.name) — \(r.detail) | \(ours) | \(refs) | \(ratios) | \(mem) | \(load) | \(r.target) |\n"
        }
        return out
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000_000 ? String(format: "%.2f GB", Double(bytes) / 1e9)
            : String(format: "%.0f MB", Double(bytes) / 1e6)
    }

    static func fmt(_ s: Double) -> String {
        s < 1 ? String(format: "%.0f ms", s * 1000) : String(format: "%.2f s", s)
    }
}
