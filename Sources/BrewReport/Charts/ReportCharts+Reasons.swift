import BrewCharts
import BrewColumns
import BrewStats

extension ReportCharts {
    /// What an empty chart of `kind` says: the true reason it has nothing to draw, from the whole journal
    /// analysed (after filters).
    ///
    /// - Extraction trend and control charts: "No brew has a TDS measurement" when no brew has one (an extraction
    ///   yield needs it); "No brew with a TDS has the masses for an extraction yield" when none yields a plausible
    ///   EY; otherwise the period (or category) is what is empty.
    /// - Rating trend: "No brew has a rating" when none has.
    /// - Anything else: ``BrewstatsCharts/emptyMessage``.
    static func emptyReason(_ kind: ChartKind, _ a: BrewAnalysis, espresso: Bool = false) -> String {
        let t = a.journal.brews
        switch kind {
        case .extractionTrend, .controlChart:
            if !Kernel.anyPresent(t.tds) { return "No brew has a TDS measurement, so there is no extraction yield to draw" }
            if !Kernel.anyValid(a.derived.extractionYield) {
                return "No brew with a TDS has the masses for a plausible extraction yield"
            }
            if kind == .controlChart {
                return espresso ? "No espresso brew has an extraction yield" : "No pour-over brew has an extraction yield"
            }
            return "No brew in these weeks has an extraction yield"
        case .ratingTrend:
            return Kernel.anyPresent(t.rating) ? "No rated brew in these weeks" : "No brew has a rating"
        case .brewsPerWeek, .grindRating, .equipmentUsage, .restRating:
            return BrewstatsCharts.emptyMessage
        }
    }
}

extension ReportCharts {
    /// The control chart's note on what it holds: "Pour-over brews only (the ideal box is for drip and pour-over);
    /// left out: 12 immersion, 5 other-method brews." (brews with an extraction yield of the categories left
    /// out; counts grouped as the chart's other numbers, "58 502"). Espresso: "Espresso brews only."
    static func controlChartNote(espresso: Bool, leftOut: [MethodCategory: Int]) -> String {
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
