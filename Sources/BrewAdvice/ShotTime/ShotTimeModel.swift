import Foundation

/// What a grinder × profile's earlier bags say about shot times: the seconds per step (``ShotTimeSlope``) and the
/// time the sweet spot runs at (``ShotTimeTarget``), in the model units of one ``DialInScale``.
///
/// The seconds per step are the profile's own slope shrunk towards the grinder × method's pool of every profile's
/// slope (``ShotTimePooling``); a profile without a slope of its own takes the pool's. Made only when some profile's
/// shots show a slope; otherwise shot times stay direction cues (``GrindCue``). A shot is read when its setting is
/// finite and inside the scale's range (the profile's scale, for the other profiles' shots too) and its time is
/// finite and positive; shots the import left out (cleaning, aborted) never reach it, and filter shots belong to
/// another method.
struct ShotTimeModel: Sendable {
    let scale: DialInScale
    /// The slope the likelihood reads: the profile's own shrunk towards the pool (``ShotTimePooling/shrunk(_:)``),
    /// with the profile's noise and spread between bags, or the pool's (weighted by shots and bags) without one.
    let slope: ShotTimeSlope
    let target: ShotTimeTarget
    /// The profile's own fit (`nil` when its shots show no slope), and the pool of every profile's.
    let own: ShotTimeSlope?
    let pool: ShotTimePooling
    /// This profile's earlier shots left out of its slope for a yield more than 15 % from its median
    /// (``ShotTimeYield``), that median (`nil` without yields), and the shots so left out over every profile pooled.
    let yieldLeftOut: Int
    let medianYield: Double?
    let pooledYieldLeftOut: Int

    /// The model from `bags` (the earlier bags' shots of this profile, each bag's list) and `otherProfiles` (each
    /// other profile of the grinder × method, its shots by bag); `nil` when no profile's shots show a slope.
    init?(scale: DialInScale, bags: [[TimedShot]], otherProfiles: [[[TimedShot]]] = []) {
        let fit = { (bags: [[TimedShot]]) in
            ShotTimeSlope.fit(bags.map { Self.usable($0, scale: scale).map { (scale.units($0.setting), $0.seconds) } })
        }
        let read = bags.map { Self.usable($0, scale: scale) }
        // Each profile's shots stopped at another yield than its median stay out of its slope (``ShotTimeYield``).
        let steady = ShotTimeYield(read), otherSteady = otherProfiles.map { ShotTimeYield($0) }
        let own = fit(steady.kept)
        let others = otherSteady.compactMap { fit($0.kept) }
        guard let pool = ShotTimePooling((own.map { [$0] } ?? []) + others) else { return nil }
        let (b, sd) = pool.shrunk(own)
        if let own {
            slope = ShotTimeSlope(secondsPerUnit: b, standardError: sd, betweenBags: own.betweenBags, noise: own.noise,
                                  shots: own.shots, bags: own.bags)
        } else {
            let shots = Double(others.reduce(0) { $0 + $1.shots }), count = Double(others.reduce(0) { $0 + $1.bags })
            let noise = others.map { Double($0.shots) * $0.noise * $0.noise }.reduce(0, +) / shots
            let between = others.map { Double($0.bags) * $0.betweenBags * $0.betweenBags }.reduce(0, +) / count
            slope = ShotTimeSlope(secondsPerUnit: b, standardError: sd, betweenBags: between.squareRoot(),
                                  noise: noise.squareRoot(), shots: 0, bags: 0)
        }
        self.scale = scale; self.own = own; self.pool = pool
        yieldLeftOut = steady.leftOut; medianYield = steady.median
        pooledYieldLeftOut = steady.leftOut + otherSteady.reduce(0) { $0 + $1.leftOut }
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
        let interval = { (b: Double, se: Double) in ShotTimeFit.Slope(secondsPerStep: b, low: b - z * se,
                                                                      high: b + z * se) }
        return ShotTimeFit(
            secondsPerStep: perStep, low: perStep - z * slope.standardError, high: perStep + z * slope.standardError,
            own: own.map { interval($0.secondsPerUnit, $0.standardError) },
            pooled: interval(pool.mean, pool.standardError), betweenProfiles: pool.tau, profiles: pool.profiles,
            pooledShots: pool.shots, yieldLeftOut: yieldLeftOut, medianYield: medianYield,
            pooledYieldLeftOut: pooledYieldLeftOut,
            betweenBags: slope.betweenBags, noise: slope.noise, shots: slope.shots, bags: slope.bags,
            targetSeconds: target.seconds, targetLow: target.seconds - z * target.sd,
            targetHigh: target.seconds + z * target.sd, targetSource: target.source.rawValue,
            targetShots: target.shots, bestLow: target.range?.low, bestHigh: target.range?.high, level: level,
            bagShots: shots, settingPerStep: scale.unit, used: used)
    }
}

/// The shot-time model behind an answer, for `dial-in --json` and `why` (``ShotTimeModel``).
public struct ShotTimeFit: Sendable {
    /// A slope in seconds per model unit and its central interval at ``level`` (± z standard errors).
    public struct Slope: Sendable {
        public let secondsPerStep: Double
        public let low: Double
        public let high: Double
    }
    /// Seconds of shot time per model unit (a step or click; positive when a higher setting runs slower), and its
    /// central interval at ``level``: the slope the answer reads, the profile's own shrunk towards the pool of the
    /// grinder's profiles (``ShotTimePooling``), or the pool's predictive slope for a profile without its own.
    public let secondsPerStep: Double
    public let low: Double
    public let high: Double
    /// The profile's own slope before shrinking (`nil` when its shots show none), and the pool of every profile's
    /// slope on the grinder × method: `μ` with its interval, the spread `τ` between profiles, and how many profiles
    /// and shots it pools.
    public let own: Slope?
    public let pooled: Slope
    public let betweenProfiles: Double
    public let profiles: Int
    public let pooledShots: Int
    /// The profile's earlier shots left out of the slope as stopped at another yield (more than 15 % from the
    /// profile's median yield, ``medianYield`` grams; `nil` without logged yields), and over every profile pooled.
    public let yieldLeftOut: Int
    public let medianYield: Double?
    public let pooledYieldLeftOut: Int
    /// The spread of bags' slopes around it, and a shot's noise around its bag's line (seconds).
    public let betweenBags: Double
    public let noise: Double
    /// The earlier bags' shots and bags of this profile the slope was learned from (0 when the profile has none).
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
