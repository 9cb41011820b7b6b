/// A LOESS sample compressed by its ties: the finite pairs sorted by (x, y), stored as *runs* of identical
/// pairs, the runs grouped by x.
///
/// Point indices are those of the sorted sample, so a statsmodels window `[left, right)` of point indices
/// maps onto whole groups plus at most two partial groups at its ends, and a partial group onto whole runs
/// plus at most one partial run. Every point of a run has the same tricube weight, the same fitted value and
/// so the same robustness weight; ``LoessTies/fits(frac:iterations:delta:)`` works run by run.
///
/// Invariants: `groupStart` and `runStart` ascend strictly from 0 to `count`; group g owns the runs
/// `groupRuns[g]..<groupRuns[g + 1]` and the points `groupStart[g]..<groupStart[g + 1]`; within a group,
/// `runY` ascends strictly. Every value is finite with magnitude at most ``LoessTies/magnitudeLimit``, and
/// −0 is stored as +0 (the two compare equal, so they are one tie).
struct LoessTies {
    /// Above this magnitude the fast path is not taken: its sums and interpolations stay far from overflow
    /// (weighted sums are bounded by about 10⁶·range·max|y|·n), so every fitted value is finite.
    static let magnitudeLimit = 1e100

    /// Number of points.
    let count: Int
    /// The distinct x values, ascending.
    let groupX: [Double]
    /// Offsets of each group's first point; `groupStart[groupX.count] == count`.
    let groupStart: [Int]
    /// Offsets of each group's first run; the last entry is the number of runs.
    let groupRuns: [Int]
    /// The y value of each run.
    let runY: [Double]
    /// Offsets of each run's first point; the last entry is `count`.
    let runStart: [Int]

    /// Groups the runs `(x, y, multiplicity)`, which must be sorted by (x, y) without duplicates.
    init(sortedRunsX rx: [Double], y ry: [Double], count rc: [Int]) {
        var gx = [Double](), gs = [0], gr = [0], rs = [0]
        var total = 0
        for q in 0..<rx.count {
            if q > 0, rx[q] != rx[q - 1] { gx.append(rx[q - 1]); gs.append(total); gr.append(q) }
            total += rc[q]
            rs.append(total)
        }
        if let last = rx.last { gx.append(last); gs.append(total); gr.append(rx.count) }
        count = total; groupX = gx; groupStart = gs; groupRuns = gr; runY = ry; runStart = rs
    }

    /// Compresses points already sorted by (x, y) and finite; `nil` when a value exceeds ``magnitudeLimit``.
    init?(sortedX xs: [Double], y ys: [Double]) {
        var rx = [Double](), ry = [Double](), rc = [Int]()
        for j in 0..<xs.count {
            guard abs(xs[j]) <= Self.magnitudeLimit, abs(ys[j]) <= Self.magnitudeLimit else { return nil }
            let x = xs[j] == 0 ? 0.0 : xs[j], y = ys[j] == 0 ? 0.0 : ys[j]
            if let lx = rx.last, lx == x, ry[ry.count - 1] == y { rc[rc.count - 1] += 1; continue }
            rx.append(x); ry.append(y); rc.append(1)
        }
        self.init(sortedRunsX: rx, y: ry, count: rc)
    }

    /// Compresses the finite pairs of `x`, `y` in one hashing pass, without sorting the points: O(n + r log r)
    /// for r distinct pairs.
    ///
    /// - Returns: `nil` when there are more than `maxRuns` distinct pairs or a finite value exceeds
    ///   ``magnitudeLimit``; an empty sample when no pair is finite.
    init?(hashing x: [Double], y: [Double], maxRuns: Int) {
        precondition(x.count == y.count, "loess: length mismatch")
        var capacity = 16, shift = 60   // slot = top log2(capacity) bits of the hash
        while capacity < 2 * maxRuns { capacity *= 2; shift -= 1 }
        let mask = capacity - 1
        var keys = [UInt64](repeating: 0, count: 2 * capacity)   // slot s: x bits at 2s, y bits at 2s + 1
        var slots = [Int32](repeating: -1, count: capacity)      // slot → run, −1 when empty
        var rx = [Double](), ry = [Double](), rc = [Int]()
        var tooMany = false
        x.withUnsafeBufferPointer { xb in
            y.withUnsafeBufferPointer { yb in
                keys.withUnsafeMutableBufferPointer { k in
                    slots.withUnsafeMutableBufferPointer { u in
                        // SAFETY: i < xb.count == yb.count; a slot is `& mask` < capacity == u.count, and
                        // 2·slot + 1 < 2·capacity == k.count. Runs are appended before their slot points at
                        // them, and at most maxRuns < capacity slots fill, so probing always ends.
                        for i in 0..<xb.count {
                            let xv = xb[i], yv = yb[i]
                            guard xv.isFinite, yv.isFinite else { continue }
                            guard abs(xv) <= Self.magnitudeLimit, abs(yv) <= Self.magnitudeLimit else {
                                tooMany = true; return
                            }
                            let a = (xv == 0 ? 0.0 : xv).bitPattern, b = (yv == 0 ? 0.0 : yv).bitPattern
                            // Values such as 12.5 have all-zero low mantissa bits: mix, then take the top bits.
                            let h = (a ^ (b &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15
                            var s = Int(truncatingIfNeeded: h >> UInt64(shift))
                            while true {
                                let run = u[s]
                                if run < 0 {
                                    if rc.count == maxRuns { tooMany = true; return }
                                    u[s] = Int32(rc.count); k[2 * s] = a; k[2 * s + 1] = b
                                    rx.append(Double(bitPattern: a)); ry.append(Double(bitPattern: b)); rc.append(1)
                                    break
                                }
                                if k[2 * s] == a, k[2 * s + 1] == b { rc[Int(run)] += 1; break }
                                s = (s + 1) & mask
                            }
                        }
                    }
                }
            }
        }
        if tooMany { return nil }
        var order = Array(0..<rc.count)
        order.sort { rx[$0] < rx[$1] || (rx[$0] == rx[$1] && ry[$0] < ry[$1]) }
        self.init(sortedRunsX: order.map { rx[$0] }, y: order.map { ry[$0] }, count: order.map { rc[$0] })
    }

    /// The group holding point `index` (< `count`).
    func group(of index: Int) -> Int {
        var lo = 0, hi = groupX.count   // groupStart[lo] ≤ index < groupStart[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if groupStart[mid] <= index { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The run holding point `index`, which lies in group `g` (or is the group's end offset, which maps to the
    /// group's last run).
    func run(of index: Int, inGroup g: Int) -> Int {
        // runStart[lo] ≤ index, and index < runStart[hi] or hi is the end
        var lo = groupRuns[g], hi = groupRuns[g + 1]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if runStart[mid] <= index { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The curve over all points from one fitted value per group (a group is one distinct x, so one run).
    func curve(groupFits: [Double]) -> LoessCurve {
        LoessCurve(distinctX: groupX, fitted: groupFits,
                   counts: (0..<groupX.count).map { groupStart[$0 + 1] - groupStart[$0] })
    }
}
