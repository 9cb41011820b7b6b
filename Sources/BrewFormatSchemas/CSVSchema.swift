/// The columns of the app's CSV export (docs/formats.md) and the optional ones brewstats reads back, in one list: their
/// names, the header a person would type, their type and unit, and the journal field each maps to
/// (docs/formats.md, "CSV columns").
///
/// The exporter's header (BrewExport's `JournalCSVWriter`), the generator's columns and person-typed headers
/// (BrewSynth's `CSVStyle`) are this list; the importer's columns (BrewImport's `CSVColumn`, which adds each
/// column's aliases) are checked against it by the tests, in order.
public enum CSVSchema {
    /// What a column's cells hold.
    public enum Kind: String, Sendable {
        /// Free text, or the name of an entity (method, grinder, bean).
        case text
        /// A decimal number (a unit may follow it in a person's file).
        case number
        /// A date and time, ISO 8601.
        case instant
        /// A calendar date, `YYYY-MM-DD`.
        case day
        /// One word of a closed list (a method category, a roast level).
        case word
    }

    /// One column.
    public struct Field: Sendable, Equatable {
        /// The header the export writes.
        public let name: String
        /// The header as a person would type it (`Dose (g)`).
        public let spelled: String
        public let kind: Kind
        /// The unit of a number (`g`, `s`, `°C`, `%`), or `nil`.
        public let unit: String?
        /// The journal field it reads into and is written from (a brew table column, or an entity's field).
        public let journal: String
        /// Whether the app's own export has it (the contract's columns); the others are brewstats' optional columns.
        public let contract: Bool
    }

    static func f(_ name: String, _ spelled: String, _ kind: Kind, _ unit: String? = nil, journal: String,
                  contract: Bool = true) -> Field {
        Field(name: name, spelled: spelled, kind: kind, unit: unit, journal: journal, contract: contract)
    }

    /// Every column, in the export's order: the contract's, then the optional ones.
    public static let fields: [Field] = [
        f("brew_id", "Brew ID", .text, journal: "id"),
        f("brewed_at", "Brewed At", .instant, journal: "brew_date"),
        f("method", "Method", .text, journal: "method.name"),
        f("method_category", "Method Category", .word, journal: "method.category"),
        f("grinder", "Grinder", .text, journal: "grinder.name"),
        f("grind_setting", "Grind Setting", .number, journal: "grind_setting (grind_text when not a number)"),
        f("bean", "Bean", .text, journal: "bean.name"),
        f("roaster", "Roaster", .text, journal: "bean.roaster"),
        f("origin", "Origin", .text, journal: "bean.origin"),
        f("roast_date", "Roast Date", .day, journal: "bean.roast_date"),
        f("roast_level", "Roast Level", .word, journal: "bean.roast_level"),
        f("dose_g", "Dose (g)", .number, "g", journal: "dose_g"),
        f("water_g", "Water (g)", .number, "g", journal: "water_g"),
        f("yield_g", "Yield (g)", .number, "g", journal: "yield_g"),
        f("brew_time_s", "Brew Time (s)", .number, "s", journal: "brew_time_s"),
        f("water_temp_c", "Water Temp (°C)", .number, "°C", journal: "water_temp_c"),
        f("tds_pct", "TDS (%)", .number, "%", journal: "tds_pct"),
        f("rating", "Rating", .number, journal: "rating (0–5)"),
        f("acidity", "Acidity", .number, journal: "tasting_note.acidity"),
        f("body", "Body", .number, journal: "tasting_note.body"),
        f("sweetness", "Sweetness", .number, journal: "tasting_note.sweetness"),
        f("flavor_tags", "Flavor Tags", .text, journal: "tasting_note.flavor_tags"),
        f("notes", "Notes", .text, journal: "notes"),
        f("pressure_profile", "Pressure Profile", .text, journal: "pressure_profile", contract: false),
        f("bag_weight_g", "Bag Weight (g)", .number, "g", journal: "bean.bag_weight_g", contract: false),
        f("bag_price", "Bag Price", .number, journal: "bean.bag_price", contract: false),
        f("currency", "Currency", .word, journal: "bean.currency", contract: false),
    ]

    /// The export's header.
    public static let names = fields.map(\.name)

    /// The contract's columns (the app's own export), in order.
    public static let contractNames = fields.filter(\.contract).map(\.name)
}
