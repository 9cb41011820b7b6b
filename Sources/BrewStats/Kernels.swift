import BrewColumns

/// The reductions of one set of values: count, sum, mean, variance, extremes and quantiles.
///
/// Definitions, over the `n` values that are present (null slots and NaN are skipped, as pandas skips
/// missing values):
/// - `count` = n; `sum` = pairwise sum (``pairwiseSum(_:)-(UnsafeBufferPointer<Double>)``), 0 when n = 0;
/// - `mean` = sum ÷ n, `nil` when n = 0;
/// - `variance` = Σ(x − mean)² ÷ (n − 1) (two-pass, pairwise), `nil` when n < 2 (or not asked for); zero for
///   constant values;
/// - `standardDeviation` = √variance;
/// - `min`/`max`, `nil` when n = 0;
/// - `quantiles[k]` = type-7 quantile at the k-th requested probability (``quantileOfSorted(_:_:)``), and
///   `median` the 0.5 quantile computed as `numpy.median` (``medianOfSorted(_:)``); `nil` when n = 0.
///
/// These agree with pandas' `count`, `sum`, `mean`, `var(ddof=1)`, `std`, `min`, `max`, `quantile` and
/// `median` to within a few units in the last place.
public struct ColumnSummary: Sendable, Equatable {
    public let count: Int
    public let sum: Double
    public let mean: Double?
    public let variance: Double?
    public let min: Double?
    public let max: Double?
    /// One per requested probability.
    public let quantiles: [Double?]
    /// The median, when quantiles were requested (the values had to be sorted); otherwise `nil`.
    public let median: Double?

    /// √``variance``.
    public var standardDeviation: Double? { variance.map { $0.squareRoot() } }

    /// Summarises `values` (which must hold no NaN); the buffer is reordered (selection) when `quantiles` is not empty.
    /// - Parameter withVariance: compute ``variance`` (one more pass and buffer); `nil` otherwise.
    public init(values: inout [Double], quantiles ps: [Double] = [], withVariance: Bool = true) {
        let n = values.count
        count = n
        guard n > 0 else {
            sum = 0; mean = nil; variance = nil; min = nil; max = nil
            quantiles = ps.map { _ in nil }; median = nil
            return
        }
        let s = pairwiseSum(values)
        sum = s
        let m = s / Double(n)
        mean = m
        if n >= 2 && withVariance {
            var dev = [Double](repeating: 0, count: n)
            for i in 0..<n { let d = values[i] - m; dev[i] = d * d }
            variance = pairwiseSum(dev) / Double(n - 1)
        } else {
            variance = nil
        }
        var lo = values[0], hi = values[0]
        for v in values { if v < lo { lo = v }; if v > hi { hi = v } }
        min = lo; max = hi
        if ps.isEmpty {
            quantiles = []; median = nil
        } else {
            (quantiles, median) = selectQuantiles(&values, ps)
        }
    }

    /// Summarises the values in `buffer` (no NaN), without the variance; reorders the buffer when `quantiles`
    /// is not empty. The same results as ``init(values:quantiles:withVariance:)`` on the same values.
    init(buffer values: UnsafeMutableBufferPointer<Double>, quantiles ps: [Double]) {
        let n = values.count
        count = n
        variance = nil
        guard n > 0 else {
            sum = 0; mean = nil; min = nil; max = nil
            quantiles = ps.map { _ in nil }; median = nil
            return
        }
        let s = pairwiseSum(UnsafeBufferPointer(values))
        sum = s
        mean = s / Double(n)
        var lo = values[0], hi = values[0]
        for v in values { if v < lo { lo = v }; if v > hi { hi = v } }
        min = lo; max = hi
        if ps.isEmpty {
            quantiles = []; median = nil
        } else {
            (quantiles, median) = selectQuantiles(values, ps)
        }
    }
}

/// Reductions of a ``Float64Column`` over a ``Selection`` (every row when `nil`), skipping null slots and NaN.
///
/// Each kernel reads the column in place through the selection; none copies the table. Definitions and
/// edge cases are those of ``ColumnSummary``: an empty selection, or one whose slots are all missing, gives
/// count 0, sum 0 and `nil` for every other statistic; one value gives that value as mean, min, max and
/// every quantile, and a `nil` variance; constant values give variance 0.
public enum Kernel {
    /// The present (valid, non-NaN) values, in selection order.
    public static func values(_ column: Float64Column, _ selection: Selection? = nil) -> [Double] {
        var out = [Double]()
        if let selection {
            out.reserveCapacity(selection.count)
            gather(column, selection.indices, into: &out)
        } else {
            out.reserveCapacity(column.count)
            gather(column, 0..<Int32(column.count), into: &out)
        }
        return out
    }

    /// The number of present values.
    public static func count(_ column: Float64Column, _ selection: Selection? = nil) -> Int {
        values(column, selection).count
    }

    /// The pairwise sum of the present values (0 when there are none).
    public static func sum(_ column: Float64Column, _ selection: Selection? = nil) -> Double {
        pairwiseSum(values(column, selection))
    }

    /// The arithmetic mean of the present values; `nil` when there are none.
    public static func mean(_ column: Float64Column, _ selection: Selection? = nil) -> Double? {
        let v = values(column, selection)
        return v.isEmpty ? nil : pairwiseSum(v) / Double(v.count)
    }

    /// The sample variance (divisor n − 1) of the present values; `nil` when fewer than 2.
    public static func variance(_ column: Float64Column, _ selection: Selection? = nil) -> Double? {
        summary(column, selection).variance
    }

    /// The sample standard deviation (divisor n − 1); `nil` when fewer than 2 values.
    public static func standardDeviation(_ column: Float64Column, _ selection: Selection? = nil) -> Double? {
        summary(column, selection).standardDeviation
    }

    /// The smallest present value; `nil` when none.
    public static func min(_ column: Float64Column, _ selection: Selection? = nil) -> Double? {
        values(column, selection).min()
    }

    /// The largest present value; `nil` when none.
    public static func max(_ column: Float64Column, _ selection: Selection? = nil) -> Double? {
        values(column, selection).max()
    }

    /// The type-7 quantile at `p` of the present values (``BrewStats/quantile(_:_:)``); `nil` when none.
    public static func quantile(_ column: Float64Column, _ p: Double, _ selection: Selection? = nil) -> Double? {
        BrewStats.quantile(values(column, selection), p)
    }

    /// The median of the present values (``BrewStats/median(_:)``); `nil` when none.
    public static func median(_ column: Float64Column, _ selection: Selection? = nil) -> Double? {
        BrewStats.median(values(column, selection))
    }

    /// Every reduction at once, with the type-7 quantiles at `quantiles`.
    public static func summary(_ column: Float64Column, _ selection: Selection? = nil,
                               quantiles ps: [Double] = []) -> ColumnSummary {
        var v = values(column, selection)
        return ColumnSummary(values: &v, quantiles: ps)
    }

    /// Summaries of `column` per group of a dictionary column (by code), over `selection`.
    ///
    /// `result[c]` summarises the rows whose `by` code is `c`; rows with a null code are left out.
    public static func grouped(_ column: Float64Column, by: DictionaryColumn, _ selection: Selection? = nil,
                               quantiles ps: [Double] = []) -> [ColumnSummary] {
        GroupIndex(by, selection: selection).summarize(column, quantiles: ps, withVariance: true)
    }
}
