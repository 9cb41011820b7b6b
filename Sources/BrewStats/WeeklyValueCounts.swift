import BrewColumns

/// How many brews of each week a weekly trend value summarises (see ``BrewAnalysis/weeklyValueCounts(from:count:)``).
public struct WeeklyValueCounts: Sendable, Equatable {
    /// Brews with a rating, per week.
    public let rated: [Int]
    /// Brews with a (plausible) extraction yield, per week: the brews the weekly mean EY is taken over.
    public let measured: [Int]
}

extension BrewAnalysis {
    /// Per-week counts of the brews behind the weekly mean rating and mean extraction yield, for `count` weeks
    /// from `first`: what a trend chart draws, so its caption counts exactly that.
    ///
    /// A rating counts when present and not NaN; an extraction yield when ``DerivedColumns/extractionYield`` is
    /// valid (TDS present and the EY plausible). Brews without a date, or outside the weeks, are in no week.
    public func weeklyValueCounts(from first: IsoWeek, count: Int) -> WeeklyValueCounts {
        let n = max(0, count)
        var rated = [Int](repeating: 0, count: n), measured = [Int](repeating: 0, count: n)
        let w = derived.week, r = table.rating, e = derived.extractionYield
        for i in 0..<table.count where w.isValid(i) {
            let g = Int(w.values[i]) - Int(first.index)
            guard g >= 0, g < n else { continue }
            if r.isValid(i), !r.values[i].isNaN { rated[g] += 1 }
            if e.isValid(i) { measured[g] += 1 }
        }
        return WeeklyValueCounts(rated: rated, measured: measured)
    }
}
