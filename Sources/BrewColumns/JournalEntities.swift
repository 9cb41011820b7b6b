import Foundation

/// The journal's entities (docs/definitions.md), as the importers read them and the generator writes them.
///
/// Every property is optional, as in the app's CloudKit-synced model; defaults are the contract's.

/// The brew method's category. Unknown raw values read as ``other``.
public enum MethodCategory: UInt8, Sendable, CaseIterable, Codable {
    case espresso = 0, pourOver = 1, immersion = 2, other = 3

    /// Parses the app's raw value (`espresso`, `pour_over`, `immersion`, `other`), case-insensitively and
    /// accepting `-`/space for `_`; anything else is ``other``.
    public init(rawString: String) {
        switch rawString.lowercased().replacingOccurrences(
            of: "-", with: "_").replacingOccurrences(of: " ", with: "_") {
        case "espresso": self = .espresso
        case "pour_over", "pourover": self = .pourOver
        case "immersion": self = .immersion
        default: self = .other
        }
    }

    /// The app's raw value.
    public var rawString: String {
        switch self {
        case .espresso: "espresso"
        case .pourOver: "pour_over"
        case .immersion: "immersion"
        case .other: "other"
        }
    }

    /// Whether brews of this category follow the espresso ratio convention (yield ÷ dose).
    /// Every other category is "filter" (water ÷ dose), docs/definitions.md.
    public var isEspresso: Bool { self == .espresso }
}

/// A grinder's kind.
public enum GrinderType: String, Sendable, CaseIterable, Codable {
    case burr, blade, manual
}

/// A bean's roast level.
public enum RoastLevel: UInt8, Sendable, CaseIterable, Codable {
    case light = 0, mediumLight, medium, mediumDark, dark

    /// Parses a roast level as people write it: the contract's `light`, `medium_light`, `medium`, `medium_dark`,
    /// `dark`, and the usual synonyms, case-insensitively, with `-`, spaces and `_` alike and a trailing "roast"
    /// ignored (``synonyms``). `nil` for anything else.
    public init?(rawString: String) {
        var key = rawString.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "+", with: " plus")
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        while key.contains("__") { key = key.replacingOccurrences(of: "__", with: "_") }
        if key.hasSuffix("_roast") { key.removeLast("_roast".count) }
        if key.hasSuffix("_roasted") { key.removeLast("_roasted".count) }
        guard let level = Self.synonyms[key] else { return nil }
        self = level
    }

    /// Every spelling ``init(rawString:)`` accepts, after normalising (lower case, `_` for `-` and spaces, `+` as
    /// `_plus`, a trailing `_roast` dropped). The roaster's degree names follow the usual scale: Cinnamon, New
    /// England and Half City light; City and Moderate-Light medium-light; City+ and American medium; Full City and
    /// Full City+ medium-dark; Vienna, French, Italian and Spanish dark. Every key of Beanconqueror's roast
    /// enumeration is one of them (`CINNAMON_ROAST` … `FRENCH_ROAST`, its spelling `VIEANNA_ROAST` included; its
    /// `UNKNOWN` and `CUSTOM_ROAST` name no level).
    public static let synonyms: [String: RoastLevel] = [
        "light": .light, "extra_light": .light, "very_light": .light, "cinnamon": .light, "new_england": .light,
        "half_city": .light, "nordic": .light, "blonde": .light, "hell": .light,
        "medium_light": .mediumLight, "light_medium": .mediumLight, "mediumlight": .mediumLight,
        "lightmedium": .mediumLight, "city": .mediumLight, "moderate_light": .mediumLight,
        "medium": .medium, "city_plus": .medium, "american": .medium, "mittel": .medium,
        "medium_dark": .mediumDark, "dark_medium": .mediumDark, "mediumdark": .mediumDark, "full_city": .mediumDark,
        "full_city_plus": .mediumDark,
        "dark": .dark, "very_dark": .dark, "vienna": .dark, "vieanna": .dark, "french": .dark, "italian": .dark,
        "spanish": .dark,
        "dunkel": .dark,
    ]

    public var rawString: String {
        switch self {
        case .light: "light"
        case .mediumLight: "medium_light"
        case .medium: "medium"
        case .mediumDark: "medium_dark"
        case .dark: "dark"
        }
    }
}

