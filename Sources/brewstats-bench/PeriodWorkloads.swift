import BrewAdvice
import BrewImport
import BrewReport
import BrewStats
import Foundation

/// Reports of a period: `brewstats report --year 2026` on a 100,000-brew generated store (seed 42, Europe/Berlin),
/// process start to finish (import, statistics, charts in PNG and SVG, `report.pdf`, `index.html`), against the
/// weekly report of the same store as a yardstick. The in-process part, importing the store once untimed and then
/// building the year's ``PeriodReport`` (summaries, period comparison, totals, bean findings), goes into `extra`
/// as `year_statistics_s`.
enum PeriodWorkloads {
    static let timeZone = "Europe/Berlin"

    static func run(_ ctx: BenchContext) throws -> [WorkloadResult] {
        let brews = 100_000
        let store = try ctx.journal(brews: brews, format: "sqlite")
        let out = try ctx.scratchFolder("periods")
        defer { try? FileManager.default.removeItem(at: out) }
        let common = ["--tz", timeZone, "--formats", "png,svg", "--today", "2026-11-25"]
        // CPU time of the year runs (user + system, all threads), from the reaped children's usage: steadier than
        // wall time on a busy machine.
        let cpuBefore = childrenCPUSeconds()
        let year = try ctx.measure("brewstats --year", [ctx.brewstats, "report", store.path, "--year", "2026",
                                                         "--out", out.appendingPathComponent("year").path] + common)
        let yearCPU = (childrenCPUSeconds() - cpuBefore) / Double(max(1, ctx.repeats))
        print(String(format: "  year report CPU (user + system, mean per run): %.0f ms", yearCPU * 1000))
        let week = try ctx.measure("weekly report", [ctx.brewstats, "report", store.path,
                                                     "--out", out.appendingPathComponent("week").path] + common)
        for name in ["period_summary.csv", "totals.csv", "brews-per-month.svg"]
        where !FileManager.default.fileExists(atPath: out.appendingPathComponent("year/\(name)").path) {
            throw BenchError.badOutput("year", "no \(name) in the year report")
        }

        // The statistics alone, in process.
        var importOptions = PeriodReport.importOptions(ImportOptions())
        importOptions.timeZone = TimeZone(identifier: timeZone)!
        let journal = try importJournal(at: store, options: importOptions).journal
        var options = ReportOptions()
        options.stats.timeZone = TimeZone(identifier: timeZone)!
        options.period = .named(.year(2026))
        var seconds: [Double] = []
        for _ in 0..<ctx.repeats {
            let began = Date()
            let report = try PeriodReport(journal: journal, journalName: "bench", importReport: nil, options: options)
            seconds.append(Date().timeIntervalSince(began))
            precondition(report.periodSummary != nil)
        }
        let statistics = Measurement(subject: "year statistics", seconds: seconds).median
        print(String(format: "  year report statistics in process: %.0f ms (median)", statistics * 1000))
        // Where the statistics' time goes, stage by stage (one run each, after the timed ones).
        var clock = Date()
        func lap(_ what: String) {
            print(String(format: "    %@ %.0f ms", what, Date().timeIntervalSince(clock) * 1000))
            clock = Date()
        }
        let analysis = BrewAnalysis(journal: journal, options: options.stats)
        lap("derive")
        _ = (analysis.equipmentUsage(), analysis.weekly(), analysis.methodStats())
        lap("usage, weekly, methods")
        _ = analysis.grindRating(curves: true)
        lap("grind rating")
        _ = (analysis.periodSummary(.year(2026)), analysis.totals(.year(2026)))
        lap("period summary, totals")
        let beans = analysis.beanProgress(days: ReportPeriod.year(2026).days)
        lap("bean progress (\(beans.count))")
        let rows = DialInRows(journal)
        for p in beans.prefix(options.grindCharts) {
            _ = try? DialInAdvisor.advise(journal: journal, grinder: p.grinderIndex, method: p.methodIndex,
                bean: p.beanIndex, rows: rows)
        }
        lap("advice (\(min(beans.count, options.grindCharts)), serial)")
        let report = try PeriodReport(journal: journal, journalName: "bench", importReport: nil, options: options)
        clock = Date()
        var formats = options
        formats.formats = [.png(scale: 2), .svg]
        try ReportWriter.write(report, options: formats, to: out.appendingPathComponent("in-process"))
        lap("charts, report.pdf, index.html (writing)")
        return [WorkloadResult(
            family: "periods", name: "year report",
            detail: "\(brews)-brew store, --year 2026, PNG + SVG + PDF, process start to finish",
            ours: year, references: [week], target: "< 0.5 s",
            extra: ["year_statistics_s": statistics, "year_cpu_s": yearCPU])]
    }

    /// User + system CPU seconds of every child process reaped so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
