import BrewColumns

/// The espresso profile a synthetic shot follows.
public enum SynthShotProfile: Int, CaseIterable, Sendable {
    /// Flow-limited fill, a soak at about 3 bar, then 9 bar flat.
    case classic
    /// Fill, a bloom with the pump off, then 6 bar.
    case blooming
    /// Fill, a quick rise to 9 bar, then a decline to about 4 bar as the cup fills (a lever).
    case lever
    /// Fill, then straight to 6 bar with a coarse grind and a fast flow (a turbo shot).
    case turbo

    /// The profile's title as the machines write it.
    public var title: String {
        switch self {
        case .classic: "Classic 9 bar"
        case .blooming: "Blooming 6 bar"
        case .lever: "Lever decline"
        case .turbo: "Turbo 6 bar"
        }
    }
}

/// One synthetic shot: its metadata and the physical parameters its time series is simulated from
/// (``series(step:jitter:)``).
public struct SynthShot: Sendable {
    /// The shot's position in the folder (0-based).
    public let index: Int
    /// Pump start, Unix seconds (whole seconds).
    public let start: Int64
    /// The profile the shot follows.
    public let profile: SynthShotProfile
    /// Ground coffee in, g.
    public let dose: Double
    /// The stop-at-weight target, g.
    public let targetYield: Double
    /// The grinder's name and the setting used (on the grinder's own grid).
    public let grinder: String
    public let grindSetting: Double
    /// The bag of beans: roaster, coffee, roast day and level (`light` … `medium_dark`).
    public let roaster: String
    public let bean: String
    public let roastDate: Day
    public let roastLevel: String
    /// Enjoyment 0–100, `nil` when the shot was not rated.
    public let enjoyment: Int?
    /// The shot's note (often empty).
    public let notes: String
    /// Whether a scale was connected (without one, the weight series is all zeros, as Decent and GaggiMate write).
    public let hasScale: Bool
    /// The profile's temperature goal, °C.
    public let temperatureGoal: Double
    /// A shot stopped by hand before its target weight, at this time (s); `nil`: stopped at weight.
    public let stoppedAt: Double?
    /// The seed of the shot's sensor noise.
    let noiseSeed: UInt64
    /// Puck resistance at the start of extraction, bar·s²/ml².
    let resistance: Double
    /// Water the headspace and the dry puck take before pressure builds, ml.
    let fillVolume: Double
    /// The fill's flow goal, ml/s.
    let fillFlow: Double
    /// The soak (classic) or bloom (blooming) length, s.
    let holdSeconds: Double
    /// The extraction pressure goal, bar.
    let pressureTarget: Double
}

/// Generates synthetic shots, deterministic in the seed: shot `i` depends only on the seed and `i` (its own
/// random stream), its bag of beans only on the seed and the bag.
///
/// Shots spread over weeks (about 2.5 shots a day, mornings, ending on ``GeneratorOptions/defaultEnd``); a bag
/// of beans lasts 12–20 shots and its grind sweet spot is dialled in over its first shots; enjoyment peaks at
/// the sweet spot; about one shot in seven has no scale and one in thirty is stopped early by hand.
public struct ShotGenerator: Sendable {
    /// The number of shots.
    public let count: Int
    /// The seed of every random choice.
    public let seed: UInt64
    /// The first day of the shots.
    public let startDay: Day
    /// The span in days.
    public let days: Int

    /// Creates a generator of `count` shots.
    public init(count: Int, seed: UInt64 = 1) {
        self.count = count
        self.seed = seed
        days = Int(min(3650, max(7, (Double(count) / 2.5).rounded(.up))))
        startDay = Day(index: GeneratorOptions.defaultEnd.index - Int32(days) + 1)
    }

    private static let grinders = [("Niche Zero", 14.0, 2.5, 1.0), ("Eureka Mignon Specialità", 3.5, 0.6, 0.25)]
    private static let roastLevels = ["light", "medium_light", "medium", "medium_dark"]
    private static let notes = ["", "", "", "sweet, balanced", "a bit sour", "bitter finish", "syrupy",
                                "channeled — spritzer at 10 s", "dialled in", "too fast"]

