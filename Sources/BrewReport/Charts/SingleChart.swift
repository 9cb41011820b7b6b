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
    ///   week; ``ReportError/nothingToDraw(chart:missing:)`` when filters leave nothing to draw, or the chart has no
    ///   data point (no file is written then);
    ///   ``ReportError/output(path:reason:)`` when the file cannot be written.
    @discardableResult
    public func write(_ journal: Journal, to url: URL) throws(ReportError) -> Int {
        try writeChart(journal, to: url).drawn
    }

    /// ``write(_:to:)``, also returning the chart's notes (they say, for instance, which grind group was drawn).
    public func writeChart(_ journal: Journal, to url: URL) throws(ReportError) -> (drawn: Int, notes: [String]) {
        guard let format = ChartImageFormat(fileExtension: url.pathExtension) else {
            throw .invalidArgument(
                "cannot tell the chart format from '\(url.lastPathComponent)': use .png, .svg or .pdf")
        }
        let (chart, drawn) = try make(journal)
        // A chart without data points is not drawn: one line says what it lacks, and no file is written.
        if chart.emptyMessage != nil || (chart.marks.isEmpty && chart.panels.isEmpty) {
            let message = chart.emptyMessage ?? "no brew to draw"
            throw .nothingToDraw(chart: kind.rawValue, missing: message.prefix(1).lowercased() + message.dropFirst())
        }
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
        let kept = filtered.brews.count
        if !filter.isEmpty, let missing = missing(source, matched: kept) {
            throw .nothingToDraw(chart: kind.rawValue, missing: missing,
                remedy: kind.builder.remedy(source, espresso: espresso))
        }
        let builder = kind.builder
        var chart = builder.chart(source, espresso: espresso)
        let drawn = builder.finishSingle(&chart, source, espresso: espresso, matched: kept,
            beanLabel: beanLabel(filtered))
        return (chart, drawn)
    }

    /// What the brews of `source` lack for this chart, as a phrase naming the brews matched, or `nil` when
    /// there is something to draw (``ChartBuilder/missing(_:espresso:among:)``).
    func missing(_ source: ChartSource, matched: Int) -> String? {
        kind.builder.missing(source, espresso: espresso,
            among: "among the \(matched) brew\(matched == 1 ? "" : "s") matched")
    }

    /// The bean a `--bean` filter kept, as the journal names it (the filter's text when it matched bags with
    /// different names, e.g. by roaster), or `nil` without a bean filter.
    func beanLabel(_ filtered: Journal) -> String? {
        guard let wanted = filter.bean else { return nil }
        let names = Set(Kernel.distinctCodes(filtered.brews.bean).map { filtered.beans[Int($0)].displayName })
        return names.count == 1 ? names.first : wanted.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
