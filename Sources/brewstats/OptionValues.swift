import ArgumentParser
import BrewColumns
import BrewReport
import BrewStats
import Foundation

// Option values read once, by the parser, into the types the commands use (``WordedArgument``): a command's
// `validate()` checks only ranges and combinations, and its `run()` never parses a value again.

/// `--since`, `--until`, `--from`, `--to`, `--today`, `--start`: a local calendar day written `YYYY-MM-DD` (ten
/// characters) that exists.
extension Day: WordedArgument {
    // Stated here: the requirement of a public protocol on a public type must be public.
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }

    /// - Throws: `a date YYYY-MM-DD that exists, not '2026-02-30'`.
    static func parse(_ text: String) throws(ArgumentValueError) -> Day {
        guard let day = Day(flag: text) else {
            throw ArgumentValueError("a date YYYY-MM-DD that exists, not '\(text)'")
        }
        return day
    }

    /// Noon of this day in `zone`: the instant `--today` stands for.
    func noon(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (y, m, d) = civil
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }
}

/// `--week`: an ISO week written `YYYY-Www` (any case), one the year has (``IsoWeek/init(label:)``).
extension IsoWeek: WordedArgument {
    // Stated here: the requirement of a public protocol on a public type must be public.
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }

    /// - Throws: the week's own words: `invalid week '2026/47' (expected YYYY-Www, …)`, `2025 has 52 ISO weeks`.
    static func parse(_ text: String) throws(ArgumentValueError) -> IsoWeek {
        do { return try IsoWeek(label: text) } catch { throw ArgumentValueError("\(error)") }
    }
}

/// `--tz`: an IANA time zone by name.
extension TimeZone: WordedArgument {
    // Stated here: the requirement of a public protocol on a public type must be public.
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }

    /// - Throws: `unknown time zone 'Mars/Base' (use an IANA name such as Europe/Berlin)`.
    static func parse(_ text: String) throws(ArgumentValueError) -> TimeZone {
        guard let zone = TimeZone(identifier: text) else {
            throw ArgumentValueError("unknown time zone '\(text)' (use an IANA name such as Europe/Berlin)")
        }
        return zone
    }
}

/// `--shard K/N`: shard K of N, 1 ≤ K ≤ N (``BrewReport/Shard``).
extension Shard: WordedArgument {
    // Stated here: the requirement of a public protocol on a public type must be public.
    public init?(argument: String) {
        guard let value = try? Self.parse(argument) else { return nil }
        self = value
    }

    /// - Throws: `K/N with 1 ≤ K ≤ N, e.g. 2/8`.
    static func parse(_ text: String) throws(ArgumentValueError) -> Shard {
        guard let shard = Shard(text) else { throw ArgumentValueError("K/N with 1 ≤ K ≤ N, e.g. 2/8") }
        return shard
    }
}

/// `--month YYYY-MM` and `--year YYYY`: a calendar month or year (``BrewStats/ReportPeriod``).
struct CalendarPeriod: Equatable {
    let period: ReportPeriod

    /// - Throws: `invalid month '2026-13' (expected YYYY-MM, e.g. 2026-11)`.
    static func month(_ text: String) throws(ArgumentValueError) -> CalendarPeriod {
        do { return CalendarPeriod(period: try ReportPeriod(month: text)) } catch {
            throw ArgumentValueError("\(error)")
        }
    }

    /// - Throws: `invalid year '26' (expected YYYY, e.g. 2026)`.
    static func year(_ text: String) throws(ArgumentValueError) -> CalendarPeriod {
        do { return CalendarPeriod(period: try ReportPeriod(year: text)) } catch {
            throw ArgumentValueError("\(error)")
        }
    }
}

/// `--brews ID,ID[,ID]`: brews by their ids, comma-separated, each trimmed.
struct BrewIDList: WordedArgument, Equatable {
    let ids: [String]

    /// - Throws: `two or three ids, comma-separated, not 1`.
    static func parse(_ text: String) throws(ArgumentValueError) -> BrewIDList {
        let ids = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard (2...3).contains(ids.count) else {
            throw ArgumentValueError("two or three ids, comma-separated, not \(ids.count)")
        }
        return BrewIDList(ids: ids)
    }
}

/// An output file of one chart: its name ends in `.png`, `.svg` or `.pdf` (`chart -o`, `dial-in -o`).
struct ChartFileName: WordedArgument, Equatable, CustomStringConvertible {
    let path: String
    var description: String { path }

    /// - Throws: `the output file must end in .png, .svg or .pdf`.
    static func parse(_ text: String) throws(ArgumentValueError) -> ChartFileName {
        guard ["png", "svg", "pdf"].contains(URL(fileURLWithPath: text).pathExtension.lowercased()) else {
            throw ArgumentValueError("the output file must end in .png, .svg or .pdf")
        }
        return ChartFileName(path: text)
    }
}