    /// A bag of beans: which coffee, roaster, roast, and where its sweet spot lies.
    private struct Bag {
        let coffee: Int, roaster: Int, roastLevel: Int
        let roastOffsetDays: Int
        let sweetSpot: Double
    }

    private func bag(_ b: Int, grinder: (String, Double, Double, Double)) -> Bag {
        var r = SynthRandom(seed: seed, stream: 0x5A0_0000 &+ UInt64(b))
        let coffee = r.below(SynthCatalog.coffees.count)
        return Bag(coffee: coffee, roaster: r.below(SynthCatalog.roasters.count), roastLevel: r.below(4),
                   roastOffsetDays: 4 + r.below(10), sweetSpot: grinder.1 + r.normal(0, grinder.2))
    }

    /// Shot `i` (0 ≤ i < count).
    public func shot(_ i: Int) -> SynthShot {
        var setup = SynthRandom(seed: seed, stream: 0x5E7)
        let grinder = Self.grinders[setup.below(Self.grinders.count)]
        let bagSize = 12 + setup.below(9)
        let bagIndex = i / bagSize, inBag = i % bagSize
        let bag = bag(bagIndex, grinder: grinder)
        var r = SynthRandom(seed: seed, stream: UInt64(i) &+ 1)

        let dayOffset = count <= 1 ? 0 : Int(Double(i) * Double(days) / Double(count))
        let day = Day(index: startDay.index + Int32(dayOffset))
        let secondsOfDay = Int64(6 * 3600 + r.below(4 * 3600))
        let start = Int64(day.index) * 86_400 + secondsOfDay - 3600 // 06:00–10:00 in UTC+1

        // Dialling in: early shots of a bag miss the sweet spot by more.
        let miss = r.normal(0, grinder.2 * (inBag < 3 ? 1.2 : 0.45))
        let setting = ((bag.sweetSpot + miss) / grinder.3).rounded() * grinder.3
        let offBy = (setting - bag.sweetSpot) / grinder.2
        let profile = SynthShotProfile(rawValue: r.weighted([0.4, 0.25, 0.2, 0.15]))!
        let dose = [18.0, 18, 18, 18.5, 17.5, 19, 20][r.below(7)]
        let ratio = profile == .turbo ? r.uniform(2.4, 3.0) : r.uniform(1.9, 2.4)
        let baseResistance: Double = switch profile {
        case .classic, .lever: 2.4
        case .blooming: 1.6
        case .turbo: 0.45
        }
        // Finer (lower setting) → more resistance: one sweet-spot spread finer ≈ +50 %.
        let resistance = baseResistance * _exp(-0.4 * offBy) * _exp(r.normal(0, 0.08)) * dose / 18
        let score = 0.86 - 0.12 * offBy * offBy + r.normal(0, 0.06)
        let enjoyment = r.chance(0.2) ? nil : Int((min(1, max(0.05, score)) * 20).rounded()) * 5
        let roastDay =
            Day(index: startDay.index + Int32(bagIndex * bagSize * days / max(1, count)) - Int32(bag.roastOffsetDays))
        return SynthShot(
            index: i, start: start, profile: profile, dose: dose, targetYield: (dose * ratio * 10).rounded() / 10,
            grinder: grinder.0, grindSetting: setting,
            roaster: SynthCatalog.roasters[bag.roaster], bean: SynthCatalog.coffees[bag.coffee].name,
            roastDate: roastDay, roastLevel: Self.roastLevels[bag.roastLevel], enjoyment: enjoyment,
            notes: Self.notes[r.below(Self.notes.count)], hasScale: !r.chance(0.15),
            temperatureGoal: [88.0, 90, 92, 93, 94][r.below(5)], stoppedAt: r.chance(0.033) ? r.uniform(7, 14) : nil,
            noiseSeed: r.next(), resistance: resistance, fillVolume: 22 + 0.8 * dose + r.normal(0, 3),
            fillFlow: profile == .turbo ? 6 : (r.uniform(3.5, 6) * 10).rounded() / 10,
            holdSeconds: ((profile == .blooming ? r.uniform(8, 15) : r.uniform(2, 7)) * 10).rounded() / 10,
            pressureTarget: profile == .blooming || profile == .turbo ? 6 : 9)
    }
}
