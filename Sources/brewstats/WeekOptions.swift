import ArgumentParser
import BrewColumns
import BrewReport
import BrewStats
import Foundation

/// `--week` and `--last`, shared by `report` and `batch`: which ISO week a report covers when not the latest week
/// with brews.
struct WeekOptions: ParsableArguments {
    @Option(name: .long,
        help: ArgumentHelp("The report week, e.g. 2026-W47 (default: the latest week with brews).",
            valueName: "YYYY-Www"),
        transform: IsoWeek.parse)
    var week: IsoWeek?

    @Flag(name: .long, help: "Report the last complete week before today instead of the latest week with brews.")
    var last = false

    func validate() throws {
        if week != nil && last { throw ValidationError("--week and --last exclude each other") }
    }

    /// The period the flags choose (``ReportOptions/PeriodChoice``), or `nil` when neither is given.
    func choice() -> ReportOptions.PeriodChoice? {
        if last { return .lastWeek }
        return week.map { .named(.week($0)) }
    }
}

/// `--today`, shared by `report` and `batch`: the day taken as today.
struct TodayOption: ParsableArguments {
    @Option(name: .long,
        help: ArgumentHelp(
            "Take this day as today (default: the real date). Today decides --last, whether a week is still in " +
                "progress and the creation date the PDFs carry; pinning it makes a report reproducible byte for byte.",
            valueName: "YYYY-MM-DD"),
        transform: Day.parse)
    var today: Day?

    /// Sets `options.now` to noon of `--today` in `zone` (left as it is without the option), and the PDFs' creation
    /// date (``ReportOptions/documentDate``) as ``pin(_:today:timeZone:)`` says.
    func apply(to options: inout ReportOptions, timeZone zone: TimeZone) {
        Self.pin(&options, today: today, timeZone: zone)
    }

    /// Pins `options.now` and the PDFs' creation date to noon of `today` when given; else the creation date to
    /// `SOURCE_DATE_EPOCH` when set; else leaves the creation date to the end of the report's period. Never the clock.
    static func pin(_ options: inout ReportOptions, today: Day?, timeZone zone: TimeZone) {
        if let noon = today?.noon(in: zone) {
            options.now = noon
            options.documentDate = noon
        } else if let epoch = ReportOptions.sourceDateEpoch(ProcessInfo.processInfo.environment) {
            options.documentDate = epoch
        }
    }
}
