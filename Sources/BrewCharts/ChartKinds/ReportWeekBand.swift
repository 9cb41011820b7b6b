import Foundation

extension BrewstatsCharts {
    /// The shaded band that marks the report week in a trend chart, labelled "report week".
    ///
    /// A week's bar spans Monday 00:00 to the next Monday (`centred` false); a weekly point stands on Monday
    /// 00:00, so its band runs half a week either side of it (`centred` true). Time channels are placed by seconds
    /// since the reference date, and so is the band.
    static func reportWeekBand(_ start: Date, centred: Bool) -> Mark {
        let t = start.timeIntervalSinceReferenceDate
        let range = centred ? (t - 3.5 * 86_400)...(t + 3.5 * 86_400) : t...(t + 7 * 86_400)
        return .band(BandMark(x: range, label: "report week"))
    }

    /// The values of a weekly series as line points, with a NaN between two weeks more than a week apart, so the
    /// line breaks where weeks have no value instead of joining across them.
    ///
    /// - Returns: The line's dates and values, and how many runs of missing weeks break it.
    static func brokenAtGaps(_ weeks: [(date: Date, value: Double)]) -> (dates: [Date], values: [Double], gaps: Int) {
        var dates: [Date] = [], values: [Double] = [], gaps = 0
        for (i, w) in weeks.enumerated() {
            // 8 days: more than one week apart, whatever a daylight-saving change does to the interval.
            if i > 0, w.date.timeIntervalSince(weeks[i - 1].date) > 8 * 86_400 {
                dates.append(weeks[i - 1].date.addingTimeInterval(86_400)); values.append(.nan); gaps += 1
            }
            dates.append(w.date); values.append(w.value)
        }
        return (dates, values, gaps)
    }
}
