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

/// The type-7 quantiles of unsorted values at each of `ps` (NaN skipped), by selection rather than a sort: the same
/// values as ``quantile(_:_:)`` at each probability, bit for bit, for one pass over the values.
///
/// Edge cases: empty or all-NaN input → `nil` for every probability.
public func quantiles(_ values: [Double], _ ps: [Double]) -> [Double?] {
    var v = values.filter { !$0.isNaN }
    return selectQuantiles(&v, ps).quantiles
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
func selectQuantiles(
    _ a: UnsafeMutableBufferPointer<Double>, _ ps: [Double]
) -> (quantiles: [Double?], median: Double?) {
    let n = a.count
    guard n > 0 else { return (ps.map { _ in nil }, nil) }
    // Every order statistic needed, selected in increasing order: after selecting k, everything right of k
    // is ≥ a[k], so the next (larger) statistic is selected within the part right of k only.
    var needed = Set<Int>()
    var plans: [(j: Int, g: Double)] = []
    for p in ps {
        let q = min(max(p, 0), 1)
        let h = Double(n - 1) * q
        let j = Int(h.rounded(.down))
        if j >= n - 1 {
            plans.append((n - 1, 0)); needed.insert(n - 1)
        } else {
            plans.append((j, h - Double(j))); needed.insert(j); needed.insert(j + 1)
        }
    }
    if n % 2 == 1 { needed.insert(n / 2) } else { needed.insert(n / 2 - 1); needed.insert(n / 2) }
    var stat = [Int: Double]()
    var from = 0
    for k in needed.sorted() {
        select(a, k, from: from)
        stat[k] = a[k]
        from = k + 1
    }
    let quantiles: [Double?] = plans.map { plan in
        if plan.j >= n - 1 { return stat[n - 1]! }
        let lo = stat[plan.j]!, hi = stat[plan.j + 1]!
        let d = hi - lo
        return plan.g >= 0.5 ? hi - d * (1 - plan.g) : lo + d * plan.g
    }
    let median = n % 2 == 1 ? stat[n / 2]! : (stat[n / 2 - 1]! + stat[n / 2]!) / 2
    return (quantiles, median)
}

/// Hoare-style quickselect with median-of-three pivots within `a[from...]`: afterwards `a[k]` is the k-th
/// smallest of the buffer, everything in `from..<k` ≤ it and everything right of it ≥ — provided every value
/// left of `from` is ≤ every value from `from` on (as after selecting `from − 1`).
private func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int, from: Int = 0) {
    var lo = from, hi = a.count - 1
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
