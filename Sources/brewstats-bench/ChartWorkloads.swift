import Foundation

/// The seven chart kinds in PNG, SVG and PDF from a 100,000-brew journal, each a separate `brewstats chart`
/// process (start-up, import and statistics included), beside matplotlib (Agg) drawing equivalent charts
/// from the same journal's CSV export (`tools/bench/charts_matplotlib.py`), and the SVG of the
/// grind-versus-rating scatter of a 1M-brew journal, where the file size is the point.
///
/// matplotlib's side is reported three ways, per chart (three files): drawing and saving only; plus the
/// interpreter's start-up per file; and as a process per file like ours — start-up, loading the journal and
/// preparing that chart's series (LOESS included), drawing and saving. The target compares the last, the
/// like-for-like one; the first shows the drawing alone.
enum ChartWorkloads {
    static let kinds = ["brews-per-week", "rating-trend", "extraction-trend", "grind-rating", "equipment-usage",
                        "control-chart", "rest-rating"]
    static let formats = ["png", "svg", "pdf"]
    static let timeZone = "Europe/Berlin"
    static let chartBrews = 100_000
    static let fileLimit = 5_000_000

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let n = min(chartBrews, ctx.brews)
        let store = try ctx.journal(brews: n, format: "sqlite")
        let csv = try ctx.journal(brews: n, format: "csv")
        let out = try ctx.scratchFolder("charts")
        defer { try? FileManager.default.removeItem(at: out) }

        let startup = try ctx.measure("python + import matplotlib.pyplot",
                                      [ctx.python, "-c",
                                          "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"])
        // ours[kind][format] and reference[kind][format]: one value per repeat.
        var ours: [String: [String: Measurement]] = [:]
        var mpl: [String: [String: [Double]]] = [:]
        var mplPrepare: [String: [Double]] = [:]  // load + the kind's series, per repeat
        var oursBytes: [String: [String: Int]] = [:], mplBytes: [String: [String: Int]] = [:]
        for _ in 0..<ctx.repeats {
            for kind in kinds {
                for format in formats {
                    let file = out.appendingPathComponent("\(kind).\(format)")
                    let o =
                        try ctx.runOnce([ctx.brewstats, "chart", kind, store.path, "--tz", timeZone, "-o", file.path])
                    ours[kind, default: [:]][format, default: Measurement(subject: "brewstats", seconds: [])].add(o)
                    oursBytes[kind, default: [:]][format] = try ctx.fileSize(file)
                }
            }
            let ref = try ctx.runPython("charts_matplotlib.py",
                                        [csv.path, out.appendingPathComponent("mpl").path, "--tz", timeZone,
                                         "--formats", formats.joined(separator: ","), "--kinds",
                                         kinds.joined(separator: ",")])
            let times = ref["charts"] as? [String: [String: Double]] ?? [:]
            let load = ref["load_seconds"] as? Double ?? 0
            let prepare = ref["prepare"] as? [String: Double] ?? [:]
            for kind in kinds { mplPrepare[kind, default: []].append(load + (prepare[kind] ?? 0)) }
            let sizes = ref["bytes"] as? [String: [String: Int]] ?? [:]
            for kind in kinds {
                for format in formats {
                    guard let t = times[kind]?[format] else {
                        throw BenchError.badOutput("charts_matplotlib.py", "no time for \(kind).\(format)")
                    }
                    mpl[kind, default: [:]][format, default: []].append(t)
                    mplBytes[kind, default: [:]][format] = sizes[kind]?[format]
                }
            }
        }

