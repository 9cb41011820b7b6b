import BrewColumns

/// Questions about the journal's rows that the report asks of the analysis: the span of days its brews cover, the
/// weeks that hold brews, how a selection splits by method category, and which grind settings were rated how often.
///
/// Every answer is computed here, over columns and a ``Selection``; the report only words it.
extension BrewAnalysis {
    /// The first and last local day (``DerivedColumns/localDay``) of the dated brews among `rows` (every brew when
    /// `nil`); `nil` when none of them has a date.
    public func dayRange(_ rows: Selection? = nil) -> ClosedRange<Day>? {
        Kernel.validRange(derived.localDay, rows).map { Day(index: $0.lowerBound)...Day(index: $0.upperBound) }
    }

    /// The ISO weeks (``DerivedColumns/week``) that hold at least one dated brew, ascending; empty without dated brews.
    public var weeksWithBrews: [IsoWeek] {
        Kernel.distinctValues(derived.week).map(IsoWeek.init(index:))
    }

    /// How many of `rows` fall in each method category (``BrewTable/category(at:)``, a brew without a method counted
    /// as ``MethodCategory/other``); categories without a row are absent.
    public func categoryCounts(_ rows: Selection) -> [MethodCategory: Int] {
        let t = journal.brews
        var counts = [MethodCategory: Int]()
        for i in rows.indices { counts[t.category(at: Int(i)), default: 0] += 1 }
        return counts
    }

    /// The method category of each of `rows`, in selection order.
    public func categories(_ rows: Selection) -> [MethodCategory] {
        let t = journal.brews
        return rows.indices.map { t.category(at: Int($0)) }
    }

    /// How often each (grinder, method, grind setting, rating) occurs among the brews with a grinder, a finite grind
    /// setting and a finite rating: the points a batch pools across journals, per grinder × method (an espresso and
    /// a filter method on one grinder are two scales). Ordered by grinder code, method code (brews without a method
    /// first), setting, rating; brews missing any of grinder, setting or rating count nowhere.
    public func grindPointCounts() -> [GrindPointCount] {
        let t = journal.brews
        struct Key: Hashable { let g: Int32; let m: Int32; let x: Double; let y: Double }
        var counts: [Key: Int] = [:]
        for i in 0..<t.count {
            guard let g = t.grinder.code(i), let x = t.grindSetting[i], let y = t.rating[i], x.isFinite,
                y.isFinite else { continue }
            counts[Key(g: g, m: t.method.code(i) ?? -1, x: x, y: y), default: 0] += 1
        }
        return counts.map { GrindPointCount(grinder: $0.key.g, setting: $0.key.x, rating: $0.key.y, count: $0.value,
                                            method: $0.key.m >= 0 ? $0.key.m : nil) }
            .sorted {
                (
                    $0.grinder, $0.method ?? -1, $0.setting, $0.rating) < ($1.grinder, $1.method ?? -1, $1.setting,
                    $1.rating)
            }
    }
}

/// One (grinder, grind setting, rating) triple and how many brews have it (``BrewAnalysis/grindPointCounts()``).
public struct GrindPointCount: Sendable, Equatable {
    /// The grinder's code in ``BrewTable/grinder``.
    public let grinder: Int32
    public let setting: Double
    public let rating: Double
    public let count: Int
    /// The method's code in ``BrewTable/method``; `nil` for brews without a method.
    public var method: Int32? = nil
}
