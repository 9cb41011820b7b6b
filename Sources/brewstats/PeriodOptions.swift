import ArgumentParser
import BrewColumns
import BrewStats

/// The flags that choose a calendar month, a calendar year or a range of days instead of a week, shared by
/// `report` and `chart`: `--month YYYY-MM`, `--year YYYY`, `--from YYYY-MM-DD --to YYYY-MM-DD` (both ends
/// included). Days are local days in the command's time zone (`--tz`).
///
/// Checked here: `--from` and `--to` come together, and each value is a period that exists (`--month 2026-13`,
/// `--from 2026-02-30` and `--from` after `--to` are usage errors with a one-line message). The command checks
/// that one period is given at most (``exclusive(_:)``), as it also knows its own week flags.
struct PeriodOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A calendar month instead of a week, e.g. 2026-11.", valueName: "YYYY-MM"),
        transform: CalendarPeriod.month)
    var month: CalendarPeriod?

    @Option(name: .long, help: ArgumentHelp("A calendar year instead of a week, e.g. 2026.", valueName: "YYYY"),
        transform: CalendarPeriod.year)
    var year: CalendarPeriod?

    @Option(name: .long, help: ArgumentHelp("The days from this one (inclusive; needs --to).", valueName: "YYYY-MM-DD"),
        transform: Day.parse)
    var from: Day?

    @Option(name: .long,
        help: ArgumentHelp("The days up to this one (inclusive; needs --from).", valueName: "YYYY-MM-DD"),
        transform: Day.parse)
    var to: Day?

    func validate() throws {
        if (from == nil) != (to == nil) {
            throw ValidationError(from == nil ? "--to needs --from" : "--from needs --to")
        }
        if let from, let to, to < from {
            throw ValidationError(
                "--from \(from) is after --to \(to): the range runs from the earlier day to the later one")
        }
    }

    /// The month, year or range of days asked for, or `nil` when none is.
    func period() -> ReportPeriod? {
        if let month { return month.period }
        if let year { return year.period }
        if let from, let to { return .range(from, to) }
        return nil
    }

    /// The flags given, named as messages name them: `--month`, `--year`, `--from/--to`.
    var given: [String] {
        [
            ("--month", month != nil), ("--year", year != nil),
            ("--from/--to", from != nil || to != nil)].filter(\.1).map(\.0)
    }

    /// Refuses more than one way of choosing the period: `--month and --week exclude each other: give one period`.
    ///
    /// - Parameter others: The command's own period flags before these (e.g. `--week`, `--last`), each with
    ///   whether it is given.
    func exclusive(_ others: [(String, Bool)]) throws {
        let all = others.filter(\.1).map(\.0) + given
        if all.count > 1 {
            throw ValidationError("\(all.joined(separator: " and ")) exclude each other: give one period")
        }
    }
}
