import BrewColumns
import BrewStats
import Foundation

extension SingleChart {
    /// What a chart of a month, a year or a range of days is drawn from: the chart the period's report draws.
    ///
    /// - The brews dated after the period's last day are left out (no look-ahead, as in the report; undated brews
    ///   stay, nothing places them after it).
    /// - Trend charts show the period and the period before in the period's bucket (day, ISO week or month,
    ///   ``ReportPeriod/bucket``), the period shaded; in a period still in progress (it holds today, by
    ///   ``ReportOptions/now``) the days to come get no bar.
    /// - The control charts and rating vs days off roast draw the brews dated in the period; grind vs rating and
    ///   equipment usage use the journal up to the period's end, like the report's summaries.
    func periodSource(_ filtered: Journal, period: ReportPeriod) -> ChartSource {
        let calendar = LocalCalendar(timeZone: options.stats.timeZone)
        let used = PeriodReport.cut(filtered, after: period.lastDay, calendar: calendar).journal
        var source = ChartSource(analysis: BrewAnalysis(journal: used, options: options.stats), week: nil,
            options: options)
        source.period = period
        let today = calendar.day(of: Timestamp(options.now))
        source.coveredEnd = period.days.contains(today) ? today : period.lastDay
        return source
    }
}
