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
    ///     then reads only its grinder's rows. The answer is the same with or without it.
    public static func advise(journal: Journal, grinder: Int, method: Int, bean: Int? = nil, asOf: Timestamp? = nil,
                              options: DialInOptions = DialInOptions(), rows: DialInRows? = nil) throws(AdviceError) -> DialInAdvice {
        guard journal.grinders.indices.contains(grinder) else { throw .invalidIndex(what: "grinder", index: grinder) }
        guard journal.methods.indices.contains(method) else { throw .invalidIndex(what: "method", index: method) }
        if let bean, !journal.beans.indices.contains(bean) { throw .invalidIndex(what: "bean", index: bean) }
        let t = journal.brews
        let limit = asOf?.microseconds
        var observed: [Double] = []
        // Flags and buckets indexed by code, not hashed: one array read per row.
        var usableByMethod = [Bool](repeating: false, count: max(journal.methods.count, t.method.dictionary.count))
        var usable: [(row: Int, bag: Int, date: Int64)] = []
        var unrated = 0, unset = 0
        var latest: (date: Int64, row: Int, bag: Int)?
        let candidates: [Int32] = rows?.rows(grinder: grinder) ?? []
        let scanned = rows == nil ? t.count : candidates.count
        for k in 0..<scanned {
            let i = rows == nil ? k : Int(candidates[k])
            guard t.grinder.code(i) == Int32(grinder) else { continue }
            let date = t.brewDate[i]
            if let limit { guard let d = date, d <= limit else { continue } }
            let setting = t.grindSetting[i].flatMap { $0.isFinite ? $0 : nil }
            let rating = t.rating[i].flatMap { $0.isFinite ? $0 : nil }
            if let setting { observed.append(setting) }
            guard let m = t.method.code(i) else { continue }
            if setting != nil && rating != nil, Int(m) < usableByMethod.count { usableByMethod[Int(m)] = true }
            guard m == Int32(method) else { continue }
            let bag = t.bean.code(i).map(Int.init) ?? -1
            let when = date ?? .min
            if latest == nil || when >= latest!.date { latest = (when, i, bag) }
            switch (setting, rating) {
            case (.some, .some): usable.append((i, bag, when))
            case (.some, nil), (nil, nil): unrated += 1
            case (nil, .some): unset += 1
            }
        }
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
        let scale = DialInScale.make(grinder: journal.grinders[grinder], observed: observed)
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

/// A journal's rows grouped by grinder, built in one pass, so that many advisor answers on one journal (a report's
/// beans of the week) each read only their grinder's rows instead of the whole journal.
public struct DialInRows: Sendable {
    let byGrinder: [[Int32]]

    /// Groups `journal`'s rows by grinder code; rows without a grinder are in no group.
    public init(_ journal: Journal) {
        let codes = journal.brews.grinder
        var groups = [[Int32]](repeating: [], count: max(journal.grinders.count, codes.dictionary.count))
        for i in 0..<journal.brews.count {
            if let g = codes.code(i), Int(g) < groups.count { groups[Int(g)].append(Int32(i)) }
        }
        byGrinder = groups
    }

    /// The rows of grinder `grinder`, ascending.
    func rows(grinder: Int) -> [Int32] { byGrinder.indices.contains(grinder) ? byGrinder[grinder] : [] }
}
