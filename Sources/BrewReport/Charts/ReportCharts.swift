import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// A chart of the report with the file stem it is written under (`brews-per-week` → `brews-per-week.png`).
public struct NamedChart: Sendable {
    public let stem: String
    public let title: String
    public let chart: Chart
}

/// What a chart is drawn from: the analysed journal, the report week, and summaries already computed
/// (a weekly report computes usage and grind-vs-rating for its tables; a single chart computes only its own).
public struct ChartSource: Sendable {
    public let analysis: BrewAnalysis
    public let week: IsoWeek?
    public let options: ReportOptions
    /// The month, year or range of days of a period report: its trend charts are drawn by the period's bucket
    /// (``TrendWindow``); `nil` for a weekly report.
    public var period: ReportPeriod?
    /// The last day a period report covers (today, for a period in progress); `nil` for all its days.
    public var coveredEnd: Day?
    var usage: EquipmentUsageSummary?
    var grind: GrindRatingSummary?

    public init(analysis: BrewAnalysis, week: IsoWeek?, options: ReportOptions) {
        self.analysis = analysis; self.week = week; self.options = options
    }

    init(_ report: PeriodReport, options: ReportOptions) {
        self.init(analysis: report.analysis, week: report.week, options: options)
        usage = report.usage
        grind = report.grindRating
        period = report.isPeriodReport ? report.period : nil
        coveredEnd = report.coveredDays?.upperBound
    }
}

/// The report's charts: each kind's builder (``ChartKind/builder``, `Charts/Kinds/`) adapts the statistics layer's
/// results to chart specs; this gathers them and keeps what the kinds share (file stems, curves, dates).
public enum ReportCharts {
    /// Every chart of a weekly report: each kind's charts (``ChartBuilder/reportJobs(_:_:options:)``), in the order
    /// of ``ChartKind/allCases``.
    public static func all(_ report: PeriodReport, options: ReportOptions) -> [NamedChart] {
        let source = ChartSource(report, options: options)
        // Names and titles are settled here in order; each chart is then built from the statistics by its own job.
        // For a large journal of a single report the jobs run on all cores: the control and rest charts of a million
        // brews take ~150 ms to build, and one after the other they left a core idle. Each holds columns of every
        // brew while it is built, so two at once raise the peak memory by ~10 MB for those ~50 ms. A batch (already
        // busy on every core) and a small journal build them one after the other.
        // Each job's cost is the brews it reads (``ChartJob/cost``); the largest start first (the rest chart, last in
        // order, used to start last and hold one core alone for ~50 ms).
        let jobs = ChartKind.allCases.flatMap { $0.builder.reportJobs(report, source, options: options) }
        let work = options.parallelRendering ? report.analysis.journal.brews.count : 0
        let built = parallelMap(jobs.count, work: work, largestFirst: { jobs[$0].cost }) { k in jobs[k].make() }
        return jobs.indices.map { NamedChart(stem: jobs[$0].stem, title: jobs[$0].title, chart: built[$0]) }
    }

    /// The file stems of the report's dial-in charts, keyed by position in ``PeriodReport/periodBeans``: one for each
    /// of the first `limit` beans of the week whose advice rests on brews of the bag (the report draws
    /// ``ReportOptions/grindCharts`` of them), named `dial-in-<bean>-<grinder>-<method>`.
    static func dialInStems(_ report: PeriodReport, limit: Int) -> [Int: String] {
        var naming = OutputNaming(reserved: [])
        var out: [Int: String] = [:]
        for (k, p) in report.periodBeans.enumerated() where out.count < max(0, limit) {
            guard let advice = report.periodAdvice[k], !advice.points.isEmpty else { continue }
            let file = URL(fileURLWithPath: slugText("\(p.bean)-\(p.grinder)-\(p.method)"), isDirectory: false)
            let slug = naming.name(for: file)
            out[k] = "dial-in-\(slug)"
        }
        return out
    }

    /// One chart of `kind`, computing only what it needs (``ChartBuilder/chart(_:espresso:)``). For `grindRating`,
    /// the group with most brews (a filtered journal usually holds one grinder × method).
    public static func chart(_ kind: ChartKind, _ source: ChartSource, espresso: Bool = false) -> Chart {
        kind.builder.chart(source, espresso: espresso)
    }

    /// A LOESS curve as chart points: its distinct points (``LoessCurve`` keeps each run of tied points once).
    ///
    /// A 1,000,000-brew journal's curve of ratings by days off roast holds a few hundred distinct points: the
    /// curve drawn is the same as through every input point, and the chart carries (and the renderer walks)
    /// only the distinct ones.
    static func curvePoints(_ curve: LoessCurve) -> [CurvePoint] {
        zip(curve.distinctX, curve.fitted).map { CurvePoint(x: $0, y: $1) }
    }

    /// Monday 00:00 of `week` in `zone`.
    static func weekStart(_ week: IsoWeek, _ zone: TimeZone) -> Date {
        LocalCalendar.midnight(of: week.firstDay, in: zone)
    }

    /// Lower-case slug for file names (`Comandante C40-V60` → `comandante-c40-v60`).
    static func slugText(_ s: String) -> String {
        var out = ""
        var dash = false
        for ch in s.lowercased() {
            if ch.isLetter || ch.isNumber {
                out.append(ch); dash = false
            } else if !dash && !out.isEmpty {
                out.append("-"); dash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "group" : String(out.prefix(60))
    }
}

extension ReportCharts {
    /// Draws one chart of `kind` into `url`, the format taken from its extension (`png`, `svg`, `pdf`).
    ///
    /// - Throws: ``ReportError/invalidArgument(_:)`` for another extension, ``ReportError/output(path:reason:)``
    ///   when the file cannot be written.
    public static func write(_ kind: ChartKind, _ source: ChartSource, espresso: Bool = false, to url: URL,
                             pngScale: Double = 2) throws(ReportError) {
        guard let format = ChartImageFormat(fileExtension: url.pathExtension) else {
            throw .invalidArgument(
                "cannot tell the chart format from '\(url.lastPathComponent)': use .png, .svg or .pdf")
        }
        let chosen: ChartImageFormat = if case .png = format { .png(scale: pngScale) } else { format }
        do {
            try ChartRenderer.write(chart(kind, source, espresso: espresso), to: url, format: chosen,
                                    theme: source.options.theme)
        } catch {
            throw .cannotWrite(url.path, error)
        }
    }
}
