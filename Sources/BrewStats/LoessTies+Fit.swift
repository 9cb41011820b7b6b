/// Robustness weights per run of a ``LoessTies`` sample, with the within-group prefix sums that give any
/// window's per-group sums in O(log runs).
///
/// For run q of group g, `cumR[q]` is Σ count·r over the runs of g before q (0 for g's first run), likewise
/// `cumRY` (count·r·y) and `cumStrong` (the points with r ≥ ``strong``); `totR[g]`, `totRY[g]`, `totStrong[g]`
/// are the group's totals. The sums restart at each group, so their rounding is relative to one group's total,
/// not the whole sample's.
struct LoessRunWeights {
    /// A robustness weight at least this large times a tricube weight of at least 2·10⁻⁶ is surely above
    /// statsmodels' 10⁻¹² "non-zero weight" threshold (the rounded product is ≥ 2·10⁻¹²·(1 − 2⁻⁵²)).
    static let strong = 1e-6

    var r: [Double]
    var cumR: [Double], cumRY: [Double], cumStrong: [Int]
    var totR: [Double], totRY: [Double], totStrong: [Int]

    init(_ s: LoessTies, r: [Double]) {
        self.r = r
        let runs = r.count, groups = s.groupX.count
        cumR = [Double](repeating: 0, count: runs); cumRY = cumR; cumStrong = [Int](repeating: 0, count: runs)
        totR = [Double](repeating: 0, count: groups); totRY = totR; totStrong = [Int](repeating: 0, count: groups)
        for g in 0..<groups {
            var sr = 0.0, sry = 0.0, ss = 0
            for q in s.groupRuns[g]..<s.groupRuns[g + 1] {
                cumR[q] = sr; cumRY[q] = sry; cumStrong[q] = ss
                let m = s.runStart[q + 1] - s.runStart[q], w = Double(m) * r[q]
                sr += w; sry += w * s.runY[q]
                if r[q] >= Self.strong { ss += m }
            }
            totR[g] = sr; totRY[g] = sry; totStrong[g] = ss
        }
    }

    /// Σ r, Σ r·y and the strong count over the points of group `g` before point `p`
    /// (`groupStart[g] ≤ p ≤ groupStart[g + 1]`).
    @inline(__always)
    func prefix(_ s: LoessTies, group g: Int, before p: Int) -> (r: Double, ry: Double, strong: Int) {
        if p == s.groupStart[g] { return (0, 0, 0) }
        if p == s.groupStart[g + 1] { return (totR[g], totRY[g], totStrong[g]) }
        let q = s.run(of: p, inGroup: g), m = p - s.runStart[q], w = Double(m) * r[q]
        return (cumR[q] + w, cumRY[q] + w * s.runY[q], cumStrong[q] + (r[q] >= Self.strong ? m : 0))
    }
}

extension LoessTies {
    /// statsmodels' `lowess` on this sample, one fitted value per distinct x (every point of a group has
    /// the same fit when `delta ≥ 0`: ties copy the fit, and interpolation at a tied x has weight exactly 1).
    ///
    /// Same passes, window slides, delta skips, interpolations and thresholds as
    /// ``loessDirectFits(_:_:frac:iterations:delta:)``; only the sums differ: per group (tricube × Σ r, tricube × Σ
    /// r·y) instead of per point. A pass costs O(groups) for the slides and skips, O(groups in the window + log runs)
    /// per fitted x, and O(runs log runs) for the median absolute residual.
    ///
    /// - Precondition: `count > 0`, `delta ≥ 0`.
    func fits(frac: Double, iterations: Int, delta d: Double) -> [Double] {
        precondition(count > 0 && d >= 0, "loess: empty sample or negative delta")
        let groups = groupX.count, runs = runY.count
        let k = loessWindowSize(frac: frac, count: count)
        var weights = LoessRunWeights(self, r: [Double](repeating: 1, count: runs))
        var fit = [Double](repeating: 0, count: groups)
        var scratch = LoessWindowScratch(groups: groups)
        for pass in 0...max(iterations, 0) {
            onePass(k: k, delta: d, weights: weights, scratch: &scratch, into: &fit)
            if pass == max(iterations, 0) { break }
            weights = LoessRunWeights(self, r: robustnessWeights(fit))
        }
        return fit
    }

    /// One pass of statsmodels' loop, moving between groups instead of points.
    private func onePass(k: Int, delta d: Double, weights: LoessRunWeights, scratch: inout LoessWindowScratch,
                         into fit: inout [Double]) {
        let n = count, groups = groupX.count
        var i = 0, gi = 0, lastFit = -1, lastGroup = -1, left = 0, right = k
        var gLeft = 0, gRight = right < n ? group(of: right) : groups   // groups holding left and right
        while true {
            let xv = groupX[gi]
            // Slide [left, right) while xv lies right of its midpoint; the test only changes when left or right
            // enters a new group, so take the steps up to that point at once.
            while right < n && xv > (groupX[gLeft] + groupX[gRight]) / 2 {
                let step = min(groupStart[gLeft + 1] - left, groupStart[gRight + 1] - right)
                left += step; right += step
                if left == groupStart[gLeft + 1] { gLeft += 1 }
                if right == groupStart[gRight + 1] { gRight += 1 }
            }
            let gLast = right - 1 < groupStart[gRight] ? gRight - 1 : gRight
            let f = localFit(at: xv, window: left..<right, groups: gLeft...gLast, weights: weights,
                             scratch: &scratch) ?? runY[run(of: i, inGroup: gi)]
            // Interpolate the groups skipped by delta (points of group gi before i get weight 1 on f).
            if lastFit < i - 1 {
                let x0 = groupX[lastGroup], f0 = fit[lastGroup], denom = xv - x0
                for h in (lastGroup + 1)..<gi {
                    let a = (groupX[h] - x0) / denom
                    fit[h] = a * f + (1 - a) * f0
                }
            }
            // The rest of group gi copies f; the next fit is just before the first x beyond xv + delta.
            fit[gi] = f
            lastFit = groupStart[gi + 1] - 1; lastGroup = gi
            if lastFit >= n - 1 { break }
            let cut = xv + d
            var h = gi + 1
            while h < groups && !(groupX[h] > cut) { h += 1 }
            let kk = h < groups ? groupStart[h] : n - 1
            i = max(kk - 1, lastFit + 1)
            gi = group(of: i)
        }
    }

