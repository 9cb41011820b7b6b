/// Operations on regular series (one value per week, `nil` where a week has none).
public enum Trend {
    /// The trailing rolling mean: element i is the mean of the present values among elements
    /// `i − window + 1 … i`; `nil` when none of them is present.
    ///
    /// Agrees with pandas' `Series.rolling(window, min_periods=1).mean()` on the same series (NaN for `nil`).
    /// Edge cases: an empty series gives an empty result; `window` < 1 is treated as 1.
    public static func rollingMean(_ values: [Double?], window: Int) -> [Double?] {
        let w = max(window, 1)
        return values.indices.map { i in
            let slice = values[max(0, i - w + 1)...i].compactMap { $0 }
            return slice.isEmpty ? nil : pairwiseSum(slice) / Double(slice.count)
        }
    }

    /// Week-over-week change: element i is `values[i] − values[i−1]`; `nil` for the first element and
    /// wherever either value is missing.
    public static func weekOverWeek(_ values: [Double?]) -> [Double?] {
        values.indices.map { i in
            guard i > 0, let a = values[i], let b = values[i - 1] else { return nil }
            return a - b
        }
    }

    /// OLS trend of a series against its position (0, 1, 2, …), missing elements skipped; see
    /// ``Regression/ols(_:_:)``. `nil` with fewer than two present values.
    public static func linear(_ values: [Double?]) -> LinearFit? {
        var x = [Double](), y = [Double]()
        for (i, v) in values.enumerated() { if let v { x.append(Double(i)); y.append(v) } }
        return Regression.ols(x, y)
    }

    /// Theil–Sen trend of a series against its position, missing elements skipped; see
    /// ``Regression/theilSen(_:_:)``.
    public static func theilSen(_ values: [Double?]) -> (slope: Double, intercept: Double)? {
        var x = [Double](), y = [Double]()
        for (i, v) in values.enumerated() { if let v { x.append(Double(i)); y.append(v) } }
        return Regression.theilSen(x, y)
    }
}
