import BrewColumns
import BrewStats
import Foundation
import Synchronization

/// A journal's rows grouped by grinder in one pass, cut at one instant, with what the advisor reads of each grinder:
/// its rows and their methods, the methods it has rated brews with, and its scale. Many answers on one journal (a
/// report's beans of the week) then each read only their grinder's group instead of the whole journal, and the
/// grinder's scale is made once. The answer is the same with or without a grouping.
///
/// A row is in grinder `g`'s group when its grinder is `g` and — with `asOf` — its brew date is at or before `asOf`
/// (undated rows are then left out), as the advisor's usable brews are defined. Rows without a grinder are in no
/// group.
///
/// A grouping also remembers, per grinder × method asked about, what the advisor reads of it (``MethodBrews``): a
/// report asks about several beans on one grinder × method, and each answer differs only in the bag it is about.
/// A grouping belongs to the journal it was made from.
public struct DialInRows: Sendable {
    /// The instant the rows are cut at; `nil` keeps every row.
    public let asOf: Timestamp?
    /// Groups by grinder code; `nil` for a grinder not asked for.
    private let groups: [GrinderRows?]
    /// ``MethodBrews`` by grinder × method, filled as answers ask for them.
    private let remembered = MethodBrewsCache()

    /// What the advisor reads of one grinder (see ``DialInRows``).
    struct GrinderRows: Sendable {
        /// The group's rows, ascending, and each row's method code (-1 without a method).
        var rows: [Int32] = []
        var methods: [Int32] = []
        /// Flags by method code: the grinder has a brew with a finite setting and a finite rating with that method.
        var ratedMethods: [Bool]
        /// The grinder's scale from its record and every finite setting of the group, in row order, whatever the
        /// method (``DialInScale/make(grinder:observed:)``).
        var scale = DialInScale(lower: 0, upper: 40, step: 1, anchor: 0)

        /// The group's rows brewed with method code `method`, ascending.
        func rows(method: Int) -> [Int32] {
            let m = Int32(truncatingIfNeeded: method)
            var out: [Int32] = []
            for k in methods.indices where methods[k] == m { out.append(rows[k]) }
            return out
        }
    }

    /// Groups `journal`'s rows by grinder, up to `asOf`.
    ///
    /// - Parameter grinders: The grinder indices to group (those the answers will ask about); `nil` groups every
    ///   grinder. A grinder left out is grouped again by the advisor when it is asked about.
    public init(_ journal: Journal, asOf: Timestamp? = nil, grinders wanted: Set<Int>? = nil) {
        self.asOf = asOf
        let t = journal.brews
        let methodSlots = max(journal.methods.count, t.method.dictionary.count)
        let count = max(journal.grinders.count, t.grinder.dictionary.count)
        var groups = [GrinderRows?](repeating: nil, count: count)
        var observed = [[Double]](repeating: [], count: count)
        for g in 0..<count where wanted?.contains(g) ?? true {
            groups[g] = GrinderRows(ratedMethods: [Bool](repeating: false, count: methodSlots))
        }
        let limit = asOf?.microseconds
        for i in 0..<t.count {
            guard let code = t.grinder.code(i), Int(code) < count, groups[Int(code)] != nil else { continue }
            if let limit { guard let d = t.brewDate[i], d <= limit else { continue } }
            let g = Int(code)
            let setting = t.grindSetting[i].flatMap { $0.isFinite ? $0 : nil }
            let method = t.method.code(i)
            groups[g]!.rows.append(Int32(i))
            groups[g]!.methods.append(method ?? -1)
            if let setting {
                observed[g].append(setting)
                if let method, Int(method) < methodSlots, let r = t.rating[i], r.isFinite {
                    groups[g]!.ratedMethods[Int(method)] = true
                }
            }
        }
        for g in groups.indices where groups[g] != nil {
            let record = journal.grinders.indices.contains(g) ? journal.grinders[g] : nil
            groups[g]!.scale = DialInScale.make(grinder: record, observed: observed[g])
        }
        self.groups = groups
    }

