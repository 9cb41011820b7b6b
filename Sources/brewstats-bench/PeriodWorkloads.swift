import BrewImport
import BrewReport
import BrewStats
import Foundation

/// Reports of a period: `brewstats report --year 2026` on a 100,000-brew generated store (seed 42, Europe/Berlin),
/// process start to finish (import, statistics, charts in PNG and SVG, `report.pdf`, `index.html`), against the
/// weekly report of the same store as a yardstick. The in-process part, importing the store once untimed and then
/// building the year's ``WeeklyReport`` (summaries, period comparison, totals, bean findings), goes into `extra`
/// as `year_statistics_s`.
enum PeriodWorkloads {
    static let timeZone = "Europe/Berlin"

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let brews = 100_000
        let store = try ctx.journal(brews: brews, format: "sqlite")
        let out = try ctx.scratchFolder("periods")
        defer { try? FileManager.default.removeItem(at: out) }
        let common = ["--tz", timeZone, "--formats", "png,svg", "--today", "2026-11-25"]
        let year = try ctx.measure("brewstats --year", [ctx.brewstats, "report", store.path, "--year", "2026",
                                                         "--out", out.appendingPathComponent("year").path] + common)
        let week = try ctx.measure("weekly report", [ctx.brewstats, "report", store.path,
                                                     "--out", out.appendingPathComponent("week").path] + common)
        for name in ["period_summary.csv", "totals.csv", "brews-per-month.svg"]
        where !FileManager.default.fileExists(atPath: out.appendingPathComponent("year/\(name)").path) {
            throw BenchError.badOutput("year", "no \(name) in the year report")
        }

        // The statistics alone, in process.
        var importOptions = WeeklyReport.importOptions(ImportOptions())
        importOptions.timeZone = TimeZone(identifier: timeZone)!
        let journal = try importJournal(at: store, options: importOptions).journal
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: timeZone)!
        options.period = .year(2026)
        var seconds: [Double] = []
        for _ in 0..<ctx.repeats {
            let began = Date()
            let report = try WeeklyReport(journal: journal, journalName: "bench", importReport: nil, options: options)
            seconds.append(Date().timeIntervalSince(began))
            precondition(report.periodSummary != nil)
        }
        let statistics = Measurement(subject: "year statistics", seconds: seconds).median
        print(String(format: "  year report statistics in process: %.0f ms (median)", statistics * 1000))
        return [WorkloadResult(
            family: "periods", name: "year report", detail: "\(brews)-brew store, --year 2026, PNG + SVG + PDF, process start to finish",
            ours: year, references: [week], target: "< 0.5 s", extra: ["year_statistics_s": statistics])]
    }
}
