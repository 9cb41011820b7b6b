import BrewCharts
import BrewColumns
import BrewStats
import Foundation

/// One chart on demand (`brewstats chart`): filter the journal, check the brews left hold something the chart
/// draws, draw it into a file.
///
/// Filters that match nothing are errors (``JournalFilter/apply(to:timeZone:)``), and so are filters that match
/// brews none of which the chart can use — a filter control chart of espresso brews, a rating trend of brews
/// without ratings: ``ReportError/nothingToDraw(chart:missing:)`` says what is missing, and no file is written.
/// Without filters an empty journal still draws the chart's "no brews in this period" panel.
public struct SingleChart: Sendable {
    public var kind: ChartKind
    public var filter = JournalFilter()
    /// For the control chart: the espresso ranges instead of the filter ones.
    public var espresso = false
    /// The week the trend charts end at; `nil` for the latest week with brews.
    public var week: IsoWeek?
    /// A month, a year or a range of days: the chart its report draws (``periodSource(_:period:)``); `nil` for a
    /// week.
    public var period: ReportPeriod?
    public var options = ReportOptions()
    /// PNG scale factor.
    public var pngScale = 2.0

    public init(kind: ChartKind) { self.kind = kind }

    /// The brew-column groups this chart reads: imported with these (``ImportOptions/columns``), a journal gives the
    /// very chart a full import gives, byte for byte, without the rest being read.
    ///
    /// Besides the always-read columns (dates, method with its category), which the week window and a `--method`
    /// filter use, and the grinder and bean when a `--grinder` or `--bean` filter needs them:
    ///
    /// | kind | groups | what it draws |
    /// | --- | --- | --- |
    /// | brews-per-week | none | brews per week |
    /// | rating-trend | rating | weekly mean rating, rolling mean |
    /// | extraction-trend | masses, TDS | weekly mean EY (beverage mass from the masses, category from the method) |
    /// | grind-rating | grinder, bean, grind setting, rating | grind vs rating per grinder × method (× bean) |
    /// | equipment-usage | grinder | brews per method and grinder (the usage rows' ratings and ratios are not drawn) |
    /// | control-chart | masses, TDS | EY vs TDS, filter or espresso by category |
    /// | rest-rating | bean, rating | rating vs days off roast (roast date from the bean) |
    ///
    /// The one exception is the projection's own (``ImportOptions/columns``): a brew that a full import rejects only
    /// for a malformed value in a column this chart does not read is kept, and drawn.
    public var columns: BrewColumnSet {
        var set = Self.columns(for: kind)
        if filter.grinder != nil { set.insert(.grinder) }
        if filter.bean != nil { set.insert(.bean) }
        return set
    }

    /// The groups a chart of `kind` reads without filters (see ``columns``).
    public static func columns(for kind: ChartKind) -> BrewColumnSet {
        kind.recipe.columns
    }

    /// Draws the chart of `journal` into `url`, the format taken from its extension.
    ///
    /// - Returns: The number of brews the chart draws (``make(_:)``).
    /// - Throws: ``ReportError/invalidArgument(_:)`` for an extension other than `png`, `svg`, `pdf`;
    ///   ``ReportError/noMatch(filter:value:known:)`` and ``ReportError/noBrews(what:)`` from the filters and the
    ///   week; ``ReportError/nothingToDraw(chart:missing:)`` when filters leave nothing to draw;
    ///   ``ReportError/output(path:reason:)`` when the file cannot be written.
    @discardableResult
    public func write(_ journal: Journal, to url: URL) throws(ReportError) -> Int {
        try writeChart(journal, to: url).drawn
    }

    /// ``write(_:to:)``, also returning the chart's notes (they say, for instance, which grind group was drawn).
    public func writeChart(_ journal: Journal, to url: URL) throws(ReportError) -> (drawn: Int, notes: [String]) {
        guard let format = ChartImageFormat(fileExtension: url.pathExtension) else {
            throw .invalidArgument("cannot tell the chart format from '\(url.lastPathComponent)': use .png, .svg or .pdf")
        }
        let (chart, drawn) = try make(journal)
        let chosen: ChartImageFormat = if case .png = format { .png(scale: pngScale) } else { format }
        do {
            try ChartRenderer.write(chart, to: url, format: chosen, theme: options.theme)
        } catch {
            throw .cannotWrite(url.path, error)
        }
        return (drawn, chart.notes)
    }