        var results: [WorkloadResult] = []
        var allOurs = Measurement(subject: "brewstats", seconds: Array(repeating: 0, count: ctx.repeats))
        var allMpl = Measurement(subject: "matplotlib draw+save", seconds: Array(repeating: 0, count: ctx.repeats))
        var allProcess = Measurement(subject: "matplotlib process", seconds: Array(repeating: 0, count: ctx.repeats))
        var maxOurs = 0, maxMpl = 0
        for kind in kinds {
            var sum = Measurement(subject: "brewstats", seconds: Array(repeating: 0, count: ctx.repeats))
            var ref = Measurement(subject: "matplotlib draw+save", seconds: Array(repeating: 0, count: ctx.repeats))
            var extra: [String: Double] = [:]
            for format in formats {
                let m = ours[kind]![format]!
                for r in 0..<ctx.repeats {
                    sum.seconds[r] += m.seconds[r]
                    ref.seconds[r] += mpl[kind]![format]![r]
                }
                sum.peakBytes = max(sum.peakBytes ?? 0, m.peakBytes ?? 0)
                extra["ours_\(format)_s"] = m.median
                extra["matplotlib_\(format)_s"] = Measurement(subject: "", seconds: mpl[kind]![format]!).median
                extra["ours_\(format)_bytes"] = Double(oursBytes[kind]![format]!)
                extra["matplotlib_\(format)_bytes"] = Double(mplBytes[kind]?[format] ?? 0)
            }
            let biggest = oursBytes[kind]!.values.max() ?? 0
            maxOurs = max(maxOurs, biggest)
            maxMpl = max(maxMpl, mplBytes[kind]?.values.max() ?? 0)
            extra["max_file_bytes"] = Double(biggest)
            for r in 0..<ctx.repeats {
                allOurs.seconds[r] += sum.seconds[r]; allMpl.seconds[r] += ref.seconds[r]
            }
            allOurs.peakBytes = max(allOurs.peakBytes ?? 0, sum.peakBytes ?? 0)
            let withStartup = Measurement(subject: "matplotlib + start-up",
                                          seconds: ref.seconds.map { $0 + Double(formats.count) * startup.median })
            let process = Measurement(subject: "matplotlib process", seconds: (0..<ctx.repeats).map { r in
                ref.seconds[r] + Double(formats.count) * (startup.median + mplPrepare[kind]![r])
            })
            for r in 0..<ctx.repeats { allProcess.seconds[r] += process.seconds[r] }
            extra["matplotlib_prepare_s"] = Measurement(subject: "", seconds: mplPrepare[kind]!).median
            results.append(WorkloadResult(
                family: "charts", name: "chart \(kind)",
                detail: "\(n) brews, png+svg+pdf, 3 processes; largest file \(megabytes(biggest))",
                ours: sum, references: [ref, withStartup, process],
                target: "≥ 10× faster than a matplotlib process per chart (start-up, load, draw); no file > 5 MB",
                extra: extra))
        }
        let allWithStartup = Measurement(subject: "matplotlib + start-up",
                                         seconds: allMpl.seconds.map {
                                             $0 + Double(kinds.count * formats.count) * startup.median
                                         })
        results.append(WorkloadResult(
            family: "charts", name: "all charts",
            detail: "\(kinds.count) kinds × \(formats.count) formats = \(kinds.count * formats.count) processes; "
                + "matplotlib start-up \(ResultTable.fmt(startup.median)); largest file \(megabytes(maxOurs))",
            ours: allOurs, references: [allMpl, allWithStartup, allProcess],
            target: "≥ 10× faster than matplotlib processes; no file > 5 MB",
            extra: ["max_file_bytes": Double(maxOurs), "matplotlib_max_file_bytes": Double(maxMpl),
                    "matplotlib_startup_s": startup.median, "largest_file_ok": maxOurs <= fileLimit ? 1 : 0]))
        results.append(try bigScatter(ctx, out: out))
        return results
    }

    /// The grind-versus-rating scatter of a 1M-brew journal as SVG: time and file size, ours against matplotlib.
    static func bigScatter(_ ctx: BenchContext, out: URL) throws -> WorkloadResult {
        let store = try ctx.journal(brews: ctx.brews, format: "sqlite")
        let csv = try ctx.journal(brews: ctx.brews, format: "csv")
        let file = out.appendingPathComponent("scatter.svg")
        var ours = Measurement(subject: "brewstats", seconds: [])
        var ref = Measurement(subject: "matplotlib draw+save", seconds: [])
        var refBytes = 0, points = 0
        for _ in 0..<min(ctx.repeats, 3) {
            ours.add(
                try ctx.runOnce(
                    [ctx.brewstats, "chart", "grind-rating", store.path, "--tz", timeZone, "-o", file.path]))
            let r = try ctx.runPython("charts_matplotlib.py", [csv.path, out.appendingPathComponent("mpl-big").path,
                                                               "--tz", timeZone, "--formats", "svg", "--kinds",
                                                               "grind-rating"])
            guard let s = (r["charts"] as? [String: [String: Double]])?["grind-rating"]?["svg"] else {
                throw BenchError.badOutput("charts_matplotlib.py", "no grind-rating.svg time")
            }
            ref.seconds.append(s)
            refBytes = (r["bytes"] as? [String: [String: Int]])?["grind-rating"]?["svg"] ?? 0
            points = (r["points"] as? [String: Int])?["grind-rating"] ?? 0
        }
        let ourBytes = try ctx.fileSize(file)
        return WorkloadResult(
            family: "charts", name: "grind-rating scatter SVG",
            detail: "\(ctx.brews)-brew journal, largest group (\(points) points): \(megabytes(ourBytes)) vs " +
                "matplotlib \(megabytes(refBytes))",
            ours: ours, references: [ref], target: "no chart file over 5 MB",
            extra: ["ours_bytes": Double(ourBytes), "matplotlib_bytes": Double(refBytes), "points": Double(points)])
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6)
            : String(format: "%.0f kB", Double(bytes) / 1e3)
    }
}
