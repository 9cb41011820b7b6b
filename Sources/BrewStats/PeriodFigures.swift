import BrewColumns

/// The best-rated brew of a period (a week, a month, a year or a range of days): highest rating; ties go to the
/// earliest brew, then the smaller id (UTF-8 order; a brew without an id sorts first), then table order.
public struct BestBrew: Sendable, Equatable {
    /// Row in ``BrewTable``.
    public let row: Int
    public let id: String?
    public let rating: Double
    public let brewDate: Timestamp?

    /// `id (rating)`, e.g. `b-0042 (4.5)`; `(no id)` stands in for a missing id.
    public var label: String { "\(id ?? "(no id)") (\(CSVCell.format(rating)))" }
}

/// A mean with the number of values behind it (`mean` is `nil` when `n` is 0), and how many of them are estimated.
public struct MeanCount: Sendable, Equatable {
    public let mean: Double?
    public let n: Int
    /// How many of the `n` values rest on an estimate: for an extraction mean, the brews whose beverage mass is
    /// water − R × dose because no yield was logged (``DerivedColumns/beverageMass``); 0 for other means.
    public let estimated: Int

    public init(mean: Double?, n: Int, estimated: Int = 0) { self.mean = mean; self.n = n; self.estimated = estimated }

    /// The mean of `values`' present (non-null, non-NaN) slots among `rows`.
    static func of(_ values: Float64Column, _ rows: [Int]) -> MeanCount {
        var v: [Double] = []
        v.reserveCapacity(rows.count)
        for r in rows where values.isValid(r) && !values.values[r].isNaN { v.append(values.values[r]) }
        return MeanCount(mean: v.isEmpty ? nil : pairwiseSum(v) / Double(v.count), n: v.count)
    }

    /// The mean extraction yield of `rows` (as ``of(_:_:)``), counting the values whose beverage mass is estimated:
    /// a plausible EY of a brew without a logged yield took water − R × dose for its beverage.
    static func extraction(_ derived: DerivedColumns, _ brews: BrewTable, _ rows: [Int]) -> MeanCount {
        let m = of(derived.extractionYield, rows)
        let estimated = rows.filter { estimatedExtraction(derived, brews, row: $0) }.count
        return MeanCount(mean: m.mean, n: m.n, estimated: estimated)
    }

    /// Whether brew `r`'s extraction yield rests on an estimated beverage: it has a plausible EY and no logged
    /// yield, so its beverage mass is water − R × dose (``DerivedColumns/beverageMass``). The one rule every count
    /// of estimates uses.
    public static func estimatedExtraction(_ derived: DerivedColumns, _ brews: BrewTable, row r: Int) -> Bool {
        let ey = derived.extractionYield, yield = brews.yieldGrams
        return ey.isValid(r) && !ey.values[r].isNaN && !(yield.isValid(r) && !yield.values[r].isNaN)
    }
}

/// The figures of one report period (see ``PeriodSummary``), whatever its kind: a week, a month, a year or a range of
/// days (``ReportPeriod``); a week's figures are those of ``ReportPeriod/week(_:)``.
///
/// `brews` counts the brews whose local day (``DerivedColumns/localDay``) lies in the period; the means skip
/// missing values and are `nil` without any; ``meanExtraction`` pools every category (kept for the CSV),
/// ``espressoExtraction`` and ``filterExtraction`` are apart (docs/definitions.md). Top method and best brew follow the
/// week summary's rules (docs/definitions.md).
public struct PeriodFigures: Sendable, Equatable {
    public let period: ReportPeriod
    public let brews: Int
    /// Mean rating of the period's rated brews; `nil` when none is rated.
    public let meanRating: Double?
    /// Brews of the period with a rating (the n behind ``meanRating``).
    public let ratedBrews: Int
    /// Mean plausible EY over every category; `nil` when none. Kept for the comparison CSV's `mean_ey_pct` row; the
    /// report's text states ``espressoExtraction`` and ``filterExtraction`` apart, because espresso and filter
    /// extractions are judged against different targets.
    public let meanExtraction: Double?
    /// Mean plausible EY of the period's espresso brews, with its n.
    public let espressoExtraction: MeanCount
    /// Mean plausible EY of the period's filter brews (every category but espresso), with its n.
    public let filterExtraction: MeanCount
    /// The method with most brews (ties: name A–Z, then journal position); `nil` without brews with a method.
    public let topMethod: String?
    /// The best-rated brew (``BestBrew``); `nil` without rated brews.
    public let bestBrew: BestBrew?
}