    /// Whether grinder `grinder` was grouped.
    func covers(_ grinder: Int) -> Bool { groups.indices.contains(grinder) && groups[grinder] != nil }

    /// The group of a grinder ``covers(_:)`` is true for.
    func grinder(_ grinder: Int) -> GrinderRows { groups[grinder]! }

    /// What the advisor reads of `grinder` × `method` (a grinder ``covers(_:)`` is true for), made from `journal` on
    /// first use and remembered. Two threads asking at once for the same pair may both make it; they make the same.
    func brews(_ journal: Journal, grinder: Int, method: Int) -> MethodBrews {
        let key = MethodBrewsCache.Key(grinder: grinder, method: method)
        if let known = remembered.table.withLock({ $0[key] }) { return known }
        let made = MethodBrews(journal, rows: groups[grinder]!, method: method)
        remembered.table.withLock { $0[key] = made }
        return made
    }
}

/// The brews of one grinder × method up to a grouping's instant, as the advisor reads them (``DialInAdvisor``): the
/// usable ones (a finite setting and a finite rating) by bag, and the counts of those left out.
struct MethodBrews: Sendable {
    /// Brews without a finite rating, and rated brews without a finite setting.
    var unrated = 0, unset = 0
    /// Usable brews.
    var usable = 0
    /// The bag of the latest brew, rated or not (latest by brew date, undated counting as earliest, then by row):
    /// its bean code, or -1 without a bean; `nil` without brews.
    var latestBag: Int?
    /// Usable brews by bag slot (slot 0 for brews without a bean, bean code + 1 otherwise), each in (date, row) order.
    var byBag: [[BrewPoint]]
    /// Each slot's last usable brew as (date, row) in that order; `nil` for a slot without one.
    var lastBrew: [(Int64, Int)?]

    init(_ journal: Journal, rows group: DialInRows.GrinderRows, method: Int) {
        let t = journal.brews
        var usable: [(row: Int, bag: Int, date: Int64)] = []
        var latest: (date: Int64, row: Int, bag: Int)?
        for r in group.rows(method: method) {
            let i = Int(r)
            let when = t.brewDate[i] ?? .min
            let bag = t.bean.code(i).map(Int.init) ?? -1
            if latest == nil || when >= latest!.date { latest = (when, i, bag) }
            let setting = t.grindSetting[i].flatMap { $0.isFinite ? $0 : nil }
            let rating = t.rating[i].flatMap { $0.isFinite ? $0 : nil }
            switch (setting, rating) {
            case (.some, .some): usable.append((i, bag, when))
            case (.some, nil), (nil, nil): unrated += 1
            case (nil, .some): unset += 1
            }
        }
        latestBag = latest?.bag
        self.usable = usable.count
        // Rows come in table order, usually already by date: sort only when they are not.
        if zip(usable, usable.dropFirst()).contains(where: { ($0.date, $0.row) > ($1.date, $1.row) }) {
            usable.sort { ($0.date, $0.row) < ($1.date, $1.row) }
        }
        let slots = max(journal.beans.count, t.bean.dictionary.count) + 1
        byBag = [[BrewPoint]](repeating: [], count: slots)
        lastBrew = [(Int64, Int)?](repeating: nil, count: slots)
        for u in usable {
            byBag[u.bag + 1].append(BrewPoint(setting: t.grindSetting.values[u.row], rating: t.rating.values[u.row]))
            lastBrew[u.bag + 1] = (u.date, u.row)
        }
    }
}

/// ``DialInRows``' remembered ``MethodBrews``, shared by the copies of one grouping.
private final class MethodBrewsCache: Sendable {
    struct Key: Hashable {
        let grinder: Int, method: Int
    }
    let table = Mutex<[Key: MethodBrews]>([:])
}
