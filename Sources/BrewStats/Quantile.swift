/// Quantiles by linear interpolation between order statistics.
///
/// For sorted values `v[0] ≤ … ≤ v[n−1]` and probability `p ∈ [0, 1]`, let `h = (n − 1)·p`, `j = ⌊h⌋`,
/// `g = h − j`; the quantile is `v[j] + g·(v[j+1] − v[j])` (and `v[n−1]` when `j = n − 1`). This is
/// Hyndman & Fan's type 7, R's default and `numpy.quantile(method="linear")`; the interpolation uses
/// NumPy's form (`b − (b − a)(1 − g)` when `g ≥ 0.5`) so results agree to the last bit where NumPy's do.
///
/// Edge cases: empty input → `nil`; one value → that value for every `p`; ties are just equal order
/// statistics; `p` outside `[0, 1]` is clamped. NaN must have been removed by the caller.
public func quantileOfSorted(_ sorted: UnsafeBufferPointer<Double>, _ p: Double) -> Double? {
    let n = sorted.count
    guard n > 0 else { return nil }
    let q = min(max(p, 0), 1)
    let h = Double(n - 1) * q
    let j = Int(h.rounded(.down))
    if j >= n - 1 { return sorted[n - 1] }
    let g = h - Double(j)
    let a = sorted[j], b = sorted[j + 1]
    let d = b - a
    return g >= 0.5 ? b - d * (1 - g) : a + d * g
}

/// The type-7 quantile of an unsorted array (sorted here); see ``quantileOfSorted(_:_:)``.
///
/// NaN values are skipped, as pandas' `quantile` skips missing values.
public func quantile(_ values: [Double], _ p: Double) -> Double? {
    var v = values.filter { !$0.isNaN }
    v.sort()
    return v.withUnsafeBufferPointer { quantileOfSorted($0, p) }
}

/// The median of sorted values: the middle value, or `(a + b) / 2` of the two middle values for an even
/// count — the type-7 quantile at 0.5, computed as `numpy.median` computes it.
///
/// Edge cases: empty → `nil`; one value → that value.
public func medianOfSorted(_ sorted: UnsafeBufferPointer<Double>) -> Double? {
    let n = sorted.count
    guard n > 0 else { return nil }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
}

/// The median of unsorted values (NaN skipped); see ``medianOfSorted(_:)``.
///
/// Edge cases: empty or all-NaN input → `nil`.
public func median(_ values: [Double]) -> Double? {
    var v = values.filter { !$0.isNaN }
    v.sort()
    return v.withUnsafeBufferPointer { medianOfSorted($0) }
}

/// Type-7 quantiles and the median of unsorted values, by selection (expected O(n) per probability)
/// instead of a full sort. Reorders `values`. Results equal ``quantileOfSorted(_:_:)`` and
/// ``medianOfSorted(_:)`` on the sorted values, bit for bit (the same order statistics and arithmetic).
///
/// Edge cases: empty → `nil` for every probability and the median. NaN must have been removed.
func selectQuantiles(_ values: inout [Double], _ ps: [Double]) -> (quantiles: [Double?], median: Double?) {
    values.withUnsafeMutableBufferPointer { selectQuantiles($0, ps) }
}

/// ``selectQuantiles(_:_:)-([Double],_)`` on a buffer, which it reorders.
func selectQuantiles(_ a: UnsafeMutableBufferPointer<Double>, _ ps: [Double]) -> (quantiles: [Double?], median: Double?) {
    let n = a.count
    guard n > 0 else { return (ps.map { _ in nil }, nil) }
    do {
        // The order statistic k (0-based) after selection; k+1 is the minimum of the part right of k.
        func stat(_ k: Int) -> Double { select(a, k); return a[k] }
        func next(_ k: Int) -> Double {
            var m = a[k + 1]
            for i in (k + 2)..<n where a[i] < m { m = a[i] }
            return m
        }
        let quantiles: [Double?] = ps.map { p in
            let q = min(max(p, 0), 1)
            let h = Double(n - 1) * q
            let j = Int(h.rounded(.down))
            if j >= n - 1 { return stat(n - 1) }
            let g = h - Double(j)
            let lo = stat(j), hi = next(j)
            let d = hi - lo
            return g >= 0.5 ? hi - d * (1 - g) : lo + d * g
        }
        let median: Double = n % 2 == 1 ? stat(n / 2) : {
            let lo = stat(n / 2 - 1)
            return (lo + next(n / 2 - 1)) / 2
        }()
        return (quantiles, median)
    }
}

/// Hoare-style quickselect with median-of-three pivots: afterwards `a[k]` is the k-th smallest, everything
/// left of it ≤ and everything right of it ≥.
private func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) {
    var lo = 0, hi = a.count - 1
    while hi > lo {
        if hi - lo < 16 {
            // Insertion sort on short ranges.
            for i in (lo + 1)...hi {
                let v = a[i]
                var j = i - 1
                while j >= lo && a[j] > v { a[j + 1] = a[j]; j -= 1 }
                a[j + 1] = v
            }
            return
        }
        let mid = lo + (hi - lo) / 2
        if a[mid] < a[lo] { a.swapAt(mid, lo) }
        if a[hi] < a[lo] { a.swapAt(hi, lo) }
        if a[hi] < a[mid] { a.swapAt(hi, mid) }
        let pivot = a[mid]
        var i = lo, j = hi
        while i <= j {
            while a[i] < pivot { i += 1 }
            while a[j] > pivot { j -= 1 }
            if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
        }
        if k <= j { hi = j } else if k >= i { lo = i } else { return }
    }
}
