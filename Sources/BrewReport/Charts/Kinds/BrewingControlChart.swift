import BrewCharts
import BrewColumns
import BrewStats

/// The brewing control chart: extraction yield against TDS with the ideal box, pour-over brews on the filter chart
/// (the box is for drip and pour-over) and espresso brews on the espresso chart; a report draws both.
///
/// Which brews it draws is the statistics layer's selection (``BrewAnalysis/controlChartRows(espresso:in:)``); the
/// filter chart's note counts the brews with an extraction yield that are on neither chart.
struct BrewingControlChart: ChartBuilder {
    var recipe: ChartRecipe {
        ChartRecipe(summary: "brewing control chart (EY vs TDS), filter or espresso", columns: [.masses, .tds],
                    stems: ["control-chart", "control-chart-espresso"], hasEspressoChart: true)
    }

    /// The journal-wide reason there is no extraction yield (``ReportCharts/noExtractionReason(_:)``), else "No
    /// pour-over brew has an extraction yield" (or espresso).
    func emptyReason(_ a: BrewAnalysis, espresso: Bool) -> String {
        ReportCharts.noExtractionReason(a)
            ?? (espresso ? "No espresso brew has an extraction yield" : "No pour-over brew has an extraction yield")
    }

    /// The filter and the espresso chart; each reads every brew's EY and TDS.
    func reportJobs(_ report: PeriodReport, _ source: ChartSource, options: ReportOptions) -> [ChartJob] {
        let of = source.period.map { ", \($0.name)" } ?? ""
        let brews = report.analysis.journal.brews.count
        return [ChartJob(stem: "control-chart", title: "Brewing control chart — filter\(of)", cost: brews,
                         make: { chart(source, espresso: false) }),
                ChartJob(stem: "control-chart-espresso", title: "Brewing control chart — espresso\(of)", cost: brews,
                         make: { chart(source, espresso: true) })]
    }

    func chart(_ source: ChartSource, espresso: Bool) -> Chart {
        let a = source.analysis
        let t = a.journal.brews, e = a.derived.extractionYield, s = a.derived.strength
        // The brews as three columns (EY, TDS, method code), the method named once per code, not per brew.
        let rows = a.controlChartRows(espresso: espresso, in: source.period)
        let extraction = Kernel.take(e, rows), strength = Kernel.take(s, rows)
        let methods = Kernel.takeCodes(t.method, rows)
        // The filter chart's note counts the brews with an EY that are on neither chart.
        let left = espresso ? [:] : a.categoryCounts(a.measuredRows(in: source.period)).filter { category, _ in
            !category.isOnControlChart(espresso: false) && category != .espresso
        }
        let kind: BrewingControlKind = espresso ? .espresso : .filter(retention: source.options.stats.retentionFactor)
        var chart = BrewstatsCharts.brewingControlChart(extraction: extraction, tds: strength, groups: methods,
                                                        groupNames: a.journal.methods.map(\.displayName), kind: kind,
                                                        emptyMessage: ReportCharts.periodReason(
                                                            emptyReason(a, espresso: espresso), source))
        if chart.emptyMessage == nil { chart.notes.insert(Self.note(espresso: espresso, leftOut: left), at: 0) }
        Self.periodNote(&chart, source)
        return chart
    }

    /// Brews of the chart's categories with an extraction yield (in a period: dated in it).
    func drawn(_ source: ChartSource, espresso: Bool) -> Int {
        source.analysis.controlChartRows(espresso: espresso, in: source.period).count
    }

    /// "no pour-over brews with TDS …" (``remedy(_:espresso:)`` says to try the other chart when its brews are there).
    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String? {
        guard measured(source, espresso: espresso).wanted == 0 else { return nil }
        return "no \(espresso ? "espresso" : "pour-over") brews with " +
            "TDS\(source.period.map { " in \($0.name)" } ?? "") \(among)"
    }

    /// The other control chart, when it has brews to draw.
    func remedy(_ source: ChartSource, espresso: Bool) -> ReportRemedy? {
        measured(source, espresso: espresso).other == 0 ? nil : .otherControlChart(toEspresso: !espresso)
    }

    /// The brews with TDS of this chart's categories (`wanted`) and of the other chart's (`other`).
    private func measured(_ source: ChartSource, espresso: Bool) -> (wanted: Int, other: Int) {
        let a = source.analysis
        let counts = a.categoryCounts(a.measuredRows(in: source.period))
        let wanted = counts.filter { $0.key.isOnControlChart(espresso: espresso) }.values.reduce(0, +)
        let other = counts.filter { !$0.key.isOnControlChart(espresso: espresso) && $0.key.isEspresso != espresso }
            .values.reduce(0, +)
        return (wanted, other)
    }

    /// The chart's note on what it holds: "Pour-over brews only (the ideal box is for drip and pour-over); left out:
    /// 12 immersion, 5 other-method brews." (brews with an extraction yield of the categories left out; counts
    /// grouped as the chart's other numbers, "58 502"). Espresso: "Espresso brews only."
    static func note(espresso: Bool, leftOut: [MethodCategory: Int]) -> String {
        if espresso { return "Espresso brews only." }
        var text = "Pour-over brews only (the ideal box is for drip and pour-over)"
        let parts = [(MethodCategory.immersion, "immersion"), (.other, "other-method")].compactMap { c, name in
            leftOut[c].flatMap { $0 > 0 ? "\(TickFormatter.count($0)) \(name)" : nil }
        }
        if !parts.isEmpty {
            let total = leftOut.values.reduce(0, +)
            text += "; left out: \(parts.joined(separator: ", ")) brew\(total == 1 ? "" : "s")"
        }
        return text + "."
    }
}
