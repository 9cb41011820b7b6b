import BrewColumns

/// How one bean (bag) is dialing in on one grinder × method, as known at the end of a report week: the
/// finding a report leads with for each bean brewed that week.
///
/// Definitions, over the bean's brews on that grinder × method dated on or before the week's last day (in
/// ``StatsOptions/timeZone``); later brews never count, so a past week's finding is what was known then:
/// - ``brews``: those brews; ``periodBrews``: the ones inside the report period (a week, or the days asked for).
/// - ``group``: grind versus rating over those with a numeric setting and a rating (``GrindRatingGroup``;
///   `n` is its count). Its sweet spot is stated only when ``GrindRatingGroup/statesSweetSpot`` holds.
/// - ``best``: the best brew so far, highest rating; ties go to the most recent brew (the setting the user
///   came back to), then table order. `nil` without a rated brew with a setting.
/// - ``last``: the most recent of the brews (ties: table order), whatever it logged (setting and rating may be
///   missing).
public struct BeanProgress: Sendable, Equatable {
    /// One brew as the finding quotes it.
    public struct Brew: Sendable, Equatable {
        public let row: Int
        public let setting: Double?
        public let rating: Double?
        public let date: Timestamp?
    }

    public let beanIndex: Int
    public let bean: String
    public let grinderIndex: Int
    public let grinder: String
    public let methodIndex: Int
    public let method: String
    public let brews: Int
    public let periodBrews: Int
    public let group: GrindRatingGroup
    public let best: Brew?
    public let last: Brew
}

extension BrewAnalysis {
    /// One ``BeanProgress`` per bean × grinder × method brewed in `week`, most brews in the week first
    /// (ties: bean label, grinder, method, in UTF-8 order). Brews without a bean, grinder or method, and undated
    /// brews, are in none.
    public func beanProgress(week: IsoWeek) -> [BeanProgress] {
        beanProgress(days: week.firstDay...week.lastDay)
    }

    /// One ``BeanProgress`` per bean × grinder × method brewed on the local days `days` (a report period), as known
    /// at the last of them; ``BeanProgress/periodBrews`` then counts the brews of those days. Order and rules as
    /// ``beanProgress(week:)``.
    public func beanProgress(days: ClosedRange<Day>) -> [BeanProgress] {
        let t = table
        let w = derived.localDay
        let lo = days.lowerBound.index, hi = days.upperBound.index
        let labels = BeanLabels.make(journal)
        struct Key: Hashable { let bean: Int32, grinder: Int32, method: Int32 }
        var inWeek: [Key: Int] = [:]
        // The week's brews first (few), then the journal's rows of only those beans: one array read per row
        // rather than a hash per row, so a million-brew journal pays little for a handful of beans.
        var wanted = [Bool](repeating: false, count: max(t.bean.dictionary.count, journal.beans.count))
        for i in 0..<t.count where w.isValid(i) && w.values[i] >= lo && w.values[i] <= hi {
            guard let b = t.bean.code(i), let g = t.grinder.code(i), let m = t.method.code(i) else { continue }
            inWeek[Key(bean: b, grinder: g, method: m), default: 0] += 1
            wanted[Int(b)] = true
        }
        var all: [Key: [Int]] = [:]
        for i in 0..<t.count where w.isValid(i) && w.values[i] <= hi {
            guard let b = t.bean.code(i), wanted[Int(b)], let g = t.grinder.code(i), let m = t.method.code(i) else {
                continue
            }
            let key = Key(bean: b, grinder: g, method: m)
            if inWeek[key] != nil { all[key, default: []].append(i) }
        }
        var out: [BeanProgress] = []
        for (key, count) in inWeek {
            let rows = all[key] ?? []
            var x: [Double] = [], y: [Double] = []
            var best: BeanProgress.Brew?, last: BeanProgress.Brew?
            for r in rows {
                let setting = t.grindSetting.isValid(r) && !t.grindSetting.values[r].isNaN ? t.grindSetting.values[r]
                    : nil
                let rating = t.rating.isValid(r) && !t.rating.values[r].isNaN ? t.rating.values[r] : nil
                let brew = BeanProgress.Brew(row: r, setting: setting, rating: rating,
                                             date: t.brewDate[r].map(Timestamp.init(microseconds:)))
                let time = brew.date?.microseconds ?? .min
                if last == nil || time > (last!.date?.microseconds ?? .min) { last = brew }
                guard let s = setting, let v = rating else { continue }
                x.append(s); y.append(v)
                if let b = best, let br = b.rating, br > v || (br == v && (b.date?.microseconds ?? .min) >= time) {
                    continue
                }
                best = brew
            }
            var scratch = [Double](repeating: 0, count: 7 * max(1, x.count))
            let group = GrindRatingGroup(grinderIndex: Int(key.grinder),
                                         grinder: t.grinder.dictionary[Int(key.grinder)],
                                         methodIndex: Int(key.method), method: t.method.dictionary[Int(key.method)],
                                         beanIndex: Int(key.bean), bean: labels[Int(key.bean)],
                                         grind: x, rating: y, curveOptions: nil, scratch: &scratch)
            out.append(BeanProgress(beanIndex: Int(key.bean), bean: labels[Int(key.bean)],
                                    grinderIndex: Int(key.grinder),
                                    grinder: group.grinder, methodIndex: Int(key.method), method: group.method,
                                    brews: rows.count, periodBrews: count, group: group, best: best, last: last!))
        }
        return out.sorted { a, b in
            if a.periodBrews != b.periodBrews { return a.periodBrews > b.periodBrews }
            if a.bean != b.bean { return nameLess(a.bean, b.bean) }
            if a.grinder != b.grinder { return nameLess(a.grinder, b.grinder) }
            if a.method != b.method { return nameLess(a.method, b.method) }
            return (a.beanIndex, a.grinderIndex, a.methodIndex) < (b.beanIndex, b.grinderIndex, b.methodIndex)
        }
    }
}
