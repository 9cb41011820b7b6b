import BrewColumns

/// Which brews a report of a period may use: no look-ahead, so the brews dated after the period's last day are left
/// out (or, when the options ask for them, counted as used).
///
/// A brew is *after* `day` when its local day in the calendar's zone (``LocalCalendar/dayIndex(at:)``) is later;
/// an undated brew is never after it (nothing places it there) and is kept.
extension LocalCalendar {
    /// The rows of `table` not dated after `day`, in table order, and how many rows are dated after it (so
    /// `kept.count + later == table.count`).
    public func rows(of table: BrewTable, through day: Day) -> (kept: Selection, later: Int) {
        let dates = table.brewDate
        let kept = Selection.all(table.count).filter { i in
            guard let us = dates[i] else { return true }
            return dayIndex(at: us) <= day.index
        }
        return (kept, table.count - kept.count)
    }
}
