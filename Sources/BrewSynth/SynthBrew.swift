import BrewColumns

/// One generated brew, with its tasting note: everything each writer needs, nothing formatted yet.
///
/// Entity references are indices into ``JournalGenerator/methods``, ``JournalGenerator/grinders`` and
/// ``JournalGenerator/beans``; `nil` is a brew without that relationship (allowed by the app's model).
public struct SynthBrew: Sendable {
    /// The brew's position in the journal (0-based, chronological).
    public var index: Int
    public var id: SynthUUID
    /// The brew instant; always present in generated journals, at whole seconds.
    public var brewDate: Timestamp
    /// The journal time zone's offset from UTC at the brew, seconds (what the exports write after the time).
    public var utcOffsetSeconds: Int
    public var method: Int32?
    public var grinder: Int32?
    public var bean: Int32?
    public var doseGrams: Double?
    public var waterGrams: Double?
    public var yieldGrams: Double?
    public var brewTimeSeconds: Double?
    /// °C.
    public var waterTemperature: Double?
    public var grindSetting: Double?
    public var pressureProfile: String?
    /// 0–5 in half steps.
    public var rating: Double?
    /// %.
    public var tds: Double?
    public var notes: String?
    /// When the entry was saved (a few minutes after the brew, with milliseconds).
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Core Data's optimistic-locking version (`Z_OPT`), 1 or more.
    public var version: Int
    /// The brew's tasting note, when it has one.
    public var tastingNote: SynthTastingNote?

    /// The brew as ``JournalBuilder/appendBrew(_:)`` takes it (the tasting note joined in).
    public var row: BrewRow {
        var r = BrewRow()
        r.id = id.string
        r.brewDate = brewDate
        r.method = method; r.grinder = grinder; r.bean = bean
        r.doseGrams = doseGrams; r.waterGrams = waterGrams; r.yieldGrams = yieldGrams
        r.brewTimeSeconds = brewTimeSeconds; r.waterTemperature = waterTemperature
        r.grindSetting = grindSetting; r.pressureProfile = pressureProfile
        r.rating = rating; r.tds = tds; r.notes = notes
        r.acidity = tastingNote?.acidity.map(Double.init)
        r.body = tastingNote?.body.map(Double.init)
        r.sweetness = tastingNote?.sweetness.map(Double.init)
        r.flavorTags = tastingNote?.flavorTags
        r.createdAt = createdAt; r.updatedAt = updatedAt
        return r
    }
}

/// A generated tasting note (one per brew at most).
public struct SynthTastingNote: Sendable {
    public var id: SynthUUID
    /// 1–5 each, or missing.
    public var acidity: Int?
    public var body: Int?
    public var sweetness: Int?
    /// Comma-separated tags without spaces around the commas (`bergamot,peach`), as the app stores them.
    public var flavorTags: String?
    public var notes: String?
}
