/// The phase a synthetic shot's sample belongs to.
public enum SynthShotPhase: Int, Sendable {
    /// The pump fills the headspace and wets the puck at a flow goal; the pressure stays low.
    case fill
    /// Classic: a soak at about 3 bar; blooming: the pump off while the puck blooms.
    case hold
    /// The pressure goal of the profile; the cup fills.
    case extraction
    /// The pump is off; the pressure falls and the last drips reach the cup.
    case drip
}

/// One synthetic shot's time series, in fixed units (s, bar, ml/s, g, g/s, °C, ml), rounded as the machines
/// report them. A goal of −1 means "no goal in this phase" (Decent's convention).
public struct SynthShotSeries: Sendable {
    /// Seconds since the pump started.
    public var time: [Double] = []
    public var pressure: [Double] = []
    public var pressureGoal: [Double] = []
    public var flow: [Double] = []
    public var flowGoal: [Double] = []
    /// The scale's reading (0.1 g resolution, noise included; all zeros without a scale).
    public var weight: [Double] = []
    /// The scale's flow over the last second (0 without a scale).
    public var weightFlow: [Double] = []
    public var basketTemperature: [Double] = []
    public var mixTemperature: [Double] = []
    public var temperatureGoal: [Double] = []
    /// Water pumped since the start, ml.
    public var water: [Double] = []
    /// The flow leaving the puck into the cup, ml/s (what GaggiMate calls puck flow).
    public var puckFlow: [Double] = []
    /// The beverage weight as a machine without a scale estimates it (the true cup weight, no noise), g.
    public var estimatedWeight: [Double] = []
    /// The phase of each sample.
    public var phase: [SynthShotPhase] = []

    /// The number of samples.
    public var count: Int { time.count }
}

extension SynthShot {
    /// Simulates the shot with samples about `step` seconds apart (each interval varies by ±`jitter` × step).
    ///
    /// A small hydraulic model: during the fill the pump delivers the fill flow and pressure builds as the
    /// headspace fills; then the profile's pressure goal is followed with a first-order lag (1.2 s) and the flow
    /// through the puck is √(P ÷ R), R falling by 40 % as the cup fills (the puck erodes); the cup fills with a
    /// one-second lag once the puck is saturated. The shot stops at the target weight less what one more second
    /// of drips brings (as stop-at-weight anticipates), at 55 s, or by hand; samples go on for 2.5 s of drips.
    public func series(step: Double, jitter: Double = 0.1) -> SynthShotSeries {
        var r = SynthRandom(seed: noiseSeed)
        var s = SynthShotSeries()
        let capacity = Int(60 / step) + 8
        s.time.reserveCapacity(capacity)
        var t = step * r.uniform(0.15, 0.3), previous = 0.0
        var pressure = 0.0, water = 0.0, cup = 0.0, cupRate = 0.0
        var phase = SynthShotPhase.fill, phaseStart = 0.0, stopTime = 0.0
        var lastFlow = 0.0
        while true {
            let dt = t - previous
            var flow = 0.0, pressureGoal = -1.0, flowGoal = -1.0
            switch phase {
            case .fill:
                flow = fillFlow * (1 - _exp(-t / 0.4))
                let filled = min(1.5, water / fillVolume)
                pressure += (0.2 + 2.8 * filled * filled * filled * filled - pressure) * min(1, dt / 0.5)
                flowGoal = fillFlow
                if water >= fillVolume {
                    phase = profile == .classic || profile == .blooming ? .hold : .extraction
                    phaseStart = t
                }
            case .hold where profile == .blooming:
                flow = 0; flowGoal = 0
                pressure *= _exp(-dt / 2.5)
                if t - phaseStart >= holdSeconds { phase = .extraction; phaseStart = t }
            case .hold:
                pressureGoal = 3
                pressure += (3 - pressure) * min(1, dt / 1.0)
                flow = (pressure / (resistance * 2.5)).squareRoot()
                if t - phaseStart >= holdSeconds { phase = .extraction; phaseStart = t }
            case .extraction:
                let progress = min(1, cup / targetYield)
                pressureGoal = profile == .lever && t - phaseStart > 2 ? 9 - 5 * progress : pressureTarget
                pressure += (pressureGoal - pressure) * min(1, dt / 1.2)
                flow = (max(0, pressure) / (resistance * (1 - 0.4 * progress))).squareRoot()
                if cup + cupRate >= targetYield || t >= 55 || (stoppedAt.map { t >= $0 } ?? false) {
                    phase = .drip; stopTime = t
                }
            case .drip:
                flow = lastFlow * _exp(-dt / 0.3)
                pressure *= _exp(-dt / 0.4)
            }
            lastFlow = flow
            water += flow * dt
            // The cup: fed once the puck holds its own weight of water; a one-second lag; a trickle in a bloom.
            let saturated = water > fillVolume + 0.3 * dose
            let feed: Double = switch phase {
            case .extraction, .drip: saturated ? 0.92 * flow : 0
            case .hold: profile == .blooming && saturated ? 0.08 : (saturated ? 0.9 * flow : 0)
            case .fill: 0
            }
            cupRate += (feed - cupRate) * min(1, dt / 1.0)
            cup += cupRate * dt

            s.time.append((t * 1000).rounded() / 1000)
            s.pressure.append(round(max(0, pressure + r.normal(0, 0.03)), 100))
            s.pressureGoal.append(pressureGoal)
            s.flow.append(round(max(0, flow + r.normal(0, 0.03)), 100))
            s.flowGoal.append(flowGoal)
            let reading = hasScale ? round(cup + r.normal(0, 0.04), 10) : 0
            s.weight.append(reading == 0 ? 0 : reading) // no "-0"
            s.weightFlow.append(hasScale ? weightFlow(s, reading, t) : 0)
            s.basketTemperature.append(
                round(temperatureGoal - 2.5 * _exp(-t / 5) + 0.15 * _sin(0.7 * t) + r.normal(0, 0.05), 100))
            s.mixTemperature.append(
                round(temperatureGoal + 0.8 * _sin(t / 3) - 1.5 * _exp(-t / 2) + r.normal(0, 0.2), 100))
            s.temperatureGoal.append(temperatureGoal)
            s.water.append(round(water, 100))
            s.puckFlow.append(round(cupRate, 100))
            s.estimatedWeight.append(round(cup, 100))
            s.phase.append(phase)

            if phase == .drip, t - stopTime >= 2.5 { break }
            previous = t
            t += step * (1 + r.uniform(-jitter, jitter))
        }
        return s
    }

    /// The scale's flow over the last second: (reading now − reading one second ago) ÷ the time between, ≥ 0.
    private func weightFlow(_ s: SynthShotSeries, _ reading: Double, _ t: Double) -> Double {
        var j = s.time.count - 1
        while j > 0, s.time[j - 1] >= t - 1 { j -= 1 }
        let span = t - s.time[j]
        return span > 0 ? round(max(0, (reading - s.weight[j]) / span), 100) : 0
    }
}

/// `x` rounded to 1/`per` (100 → two decimals).
@inline(__always) func round(_ x: Double, _ per: Double) -> Double { (x * per).rounded() / per }
