import Foundation

/// What a grinder × profile's earlier bags say about shot times: the seconds per step (``ShotTimeSlope``) and the
/// time the sweet spot runs at (``ShotTimeTarget``), in the model units of one ``DialInScale``.
///
/// Made only when the earlier bags' shots show a slope; otherwise shot times stay direction cues (``GrindCue``).
/// A shot is read when its setting is finite and inside the scale's range and its time is finite and positive;
/// shots the import left out (cleaning, aborted) never reach it, and filter shots belong to another method.
struct ShotTimeModel: Sendable {
    let scale: DialInScale
    let slope: ShotTimeSlope
    let target: ShotTimeTarget

    /// The model from `bags` (the earlier bags' shots, each bag's list); `nil` when they show no slope.
    init?(scale: DialInScale, bags: [[TimedShot]]) {
        let read = bags.map { Self.usable($0, scale: scale) }
        guard let slope = ShotTimeSlope.fit(read.map { $0.map { (scale.units($0.setting), $0.seconds) } }) else {
            return nil
        }
        self.scale = scale; self.slope = slope
        target = ShotTimeTarget.make(read)
    }

    /// The shots of `shots` the model reads.
    func usable(_ shots: [TimedShot]) -> [TimedShot] { Self.usable(shots, scale: scale) }

    static func usable(_ shots: [TimedShot], scale: DialInScale) -> [TimedShot] {
        shots.filter {
            $0.setting.isFinite && $0.setting >= scale.lower && $0.setting <= scale.upper && $0.seconds.isFinite
                && $0.seconds > 0
        }
    }

    /// ``ShotTimeLikelihood`` of `shots` (already ``usable(_:)``) at every grid point of `s`; `[]` without shots.
    func logLikelihood(_ shots: [TimedShot], grid: DialInGrid) -> [Double] {
        ShotTimeLikelihood.logLikelihood(shots.map { (scale.units($0.setting), $0.seconds) }, slope: slope,
                                         target: target, grid: grid.s)
    }

    /// The public summary, with central intervals at `level` (normal: the estimate ± z standard errors); `used`
    /// says whether the answer read the times through this model.
    func fit(_ shots: [TimedShot], level: Double, used: Bool = true) -> ShotTimeFit {
        let z = DialInEngine.normalQuantile(1 - (1 - level) / 2)
        let perStep = slope.secondsPerUnit
        return ShotTimeFit(
            secondsPerStep: perStep, low: perStep - z * slope.standardError, high: perStep + z * slope.standardError,
            betweenBags: slope.betweenBags, noise: slope.noise, shots: slope.shots, bags: slope.bags,
            targetSeconds: target.seconds, targetLow: target.seconds - z * target.sd,
            targetHigh: target.seconds + z * target.sd, targetSource: target.source.rawValue,
            targetShots: target.shots, bestLow: target.range?.low, bestHigh: target.range?.high, level: level,
            bagShots: shots, settingPerStep: scale.unit, used: used)
    }
}

/// The shot-time model behind an answer, for `dial-in --json` and `why` (``ShotTimeModel``).
public struct ShotTimeFit: Sendable {
    /// Seconds of shot time per model unit (a step or click; positive when a higher setting runs slower), and its
    /// central interval at ``level`` (± z standard errors of the pooled slope).
    public let secondsPerStep: Double
    public let low: Double
    public let high: Double
    /// The spread of bags' slopes around it, and a shot's noise around its bag's line (seconds).
    public let betweenBags: Double
    public let noise: Double
    /// The earlier bags' shots and bags the slope was learned from.
    public let shots: Int
    public let bags: Int
    /// The target time and its interval; where it comes from (`best_rated` or `default`) and from how many shots.
    public let targetSeconds: Double
    public let targetLow: Double
    public let targetHigh: Double
    public let targetSource: String
    public let targetShots: Int
    /// The middle half of the best-rated shots' times (`nil` for the default target).
    public let bestLow: Double?
    public let bestHigh: Double?
    public let level: Double
    /// This bag's shots read as evidence.
    public let bagShots: [TimedShot]
    /// One model unit on the dial (a step's size in the grinder's own numbers): seconds per dial number are
    /// ``secondsPerStep`` ÷ this.
    public let settingPerStep: Double
    /// Whether the answer read the shots' times through the model. When the earlier bags show no slope, the slope of
    /// every bag's shots, this one's included, is stated for what it is (`used` false) and the times stay
    /// direction cues: the bag's own shots would otherwise count twice, in the slope and as evidence.
    public let used: Bool
}
