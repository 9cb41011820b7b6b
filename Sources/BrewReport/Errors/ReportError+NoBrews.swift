import BrewColumns
import BrewStats

extension ReportError {
    /// The error for a report week that has no brews, nor has the week before it: it says which days the
    /// journal's brews span and which week would give a report.
    ///
    /// The remedy (``ReportRemedy/nearestWeek(_:orLastWeek:)``) is the week with brews nearest to `week` (the earlier
    /// of two equally near), and the last complete week as well when the last complete week before `today`, or the
    /// week before that, has brews (a report of it would not be refused). A journal without a dated brew says so
    /// instead.
    ///
    /// `in 2027-W05 or the week before it: the journal's brews run from 2025-06-02 to 2026-11-22 (2025-W23 to
    /// 2026-W47)`, with the remedy: the nearest week with brews is 2026-W47, or the last complete week.
    static func noBrews(in week: IsoWeek, analysis: BrewAnalysis, today: Day) -> ReportError {
        let asked = "in \(week.label) or the week before it"
        guard let span = analysis.dayRange() else { return .noBrews(what: "\(asked): the journal has no dated brew") }
        let withBrews = Set(analysis.weeksWithBrews.map(\.index))
        let (a, b) = (span.lowerBound, span.upperBound)
        let nearest = withBrews.min { x, y in
            let (dx, dy) = (abs(Int(x) - Int(week.index)), abs(Int(y) - Int(week.index)))
            return dx != dy ? dx < dy : x < y
        }.map(IsoWeek.init(index:))
        let lastComplete = IsoWeek(containing: today).advanced(by: -1)
        let lastHasBrews = withBrews.contains(lastComplete.index) || withBrews.contains(lastComplete.index - 1)
        let text =
            "\(asked): the journal's brews run from \(a) to \(b) (\(IsoWeek(containing: a).label) to " +
                "\(IsoWeek(containing: b).label))"
        return .noBrews(what: text, remedy: nearest.map { .nearestWeek($0, orLastWeek: lastHasBrews) })
    }
}
