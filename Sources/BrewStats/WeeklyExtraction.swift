import BrewColumns

/// Extraction yield per week, filter and espresso apart, and how many brews fell inside the ideal range — the
/// extraction trend's data.
///
/// Definitions, for `count` ISO weeks from `first` (brews without a date or outside the weeks count nowhere):
/// - ``filter``/``espresso``: per week, the mean plausible EY (``DerivedColumns/extractionYield``) of the week's
///   filter brews (every category but espresso) or espresso brews, with its n; a week without one has mean `nil`.
///   The two are never averaged together (contract §4: the conventions are reported apart).
/// - ``inside``/``measured``: over all the weeks, the brews whose own EY lies inside the ideal range of their
///   convention (``StatsOptions/filterIdeal`` or ``StatsOptions/espressoIdeal``, inclusive), and the brews with an
///   EY. Judging each brew, not each weekly mean: a mean can sit inside the range while every brew is outside it.
public struct WeeklyExtraction: Sendable, Equatable {
    public let filter: [MeanCount]
    public let espresso: [MeanCount]
    public let inside: Int
    public let measured: Int
}

extension BrewAnalysis {
    /// ``WeeklyExtraction`` for `count` weeks from `first`.
    public func weeklyExtraction(from first: IsoWeek, count: Int) -> WeeklyExtraction {
        let n = max(0, count)
        var sums = [[Double]](repeating: [], count: 2 * n)
        var inside = 0, measured = 0
        let w = derived.week, e = derived.extractionYield, t = table
        let filterIdeal = options.filterIdeal.extraction, espressoIdeal = options.espressoIdeal.extraction
        for i in 0..<t.count where w.isValid(i) && e.isValid(i) {
            let g = Int(w.values[i]) - Int(first.index)
            guard g >= 0, g < n else { continue }
            let espresso = t.category.isValid(i) && t.category(at: i) == .espresso
            let ey = e.values[i]
            sums[espresso ? n + g : g].append(ey)
            measured += 1
            if (espresso ? espressoIdeal : filterIdeal).contains(ey) { inside += 1 }
        }
        func mean(_ v: [Double]) -> MeanCount { MeanCount(mean: v.isEmpty ? nil : pairwiseSum(v) / Double(v.count), n: v.count) }
        return WeeklyExtraction(filter: sums[0..<n].map(mean), espresso: sums[n..<(2 * n)].map(mean),
                                inside: inside, measured: measured)
    }
}
