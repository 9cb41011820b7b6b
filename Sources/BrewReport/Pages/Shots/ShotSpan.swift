import BrewColumns
import BrewShots
import BrewStats
import Foundation

/// The period a shot journal's report covers when none is given: the days its shots cover.
///
/// A journal whose every brew is a shot (a shot folder, zip or file; not a Beanconqueror backup, whose shots are a
/// few of its brews) is a record of shots pulled, often a handful over weeks: the latest week alone would show one
/// shot of seven. Its default report therefore covers the days from the first dated shot's to the last one's (in
/// the report's time zone), both included; `--week`, `--last`, `--month`, `--year` or `--from/--to` still choose.
/// `nil` for any other journal, and for a shot journal without a dated shot (the report then takes every shot).
public enum ShotSpan {
    public static func period(of journal: ShotJournal, timeZone: TimeZone) -> ReportPeriod? {
        guard let shots = journal.shots, shots.kept > 0 else { return nil }
        let brews = journal.result.journal.brews
        guard shots.kept == brews.count else { return nil }
        let calendar = LocalCalendar(timeZone: timeZone)
        var first: Day?, last: Day?
        for i in 0 ..< brews.count {
            guard let at = brews.brewDate[i] else { continue }
            let day = Day(index: calendar.dayIndex(at: at))
            if first == nil || day < first! { first = day }
            if last == nil || day > last! { last = day }
        }
        guard let first, let last else { return nil }
        return .range(first, last)
    }
}
