import BrewColumns

/// The best-rated brew of a week: highest rating; ties go to the earliest brew, then the smaller id
/// (UTF-8 order; a brew without an id sorts first), then table order.
public struct BestBrew: Sendable, Equatable {
    /// Row in ``BrewTable``.
    public let row: Int
    public let id: String?
    public let rating: Double
    public let brewDate: Timestamp?

    /// `id (rating)`, e.g. `b-0042 (4.5)`; `(no id)` stands in for a missing id.
    public var label: String { "\(id ?? "(no id)") (\(CSVCell.format(rating)))" }
}

/// The figures of one week (see ``WeekSummary``).
public struct WeekFigures: Sendable, Equatable {
    public let week: IsoWeek
    public let brews: Int
    /// Mean rating of the week's rated brews; `nil` when none is rated.
    public let meanRating: Double?
    /// Brews of the week with a rating (the n behind ``meanRating``).
    public let ratedBrews: Int
    /// Mean plausible EY over every category; `nil` when none. Kept for `week_summary.csv`'s `mean_ey` row; the
    /// report's text states ``espressoExtraction`` and ``filterExtraction`` apart, because espresso and filter
    /// extractions are judged against different targets.
    public let meanExtraction: Double?
    /// Mean plausible EY of the week's espresso brews, with its n.
    public let espressoExtraction: MeanCount
    /// Mean plausible EY of the week's filter brews (every category but espresso), with its n.
    public let filterExtraction: MeanCount
    /// The method with most brews (ties: name A–Z, then journal position); `nil` without brews with a method.
    public let topMethod: String?
    public let bestBrew: BestBrew?
}

/// A mean with the number of values behind it (`mean` is `nil` when `n` is 0).
public struct MeanCount: Sendable, Equatable {
    public let mean: Double?
    public let n: Int

    public init(mean: Double?, n: Int) { self.mean = mean; self.n = n }

    /// The mean of `values`' present (non-null, non-NaN) slots among `rows`.
    static func of(_ values: Float64Column, _ rows: [Int]) -> MeanCount {
        var v: [Double] = []
        v.reserveCapacity(rows.count)
        for r in rows where values.isValid(r) && !values.values[r].isNaN { v.append(values.values[r]) }
        return MeanCount(mean: v.isEmpty ? nil : pairwiseSum(v) / Double(v.count), n: v.count)
    }
}

/// `week_summary.csv`: the report week against the week before it.
///
/// Rows, in this order: `brews`, `mean_rating`, `mean_ey_pct`, `top_method`, `best_brew`. `change` is this week
/// minus the previous week for the numeric rows (empty when either is missing) and empty for the two text rows.
public struct WeekSummary: Sendable, Equatable {
    public let this: WeekFigures
    public let previous: WeekFigures

    public static let header = ["metric", "this_week", "previous_week", "change"]

    /// The metric names of the rows, in order (the first column).
    public static let metrics = ["brews", "mean_rating", "mean_ey_pct", "top_method", "best_brew"]

    /// RFC 4180 text (see ``CSVCell``; numbers rounded to ``CSVPrecision``, a change to the precision of its
    /// metric, computed before rounding); `best_brew` cells are ``BestBrew/label``.
    public func csv() -> String {
        ComparisonCSV.write(header: Self.header, this: this, previous: previous)
    }

    /// `week_summary.csv` of a journal without dated brews: the header and every metric, `brews` 0, the other
    /// cells empty.
    public static func emptyCSV() -> String {
        CSVWriter.write(header: header, rows: metrics.map { m in
            m == "brews" ? [.label(m), .integer(0), .integer(0), .integer(0)] : [.label(m), .text(nil), .text(nil), .text(nil)]
        })
    }
}

extension BrewAnalysis {
    /// The summary of `week` (default ``latestWeek``) against the week before; `nil` when no week is given
    /// and no brew has a date.
    public func weekSummary(week: IsoWeek? = nil) -> WeekSummary? {
        guard let week = week ?? latestWeek else { return nil }
        let previous = week.advanced(by: -1)
        let groups = weekGroups(from: previous, count: 2)
        return WeekSummary(this: figures(groups, 1, week), previous: figures(groups, 0, previous))
    }

    /// The figures of group `g` of `groups` (one week): ``periodFigures(_:_:)`` of its rows.
    private func figures(_ groups: GroupIndex, _ g: Int, _ week: IsoWeek) -> WeekFigures {
        let p = periodFigures(groups.selection(of: g), .week(week))
        return WeekFigures(week: week, brews: p.brews, meanRating: p.meanRating, ratedBrews: p.ratedBrews,
                           meanExtraction: p.meanExtraction, espressoExtraction: p.espressoExtraction,
                           filterExtraction: p.filterExtraction, topMethod: p.topMethod, bestBrew: p.bestBrew)
    }
}