    /// The chart of `journal` and the number of brews it draws: the count a caller prints equals what is drawn.
    ///
    /// | kind | brews drawn |
    /// | --- | --- |
    /// | brews-per-week | brews in the chart's weeks |
    /// | rating-trend | rated brews in the chart's weeks |
    /// | extraction-trend | brews with an extraction yield in the chart's weeks |
    /// | grind-rating | the brews of the one grinder × method group drawn (see below) |
    /// | equipment-usage | every brew the filters kept |
    /// | control-chart | brews of the chart's categories with an extraction yield |
    /// | rest-rating | rated brews of a bean with a roast date |
    ///
    /// A grind-vs-rating chart shows one grinder × method group: the one with most brews among those the filters
    /// kept. When the brews kept fall in several groups, the chart's note names the group drawn with its n and
    /// the others with theirs, and says to pick one with `--grinder` and `--method`.
    ///
    /// A `--week` with no brew in it nor in the week before is refused as the weekly report refuses it
    /// (``ReportError/noBrews(what:)``), rather than drawn as empty weeks. A ``period`` without brews is no error:
    /// the chart is drawn empty and says so, as the period's report does; with a filter, nothing to draw is an
    /// error as above. For a period the trend charts count the brews in the period and the period before, and
    /// the control and rest charts the brews of the period (``periodSource(_:period:)``).
    public func make(_ journal: Journal) throws(ReportError) -> (chart: Chart, kept: Int) {
        let zone = options.stats.timeZone
        let filtered = try filter.apply(to: journal, timeZone: zone)
        let source: ChartSource
        if let period {
            source = periodSource(filtered, period: period)
        } else {
            let analysis = BrewAnalysis(journal: filtered, options: options.stats)
            if let week, analysis.weekSummary(week: week).map({ $0.this.brews + $0.previous.brews }) ?? 0 == 0 {
                throw .noBrews(what: "in \(week.label) or the week before it")
            }
            source = ChartSource(analysis: analysis, week: week, options: options)
        }
        let analysis = source.analysis
        let kept = filtered.brews.count
        if !filter.isEmpty, let missing = missing(source, matched: kept) {
            throw .nothingToDraw(chart: kind.rawValue, missing: missing)
        }
        var chart = ReportCharts.chart(kind, source, espresso: espresso)
        // The group drawn pools the matched bags of the bean (its all-beans row): say which bean it is.
        if kind == .grindRating, let label = beanLabel(filtered),
           !chart.title.contains(label), !(chart.subtitle ?? "").contains(label) {
            chart.title += " · \(label)"
        }
        var drawn = kept
        if kind == .grindRating {
            let summary = analysis.grindRating()
            // Groups of 3 or more brews; without any, every group (the chart draws the one with most brews, as
            // ReportCharts.chart does). Either way the note names the group drawn, why, and the others.
            let large = ReportCharts.grindGroups(summary).filter { $0.bean == nil }
            let groups = large.isEmpty ? ReportCharts.rankedGroups(summary) : large
            drawn = groups.first?.n ?? 0
            if groups.count > 1 { chart.notes.append(Self.groupNote(groups, matched: kept)) }
        } else {
            drawn = drawnCount(source)
        }
        return (chart, drawn)
    }

    /// "Drawn: Niche Zero × Espresso, the group with most brews (118 of the 360 matched); also Comandante C40 × V60
    /// (85), … — pick one with --grinder and --method."
    static func groupNote(_ groups: [GrindRatingGroup], matched: Int) -> String {
        let g = groups[0]
        let others = groups.dropFirst().prefix(4).map { "\($0.grinder) × \($0.method) (\($0.n))" }
        let more = groups.count > 5 ? ", …" : ""
        return "Drawn: \(g.grinder) × \(g.method), the group with most brews (\(g.n) of the \(matched) matched); also \(others.joined(separator: ", "))\(more)"
            + " — pick one with --grinder and --method."
    }

