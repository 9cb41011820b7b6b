import Foundation

/// The shot-time model's part of the advice's "why", in a barista's words (``DialInExplanation``):
/// "28.5 s at 18 on this bag; your best Turbo shots ran 25–27 s; about 1.8 s per step on this Niche: try 18.5."
///
/// The bag's latest shot, where the target comes from (the middle half of the best-rated shots' times, else the
/// default), and the learned seconds per step with the grinder's name — and, when the grinder's other profiles
/// pooled into it (``ShotTimePooling``), how many profiles, or that the slope is theirs alone; then how many earlier
/// shots were left out as stopped at another yield (``ShotTimeYield``); `nil` when the answer used no shot times.
enum ShotTimeExplanation {
    static func sentence(_ a: DialInAdvice) -> String? {
        guard let f = a.estimate.shotTime, f.used, let last = f.bagShots.last else { return nil }
        let seconds = { (x: Double) in String(format: "%.1f", x) }
        let shots = a.profile.map { "\($0) shots" } ?? "shots"
        let aim: String
        if let lo = f.bestLow, let hi = f.bestHigh {
            aim = lo.rounded() == hi.rounded() ? "your best \(shots) ran about \(Int(lo.rounded())) s"
                : "your best \(shots) ran \(Int(lo.rounded()))–\(Int(hi.rounded())) s"
        } else {
            aim = "no rated \(shots) to aim by, so aiming at \(Int(f.targetSeconds.rounded())) s"
        }
        let perStep = abs(f.secondsPerStep)
        let pooled = f.own == nil ? ", learned from its other profiles' shots"
            : f.profiles > 1 ? " (its \(f.profiles) profiles pooled)" : ""
        var words = "\(seconds(last.seconds)) s at \(a.text(last.setting)) on this bag; \(aim); about "
            + "\(seconds(perStep)) s per step on this \(a.grinder)\(pooled): try \(a.text(a.estimate.next))."
        if f.yieldLeftOut > 0, let m = f.medianYield {
            let shots = f.yieldLeftOut == 1 ? "1 earlier shot" : "\(f.yieldLeftOut) earlier shots"
            words += " \(shots) stopped more than 15 % from this profile's usual \(seconds(m)) g left out of the "
                + "seconds per step."
        }
        return words
    }
}