    /// The local weighted linear fit at `xv` over the window, or `nil` when fewer than two points have a weight
    /// above 10⁻¹² (statsmodels then keeps the point's own y).
    private func localFit(at xv: Double, window: Range<Int>, groups: ClosedRange<Int>, weights: LoessRunWeights,
                          scratch s: inout LoessWindowScratch) -> Double? {
        let radius = max(xv - groupX[groups.lowerBound], groupX[groups.upperBound] - xv)
        var sure = 0
        for h in groups {
            let a = max(groupStart[h], window.lowerBound), b = min(groupStart[h + 1], window.upperBound)
            let u = abs(groupX[h] - xv) / radius   // 0/0 = NaN when radius is 0: no weight, as in statsmodels
            let t = 1 - u * u * u
            let lo = weights.prefix(self, group: h, before: a), hi = weights.prefix(self, group: h, before: b)
            let j = h - groups.lowerBound
            s.tricube[j] = t * t * t; s.r[j] = hi.r - lo.r; s.ry[j] = hi.ry - lo.ry
            if s.tricube[j] >= 2e-6 { sure += hi.strong - lo.strong }
        }
        if sure < 2 && !hasTwoWeights(window: window, groups: groups, weights: weights, tricube: s.tricube) {
            return nil
        }
        var total = 0.0
        for j in 0..<groups.count { total += s.tricube[j] * s.r[j] }
        var mean = 0.0   // relative to xv, for accuracy
        for j in 0..<groups.count { mean += s.tricube[j] * s.r[j] / total * (groupX[groups.lowerBound + j] - xv) }
        mean += xv
        var sq = 0.0
        for j in 0..<groups.count {
            let e = groupX[groups.lowerBound + j] - mean
            sq += s.tricube[j] * s.r[j] / total * e * e
        }
        sq = max(sq, 1e-12)
        var v = 0.0
        for j in 0..<groups.count {
            v += s.tricube[j] / total * (1 + (xv - mean) * (groupX[groups.lowerBound + j] - mean) / sq) * s.ry[j]
        }
        return v
    }

    /// Whether at least two window points have tricube × r > 10⁻¹², counted run by run, exactly as statsmodels
    /// counts (the same product of the same factors). Reached only when the strong counts did not settle it.
    private func hasTwoWeights(window: Range<Int>, groups: ClosedRange<Int>, weights: LoessRunWeights,
                               tricube: [Double]) -> Bool {
        var found = 0
        for h in groups where tricube[h - groups.lowerBound] > 1e-12 {
            let a = max(groupStart[h], window.lowerBound), b = min(groupStart[h + 1], window.upperBound)
            var q = run(of: a, inGroup: h)
            while q < groupRuns[h + 1] && runStart[q] < b {
                if tricube[h - groups.lowerBound] * weights.r[q] > 1e-12 {
                    found += min(b, runStart[q + 1]) - max(a, runStart[q])
                    if found >= 2 { return true }
                }
                q += 1
            }
        }
        return false
    }

    /// The bisquare robustness weight of each run from its absolute residual and the median absolute residual
    /// over all points (each run counted with its multiplicity; `(a + b) / 2` of the middle two for an even
    /// count, as `numpy.median`).
    private func robustnessWeights(_ fit: [Double]) -> [Double] {
        var residual = [Double](repeating: 0, count: runY.count)
        for g in 0..<groupX.count {
            for q in groupRuns[g]..<groupRuns[g + 1] { residual[q] = abs(runY[q] - fit[g]) }
        }
        var order = residual.indices.filter { !residual[$0].isNaN }
        order.sort { residual[$0] < residual[$1] }
        let m = order.reduce(0) { $0 + runStart[$1 + 1] - runStart[$1] }
        /// The order statistic at 0-based position p among the points.
        func statistic(_ p: Int) -> Double {
            var seen = 0
            for q in order {
                seen += runStart[q + 1] - runStart[q]
                if seen > p { return residual[q] }
            }
            return .nan
        }
        let med = m == 0 ? 0 : (m % 2 == 1 ? statistic(m / 2) : (statistic(m / 2 - 1) + statistic(m / 2)) / 2)
        return residual.map { loessBisquare($0, median: med) }
    }
}

/// Per-group values of the current window, reused across fits: tricube weight, Σ r and Σ r·y over the part
/// of the group inside the window. Indexed from the window's first group.
struct LoessWindowScratch {
    var tricube: [Double], r: [Double], ry: [Double]
    init(groups: Int) {
        tricube = [Double](repeating: 0, count: groups); r = tricube; ry = tricube
    }
}
