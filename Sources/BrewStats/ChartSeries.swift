import BrewColumns

/// Paired values for a scatter or a line: `x[i]` goes with `y[i]`.
public struct XYSeries: Sendable, Equatable {
    public var x: [Double]
    public var y: [Double]
    public init(x: [Double] = [], y: [Double] = []) { self.x = x; self.y = y }
    public var count: Int { x.count }
}

/// One grind-versus-rating panel: the points, their LOESS curve and the sweet spot (when there is one).
public struct GrindRatingSeries: Sendable, Equatable {
    /// `Grinder · Method`, with ` · Bean` for a per-bean group.
    public let title: String
    public let points: XYSeries
    public let curve: XYSeries
    public let sweetSpot: Double?
}

/// The plain arrays the report hands to the chart renderer, for one report week.
///
/// Weekly series span ``StatsOptions/chartWeeks`` weeks ending at the report week, empty weeks included;
/// `nil` marks a week without a value (a gap in a line). The rolling mean looks back
/// ``StatsOptions/rollingWeeks`` weeks, including weeks before the window (``Trend/rollingMean(_:window:)``).
public struct ChartSeries: Sendable, Equatable {
    public let weeks: [IsoWeek]
    public let brewsPerWeek: [Int]
    public let meanRating: [Double?]
    public let rollingMeanRating: [Double?]
    public let meanExtraction: [Double?]
    public let grindRating: [GrindRatingSeries]
    /// Control chart points (x = EY %, y = TDS %) of filter brews with a plausible EY.
    public let controlFilter: XYSeries
    /// Control chart points of espresso brews with a plausible EY.
    public let controlEspresso: XYSeries
    /// Rating against days off roast (x = days, y = rating) of brews with both.
    public let ratingByRoastAge: XYSeries
    /// LOESS curve of ``ratingByRoastAge``.
    public let ratingByRoastAgeCurve: XYSeries
}

extension BrewAnalysis {
    /// The chart series for the report week `week` (default ``latestWeek``); empty series when the
    /// journal has no dated brew and no week is given.
    public func chartSeries(week: IsoWeek? = nil) -> ChartSeries {
        let t = table
        var weeks = [IsoWeek](), brews = [Int](), rating = [Double?](), rolling = [Double?](), ey = [Double?]()
        if let end = week ?? latestWeek {
            let n = max(options.chartWeeks, 1)
            let look = max(options.rollingWeeks, 1) - 1
            let rows = weeklyRows(from: end.advanced(by: -(n - 1 + look)), to: end)
            let roll = Trend.rollingMean(rows.map(\.meanRating), window: options.rollingWeeks)
            let shown = rows.suffix(n)
            weeks = shown.map(\.week); brews = shown.map(\.brews)
            rating = shown.map(\.meanRating); ey = shown.map(\.meanExtraction)
            rolling = Array(roll.suffix(n))
        }
        let grind = grindRating(curves: true).groups.map { g in
            GrindRatingSeries(title: ([g.grinder, g.method] + (g.bean.map { [$0] } ?? [])).joined(separator: " · "),
                              points: XYSeries(x: g.grind, y: g.rating),
                              curve: XYSeries(x: g.curve?.x ?? [], y: g.curve?.y ?? []), sweetSpot: g.sweetSpot)
        }
        var filter = XYSeries(), espresso = XYSeries(), age = XYSeries()
        let e = derived.extractionYield, s = derived.strength
        for i in 0..<t.count {
            if e.isValid(i), s.isValid(i) {
                if t.category(at: i).isEspresso {
                    espresso.x.append(e.values[i]); espresso.y.append(s.values[i])
                } else {
                    filter.x.append(e.values[i]); filter.y.append(s.values[i])
                }
            }
            if derived.daysOffRoast.isValid(i), t.rating.isValid(i), !t.rating.values[i].isNaN {
                age.x.append(derived.daysOffRoast.values[i]); age.y.append(t.rating.values[i])
            }
        }
        let span = (age.x.max() ?? 0) - (age.x.min() ?? 0)
        let curve = loess(x: age.x, y: age.y, frac: options.loessFraction, iterations: options.loessIterations,
                          delta: options.loessDeltaFraction * span)
        return ChartSeries(weeks: weeks, brewsPerWeek: brews, meanRating: rating, rollingMeanRating: rolling,
                           meanExtraction: ey, grindRating: grind, controlFilter: filter, controlEspresso: espresso,
                           ratingByRoastAge: age, ratingByRoastAgeCurve: XYSeries(x: curve.x, y: curve.y))
    }
}

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
