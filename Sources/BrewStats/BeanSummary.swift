import BrewColumns

/// One bean (bag) as its own page shows it, from its brews dated up to a given day (no look-ahead).
///
/// Definitions, over the bean's dated brews up to that day, in brew-date order (ties: table order):
/// - ``rows``: those brews; ``ratings``: every rating logged among them (the distribution of every time the bean
///   was brewed); ``rating``: their mean with n.
/// - ``gramsUsed``: the sum of the positive doses logged (g); ``dosedBrews`` the brews that logged one; ``meanDose``
///   their mean (g).
/// - With the bag's weight known (``CoffeeBean/bagWeightGrams``): ``remainingGrams`` = weight − grams used (negative
///   when more was logged than the bag held: the bag was refilled, or the weight is wrong).
/// - With weight and price known (``CoffeeBean/bagPrice``): ``costPerKilogram`` = price ÷ weight × 1000, and
///   ``costPerCup`` = price ÷ weight × ``meanDose`` (needs a dose logged).
/// - ``best``: the highest-rated brew (ties: the most recent, as ``BeanProgress``).
/// - ``grindGroups``: grind versus rating on each grinder × method the bean was brewed with (``GrindRatingGroup``,
///   LOESS curves computed), most brews first.
/// - ``effects``: ratio, water temperature and brew time against rating, espresso and filter apart (``RatingEffect``).
public struct BeanSummary: Sendable {
    public let beanIndex: Int
    public let bean: CoffeeBean
    /// The bean's label (``BeanLabels``).
    public let label: String
    public let rows: [Int]
    public let ratings: [Double]
    public let rating: MeanCount
    public let gramsUsed: Double
    public let dosedBrews: Int
    public let meanDose: Double?
    public let best: BeanProgress.Brew?
    public let grindGroups: [GrindRatingGroup]
    public let effects: [RatingEffect]

    /// The number of brews.
    public var brews: Int { rows.count }

    /// Bag weight − grams used; `nil` without the bag's weight.
    public var remainingGrams: Double? { bean.bagWeightGrams.map { $0 - gramsUsed } }

    /// Price per kilogram of beans; `nil` without weight and price.
    public var costPerKilogram: Double? {
        guard let w = bean.bagWeightGrams, w > 0, let p = bean.bagPrice else { return nil }
        return p / w * 1000
    }

    /// Price of the mean dose; `nil` without weight, price or a logged dose.
    public var costPerCup: Double? {
        guard let perKilo = costPerKilogram, let dose = meanDose else { return nil }
        return perKilo * dose / 1000
    }

    /// How many ratings fall in each half-star bin 0, 0.5, …, 5 (11 bins; a rating goes to the nearest half star,
    /// halves rounding up; ratings outside 0–5 to the end bins).
    public var ratingBins: [Int] {
        var bins = [Int](repeating: 0, count: 11)
        // Clamped before `Int(_:)`: a rating of 10³⁰⁰ is imported (with a warning) and would trap it.
        for r in ratings { bins[Int(min(10, max(0, (r * 2).rounded(.toNearestOrAwayFromZero))))] += 1 }
        return bins
    }
}

extension BrewAnalysis {
    /// The page of every bean in `beans` (indices into ``Journal/beans``), from brews dated up to local day `last`.
    public func beanSummaries(_ beans: [Int], through last: Day) -> [BeanSummary] {
        let t = table, day = derived.localDay
        var slot = [Int](repeating: -1, count: journal.beans.count)
        for (k, b) in beans.enumerated() where b >= 0 && b < slot.count { slot[b] = k }
        var rows = [[Int]](repeating: [], count: beans.count)
        for i in 0..<t.count where day.isValid(i) && day.values[i] <= last.index {
            guard let b = t.bean.code(i), Int(b) < slot.count, slot[Int(b)] >= 0 else { continue }
            rows[slot[Int(b)]].append(i)
        }
        let labels = BeanLabels.make(journal)
        let dates = t.brewDate.values
        return beans.indices.map { k in
            let ordered = rows[k].sorted { (dates[$0], $0) < (dates[$1], $1) }
            return beanSummary(beans[k], rows: ordered, label: labels[beans[k]])
        }
    }

