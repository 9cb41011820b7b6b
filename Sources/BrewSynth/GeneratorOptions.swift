import BrewColumns

/// What ``JournalGenerator`` generates: size, seed, span, time zone and shape.
///
/// The same options (seed included) always give the same journal, byte for byte in every encoding.
public struct GeneratorOptions: Sendable, Equatable {
    /// The number of brews (0 allowed: equipment and beans only).
    public var brewCount: Int
    /// The seed of every random choice.
    public var seed: UInt64
    /// The first day of the journal; `nil`: the journal ends on ``defaultEnd`` (2026-11-22, a Sunday, so the
    /// latest ISO week is complete) and starts ``days`` − 1 days before.
    public var start: Day?
    /// The number of days the brews span; `nil`: `brewCount ÷ 2.3` rounded up (about two brews a day, a
    /// home brewer), at least 7 and at most 3,650 (beyond which a day holds more brews, a café).
    public var days: Int?
    /// The journal's IANA time zone: brew times are local times there (daylight saving time included).
    public var timeZone: String
    /// Beans, methods, grinders and bag lengths (``JournalShape/standard`` unless given).
    public var shape: JournalShape
    /// The share of bags (0–1) kept in the freezer from a day or three after roasting until the day they are opened:
    /// their beans carry a freezing and a thawing day (``CoffeeBean/frozenDate``, ``CoffeeBean/thawDate``). Drawn
    /// from a random stream of their own, so a journal with share 0 (the default) is the same as before, byte for byte,
    /// and a share changes nothing else of the journal.
    public var freezerShare: Double = 0
    /// The latest day of a journal without an explicit start.
    public static let defaultEnd = Day(year: 2026, month: 11, day: 22)!

    /// Creates options; see the properties for the defaults.
    public init(brewCount: Int = 350, seed: UInt64 = 1, start: Day? = nil, days: Int? = nil,
                timeZone: String = "Europe/Berlin", shape: JournalShape = .standard) {
        self.brewCount = brewCount; self.seed = seed; self.start = start; self.days = days
        self.timeZone = timeZone; self.shape = shape
    }

    /// The span in days after defaults apply.
    public var resolvedDays: Int {
        if let days { return max(1, days) }
        let perDay = (Double(brewCount) / 2.3).rounded(.up)
        return Int(min(3650, max(7, perDay)))
    }

    /// The first day after defaults apply.
    public var resolvedStart: Day {
        start ?? Day(index: GeneratorOptions.defaultEnd.index - Int32(resolvedDays) + 1)
    }
}
