import BrewColumns

/// How one bag dialed in on one grinder × method: how far its first brew was from its best, and how many brews it
/// took to get close.
///
/// Definitions, over the bag's **rated** brews on that grinder × method, in brew-date order (ties: table order),
/// dated up to the review's end (no look-ahead):
/// - ``first``: the first rated brew; ``best``: the highest-rated one (ties: the earliest, the one that got there
///   first).
/// - ``ratingGap``: best rating − first rating (≥ 0).
/// - ``settingDistance``: |best setting − first setting| in the grinder's own units, when both brews logged a numeric
///   setting; else `nil`.
/// - ``dialInBrews``: the rated brews up to and including the first one rated within ``tolerance`` (0.25 rating
///   points, a quarter star) of the best: 1 when the first brew was already there.
///
/// A journey needs at least two rated brews (a first and a best to tell apart). A review lists the bags *opened*
/// in its year: those whose first dated brew on the grinder × method falls inside it; bags carried over from the
/// year before are left out (their first brew is not that year's).
public struct DialInJourney: Sendable, Equatable {
    /// How close to the best rating a brew must come to count as dialed in: 0.25 rating points.
    public static let tolerance = 0.25

    public let beanIndex: Int
    public let bean: String
    public let grinderIndex: Int
    public let grinder: String
    public let methodIndex: Int
    public let method: String
    public let ratedBrews: Int
    public let first: BeanProgress.Brew
    public let best: BeanProgress.Brew
    public let ratingGap: Double
    public let settingDistance: Double?
    public let dialInBrews: Int

    /// The journey of the rated brews `brews` (in date order, at least two); `nil` for fewer.
    static func of(
        _ brews: [BeanProgress.Brew], bean: (Int, String), grinder: (Int, String), method: (Int, String)
    ) -> DialInJourney? {
        guard brews.count >= 2, let first = brews.first, let top = brews.compactMap(\.rating).max() else { return nil }
        let best = brews.first { $0.rating == top }!
        let reached = brews.firstIndex { ($0.rating ?? -.infinity) >= top - tolerance }!
        let distance: Double? = if let a = first.setting, let b = best.setting { abs(b - a) } else { nil }
        return DialInJourney(beanIndex: bean.0, bean: bean.1, grinderIndex: grinder.0, grinder: grinder.1,
                             methodIndex: method.0, method: method.1, ratedBrews: brews.count, first: first, best: best,
                             ratingGap: top - (first.rating ?? top), settingDistance: distance,
                             dialInBrews: reached + 1)
    }
}

extension BrewAnalysis {
    /// One ``DialInJourney`` per bean × grinder × method whose first dated brew lies in `openedFrom … through`
    /// (local days), over its brews dated up to `through`; ordered by bean label, grinder, method (UTF-8 order).
    public func dialInJourneys(through last: Day, openedFrom first: Day) -> [DialInJourney] {
        let t = table, day = derived.localDay
        let grinders = t.grinder.dictionary.count, methods = t.method.dictionary.count
        struct Entry { let time: Int64; let row: Int }
        var byKey: [Int: [Entry]] = [:]
        for i in 0..<t.count where day.isValid(i) && day.values[i] <= last.index {
            guard let b = t.bean.code(i), let g = t.grinder.code(i), let m = t.method.code(i) else { continue }
            byKey[
                (Int(b) * grinders + Int(g)) * methods + Int(m),
                default: []].append(Entry(time: t.brewDate.values[i], row: i))
        }
        let labels = BeanLabels.make(journal)
        var out: [DialInJourney] = []
        for (key, entries) in byKey {
            let ordered = entries.sorted { ($0.time, $0.row) < ($1.time, $1.row) }
            guard day.values[ordered[0].row] >= first.index else { continue }  // opened before the year
            let rated = ordered.compactMap { e -> BeanProgress.Brew? in
                guard let r = t.rating[e.row], r.isFinite else { return nil }
                let s = t.grindSetting[e.row].flatMap { $0.isFinite ? $0 : nil }
                return BeanProgress.Brew(row: e.row, setting: s, rating: r, date: Timestamp(microseconds: e.time))
            }
            let m = key % methods, g = (key / methods) % grinders, b = key / methods / grinders
            if let j = DialInJourney.of(rated, bean: (b, labels[b]), grinder: (g, t.grinder.dictionary[g]),
                                        method: (m, t.method.dictionary[m])) {
                out.append(j)
            }
        }
        return out.sorted { a, b in
            if a.bean != b.bean { return nameLess(a.bean, b.bean) }
            if a.grinder != b.grinder { return nameLess(a.grinder, b.grinder) }
            if a.method != b.method { return nameLess(a.method, b.method) }
            return (a.beanIndex, a.grinderIndex, a.methodIndex) < (b.beanIndex, b.grinderIndex, b.methodIndex)
        }
    }
}