    /// The brews a chart of this kind draws from `source` (see ``make(_:)``); grind-rating is counted there.
    func drawnCount(_ source: ChartSource) -> Int {
        let a = source.analysis, t = a.journal.brews
        if let measure = kind.recipe.trend {
            if let period = source.period { return periodDrawnCount(source, period: period, measure: measure) }
            let rows = ReportCharts.weeklySeries(source).rows
            guard let trend = ReportCharts.weeklyTrend(rows, a) else { return 0 }
            return trend.drawn(measure)
        }
        switch kind {
        case .brewsPerWeek, .ratingTrend, .extractionTrend:
            return 0  // trend kinds are counted above, by their recipe's measure
        case .controlChart:
            return a.controlChartRows(espresso: espresso, in: source.period).count
        case .restRating:
            return a.restChartRows(in: source.period).count
        case .equipmentUsage, .grindRating:
            return t.count
        }
    }

    /// What the brews of `source` lack for this chart, as a phrase naming the brews matched, or `nil` when
    /// there is something to draw.
    func missing(_ source: ChartSource, matched: Int) -> String? {
        let a = source.analysis
        let t = a.journal.brews
        let among = "among the \(matched) brew\(matched == 1 ? "" : "s") matched"
        if let measure = kind.recipe.trend {
            if let period = source.period { return periodMissing(source, period: period, measure: measure, among: among) }
            let rows = ReportCharts.weeklySeries(source).rows
            let window: String
            if let end = source.week ?? a.latestWeek {
                window = " in the \(max(source.options.stats.chartWeeks, 1)) weeks ending \(end.label)"
            } else {
                window = ""
            }
            let hint = source.week == nil ? "" : "; try another --week"
            switch measure {
            case .brews:
                return rows.contains { $0.brews > 0 } ? nil : "no dated brews\(window) \(among)\(hint)"
            case .rating:
                return rows.contains { $0.meanRating != nil } ? nil : "no rated brews\(window) \(among)\(hint)"
            case .extraction:
                return rows.contains { $0.meanExtraction != nil } ? nil
                    : "no brews with TDS (an extraction yield)\(window) \(among)\(hint)"
            }
        }
        switch kind {
        case .brewsPerWeek, .ratingTrend, .extractionTrend:
            return nil  // trend kinds are answered above, by their recipe's measure
        case .grindRating:
            return a.grindRating().groups.isEmpty ? "no brews with a grinder, a method, a grind setting and a rating \(among)" : nil
        case .equipmentUsage:
            return a.equipmentUsage().rows.contains { $0.brews > 0 } ? nil : "no brews with a method or a grinder \(among)"
        case .controlChart:
            let counts = a.categoryCounts(a.measuredRows(in: source.period))
            let wanted = counts.filter { $0.key.isOnControlChart(espresso: espresso) }.values.reduce(0, +)
            let other = counts.filter { !$0.key.isOnControlChart(espresso: espresso) && $0.key.isEspresso != espresso }
                .values.reduce(0, +)
            guard wanted == 0 else { return nil }
            let hint = other == 0 ? "" : (espresso ? "; try without --espresso" : "; try --espresso")
            return "no \(espresso ? "espresso" : "pour-over") brews with TDS\(source.period.map { " in \($0.name)" } ?? "") \(among)\(hint)"
        case .restRating:
            let any = !a.restChartRows(in: source.period).isEmpty
            return any ? nil : "no rated brews of a bean with a roast date\(source.period.map { " in \($0.name)" } ?? "") \(among)"
        }
    }

    /// The bean a `--bean` filter kept, as the journal names it (the filter's text when it matched bags with
    /// different names, e.g. by roaster), or `nil` without a bean filter.
    func beanLabel(_ filtered: Journal) -> String? {
        guard let wanted = filter.bean else { return nil }
        let names = Set(Kernel.distinctCodes(filtered.brews.bean).map { filtered.beans[Int($0)].displayName })
        return names.count == 1 ? names.first : wanted.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
