import BrewSynth
import Foundation

/// A batch of generated journals (1,000 of 1,000 brews at full size; mostly stores, every tenth a CSV export
/// and every tenth a JSON export) through `brewstats batch --quiet`, on one and on two cores: journals per
/// second, the CPU time per journal (user + system of the whole `brewstats batch` process, from its resource usage,
/// divided by the journals), the speed-up and the peak memory. The one-core run is pinned to one CPU with `taskset`.
/// The journals are generated once, in process, and cached; the family runs once per shape of the run. The family ends
/// with the CPU time of one journal's report in a process of its own (``ReportCPUWorkload``).
enum BatchWorkloads {
    static let brewsPerJournal = 1_000

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        try ctx.shapes.flatMap { try run(ctx, shape: $0) }
    }

    /// The batch and one journal's report CPU, on journals of one shape.
    static func run(_ ctx: BenchContext, shape: BenchShape) throws -> [WorkloadResult] {
        // Full size at the default --brews; smaller runs scale the batch down for development.
        let count = ctx.batchJournals ?? (ctx.brews >= 1_000_000 ? 1_000 : max(20, ctx.brews / 1_000))
        let folder = try journals(ctx, count: count, shape: shape)
        let out = try ctx.scratchFolder("batch")
        defer { try? FileManager.default.removeItem(at: out) }

        var one = Measurement(subject: "--jobs 1", seconds: []), two = Measurement(subject: "brewstats", seconds: [])
        var reportBytes = 0
        for _ in 0..<ctx.repeats {
            for (jobs, target) in [(1, 0), (2, 1)] {
                let dir = out.appendingPathComponent("jobs\(jobs)")
                try? FileManager.default.removeItem(at: dir)
                // One core means one core: the --jobs 1 run is pinned to CPU 0 (taskset), so neither its chart
                // rendering nor the kernel's scheduling can borrow the second core and flatter the speed-up.
                let argv = [ctx.brewstats, "batch", folder.path, "--out", dir.path, "--jobs", "\(jobs)", "--quiet",
                            "--tz", "Europe/Berlin"]
                let o = try ctx.runOnce(jobs == 1 ? ["taskset", "-c", "0"] + argv : argv)
                if target == 0 { one.add(o) } else { two.add(o) }
                reportBytes = ctx.folderSize(dir)
                try FileManager.default.removeItem(at: dir)
            }
        }
        let rate1 = Double(count) / one.median, rate2 = Double(count) / two.median
        // CPU milliseconds per journal: the batch process's user + system time over the journals it reported.
        let cpu1 = (one.cpuMedian ?? .nan) * 1000 / Double(count), cpu2 = (two.cpuMedian ?? .nan) * 1000 / Double(count)
        var single = one
        single.subject = "brewstats"
        return [
            WorkloadResult(family: "batch", name: "batch, 1 core, \(shape.label)",
                           detail: String(format: "%d journals × %d brews: %.2f journals/s, %.1f ms CPU per journal",
                                          count, brewsPerJournal, rate1, cpu1),
                           ours: single, references: [], target: "journals/s, CPU per journal and peak memory",
                           extra: ["journals": Double(count), "journals_per_s": rate1, "cpu_ms_per_journal": cpu1]),
            WorkloadResult(family: "batch", name: "batch, 2 cores, \(shape.label)",
                           detail: String(
                               format: "%d journals × %d brews: %.2f journals/s, %.1f ms " +
                                   "CPU per journal (ratio = speed-up over --jobs 1)",
                                          count, brewsPerJournal, rate2, cpu2),
                           ours: two, references: [one], target: "≥ 25 journals/s; ≥ 1.7× speed-up on 2 cores",
                           extra: ["journals": Double(count), "journals_per_s": rate2,
                                   "speedup": one.median / two.median,
                                   "cpu_ms_per_journal": cpu2, "output_bytes": Double(reportBytes)]),
        ] + (
            try ReportCPUWorkload.run(ctx, journal: folder.appendingPathComponent("journal-0001.sqlite"), shape: shape))
    }

    /// The cached batch folder of `count` journals (seed = position), generated when missing or incomplete.
    static func journals(_ ctx: BenchContext, count: Int, shape: BenchShape) throws -> URL {
        let folder = ctx.data.appendingPathComponent("batch-\(count)x\(brewsPerJournal)\(shape.fileSuffix)")
        let done = ctx.data.appendingPathComponent("batch-\(count)x\(brewsPerJournal)\(shape.fileSuffix).complete")
        if FileManager.default.fileExists(atPath: done.path) { return folder }
        print("  generating \(count) journals of \(brewsPerJournal) brews…")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for k in 0..<count {
            let generator = JournalGenerator(shape.options(brews: brewsPerJournal, seed: UInt64(k + 1)))
            let name = String(format: "journal-%04d", k + 1)
            switch k % 10 {
            case 3: try CSVExportWriter().write(generator, to: folder.appendingPathComponent(name + ".csv"))
            case 7: try JSONExportWriter().write(generator, to: folder.appendingPathComponent(name + ".json"))
            default: try CoreDataStoreWriter().write(generator, to: folder.appendingPathComponent(name + ".sqlite"))
            }
        }
        try Data().write(to: done)
        return folder
    }
}
