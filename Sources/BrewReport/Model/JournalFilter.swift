import BrewColumns
import BrewNames
import BrewStats
import Foundation

/// Filters for a single chart: equipment and bean by name, and a date range of local days.
///
/// Names match ignoring case, accents and surrounding spaces; a bean also matches by `roaster name` or
/// `name (roaster)`. A name that is the beginning of exactly one of the journal's names, or of a word inside it,
/// matches it (`--grinder comandante`, `--grinder encore`, ``NameMatching/candidates(for:among:)``); the
/// beginning of several is an error listing them. A filter that matches
/// no entity is an error naming what the journal has, closest first; filters that match entities but leave no
/// brews are an error too (nothing to draw).
public struct JournalFilter: Sendable, Equatable {
    public var grinder: String?
    public var method: String?
    public var bean: String?
    /// First local day included.
    public var since: Day?
    /// Last local day included.
    public var until: Day?

    public init(
        grinder: String? = nil, method: String? = nil, bean: String? = nil, since: Day? = nil, until: Day? = nil
    ) {
        self.grinder = grinder; self.method = method; self.bean = bean; self.since = since; self.until = until
    }

    /// Whether any filter is set.
    public var isEmpty: Bool { grinder == nil && method == nil && bean == nil && since == nil && until == nil }

    /// The journal restricted to the matching brews (entity tables kept whole).
    ///
    /// - Throws: ``ReportError/noMatch(filter:value:known:)`` when a name matches nothing,
    ///   ``ReportError/ambiguousMatch(filter:value:candidates:)`` when it begins several names, and
    ///   ``ReportError/noBrews(what:)`` when no brew passes every filter.
    public func apply(to journal: Journal, timeZone: TimeZone) throws(ReportError) -> Journal {
        guard !isEmpty else { return journal }
        let t = journal.brews
        let grinders = try codes("grinder", grinder, journal.grinders.map { [$0.displayName] })
        let methods = try codes("method", method, journal.methods.map { [$0.displayName] })
        let beans = try codes("bean", bean, journal.beans.map { b in
            [b.displayName] + (b.roaster.map { ["\($0) \(b.displayName)", "\(b.displayName) (\($0))"] } ?? [])
        }, shown: journal.beans.map(\.displayName))
        let rows = RowFilter(grinders: grinders, methods: methods, beans: beans, since: since, until: until)
        let selection = rows.rows(t, calendar: LocalCalendar(timeZone: timeZone))
        guard !selection.isEmpty else { throw .noBrews(what: "match \(description)") }
        return journal.filtered(selection)
    }

    /// The filters in words, e.g. `grinder "C40", since 2026-11-01`.
    public var description: String {
        var parts: [String] = []
        if let grinder { parts.append("grinder \"\(grinder)\"") }
        if let method { parts.append("method \"\(method)\"") }
        if let bean { parts.append("bean \"\(bean)\"") }
        if let since { parts.append("since \(since)") }
        if let until { parts.append("until \(until)") }
        return parts.joined(separator: ", ")
    }

    /// Entity codes whose names match `wanted`, or `nil` when no filter is set.
    ///
    /// `names` holds each entity's aliases, its shown name first. An exact (folded) alias match wins; failing
    /// that, `wanted` may be the beginning of an alias or of a word inside one, provided every entity it begins
    /// belongs to one shown name (`comandante` for `Comandante C40`). Two or more shown names are ambiguous; none is no
    /// match, and the error lists the journal's names closest first (``NameMatching/ranked(_:closestTo:)``).
    private func codes(
        _ what: String, _ wanted: String?, _ names: [[String]], shown: [String]? = nil
    ) throws(ReportError) -> Set<Int32>? {
        guard let wanted else { return nil }
        let shownNames = shown ?? names.map { $0.first ?? "" }
        let (prefixed, exact) = NameMatching.candidates(for: wanted, among: names)
        if exact, !prefixed.isEmpty { return Set(prefixed.map(Int32.init)) }
        let candidates = Set(prefixed.map { shownNames[$0] })
        if candidates.count == 1 { return Set(prefixed.map(Int32.init)) }
        if candidates.count > 1 {
            throw .ambiguousMatch(filter: what, value: wanted,
                candidates: NameMatching.ranked(Array(candidates), closestTo: wanted))
        }
        throw .noMatch(filter: what, value: wanted, known: NameMatching.ranked(shownNames, closestTo: wanted))
    }

}
