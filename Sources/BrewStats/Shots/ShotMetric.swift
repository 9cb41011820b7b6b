/// One scalar computed from a shot's time series (one column of ``ShotMetrics``).
///
/// Times are seconds from the shot's own zero (the time channel's origin), so a time metric reads as "how many
/// seconds into the shot". A sample value below zero counts as missing in every channel but time, as Visualizer's
/// charts treat it (Decent writes −1 for "no goal"). Threshold crossings are interpolated linearly between the two
/// valid samples around the crossing. "Time-weighted mean" means the trapezoid integral over every pair of adjacent
/// samples that are both valid, divided by the time those pairs span; a pair touching a missing sample is left out
/// (a gap is never bridged), and when no such pair exists the plain mean of the valid samples is used. The
/// thresholds are in ``ShotMetricRules``; docs/shots.md restates every definition.
public enum ShotMetric: Int, CaseIterable, Sendable, Hashable {
    /// Shot duration, s: the time of the last sample (Visualizer's rule: the last `elapsed` value).
    ///
    /// Empty shot → null. A shot stopped early simply has a short duration.
    case duration
    /// Time to first drops, s.
    ///
    /// With a scale: the first time the cup weight rises through ``ShotMetricRules/firstDropsWeight`` (0.5 g)
    /// and then keeps filling: no reading below 0.5 g for 3 s, nor before the weight has gained 1 g, a gain that
    /// comes within 10 s (``ShotMetricRules``; a shot that ends sooner needs only the gain). A bump of the scale
    /// while the machine fills or soaks falls back or never gains and is passed over. The weight channel counts as
    /// a scale only when it reaches 0.5 g at least once: Decent and GaggiMate write a zero weight when no scale is
    /// connected. Without a scale, or when no crossing keeps filling: the end of pre-infusion (the pressure rule of
    /// ``preinfusion``), an estimate — ``ShotMetrics/firstDropsSource`` says which rule gave the value. Null when
    /// neither rule applies (no scale and no pressure, or a shot stopped before either threshold).
    case firstDrops
    /// Pre-infusion time, s: the time the group pressure first reaches the extraction threshold,
    /// max(0.75 × the shot's peak pressure, 2 bar).
    ///
    /// A shot that starts at full pressure gets (about) its first sample's time. Null without a pressure channel,
    /// and for a shot whose pressure never reaches 2 bar (stopped during pre-infusion, or a failed shot).
    case preinfusion
    /// Extraction time, s: duration − time to first drops (how long the cup filled). Null when first drops is.
    case extraction
    /// Peak pressure, bar: the highest pressure sample over the whole shot (pre-infusion spikes included).
    /// Null without a pressure channel.
    case peakPressure
    /// Mean extraction pressure, bar: the time-weighted mean pressure from the extraction phase's start to the end.
    ///
    /// The extraction phase starts at the end of pre-infusion; for a shot without a pressure channel it starts at
    /// the scale's first drops. Null when the phase is undefined (a shot that never left pre-infusion) or the shot
    /// has no pressure channel.
    case meanPressure
    /// Mean extraction flow, ml/s: the time-weighted mean of the flow channel over the extraction phase.
    /// Null without a flow channel (SEP CSV, most lever sensors) or without an extraction phase.
    case meanFlow
    /// Peak extraction flow, ml/s: the highest flow sample in the extraction phase (a late spike hints at
    /// channeling). Null as ``meanFlow``.
    case peakFlow
    /// Water dispensed, ml: the trapezoid integral of the flow channel over the whole shot (pairs of adjacent valid
    /// samples; a gap in the series adds nothing). Null without a flow channel or with fewer than two adjacent
    /// valid flow samples.
    case water
    /// Yield, g: the brew's own yield when it carries one (> 0: the drink weight the person recorded), otherwise
    /// the scale's last valid weight (Visualizer's drink weight for Gaggiuino and Meticulous) when it is at least
    /// ``ShotMetricRules/firstDropsWeight``: a scale that falls back to 0 g by the end (reset or lost) gives no
    /// yield, and the import warns (BrewShots' `ShotSeriesChecks`). Null when neither.
    case yield
    /// Brew ratio: yield ÷ the brew's dose. Null without a dose (> 0) or a yield.
    case ratio
    /// Time to a third of the yield, s: the time the scale first reaches a third of its own final weight.
    /// Null without a scale, or when the scale ends below ``ShotMetricRules/firstDropsWeight`` (the brew's yield is
    /// never used here: it may not match the scale's series).
    case thirdYield
    /// Mean puck resistance over the extraction phase, bar·s²/ml²: the time-weighted mean of the per-sample
    /// resistance P ÷ F² (``ShotMetrics/resistance(_:)``; Visualizer's rule: undefined where F = 0 and above 19).
    /// Null without pressure and flow, or without an extraction phase.
    case meanResistance
    /// Temperature deviation from the goal, °C: the time-weighted mean of |T − goal| over the whole shot, T the
    /// basket temperature when the shot records it, else the mix temperature. Null without a temperature goal or
    /// a temperature channel (goals missing).
    case temperatureDeviation

