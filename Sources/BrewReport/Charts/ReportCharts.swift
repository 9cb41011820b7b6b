import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// The seven chart kinds of brewstats, as the CLI names them.
public enum ChartKind: String, Sendable, CaseIterable {
    case brewsPerWeek = "brews-per-week"
    case ratingTrend = "rating-trend"
    case extractionTrend = "extraction-trend"
    case grindRating = "grind-rating"
    case equipmentUsage = "equipment-usage"
    case controlChart = "control-chart"
    case restRating = "rest-rating"

    /// A one-line description for help texts (``ChartRecipe/summary``).
    public var summary: String { recipe.summary }
}

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
    /// (``ReportCharts/periodChart(_:_:period:)``); `nil` for a weekly report.
    public var period: ReportPeriod?
    /// The last day a period report covers (today, for a period in progress); `nil` for all its days.
    public var coveredEnd: Day?
    var usage: EquipmentUsageSummary?
    var grind: GrindRatingSummary?

    public init(analysis: BrewAnalysis, week: IsoWeek?, options: ReportOptions) {
        self.analysis = analysis; self.week = week; self.options = options
    }

    init(_ report: WeeklyReport, options: ReportOptions) {
        self.init(analysis: report.analysis, week: report.week, options: options)
        usage = report.usage
        grind = report.grindRating
        period = report.isPeriodReport ? report.period : nil
        coveredEnd = report.coveredDays?.upperBound
    }
}

