import BrewSynth
import Foundation

/// A folder of 10,000 generated espresso shots (mixed machine formats, seeded), process start to finish:
/// (a) the weekly report with its shots section (`brewstats report FOLDER --formats png,svg`) against the same
///     run's Python reference (`tools/bench/shots_reference.py`: `json` + pandas per file, the same metrics,
///     the metrics CSV and the per-profile × bean overlay medians);
/// (b) import only, pinned to one core (`taskset -c 0 brewstats inspect FOLDER`), as shots per second.
/// Peak memory is each process's own (GNU `time`), for the 10,000 shots well under 1 GB.
enum ShotWorkloads {
    static let shots = 10_000
    static let seed: UInt64 = 42
    static let timeZone = "Europe/Berlin"

    /// The format of shot `i`: six in ten Decent JSON, then Gaggiuino, GaggiMate, SEP CSV and Decent `.shot` one in
    /// ten each (a folder of shots is seldom one machine's alone).
    static func format(_ i: Int) -> SynthShotFormat {
        switch i % 10 {
        case 6: .gaggiuino
        case 7: .gaggimate
        case 8: .sepCSV
        case 9: .decentShot
        default: .decentJSON
        }
    }

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let folder = try shotFolder(ctx)
        let size = ctx.folderSize(folder)
        var results: [WorkloadResult] = []

        // (a) The report against the Python reference, alternating, each output removed after its run.
        let out = try ctx.scratchFolder("shots")
        defer { try? FileManager.default.removeItem(at: out) }
        var ours = Measurement(subject: "brewstats", seconds: [])
        var reference = Measurement(subject: "json + pandas (shots_reference.py)", seconds: [])
        for r in 0..<ctx.repeats {
            let mine = out.appendingPathComponent("ours-\(r)")
            ours.add(try ctx.runOnce([ctx.brewstats, "report", folder.path, "--tz", timeZone, "--formats", "png,svg",
                                      "--out", mine.path]))
            try ReportWorkloads.expectSummaries(in: mine)
            guard FileManager.default.fileExists(atPath: mine.appendingPathComponent("shots.csv").path) else {
                throw BenchError.badOutput("brewstats report", "no shots.csv in the report folder")
            }
            let theirs = out.appendingPathComponent("ref-\(r).csv")
            reference.add(try ctx.runOnce([ctx.python, "tools/bench/shots_reference.py", folder.path, "--out",
                                           theirs.path,
                                           "--overlays", out.appendingPathComponent("ref-\(r)-overlays.csv").path]))
            guard FileManager.default.fileExists(atPath: theirs.path) else {
                throw BenchError.badOutput("shots_reference.py", "no metrics CSV written")
            }
            try? FileManager.default.removeItem(at: mine)
            try? FileManager.default.removeItem(at: theirs)
        }
        ours.bytes = size
        results.append(WorkloadResult(
            family: "shots", name: "shots report",
            detail: "\(shots) shot files (mixed formats), process start to finish",
            ours: ours, references: [reference], target: "≥ 10× faster than json + pandas; well under 1 GB",
            extra: ["reference_peak_bytes": Double(reference.peakBytes ?? 0), "folder_bytes": Double(size),
                    "shots_per_second": Double(shots) / ours.median]))

        // (b) Import only, on one core.
        // Plain `inspect` (its summary is a few lines): `--json` adds a 5 MB listing of every shot, output not import.
        let imported = try ctx.measure("brewstats", ["taskset", "-c", "0", ctx.brewstats, "inspect", folder.path])
        let rate = Double(shots) / imported.median
        results.append(WorkloadResult(
            family: "shots", name: "shots import, one core",
            detail: "\(shots) shot files, `inspect`, process start to finish, pinned to one CPU: " +
                "\(Int(rate.rounded())) shots/s",
            ours: imported, references: [], target: "≥ 2,000 shots/s on one core; well under 1 GB",
            extra: ["shots_per_second": rate]))
        return results
    }

    /// The generated shot folder, cached under the data folder by its count and seed: written into a hidden
    /// folder beside it and renamed into place, so an interrupted generation is never taken for the folder.
    static func shotFolder(_ ctx: BenchContext) throws -> URL {
        let url = ctx.data.appendingPathComponent("shots-\(shots)-s\(seed)-mixed")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        print("  generating \(url.lastPathComponent)/…")
        let staging = ctx.data.appendingPathComponent(".\(url.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: staging)
        try ShotFolderWriter.write(ShotGenerator(count: shots, seed: seed), to: staging, format: format)
        try FileManager.default.moveItem(at: staging, to: url)
        return url
    }
}