    /// The column name used in CSVs, the report and the README.
    public var name: String {
        switch self {
        case .duration: "duration_s"
        case .firstDrops: "first_drops_s"
        case .preinfusion: "preinfusion_s"
        case .extraction: "extraction_s"
        case .peakPressure: "peak_pressure_bar"
        case .meanPressure: "mean_pressure_bar"
        case .meanFlow: "mean_flow_ml_s"
        case .peakFlow: "peak_flow_ml_s"
        case .water: "water_ml"
        case .yield: "yield_g"
        case .ratio: "yield_ratio"
        case .thirdYield: "third_yield_s"
        case .meanResistance: "mean_resistance"
        case .temperatureDeviation: "temperature_deviation_c"
        }
    }

    /// A short label for tables and axes.
    public var label: String {
        switch self {
        case .duration: "Duration (s)"
        case .firstDrops: "First drops (s)"
        case .preinfusion: "Pre-infusion (s)"
        case .extraction: "Extraction (s)"
        case .peakPressure: "Peak pressure (bar)"
        case .meanPressure: "Mean pressure (bar)"
        case .meanFlow: "Mean flow (ml/s)"
        case .peakFlow: "Peak flow (ml/s)"
        case .water: "Water (ml)"
        case .yield: "Yield (g)"
        case .ratio: "Ratio"
        case .thirdYield: "⅓ yield (s)"
        case .meanResistance: "Resistance (bar·s²/ml²)"
        case .temperatureDeviation: "Temp. deviation (°C)"
        }
    }
}

/// Which rule gave a shot's time to first drops.
public enum ShotFirstDropsSource: UInt8, Sendable, Hashable {
    /// The scale's weight reached ``ShotMetricRules/firstDropsWeight``.
    case scale = 0
    /// No scale: the end of pre-infusion (pressure) stands in for first drops.
    case pressure = 1
}

/// The thresholds of the shot metrics, in one place.
public enum ShotMetricRules {
    /// Cup weight, g, that marks first drops (above a scale's noise of ±0.1–0.2 g, below the first drops' mass).
    public static let firstDropsWeight = 0.5
    /// Seconds the weight must stay at or above ``firstDropsWeight`` after a crossing for it to be first drops.
    public static let firstDropsHold = 3.0
    /// Grams the weight must gain above ``firstDropsWeight``, without falling below it, for a crossing to be first
    /// drops (a scale bump does not gain).
    public static let firstDropsGain = 1.0
    /// Seconds after the crossing within which ``firstDropsGain`` must come (a drop of water left on the scale for
    /// a long soak does not wait for the real flow).
    public static let firstDropsGainWithin = 10.0
    /// Share of the shot's peak pressure that ends pre-infusion.
    public static let preinfusionPeakShare = 0.75
    /// Pressure, bar, below which a shot is still in pre-infusion whatever its peak.
    public static let preinfusionMinimumPressure = 2.0
    /// Seconds the pressure must stay at or above the pre-infusion threshold for its crossing to end pre-infusion
    /// (a pressurising bump before a bloom falls back within a second or two).
    public static let preinfusionHold = 3.0
    /// Bar the pressure must fall within a file's phase, from its highest to its end, for the phase to be a bloom
    /// (the pump off, the puck soaking).
    public static let bloomPressureFall = 1.0
    /// Seconds a shot whose pressure never passes ``preinfusionMinimumPressure`` must last to be a filter brew made
    /// on the machine (with an extraction phase of its own) rather than a shot stopped in pre-infusion.
    public static let filterMinimumDuration = 10.0
    /// Resistance above this is not shown (Visualizer's `MAX_RESISTANCE_VALUE`): the flow is nearly zero.
    public static let maximumResistance = 19.0
}
