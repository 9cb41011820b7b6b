import BrewColumns
import BrewStats
import Foundation

/// Tells which grind setting to brew next for a bag on a grinder × method, and how sure it is.
///
/// Usable brews have the grinder, the method, a finite grind setting and a finite rating, and — with `asOf` —
/// a brew date at or before that instant (a report of a past week never looks ahead; undated brews are then left
/// out). A **bag** is a bean entity; brews without a bean form one bag of their own. The bag asked about is
/// `bean`, or without it the bag of the latest brew on the grinder × method (rated or not; latest by brew date,
/// undated brews counting as earliest, then by journal position). The other bags with usable brews are the
/// **earlier bags**, most recently brewed first, at most ``DialInOptions/historyBags`` of them.
/// The grinder's scale comes from its metadata and every setting logged on it (``DialInScale/make(grinder:observed:)``).
public enum DialInAdvisor {
    /// The advice for `bean` (an index into ``Journal/beans``; `nil` for the latest bag) on `grinder` × `method`
    /// (indices into ``Journal/grinders`` and ``Journal/methods``), from the brews up to `asOf`.
    ///
    /// - Throws: ``AdviceError/invalidIndex(what:index:)`` for an index outside the journal's tables;
    ///   ``AdviceError/noBrews(grinder:method:methodsOnGrinder:)`` when no usable brew exists on the grinder ×
    ///   method (a bean without brews there is answered from the earlier bags alone).
    ///   - rows: The journal's rows by grinder (``DialInRows``), when several answers are asked of one journal: each
    ///     then reads only its grinder's group, and the grinder's scale is made once. It is used when it was cut at
    ///     the same `asOf` and holds the grinder; the answer is the same with or without it.
    public static func advise(journal: Journal, grinder: Int, method: Int, bean: Int? = nil, asOf: Timestamp? = nil,
                              options: DialInOptions = DialInOptions(), rows: DialInRows? = nil) throws(AdviceError) -> DialInAdvice {
        guard journal.grinders.indices.contains(grinder) else { throw .invalidIndex(what: "grinder", index: grinder) }
        guard journal.methods.indices.contains(method) else { throw .invalidIndex(what: "method", index: method) }
        if let bean, !journal.beans.indices.contains(bean) { throw .invalidIndex(what: "bean", index: bean) }
        let t = journal.brews
        // The grinder's rows up to `asOf`: from the caller's grouping when it was made for the same instant, else
        // from one pass over the journal for this grinder alone.
        let grouped = rows.flatMap { $0.asOf == asOf && $0.covers(grinder) ? $0 : nil }
            ?? DialInRows(journal, asOf: asOf, grinders: [grinder])
        let onGrinder = grouped.grinder(grinder)
        var usable: [(row: Int, bag: Int, date: Int64)] = []
        var unrated = 0, unset = 0
        var latest: (date: Int64, row: Int, bag: Int)?
        for r in onGrinder.rows(method: method) {
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
        let usableByMethod = onGrinder.ratedMethods
        guard !usable.isEmpty else {
            let others = usableByMethod.indices.filter { usableByMethod[$0] && journal.methods.indices.contains($0) }
                .map { journal.methods[$0].displayName }.sorted()
            throw .noBrews(grinder: journal.grinders[grinder].displayName, method: journal.methods[method].displayName,
                           methodsOnGrinder: others)
        }
        let target = bean ?? latest!.bag
        // Rows come in table order, usually already by date: sort only when they are not.
        if zip(usable, usable.dropFirst()).contains(where: { ($0.date, $0.row) > ($1.date, $1.row) }) {
            usable.sort { ($0.date, $0.row) < ($1.date, $1.row) }
        }
        // Bags by bean code (slot 0 for brews without a bean, code + 1 otherwise).
        let slots = max(journal.beans.count, t.bean.dictionary.count) + 1
        var byBag = [[BrewPoint]](repeating: [], count: slots)
        var lastBrew = [(Int64, Int)?](repeating: nil, count: slots)
        for u in usable {
            byBag[u.bag + 1].append(BrewPoint(setting: t.grindSetting.values[u.row], rating: t.rating.values[u.row]))
            lastBrew[u.bag + 1] = (u.date, u.row)
        }
        let current = byBag.indices.contains(target + 1) ? byBag[target + 1] : []
        let earlierBags = lastBrew.indices.filter { $0 != target + 1 && lastBrew[$0] != nil }
            .sorted { lastBrew[$0]! > lastBrew[$1]! }
            .prefix(options.historyBags)
        let earlier = earlierBags.map { byBag[$0] }
        let scale = onGrinder.scale
        let estimate = DialInModel(scale: scale, history: earlier, options: options).estimate(current: current)
        let label = target >= 0 ? BeanLabels.make(journal)[target] : nil
        var notes: [String] = []
        if unrated > 0 { notes.append("\(DialInAdvice.count(unrated, "brew")) on this grinder × method without a rating left out") }
        if unset > 0 { notes.append("\(DialInAdvice.count(unset, "rated brew")) on this grinder × method without a numeric grind setting left out") }
        if !scale.rangeFromMetadata {
            notes.append("the grinder's record gives no range that fits the logged settings: range \(scale.text(scale.lower))–\(scale.text(scale.upper)) taken from the brews")
        }
        if scale.step == nil {
            notes.append("no step fits the logged settings: treated as stepless, suggestions every \(scale.text(scale.resolution))")
        }
        let draft = DialInAdvice(grinder: journal.grinders[grinder].displayName, method: journal.methods[method].displayName,
                                 bean: label, grinderIndex: grinder, methodIndex: method, beanIndex: target >= 0 ? target : nil,
                                 estimate: estimate, points: current, earlierPoints: earlier, unrated: unrated, unset: unset,
                                 why: "", notes: notes)
        return draft.with(why: DialInExplanation.why(draft))
    }

    /// ``advise(journal:grinder:method:bean:asOf:options:)`` by names, matched as ``DialInNames`` does.
    public static func advise(journal: Journal, grinder: String, method: String, bean: String? = nil,
                              asOf: Timestamp? = nil, options: DialInOptions = DialInOptions()) throws(AdviceError) -> DialInAdvice {
        let r = try DialInNames.resolve(journal: journal, grinder: grinder, method: method, bean: bean)
        return try advise(journal: journal, grinder: r.grinder, method: r.method, bean: r.bean, asOf: asOf, options: options)
    }
}

extension DialInAdvice {
    /// The same advice with another explanation.
    func with(why: String) -> DialInAdvice {
        DialInAdvice(grinder: grinder, method: method, bean: bean, grinderIndex: grinderIndex, methodIndex: methodIndex,
                     beanIndex: beanIndex, estimate: estimate, points: points, earlierPoints: earlierPoints,
                     unrated: unrated, unset: unset, why: why, notes: notes)
    }
}

/// A journal's rows grouped by grinder in one pass, cut at one instant, with what the advisor reads of each grinder:
/// its rows and their methods, the methods it has rated brews with, and its scale. Many answers on one journal (a
/// report's beans of the week) then each read only their grinder's group instead of the whole journal, and the
/// grinder's scale is made once. The answer is the same with or without a grouping.
///
/// A row is in grinder `g`'s group when its grinder is `g` and — with `asOf` — its brew date is at or before `asOf`
/// (undated rows are then left out), as the advisor's usable brews are defined. Rows without a grinder are in no
/// group.
public struct DialInRows: Sendable {
    /// The instant the rows are cut at; `nil` keeps every row.
    public let asOf: Timestamp?
    /// Groups by grinder code; `nil` for a grinder not asked for.
    private let groups: [GrinderRows?]

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
}
