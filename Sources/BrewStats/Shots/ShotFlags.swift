import BrewColumns
import Foundation

/// A rule that marks a shot as having gone wrong (``ShotFlagger``).
public enum ShotFlagKind: String, Sendable, Hashable, CaseIterable {
    /// The water found a fast way through: first drops before half the profile's norm.
    case gusher
    /// The puck held the water back: first drops after twice the profile's norm.
    case choke
    /// The flow rose while the pressure fell at a constant pressure goal (``ShotFlagger/channelingAt(_:from:)``).
    case channeling
    /// The shot's duration outside ⅔ … 1.5 × the profile's norm.
    case time
    /// The yield ratio outside ⅔ … 1.5 × the profile's norm.
    case ratio
}

/// One flag of one shot: the rule and the reason in words, with the shot's value and the norm it was held against.
public struct ShotFlag: Sendable, Hashable {
    public let kind: ShotFlagKind
    public let reason: String
}

/// A profile's norm: the medians of its good shots, against which its shots are flagged.
public struct ShotNorm: Sendable, Hashable {
    /// The profile ("no profile" for shots whose file names none).
    public let profile: String
    /// The shots of the profile, and how many of them the norm is taken over (its good shots).
    public let shots: Int, goodShots: Int
    /// Whether the good shots are the well-rated ones (else every shot of the profile).
    public let byRating: Bool
    /// Medians over the good shots; `nil` when fewer than ``ShotFlagger/minimumShots`` of them have the metric.
    public let firstDrops: Double?, duration: Double?, ratio: Double?
}

/// Flags the shots that went wrong, each against its own profile's good shots (a Turbo shot's 8 s to first drops is
/// normal, a Classic shot's is not), and by one rule on the series itself.
///
/// - **Groups and norms.** Shots are grouped by profile (BrewShots' `ShotRecord.profile`; "no profile" when the file
///   names none). A profile's *good shots* are those rated at least ``goodRating`` (3.5 of 5) when at least
///   ``minimumShots`` (3) are, else all its shots; its norm of a metric is the median over the good shots that have
///   it, and exists when at least 3 do. A shot is held against its own profile's norm (itself included).
/// - **gusher**: time to first drops under ½ × the norm's. **choke**: over 2 × the norm's.
/// - **time**: duration outside ⅔ … 1.5 × the norm's. **ratio**: yield ratio outside ⅔ … 1.5 × the norm's.
/// - **channeling**: within the extraction phase (from the end of pre-infusion on) and at a constant pressure goal,
///   the flow rises while the pressure falls: for some sample i, at the first sample j at least
///   ``channelingWindow`` (1 s) later and at most 3 s later, the pressure goal is present and positive at both and
///   differs by at most 0.1 bar, the pressure has fallen by at least 0.5 bar and the flow has risen by at least
///   0.3 ml/s (a puck that cracks lets more water through at less pressure; a machine holding its goal would not
///   drop). Needs pressure, flow and a pressure goal; shots without a pressure goal (flow profiles, SEP CSV,
///   levers) are never flagged for channeling.
/// - A metric a shot or its norm lacks flags nothing: a profile of fewer than 3 shots has no norm-based flags.
public struct ShotFlagger: Sendable {
    public static let goodRating = 3.5
    public static let minimumShots = 3
    public static let channelingWindow = 1.0
    public static let channelingWindowMax = 3.0
    public static let channelingGoalTolerance = 0.1
    public static let channelingPressureDrop = 0.5
    public static let channelingFlowRise = 0.3

    /// The norm of each profile met among the shots, by profile name.
    public let norms: [String: ShotNorm]
    let samples: ShotSamples
    let metrics: ShotMetrics
    let profiles: [String]

    /// The profile name shots are grouped by: the file's, or "no profile".
    public static func profileName(_ profile: String?) -> String {
        profile.flatMap { $0.isEmpty ? nil : $0 } ?? "no profile"
    }

