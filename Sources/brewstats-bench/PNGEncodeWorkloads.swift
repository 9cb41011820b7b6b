import BrewCairo
@_spi(Benchmarks) import BrewCharts
import BrewImport
import BrewReport
import BrewStats
import Foundation

/// The charts of a 10,000-brew weekly report drawn and encoded as PNG (2×) in process, with BrewCairo's
/// libpng fast encoder against cairo's own PNG writer (`PNGEncoding.cairo`), alternating, on the same
/// surfaces. Drawing is the same on both sides, so the ratio understates the encoder's own speed-up; the
/// file sizes of both sides are reported in `extra`. This is the benchmark that justifies not using
/// `cairo_surface_write_to_png_stream`.
enum PNGEncodeWorkloads {
    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let store = try ctx.journal(brews: 10_000, format: "sqlite")
        let imported = try importJournal(at: store)
        var options = ReportOptions()
        options.stats.timeZone = try StatsOptions.zone("Europe/Berlin")
        let report = try PeriodReport(journal: imported.journal, journalName: store.lastPathComponent,
                                      importReport: imported.report, options: options)
        let charts = ReportCharts.all(report, options: options).map(\.chart)

        var fast = Measurement(subject: "brewstats", seconds: [])
        var cairo = Measurement(subject: "cairo_surface_write_to_png_stream", seconds: [])
        var fastBytes = 0, cairoBytes = 0
        for _ in 0..<ctx.repeats {
            let (a, ta) = try CSVParseWorkloads.timed {
                try charts.map { try ChartRenderer.renderPNG($0, encoding: .fast).count }
            }
            let (b, tb) = try CSVParseWorkloads.timed {
                try charts.map { try ChartRenderer.renderPNG($0, encoding: .cairo).count }
            }
            fast.seconds.append(ta)
            cairo.seconds.append(tb)
            fastBytes = a.reduce(0, +)
            cairoBytes = b.reduce(0, +)
        }
        return [WorkloadResult(
            family: "png-encode", name: "draw and encode a report's PNG charts",
            detail: "\(charts.count) charts of a 10,000-brew journal at 2×, in process, one core; "
                + "\(fastBytes / 1000) kB against \(cairoBytes / 1000) kB",
            ours: fast, references: [cairo], target: "the library's writer is the bottleneck: ours faster",
            extra: [
                "ours_bytes": Double(fastBytes), "cairo_bytes": Double(cairoBytes), "charts": Double(charts.count)])]
    }
}