/// A brew method (V60, Aeropress, the espresso machine …).
public struct BrewMethod: Sendable, Hashable {
    public var id: String?
    public var name: String?
    public var category: MethodCategory
    public var notes: String?
    /// The app's cached counter; the engine recomputes it from the brews.
    public var cachedBrewCount: Int?
    /// The app's cached last-use date; the engine recomputes it from the brews.
    public var cachedLastUsed: Timestamp?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(id: String? = nil, name: String? = nil, category: MethodCategory = .other, notes: String? = nil,
                cachedBrewCount: Int? = nil, cachedLastUsed: Timestamp? = nil,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil) {
        self.id = id; self.name = name; self.category = category; self.notes = notes
        self.cachedBrewCount = cachedBrewCount; self.cachedLastUsed = cachedLastUsed
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    /// The name a report shows: the name, or `Unnamed method` when it has none.
    public var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? "Unnamed method" }
}

/// A grinder. Settings default to 0…40 in steps of 1 (docs/definitions.md).
public struct Grinder: Sendable, Hashable {
    public var id: String?
    public var name: String?
    public var type: GrinderType?
    public var settingMin: Double
    public var settingMax: Double
    public var settingStep: Double
    public var notes: String?
    public var cachedBrewCount: Int?
    public var cachedLastUsed: Timestamp?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(id: String? = nil, name: String? = nil, type: GrinderType? = nil,
                settingMin: Double = 0, settingMax: Double = 40, settingStep: Double = 1, notes: String? = nil,
                cachedBrewCount: Int? = nil, cachedLastUsed: Timestamp? = nil,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil) {
        self.id = id; self.name = name; self.type = type
        self.settingMin = settingMin; self.settingMax = settingMax; self.settingStep = settingStep
        self.notes = notes; self.cachedBrewCount = cachedBrewCount; self.cachedLastUsed = cachedLastUsed
        self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    public var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? "Unnamed grinder" }
}

/// A coffee bean (one bag or lot).
public struct CoffeeBean: Sendable, Hashable {
    public var id: String?
    public var name: String?
    public var roaster: String?
    public var origin: String?
    public var variety: String?
    public var processing: String?
    public var roastLevel: RoastLevel?
    public var roastDate: Day?
    /// The day the bag went into the freezer (Beanconqueror's `frozenDate`); `nil` when the journal does not say.
    public var frozenDate: Day?
    /// The day the bag came out of the freezer (Beanconqueror's `unfrozenDate`); `nil` when it is still frozen or
    /// the journal does not say. The bag age (docs/definitions.md) leaves out the days in between.
    public var thawDate: Day?
    public var isArchived: Bool?
    public var notes: String?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    /// The bag's weight of beans when bought, in grams (docs/definitions.md, optional fields the app does not store):
    /// Beanconqueror's `weight`, or a mapped CSV column `bag_weight_g`. `nil` when unknown; never 0 or negative.
    public var bagWeightGrams: Double?
    /// What the bag cost, in ``currency``: Beanconqueror's `cost`, or a mapped CSV column `bag_price`. `nil` when
    /// unknown; never 0 or negative.
    public var bagPrice: Double?
    /// The ISO 4217 code of ``bagPrice`` (`EUR`), upper-cased; `nil` when the source does not say.
    public var currency: String?

    public init(id: String? = nil, name: String? = nil, roaster: String? = nil, origin: String? = nil,
                variety: String? = nil, processing: String? = nil, roastLevel: RoastLevel? = nil,
                roastDate: Day? = nil, isArchived: Bool? = nil, notes: String? = nil,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
                bagWeightGrams: Double? = nil, bagPrice: Double? = nil, currency: String? = nil,
                frozenDate: Day? = nil, thawDate: Day? = nil) {
        self.id = id; self.name = name; self.roaster = roaster; self.origin = origin
        self.variety = variety; self.processing = processing; self.roastLevel = roastLevel
        self.roastDate = roastDate; self.isArchived = isArchived; self.notes = notes
        self.createdAt = createdAt; self.updatedAt = updatedAt
        self.bagWeightGrams = bagWeightGrams; self.bagPrice = bagPrice; self.currency = currency
        self.frozenDate = frozenDate; self.thawDate = thawDate
    }

    public var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? "Unnamed bean" }
}
