import Foundation

/// Shots stopped at another yield than a profile's usual, left out of its seconds per step.
///
/// A shot's time measures the grind only at the yield it was stopped at: a shot stopped early (a 1:1.5 ristretto) or
/// late (a 1:3 lungo) runs shorter or longer at the same grind, so it says little about the grind at that time.
/// **Rule.** Over a profile's shots with a yield (grams in the cup, finite and positive), the median yield `m`; a
/// shot whose yield lies more than ``tolerance`` (15 %) from it, `|y − m| > 0.15·m`, is left out of the slope fit
/// (``ShotTimeSlope``). Shots without a logged yield are kept (nothing says they were stopped elsewhere), and a
/// profile without any yield keeps every shot (`median` `nil`).
///
/// Edge cases: the median of an even count is the mean of the middle two; a shot exactly 15 % off is kept.
struct ShotTimeYield: Sendable, Equatable {
    /// The shots kept, by bag (the bags' order, each bag's shots in their order).
    let kept: [[TimedShot]]
    /// How many shots were left out, and the median yield they were judged against (grams).
    let leftOut: Int
    let median: Double?

    static let tolerance = 0.15

    /// `bags` (one profile's shots, each bag's list) with the shots stopped at another yield left out.
    init(_ bags: [[TimedShot]]) {
        let yields = bags.flatMap { $0.compactMap(\.yield) }.filter { $0.isFinite && $0 > 0 }
        guard !yields.isEmpty else {
            kept = bags; leftOut = 0; median = nil
            return
        }
        let m = MethodBrews.median(yields)
        let steady = { (s: TimedShot) in
            s.yield.map { !$0.isFinite || $0 <= 0 || abs($0 - m) <= Self.tolerance * m } ?? true
        }
        kept = bags.map { $0.filter(steady) }
        leftOut = bags.reduce(0) { $0 + $1.count } - kept.reduce(0) { $0 + $1.count }
        median = m
    }
}