    /// Norms over the shots `shots` (indices into `samples`); `profiles` and `ratings` have one slot per shot of
    /// `samples`.
    public init(samples: ShotSamples, metrics: ShotMetrics, profiles: [String?], ratings: [Double?], shots: [Int]) {
        self.samples = samples
        self.metrics = metrics
        self.profiles = profiles.map(Self.profileName)
        var members: [String: [Int]] = [:]
        for i in shots { members[self.profiles[i], default: []].append(i) }
        var norms: [String: ShotNorm] = [:]
        for (profile, group) in members {
            let rated = group.filter { (ratings[$0] ?? -1) >= Self.goodRating }
            let good = rated.count >= Self.minimumShots ? rated : group
            // The norm of a metric: the median (``median(_:)``) of the good shots that have it, from 3 of them.
            func norm(_ metric: ShotMetric) -> Double? {
                let values = good.compactMap { metrics.value(metric, of: $0) }
                return values.count >= Self.minimumShots ? median(values) : nil
            }
            norms[profile] = ShotNorm(profile: profile, shots: group.count, goodShots: good.count,
                                      byRating: good.count == rated.count && rated.count >= Self.minimumShots,
                                      firstDrops: norm(.firstDrops), duration: norm(.duration), ratio: norm(.ratio))
        }
        self.norms = norms
    }

    /// The flags of shot `shot`, in ``ShotFlagKind`` order; empty for a shot that went as its profile's do.
    public func flags(of shot: Int) -> [ShotFlag] {
        var out: [ShotFlag] = []
        let norm = norms[profiles[shot]]
        let profile = profiles[shot]
        func s(_ v: Double) -> String { String(format: "%.1f s", v) }
        func r(_ v: Double) -> String { String(format: "1:%.1f", v) }
        if let drops = metrics.value(.firstDrops, of: shot), let n = norm?.firstDrops, n > 0 {
            if drops < n / 2 {
                out.append(
                    ShotFlag(kind: .gusher,
                        reason: "gusher: first drops at \(s(drops)), under half of \(profile)'s \(s(n))"))
            } else if drops > 2 * n {
                out.append(
                    ShotFlag(
                        kind: .choke, reason: "choke: first drops at \(s(drops)), over twice \(profile)'s \(s(n))"))
            }
        }
        if let start = metrics.value(.preinfusion, of: shot), let at = channelingAt(shot, from: start) {
            out.append(ShotFlag(kind: .channeling,
                                reason: "channeling: flow rising while pressure falls at a constant goal, at \(s(at))"))
        }
        if let d = metrics.value(.duration, of: shot), let n = norm?.duration, n > 0, d < n * 2 / 3 || d > n * 1.5 {
            out.append(ShotFlag(kind: .time, reason: "time: \(s(d)) against \(profile)'s \(s(n))"))
        }
        if let x = metrics.value(.ratio, of: shot), let n = norm?.ratio, n > 0, x < n * 2 / 3 || x > n * 1.5 {
            out.append(ShotFlag(kind: .ratio, reason: "ratio: \(r(x)) against \(profile)'s \(r(n))"))
        }
        return out
    }

    /// The time (s) where the channeling rule first fires in shot `shot` at or after `start`, or `nil`.
    public func channelingAt(_ shot: Int, from start: Double) -> Double? {
        let present = samples.channels(of: shot)
        guard present.has(.pressure), present.has(.flow), present.has(.pressureGoal) else { return nil }
        let range = samples.range(of: shot)
        let time = samples.column(.time).values
        let p = samples.column(.pressure), f = samples.column(.flow), g = samples.column(.pressureGoal)
        func value(_ c: PrimitiveColumn<Float>, _ i: Int) -> Double? {
            guard c.isValid(i) else { return nil }
            let v = Double(c.values[i])
            return v >= 0 && v.isFinite ? v : nil
        }
        var j = range.lowerBound
        for i in range where Double(time[i]) >= start {
            guard let p0 = value(p, i), let f0 = value(f, i), let g0 = value(g, i), g0 > 0 else { continue }
            if j <= i { j = i + 1 }
            while j < range.upperBound, Double(time[j]) - Double(time[i]) < Self.channelingWindow { j += 1 }
            guard j < range.upperBound else { break }
            guard Double(time[j]) - Double(time[i]) <= Self.channelingWindowMax,
                  let p1 = value(p, j), let f1 = value(f, j), let g1 = value(g, j) else { continue }
            if abs(g1 - g0) <= Self.channelingGoalTolerance, p0 - p1 >= Self.channelingPressureDrop,
               f1 - f0 >= Self.channelingFlowRise {
                return Double(time[i])
            }
        }
        return nil
    }
}
