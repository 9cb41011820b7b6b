import BrewChartGallery
import BrewCairo
@_spi(Benchmarks) import BrewCharts
import BrewImport
import BrewReport
import BrewStats
import Foundation

/// How PNG compression settings trade file size against encoding time: the same packed pixels (every gallery chart
/// in the three themes, and the charts of a 1,000-brew weekly report, at 2×) encoded with each candidate zlib level,
/// strategy and row filter, in process, on one core. Drawing is done once, outside the timing; each candidate's
/// time is the median of `--repeats` passes over all the rasters, candidates interleaved within a pass.
///
/// Ours is the chosen setting (``PNGCompression/chosen``), the references every other candidate; `extra` holds each
/// candidate's total bytes (`bytes <candidate>`) and the table of all of them is printed to standard error.
enum PNGCompressionWorkloads {
    static let levels = [1, 2, 3, 6]
    static let filters: [PNGCompression.Filter] = [.none, .sub, .up, .adaptive]
    static let strategies: [PNGCompression.Strategy] = [.standard, .rle]

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        var rasters: [PNGRaster] = []
        for theme in [Theme.monochrome, .dark, .colour] {
            for (_, chart) in ChartGallery.charts() { rasters.append(try ChartRenderer.rasterPNG(chart, theme: theme)) }
        }
        let store = try ctx.journal(brews: 1_000, format: "sqlite")
        let imported = try importJournal(at: store)
        var options = ReportOptions()
        options.stats.timeZone = try StatsOptions.zone("Europe/Berlin")
        let report = try PeriodReport(journal: imported.journal, journalName: store.lastPathComponent,
                                      importReport: imported.report, options: options)
        for chart in ReportCharts.all(report, options: options).map(\.chart) {
            rasters.append(try ChartRenderer.rasterPNG(chart))
        }

        var candidates: [PNGCompression] = []
        for level in levels { for filter in filters { for strategy in strategies {
            candidates.append(PNGCompression(level: level, filter: filter, strategy: strategy))
        } } }
        if !candidates.contains(.chosen) { candidates.append(.chosen) }
        var seconds = [[Double]](repeating: [], count: candidates.count)
        var bytes = [Int](repeating: 0, count: candidates.count)
        for _ in 0..<ctx.repeats {
            for (index, candidate) in candidates.enumerated() {
                let (total, t) = try CSVParseWorkloads.timed {
                    try rasters.reduce(0) { $0 + (try $1.encoded(candidate).count) }
                }
                seconds[index].append(t)
                bytes[index] = total
            }
        }
        let raw = rasters.reduce(0) { $0 + $1.width * $1.height * $1.channels }
        var table = "png-compression: \(rasters.count) rasters, \(raw / 1000) kB packed; candidate, median ms, kB\n"
        let order = candidates.indices.sorted { bytes[$0] < bytes[$1] }
        for i in order {
            table += String(format: "  %-22@ %8.1f ms %8d kB\n", candidates[i].description as NSString,
                            Measurement.median(seconds[i]) * 1000, bytes[i] / 1000)
        }
        FileHandle.standardError.write(Data(table.utf8))
        let chosen = candidates.firstIndex(of: .chosen)!
        var extra: [String: Double] = ["rasters": Double(rasters.count), "packed_bytes": Double(raw)]
        for (i, c) in candidates.enumerated() { extra["bytes \(c)"] = Double(bytes[i]) }
        return [WorkloadResult(
            family: "png-compression", name: "encode the gallery's and a 1,000-brew report's PNG rasters",
            detail: "\(rasters.count) rasters at 2× (gallery in 3 themes + report), encode only, one core; "
                + "chosen \(PNGCompression.chosen): \(bytes[chosen] / 1000) kB",
            ours: Measurement(subject: "brewstats \(PNGCompression.chosen)", seconds: seconds[chosen]),
            references: candidates.indices.filter { $0 != chosen }.map {
                Measurement(subject: candidates[$0].description, seconds: seconds[$0])
            },
            target: "the smallest files at the encoding time of the former fast encoder or less",
            extra: extra)]
    }
}
