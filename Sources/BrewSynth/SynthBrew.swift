import BrewColumns

/// One generated brew, with its tasting note: everything each writer needs, nothing formatted yet.
///
/// The brew's journal fields (method, grinder and bean, masses, time, temperature, grind setting, pressure profile,
/// rating, TDS, notes) are a ``BrewColumns/BrewRow``, the importers' one list of them, read and set through the brew
/// itself (`brew.doseGrams`); what only a generated brew has is its own: its position, its UUID, its instants (always
/// present), the UTC offset the exports write, the store's version and the tasting note. Entity references are
/// indices into ``JournalGenerator/methods``, ``JournalGenerator/grinders`` and ``JournalGenerator/beans``; `nil` is a
/// brew without that relationship (allowed by the app's model).
@dynamicMemberLookup
public struct SynthBrew: Sendable {
    /// The brew's position in the journal (0-based, chronological).
    public var index: Int
    public var id: SynthUUID
    /// The brew instant; always present in generated journals, at whole seconds.
    public var brewDate: Timestamp
    /// The journal time zone's offset from UTC at the brew, seconds (what the exports write after the time).
    public var utcOffsetSeconds: Int
    /// When the entry was saved (a few minutes after the brew, with milliseconds).
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    /// Core Data's optimistic-locking version (`Z_OPT`), 1 or more.
    public var version: Int
    /// The brew's tasting note, when it has one.
    public var tastingNote: SynthTastingNote?
    /// The journal fields: rating 0–5 in half steps, temperature °C, TDS %. Its id, instants and tasting-note fields
    /// stay unset: the brew's own (above) are the ones ``row`` hands on.
    private var fields = BrewRow()

    public init(index: Int, id: SynthUUID, brewDate: Timestamp, utcOffsetSeconds: Int, createdAt: Timestamp,
                updatedAt: Timestamp, version: Int) {
        self.index = index
        self.id = id
        self.brewDate = brewDate
        self.utcOffsetSeconds = utcOffsetSeconds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// A journal field (``BrewColumns/BrewRow``'s) of the brew.
    public subscript<T>(dynamicMember field: WritableKeyPath<BrewRow, T>) -> T {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }

    /// The brew as ``JournalBuilder/appendBrew(_:)`` takes it (the tasting note joined in).
    public var row: BrewRow {
        var r = fields
        r.id = id.string
        r.brewDate = brewDate
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
