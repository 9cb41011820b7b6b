import BrewColumns

/// The one bucket model of the trend charts: brews, mean rating and mean extraction yield per bucket
/// (``TrendBucket``: a day, an ISO week or a month), over every bucket from the one holding the first day to the
/// one holding the last, empty buckets included. A weekly report's trends are the trend of its chart weeks by
/// week; a month's, a year's or a range's, the trend of the period and the period before by its bucket.
///
/// Definitions (brews by their local day, ``DerivedColumns/localDay``; undated brews and brews outside the days
/// count nowhere; a bucket only partly inside the days counts only the brews of days inside), per bucket:
/// - ``brews``: the bucket's brews.
/// - ``rating``: mean rating of its rated brews (present, not NaN), with n; mean `nil` without one.
/// - ``filter``/``espresso``: mean plausible EY (``DerivedColumns/extractionYield``) of its filter brews (every
///   category but espresso) or espresso brews, with n — never averaged together (docs/definitions.md) — and how
///   many of them rest on an estimated beverage (``MeanCount/estimatedExtraction(_:_:row:)``).
/// - ``insideIdeal``: its brews whose own EY lies in their convention's ideal range (inclusive).
/// - ``extraction``: mean plausible EY of all its brews with one, both conventions together, with n: `weekly.csv`'s
///   `mean_ey_pct`, which stays the mean over every category (docs/definitions.md); no chart draws it.
///
/// Every field is per bucket, so the trend of the last k buckets (``suffix(_:)``) is the trend of their days.
public struct PeriodTrend: Sendable, Equatable {
    public let bucket: TrendBucket
    /// The first bucket's number (``TrendBucket/index(of:)``); bucket k is `firstIndex + k`.
    public let firstIndex: Int32
    public let brews: [Int]
    public let rating: [MeanCount]
    public let filter: [MeanCount]
    public let espresso: [MeanCount]
    public let insideIdeal: [Int]
    public let extraction: [MeanCount]

    /// The number of buckets.
    public var count: Int { brews.count }

    /// Over all buckets: the brews whose own EY lies in their convention's ideal range.
    public var inside: Int { insideIdeal.reduce(0, +) }

    /// Over all buckets: the brews with an extraction yield (filter and espresso).
    public var measured: Int { filter.reduce(0) { $0 + $1.n } + espresso.reduce(0) { $0 + $1.n } }

    /// Over all buckets: of the ``measured`` brews, those whose extraction rests on an estimated beverage.
    public var estimated: Int { filter.reduce(0) { $0 + $1.estimated } + espresso.reduce(0) { $0 + $1.estimated } }

    /// The first day of bucket k (its start: a day, a Monday, the 1st of a month).
    public func firstDay(_ k: Int) -> Day { bucket.firstDay(of: firstIndex + Int32(k)) }

    /// How bucket k is named (`2026-11-05`, `2026-W47`, `2026-11`).
    public func label(_ k: Int) -> String { bucket.label(of: firstIndex + Int32(k)) }

    /// The trend of the last `k` buckets (all of them when `k` ≥ ``count``; none when `k` ≤ 0).
    public func suffix(_ k: Int) -> PeriodTrend {
        let k = min(max(k, 0), count), drop = count - k
        return PeriodTrend(bucket: bucket, firstIndex: firstIndex + Int32(drop), brews: Array(brews.suffix(k)),
                           rating: Array(rating.suffix(k)), filter: Array(filter.suffix(k)),
                           espresso: Array(espresso.suffix(k)), insideIdeal: Array(insideIdeal.suffix(k)),
                           extraction: Array(extraction.suffix(k)))
    }

    /// The trailing rolling mean of the buckets' mean ratings over `window` buckets (``Trend/rollingMean(_:window:)``):
    /// one value per bucket, `nil` where no bucket of the window has a rated brew.
    public func rollingRating(window: Int) -> [Double?] {
        Trend.rollingMean(rating.map(\.mean), window: window)
    }
}

extension BrewAnalysis {
    /// ``PeriodTrend`` of the days `days`, by `bucket`.
    public func periodTrend(_ days: ClosedRange<Day>, bucket: TrendBucket) -> PeriodTrend {
        let first = bucket.index(of: days.lowerBound.index), last = bucket.index(of: days.upperBound.index)
        let n = Int(last - first) + 1
        var brews = [Int](repeating: 0, count: n)
        var ratings = [[Double]](repeating: [], count: n)
        var ey = [[Double]](repeating: [], count: 2 * n), all = [[Double]](repeating: [], count: n)
        var estimated = [Int](repeating: 0, count: 2 * n)
        var inside = [Int](repeating: 0, count: n)
        let t = table, d = derived.localDay, e = derived.extractionYield, r = t.rating
        let lo = days.lowerBound.index, hi = days.upperBound.index
        let filterIdeal = options.filterIdeal.extraction, espressoIdeal = options.espressoIdeal.extraction
        // The month of a day needs a civil conversion: remember the last day's bucket (brews come in runs of days).
        var lastDay = Int32.min, lastBucket = 0
        for i in 0..<t.count where d.isValid(i) {
            let day = d.values[i]
            guard day >= lo && day <= hi else { continue }
            if day != lastDay { lastDay = day; lastBucket = Int(bucket.index(of: day) - first) }
            let g = lastBucket
            brews[g] += 1
            if r.isValid(i), !r.values[i].isNaN { ratings[g].append(r.values[i]) }
            if e.isValid(i) {
                let espresso = t.category.isValid(i) && t.category(at: i) == .espresso
                let v = e.values[i]
                ey[espresso ? n + g : g].append(v)
                all[g].append(v)
                if MeanCount.estimatedExtraction(derived, t, row: i) { estimated[espresso ? n + g : g] += 1 }
                if (espresso ? espressoIdeal : filterIdeal).contains(v) { inside[g] += 1 }
            }
        }
        func mean(_ v: [Double], estimated: Int = 0) -> MeanCount {
            MeanCount(mean: v.isEmpty ? nil : pairwiseSum(v) / Double(v.count), n: v.count, estimated: estimated)
        }
        return PeriodTrend(bucket: bucket, firstIndex: first, brews: brews, rating: ratings.map { mean($0) },
                           filter: (0..<n).map { mean(ey[$0], estimated: estimated[$0]) },
                           espresso: (n..<(2 * n)).map { mean(ey[$0], estimated: estimated[$0]) },
                           insideIdeal: inside, extraction: all.map { mean($0) })
    }
}
