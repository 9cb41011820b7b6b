import ArgumentParser
import BrewReport
import BrewStats
import Foundation

/// `--week` and `--last`, shared by `report` and `batch`: which ISO week a report covers when not the latest week
/// with brews.
struct WeekOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The report week, e.g. 2026-W47 (default: the latest week with brews).", valueName: "YYYY-Www"))
    var week: String?

    @Flag(name: .long, help: "Report the last complete week before today instead of the latest week with brews.")
    var last = false

    func validate() throws {
        if week != nil && last { throw ValidationError("--week and --last exclude each other") }
        if let week { do { _ = try IsoWeek(label: week) } catch { throw ValidationError("\(error)") } }
    }

    /// The period the flags choose (``ReportOptions/PeriodChoice``), or `nil` when neither is given.
    func choice() throws -> ReportOptions.PeriodChoice? {
        if last { return .lastWeek }
        return try week.map { .named(.week(try IsoWeek(label: $0))) }
    }
}

/// `--today`, shared by `report` and `batch`: the day taken as today.
struct TodayOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Take this day as today (default: the real date). Today decides --last, whether a week is still in progress and the creation date the PDFs carry; pinning it makes a report reproducible byte for byte.", valueName: "YYYY-MM-DD"))
    var today: String?

    func validate() throws {
        if let today, Self.noon(of: today, in: .current) == nil {
            throw ValidationError("--today must be a date YYYY-MM-DD that exists, not '\(today)'")
        }
    }

    /// Sets `options.now` to noon of `--today` in `zone` (left as it is without the option), and the PDFs' creation
    /// date (``ReportOptions/documentDate``) as ``pin(_:today:timeZone:)`` says.
    func apply(to options: inout ReportOptions, timeZone zone: TimeZone) {
        Self.pin(&options, today: today, timeZone: zone)
    }

    /// Pins `options.now` and the PDFs' creation date to noon of `today` when given; else the creation date to
    /// `SOURCE_DATE_EPOCH` when set; else leaves the creation date to the end of the report's period. Never the clock.
    static func pin(_ options: inout ReportOptions, today: String?, timeZone zone: TimeZone) {
        if let today, let noon = Self.noon(of: today, in: zone) {
            options.now = noon
            options.documentDate = noon
        } else if let epoch = ReportOptions.sourceDateEpoch(ProcessInfo.processInfo.environment) {
            options.documentDate = epoch
        }
    }

    /// Noon of the local day `text` (`YYYY-MM-DD`) in `zone`, or `nil` when it is not such a day.
    static func noon(of text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: 12)),
              calendar.component(.day, from: date) == d else { return nil }
        return date
    }
}