/// Adapts the statistics layer's results to chart specs: the only place that knows both sides.
public enum ReportCharts {
    /// Every chart of a weekly report: the seven kinds, with one grind-vs-rating chart per group drawn
    /// (``ReportOptions/grindCharts`` groups with most brews, per-bean groups included) and both control charts.
    public static func all(_ report: WeeklyReport, options: ReportOptions) -> [NamedChart] {
        let source = ChartSource(report, options: options)
        // Names and titles are settled here in order; each chart is then built from the statistics by its own job.
        // For a large journal of a single report the jobs run on all cores: the control and rest charts of a million
        // brews take ~150 ms to build, and one after the other they left a core idle. Each holds columns of every
        // brew while it is built, so two at once raise the peak memory by ~10 MB for those ~50 ms. A batch (already
        // busy on every core) and a small journal build them one after the other.
        // Each job's cost is the brews it reads (a chart of weeks or equipment reads summaries: 0); the largest
        // start first (the rest chart, last in order, used to start last and hold one core alone for ~50 ms).
        let brews = report.analysis.journal.brews.count
        var jobs: [(stem: String, title: String, cost: Int, make: @Sendable () -> Chart)] = []
        for kind in ChartKind.allCases {
            switch kind {
            case .grindRating:
                let groups = grindGroups(report.grindRating).prefix(max(0, options.grindCharts))
                if groups.isEmpty {
                    jobs.append((kind.rawValue, "Grind vs rating", 0, { chart(kind, source) }))
                }
                var naming = OutputNaming(reserved: [])
                let journal = report.analysis.journal
                for g in groups {
                    let who = ([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: "-")
                    let slug = naming.name(for: URL(fileURLWithPath: slugText(who), isDirectory: false))
                    jobs.append(("grind-rating-\(slug)", report.sentence(g), g.n, { grindChart(g, journal: journal) }))
                }
                for (k, stem) in dialInStems(report, limit: options.grindCharts).sorted(by: { $0.key < $1.key }) {
                    guard let advice = report.weekAdvice[k] else { continue }
                    let p = report.weekBeans[k]
                    jobs.append((stem, "Dial-in — \(p.bean) · \(p.grinder) × \(p.method): \(BeanFinding.next(advice) ?? "")",
                                 0, { DialInChart.chart(advice) }))
                }
            case .controlChart:
                let of = source.period.map { ", \($0.name)" } ?? ""
                jobs.append(("control-chart", "Brewing control chart — filter\(of)", brews, { chart(kind, source, espresso: false) }))
                jobs.append(("control-chart-espresso", "Brewing control chart — espresso\(of)", brews, { chart(kind, source, espresso: true) }))
            case .restRating:
                jobs.append((kind.rawValue, kind.summary + (source.period.map { ", \($0.name)" } ?? ""), brews, { chart(kind, source) }))
            case .brewsPerWeek, .ratingTrend, .extractionTrend:
                if let p = source.period, let measure = kind.recipe.trend {
                    jobs.append((periodStem(kind, p), periodTitle(measure, p), 0, { chart(kind, source) }))
                } else {
                    jobs.append((kind.rawValue, kind.summary, 0, { chart(kind, source) }))
                }
            case .equipmentUsage:
                jobs.append((kind.rawValue, kind.summary, 0, { chart(kind, source) }))
            }
        }
        let work = options.parallelRendering ? brews : 0
        let built = parallelMap(jobs.count, work: work, largestFirst: { jobs[$0].cost }) { [jobs] k in jobs[k].make() }
        return jobs.indices.map { NamedChart(stem: jobs[$0].stem, title: jobs[$0].title, chart: built[$0]) }
    }

    /// The file stems of the report's dial-in charts, keyed by position in ``WeeklyReport/weekBeans``: one for each
    /// of the first `limit` beans of the week whose advice rests on brews of the bag (the report draws
    /// ``ReportOptions/grindCharts`` of them), named `dial-in-<bean>-<grinder>-<method>`.
    static func dialInStems(_ report: WeeklyReport, limit: Int) -> [Int: String] {
        var naming = OutputNaming(reserved: [])
        var out: [Int: String] = [:]
        for (k, p) in report.weekBeans.enumerated() where out.count < max(0, limit) {
            guard let advice = report.weekAdvice[k], !advice.points.isEmpty else { continue }
            let slug = naming.name(for: URL(fileURLWithPath: slugText("\(p.bean)-\(p.grinder)-\(p.method)"), isDirectory: false))
            out[k] = "dial-in-\(slug)"
        }
        return out
    }

    /// One chart of `kind`, computing only what it needs. For `grindRating`, the group with most brews
    /// (a filtered journal usually holds one grinder × method).
    public static func chart(_ kind: ChartKind, _ source: ChartSource, espresso: Bool = false) -> Chart {
        let a = source.analysis
        let o = source.options
        switch kind {
        case .brewsPerWeek: return trendChart(.brews, source)
        case .ratingTrend: return trendChart(.rating, source)
        case .extractionTrend: return trendChart(.extraction, source)
        case .grindRating:
            let summary = source.grind ?? a.grindRating(curves: true)
            guard let g = grindGroups(summary).first ?? rankedGroups(summary).first else {
                return BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "—", method: "—", grindSettings: [], ratings: []))
            }
            return grindChart(g, journal: a.journal)
        case .equipmentUsage:
            let rows = (source.usage ?? a.equipmentUsage()).rows
            let methods = rows.filter { $0.kind == .method }.map { UsageCount(name: $0.name, count: $0.brews) }
            let grinders = rows.filter { $0.kind == .grinder }.map { UsageCount(name: $0.name, count: $0.brews) }
            return BrewstatsCharts.equipmentUsage(methods: methods, grinders: grinders)
        case .controlChart:
            let t = a.journal.brews, e = a.derived.extractionYield, s = a.derived.strength
            // The brews as three columns (EY, TDS, method code), the method named once per code, not per brew; the
            // selection (``BrewAnalysis/controlChartRows(espresso:in:)``) is the statistics layer's.
            let rows = a.controlChartRows(espresso: espresso, in: source.period)
            let extraction = Kernel.take(e, rows), strength = Kernel.take(s, rows)
            let methods = Kernel.takeCodes(t.method, rows)
            // The filter chart's note counts the brews with an EY that are on neither chart.
            let left = espresso ? [:] : a.categoryCounts(a.measuredRows(in: source.period)).filter { category, _ in
                !category.isOnControlChart(espresso: false) && category != .espresso
            }
            var chart = BrewstatsCharts.brewingControlChart(extraction: extraction, tds: strength, groups: methods,
                                                            groupNames: a.journal.methods.map(\.displayName),
                                                            kind: espresso ? .espresso : .filter(retention: o.stats.retentionFactor),
                                                            emptyMessage: periodReason(emptyReason(kind, a, espresso: espresso), source))
            if chart.emptyMessage == nil { chart.notes.insert(controlChartNote(espresso: espresso, leftOut: left), at: 0) }
            if let p = source.period, chart.emptyMessage == nil { chart.notes.insert("Brews dated in \(p.name) only.", at: 0) }
            return chart
        case .restRating:
            let t = a.journal.brews, d = a.derived.daysOffRoast
            let rows = a.restChartRows(in: source.period)
            let days = Kernel.take(d, rows), ratings = Kernel.take(t.rating, rows)
            let kinds = a.categories(rows).map(restKind)
            // The LOESS curve only where the evidence rules allow one (enough brews on enough distinct days).
            let curve = EvidenceRules.drawsCurve(x: days) ? curvePoints(a.restCurve(days: days, ratings: ratings)) : []
            // Espresso and filter brews are told apart: their best rest times differ.
            var chart = BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: ratings, loess: curve,
                                                             groupCodes: kinds, groupNames: restKinds)
            if let p = source.period, chart.emptyMessage == nil { chart.notes.insert("Brews dated in \(p.name) only.", at: 0) }
            return chart
        }
    }

    /// The chart of a trend kind (``ChartRecipe/trend``): `measure` per week over the ``StatsOptions/chartWeeks``
    /// weeks ending at the report week, or, in a period report, per bucket over the period and the period before
    /// (``periodChart(_:_:period:)``).
    static func trendChart(_ measure: TrendMeasure, _ source: ChartSource) -> Chart {
        let a = source.analysis
        let o = source.options
        let zone = o.stats.timeZone
        if let p = source.period { return periodChart(measure, source, period: p) }
        let (rows, rolling) = weeklySeries(source)
        let starts = rows.map { weekStart($0.week, zone) }
        let highlight = source.week.map { weekStart($0, zone) }
        switch measure {
        case .brews:
            let weeks = rows.indices.map { WeekCount(weekStart: starts[$0], label: rows[$0].week.label, count: rows[$0].brews) }
            let first = a.derived.weekSpan.map { weekStart($0.lowerBound, zone) }
            return BrewstatsCharts.brewsPerWeek(weeks, endingWeek: starts.last, weekCount: o.stats.chartWeeks,
                                                journalStart: first, timeZone: zone)
        case .rating:
            // Only the rating trend needs the per-week counts of rated brews (one pass over the journal).
            let counts = weeklyTrend(rows, a)
            let weekly = rows.indices.compactMap { i in
                rows[i].meanRating.map { WeeklyValue(weekStart: starts[i], value: $0, count: counts?.rating[i].n ?? 0) }
            }
            let line = rows.indices.compactMap { i in rolling[i].map { DatedValue(date: starts[i], value: $0) } }
            return BrewstatsCharts.ratingTrend(weekly: weekly, rolling: line, windowWeeks: o.stats.rollingWeeks,
                                               reportWeek: highlight, timeZone: zone, emptyMessage: emptyReason(.ratingTrend, a))
        case .extraction:
            // Filter and espresso apart, and the ideal range judged brew by brew.
            let ex = weeklyTrend(rows, a)
            func series(_ values: [MeanCount]?) -> [WeeklyValue] {
                rows.indices.compactMap { i in
                    guard let v = values, let m = v[i].mean else { return nil }
                    return WeeklyValue(weekStart: starts[i], value: m, count: v[i].n)
                }
            }
            return BrewstatsCharts.extractionTrend(weekly: series(ex?.filter), espresso: series(ex?.espresso),
                                                   brewsInside: ex?.inside, ideal: o.stats.filterIdeal.extraction,
                                                   reportWeek: highlight, timeZone: zone, emptyMessage: emptyReason(.extractionTrend, a))
        }
    }

    /// The chart window's weeks (`rows`, consecutive) as a ``PeriodTrend`` by ISO week: per week the rated brews
    /// and the filter and espresso mean EY with their n; `nil` without weeks.
    static func weeklyTrend(_ rows: [WeeklyRow], _ a: BrewAnalysis) -> PeriodTrend? {
        guard let first = rows.first?.week, let last = rows.last?.week else { return nil }
        return a.periodTrend(first.firstDay...last.lastDay, bucket: .week)
    }

    /// The groups of the rest charts, as codes into ``restKinds``: espresso and filter brews, whose best rest times
    /// differ.
    static let restKinds = ["Espresso", "Filter"]
    static func restKind(_ category: MethodCategory) -> Int32 { category.isEspresso ? 0 : 1 }

    /// Weekly rows for the chart window (``StatsOptions/chartWeeks`` weeks ending at the report week) and the
    /// rolling mean rating, which looks back ``StatsOptions/rollingWeeks`` weeks, before the window too.
    static func weeklySeries(_ source: ChartSource) -> (rows: [WeeklyRow], rolling: [Double?]) {
        guard let end = source.week ?? source.analysis.latestWeek else { return ([], []) }
        let n = max(source.options.stats.chartWeeks, 1)
        let look = max(source.options.stats.rollingWeeks, 1) - 1
        let rows = source.analysis.weeklyRows(from: end.advanced(by: -(n - 1 + look)), to: end)
        let rolling = Trend.rollingMean(rows.map(\.meanRating), window: source.options.stats.rollingWeeks)
        return (Array(rows.suffix(n)), Array(rolling.suffix(n)))
    }

    /// Grind-vs-rating groups worth drawing (n ≥ 3), most brews first; ties by grinder, method, bean name.
    /// Every grinder × method group over all its beans, most brews first (ties: grinder, then method): the group
    /// a grind chart draws when none has 3 brews (``grindGroups(_:)``), so a one-brew group is never drawn while
    /// another has two.
    static func rankedGroups(_ summary: GrindRatingSummary) -> [GrindRatingGroup] {
        summary.groups.filter { $0.bean == nil }.sorted {
            if $0.n != $1.n { return $0.n > $1.n }
            return ($0.grinder, $0.method) < ($1.grinder, $1.method)
        }
    }

    static func grindGroups(_ summary: GrindRatingSummary) -> [GrindRatingGroup] {
        summary.groups.filter { $0.n >= 3 }.sorted {
            if $0.n != $1.n { return $0.n > $1.n }
            return ($0.grinder, $0.method, $0.bean ?? "") < ($1.grinder, $1.method, $1.bean ?? "")
        }
    }

    /// The grind-vs-rating chart of one group: its points, LOESS curve, quadratic fit (whose vertex is the sweet
    /// spot) and the group's setting grid (``GrindSetting/grid(_:observed:)``), so the chart draws and labels the
    /// sweet spot at the setting the report's findings state.
    ///
    /// When the evidence rules hold back the sweet spot or the curve, a note says so and what they need.
    static func grindChart(_ g: GrindRatingGroup, journal: Journal) -> Chart {
        var chart = BrewstatsCharts.grindVsRating(grindInput(g, journal: journal))
        if let note = evidenceNote(g), chart.emptyMessage == nil { chart.notes.append(note) }
        return chart
    }

    /// "Too few brews to state a sweet spot (5 on 4 settings; it needs 8 on 4) or to draw a LOESS curve (needs 10
    /// on 5)." for a group the ``EvidenceRules`` hold back, or "No clear peak: …" when only the R² rule holds its
    /// sweet spot back; `nil` when nothing is held back.
    static func evidenceNote(_ g: GrindRatingGroup) -> String? {
        let settings = g.points.distinctX.count
        var held: [String] = []
        if g.sweetSpot != nil, !EvidenceRules.statesSweetSpot(n: g.n, distinctSettings: settings) {
            held.append("state a sweet spot (it needs \(EvidenceRules.sweetSpotMinimumBrews) on \(EvidenceRules.sweetSpotMinimumSettings))")
        }
        if g.curve != nil, !EvidenceRules.drawsCurve(n: g.n, distinctX: settings) {
            held.append("draw a LOESS curve (it needs \(EvidenceRules.curveMinimumBrews) on \(EvidenceRules.curveMinimumSettings))")
        }
        guard !held.isEmpty else {
            // Enough brews, but the curve explains too little of the ratings for its peak to be a sweet spot.
            guard g.sweetSpot != nil, !g.statesSweetSpot else { return nil }
            let r2 = Int(((g.quadraticR2 ?? 0) * 100).rounded())
            return "No clear peak: the quadratic fit explains \(r2) % of the ratings' spread; a sweet spot needs \(Int(EvidenceRules.sweetSpotMinimumR2 * 100)) %."
        }
        return "Too few brews (\(g.n) on \(settings) setting\(settings == 1 ? "" : "s")) to \(held.joined(separator: " or to "))."
    }

    /// The chart input of ``grindChart(_:journal:)``: the group's distinct points with their counts.
    ///
    /// ``EvidenceRules`` decide what is drawn: the LOESS curve only with ``EvidenceRules/drawsCurve(n:distinctX:)``,
    /// the sweet spot only with ``GrindRatingGroup/statesSweetSpot`` (the findings' rule); the caption gives n and the
    /// quadratic fit's R² (``GrindRatingGroup/quadraticR2``).
    static func grindInput(_ g: GrindRatingGroup, journal: Journal) -> GrindRatingInput {
        let settings = g.points.distinctX
        let curve = EvidenceRules.drawsCurve(n: g.n, distinctX: settings.count) ? (g.curve.map(curvePoints) ?? []) : []
        let spot = g.statesSweetSpot ? g.sweetSpot : nil
        let grinder = journal.grinders.indices.contains(g.grinderIndex) ? journal.grinders[g.grinderIndex] : nil
        let grid = GrindSetting.grid(grinder, observed: settings)
        return GrindRatingInput(grinder: g.grinder, method: g.method, bean: g.bean, grindSettings: g.points.x,
                                ratings: g.points.y, counts: g.points.counts, loess: curve, sweetSpot: spot,
                                rSquared: g.quadraticR2,
                                quadratic: g.quadratic.map { QuadraticCurve(a: $0.a, b: $0.b, c: $0.c) },
                                settingStep: grid?.step, settingAnchor: grid?.anchor ?? 0)
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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = week.firstDay.civil
        return calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Lower-case slug for file names (`Comandante C40-V60` → `comandante-c40-v60`).
    static func slugText(_ s: String) -> String {
        var out = ""
        var dash = false
        for ch in s.lowercased() {
            if ch.isLetter || ch.isNumber { out.append(ch); dash = false } else if !dash && !out.isEmpty { out.append("-"); dash = true }
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
            throw .invalidArgument("cannot tell the chart format from '\(url.lastPathComponent)': use .png, .svg or .pdf")
        }
        let chosen: ChartImageFormat = if case .png = format { .png(scale: pngScale) } else { format }
        do {
            try ChartRenderer.write(chart(kind, source, espresso: espresso), to: url, format: chosen, theme: source.options.theme)
        } catch {
            throw .cannotWrite(url.path, error)
        }
    }
}
