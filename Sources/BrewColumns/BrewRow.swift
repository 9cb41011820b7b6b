/// One brew as an importer hands it to ``JournalBuilder/appendBrew(_:)``: the BrewLog's fields with
/// its tasting note joined in, and its relationships resolved to entity indices.
///
/// `method`, `grinder` and `bean` are indices into the builder's entity tables (the values returned by
/// ``JournalBuilder/addMethod(_:)`` and friends); `nil` is a brew without that relationship.
public struct BrewRow: Sendable {
    public var id: String?
    public var brewDate: Timestamp?
    public var method: Int32?
    public var grinder: Int32?
    public var bean: Int32?
    public var doseGrams: Double?
    public var waterGrams: Double?
    public var yieldGrams: Double?
    public var brewTimeSeconds: Double?
    /// Water temperature, °C.
    public var waterTemperature: Double?
    /// The grind setting when it is a number.
    public var grindSetting: Double?
    /// The grind setting as written when it is not a number (free text in some peers' exports).
    public var grindText: String?
    public var pressureProfile: String?
    /// Rating on the contract's 0–5 scale (importers convert other scales).
    public var rating: Double?
    /// Total dissolved solids, %.
    public var tds: Double?
    public var notes: String?
    /// Tasting note scores, each 1–5.
    public var acidity: Double?
    public var body: Double?
    public var sweetness: Double?
    /// Comma-separated flavour tags, as the app stores them.
    public var flavorTags: String?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init() {}
}
