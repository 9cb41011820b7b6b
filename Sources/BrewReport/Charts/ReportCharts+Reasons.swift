import BrewCharts
import BrewColumns
import BrewStats
import Foundation

extension ReportCharts {
    /// Why no chart of extraction yields can draw anything, from the whole journal analysed (after filters):
    /// "No brew has a TDS measurement, …" when no brew has one (an extraction yield needs it), "No brew with a TDS
    /// has the masses for a plausible extraction yield" when none yields a plausible EY; `nil` when some brew has an
    /// extraction yield (then a week, a period or a category is what is empty).
    static func noExtractionReason(_ a: BrewAnalysis) -> String? {
        if !Kernel.anyPresent(a.journal.brews.tds) {
            return "No brew has a TDS measurement, so there is no extraction yield to draw"
        }
        if !Kernel.anyValid(a.derived.extractionYield) {
            return "No brew with a TDS has the masses for a plausible extraction yield"
        }
        return nil
    }

    /// `reason` (``ChartBuilder/emptyReason(_:espresso:)``) worded for a period report: what is empty is the period
    /// (and, for a trend, the period before), not "these weeks" or the whole journal.
    static func periodReason(_ reason: String, _ source: ChartSource) -> String {
        guard let p = source.period else { return reason }
        if reason.contains("in these weeks") {
            return reason.replacingOccurrences(of: "in these weeks", with: "in \(p.name) or \(p.previous.name)")
        }
        if reason.hasPrefix("No espresso brew has") || reason.hasPrefix("No pour-over brew has") {
            return reason.replacingOccurrences(of: " brew has", with: " brew in \(p.name) has")
        }
        return reason
    }
}
