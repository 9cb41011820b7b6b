import Foundation
import Synchronization

/// The step-one terms of earlier bags (``DialInPrior``, step 1), computed once per bag and shared by every fit that
/// reads the same bag: each bean of a report on one grinder × method, and the robust step's refit.
///
/// A bag's step-one terms are its log-likelihood at every `(τ_h, k, σ)` of the grid (`4 × K × G`, τ_h outer), with
/// its peak rating `h_j` integrated out under `N(h̄, τ_h²)` and its sweet spot averaged over the coarse grid of `s`.
/// They depend on the bag's moments, the mean peak `h̄` and the grid, and on nothing else: not on the other bags,
/// the bean asked about or the options. Each bean's prior then adds the terms of its own earlier bags — every bag
/// but its own, as before — in the same order, so the sums, and the advice, are the same numbers as when each bean
/// computed every bag afresh.
///
/// `h̄` is the mean of the earlier bags' best ratings and so differs between two beans whose own best ratings
/// differ: a bag's terms are kept per `h̄` (the key holds its bit pattern, the moments' and the grid's), and ratings
/// in half points give a grinder × method few distinct values of it. A table belongs to one grouping of a journal
/// (``DialInRows``, per grinder × method) or to one model; it keeps at most ``limit`` bags' terms (4 KB each with
/// the 14 × 9 grid), then starts over (the same numbers, computed again).
final class DialInTerms: Sendable {
    struct Key: Hashable {
        /// The grid: its span's bit pattern and number of sweet spots (the curvatures follow from the span, the
        /// noise levels are fixed).
        let span: UInt64
        let points: Int
        /// The bag's moments, bit for bit (``RatingMoments``).
        let moments: [UInt64]
        let peakMean: UInt64
    }

    static let limit = 20_000

    private let table = Mutex<[Key: [Double]]>([:])
    /// Counts of terms computed and taken from the table (for tests and measurements).
    private let counts = Mutex<(computed: Int, reused: Int)>((0, 0))

    init() {}

    /// How many bags' terms were computed and how many were taken from the table.
    var usage: (computed: Int, reused: Int) { counts.withLock { $0 } }

    /// The step-one terms of the bag with moments `m` under mean peak `peakMean` on `grid`: from the table, or
    /// computed (``DialInPrior/stepOneTerms(grid:moments:peakMean:)``) and kept. Two threads asking at once for the
    /// same bag may both compute it; they compute the same.
    func terms(grid: DialInGrid, moments m: RatingMoments, peakMean: Double) -> [Double] {
        let key = Key(span: grid.span.bitPattern, points: grid.s.count, moments: m.bitPatterns,
                      peakMean: peakMean.bitPattern)
        if let known = table.withLock({ $0[key] }) {
            counts.withLock { $0.reused += 1 }
            return known
        }
        let made = DialInPrior.stepOneTerms(grid: grid, moments: m, peakMean: peakMean)
        table.withLock { t in
            if t.count >= Self.limit { t.removeAll() }
            t[key] = made
        }
        counts.withLock { $0.computed += 1 }
        return made
    }
}

extension RatingMoments {
    /// The nine sums' bit patterns: two moments with the same ones give the same numbers everywhere.
    var bitPatterns: [UInt64] {
        [n, u1, u2, u3, u4, y1, yu1, yu2, y2].map(\.bitPattern)
    }
}
