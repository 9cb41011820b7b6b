import BrewColumns

/// The rows a journal filter keeps (`--grinder`, `--method`, `--bean`, `--since`, `--until`), once its names are
/// resolved to dictionary codes.
///
/// A row passes when, for every filter set: its grinder (method, bean) code is one of the codes asked for — a row
/// without one fails; and its local day (in the calendar's zone) is on or after ``since`` and on or before
/// ``until`` — an undated row fails either. A filter left `nil` passes every row.
public struct RowFilter: Sendable {
    public var grinders: Set<Int32>?
    public var methods: Set<Int32>?
    public var beans: Set<Int32>?
    public var since: Day?
    public var until: Day?

    public init(grinders: Set<Int32>? = nil, methods: Set<Int32>? = nil, beans: Set<Int32>? = nil,
                since: Day? = nil, until: Day? = nil) {
        self.grinders = grinders; self.methods = methods; self.beans = beans; self.since = since; self.until = until
    }

    /// The rows of `table` that pass, in table order.
    public func rows(_ table: BrewTable, calendar: LocalCalendar) -> Selection {
        let t = table
        return Selection.all(t.count).filter { i in
            if let g = grinders, !(t.grinder.code(i).map { g.contains($0) } ?? false) { return false }
            if let m = methods, !(t.method.code(i).map { m.contains($0) } ?? false) { return false }
            if let b = beans, !(t.bean.code(i).map { b.contains($0) } ?? false) { return false }
            if since != nil || until != nil {
                guard let us = t.brewDate[i] else { return false }
                let day = Day(index: calendar.dayIndex(at: us))
                if let since, day < since { return false }
                if let until, day > until { return false }
            }
            return true
        }
    }
}
