import BrewColumns

/// The trend charts' data for a report period: brews, mean rating and mean extraction yield per bucket
/// (``TrendBucket``), over every bucket from the one holding `first` to the one holding `last`, empty buckets
/// included.
///
/// Definitions (brews by their local day, ``DerivedColumns/localDay``; undated brews and brews outside the days
/// count nowhere; a bucket only partly inside the days counts only the brews of days inside):
/// - ``brews``: the bucket's brews.
/// - ``rating``: mean rating of its rated brews (present, not NaN), with n; mean `nil` without one.
/// - ``filter``/``espresso``: mean plausible EY (``DerivedColumns/extractionYield``) of its filter brews (every
///   category but espresso) or espresso brews, with n — never averaged together (docs/definitions.md).
/// - ``inside``/``measured``: over all buckets, the brews whose own EY lies in their convention's ideal range
///   (inclusive), and the brews with an EY.
public struct PeriodTrend: Sendable, Equatable {
    public let bucket: TrendBucket
    /// The first bucket's number (``TrendBucket/index(of:)``); bucket k is `firstIndex + k`.
    public let firstIndex: Int32
    public let brews: [Int]
    public let rating: [MeanCount]
    public let filter: [MeanCount]
    public let espresso: [MeanCount]
    public let inside: Int
    public let measured: Int

    /// The number of buckets.
    public var count: Int { brews.count }

    /// The first day of bucket k (its start: a day, a Monday, the 1st of a month).
    public func firstDay(_ k: Int) -> Day { bucket.firstDay(of: firstIndex + Int32(k)) }

    /// How bucket k is named (`2026-11-05`, `2026-W47`, `2026-11`).
    public func label(_ k: Int) -> String { bucket.label(of: firstIndex + Int32(k)) }
}

extension BrewAnalysis {
    /// ``PeriodTrend`` of the days `days`, by `bucket`.
    public func periodTrend(_ days: ClosedRange<Day>, bucket: TrendBucket) -> PeriodTrend {
        let first = bucket.index(of: days.lowerBound.index), last = bucket.index(of: days.upperBound.index)
        let n = Int(last - first) + 1
        var brews = [Int](repeating: 0, count: n)
        var ratings = [[Double]](repeating: [], count: n)
        var ey = [[Double]](repeating: [], count: 2 * n)
        var inside = 0, measured = 0
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
                measured += 1
                if (espresso ? espressoIdeal : filterIdeal).contains(v) { inside += 1 }
            }
        }
        func mean(_ v: [Double]) -> MeanCount { MeanCount(mean: v.isEmpty ? nil : pairwiseSum(v) / Double(v.count), n: v.count) }
        return PeriodTrend(bucket: bucket, firstIndex: first, brews: brews, rating: ratings.map(mean),
                           filter: ey[0..<n].map(mean), espresso: ey[n..<(2 * n)].map(mean), inside: inside, measured: measured)
    }
}
