/// One measured or commanded quantity of an espresso shot's time series.
///
/// Every shot format maps its own names onto these (Decent `espresso_pressure`, Gaggiuino `pressure`, GaggiMate
/// `cp`, Meticulous `data[].shot.pressure`, SEP CSV `pressure`, …). Units are fixed per channel, whatever the
/// source used; an importer converts on the way in (tenths of a bar, deci-grams, milliseconds, °F).
public enum ShotChannel: Int, CaseIterable, Sendable, Hashable {
    /// Seconds since the shot started (the machine's own zero: pump on / the first sample). Never null for a kept
    /// sample and strictly increasing within a shot.
    case time
    /// Group-head pressure, bar.
    case pressure
    /// The profile's target pressure, bar.
    case pressureGoal
    /// Water flow through the group as the machine measures or estimates it, ml/s.
    case flow
    /// The profile's target flow, ml/s.
    case flowGoal
    /// Beverage weight on the scale, g.
    case weight
    /// Rate of change of the beverage weight (the scale's or the machine's own smoothing), g/s.
    case weightFlow
    /// Basket / puck temperature (Decent `espresso_temperature_basket`, Gaggiuino `temperature`), °C.
    case basketTemperature
    /// Water temperature at the mixing point / shower screen (Decent `espresso_temperature_mix`), °C.
    case mixTemperature
    /// The profile's target temperature, °C.
    case temperatureGoal

    /// The name used in CSV headers, `inspect` and the README.
    public var name: String {
        switch self {
        case .time: "time_s"
        case .pressure: "pressure_bar"
        case .pressureGoal: "pressure_goal_bar"
        case .flow: "flow_ml_s"
        case .flowGoal: "flow_goal_ml_s"
        case .weight: "weight_g"
        case .weightFlow: "weight_flow_g_s"
        case .basketTemperature: "basket_temperature_c"
        case .mixTemperature: "mix_temperature_c"
        case .temperatureGoal: "temperature_goal_c"
        }
    }
}

/// A set of ``ShotChannel``s, one bit per channel (bit `channel.rawValue`).
public struct ShotChannelSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding exactly `channel`.
    public init(_ channel: ShotChannel) { self.rawValue = 1 << UInt16(channel.rawValue) }

    /// Whether `channel` is in the set.
    public func has(_ channel: ShotChannel) -> Bool { contains(ShotChannelSet(channel)) }

    /// The channels in the set, in declaration order.
    public var channels: [ShotChannel] { ShotChannel.allCases.filter { has($0) } }
}