    /// Beans with a brew dated in `first … last` (local days), most recently brewed first (ties: label), at most
    /// `limit`: the beans a report gives a page.
    public func beansBrewed(from first: Day, through last: Day, limit: Int) -> [Int] {
        let t = table, day = derived.localDay
        var latest = [Int64](repeating: .min, count: journal.beans.count)
        for i in 0..<t.count where day.isValid(i) && day.values[i] >= first.index && day.values[i] <= last.index {
            guard let b = t.bean.code(i), Int(b) < latest.count else { continue }
            latest[Int(b)] = max(latest[Int(b)], t.brewDate.values[i])
        }
        let labels = BeanLabels.make(journal)
        let chosen = latest.indices.filter { latest[$0] != .min }.sorted { a, b in
            if latest[a] != latest[b] { return latest[a] > latest[b] }
            return labels[a] != labels[b] ? nameLess(labels[a], labels[b]) : a < b
        }
        return Array(chosen.prefix(max(0, limit)))
    }

    func beanSummary(_ b: Int, rows: [Int], label: String) -> BeanSummary {
        let t = table
        var ratings: [Double] = [], doses: [Double] = []
        var best: BeanProgress.Brew?
        for r in rows {
            if let d = t.doseGrams[r], d.isFinite, d > 0 { doses.append(d) }
            guard let v = t.rating[r], v.isFinite else { continue }
            ratings.append(v)
            // Rows are in date order: a later brew of an equal rating replaces the earlier one.
            if best == nil || v >= best!.rating! {
                best = BeanProgress.Brew(row: r, setting: t.grindSetting[r].flatMap { $0.isFinite ? $0 : nil },
                                         rating: v,
                                         date: t.brewDate[r].map(Timestamp.init(microseconds:)))
            }
        }
        let mean = { (v: [Double]) in v.isEmpty ? nil : pairwiseSum(v) / Double(v.count) }
        return BeanSummary(beanIndex: b, bean: journal.beans[b], label: label, rows: rows, ratings: ratings,
                           rating: MeanCount(mean: mean(ratings), n: ratings.count),
                           gramsUsed: doses.isEmpty ? 0 : pairwiseSum(doses), dosedBrews: doses.count,
                           meanDose: mean(doses),
                           best: best, grindGroups: grindGroups(of: rows, bean: b, label: label),
                           effects: ratingEffects(rows))
    }

    /// Grind versus rating of `rows` (one bean's brews) on each grinder × method, most brews first (ties: grinder,
    /// method in UTF-8 order).
    func grindGroups(of rows: [Int], bean: Int, label: String) -> [GrindRatingGroup] {
        let t = table
        var points: [Int: (x: [Double], y: [Double])] = [:]
        let methods = t.method.dictionary.count
        for r in rows {
            guard let g = t.grinder.code(r), let m = t.method.code(r), let s = t.grindSetting[r], s.isFinite,
                  let v = t.rating[r], v.isFinite else { continue }
            points[Int(g) * methods + Int(m), default: ([], [])].x.append(s)
            points[Int(g) * methods + Int(m)]!.y.append(v)
        }
        var scratch: [Double] = []
        let groups = points.map { key, p in
            GrindRatingGroup(grinderIndex: key / methods, grinder: t.grinder.dictionary[key / methods],
                             methodIndex: key % methods,
                             method: t.method.dictionary[key % methods], beanIndex: bean, bean: label,
                             grind: p.x, rating: p.y, curveOptions: options, scratch: &scratch)
        }
        return groups.sorted { a, b in
            if a.n != b.n { return a.n > b.n }
            if a.grinder != b.grinder { return nameLess(a.grinder, b.grinder) }
            return a.method != b.method ? nameLess(a.method, b.method)
                : (a.grinderIndex, a.methodIndex) < (b.grinderIndex, b.methodIndex)
        }
    }
}
