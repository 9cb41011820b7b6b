/// The columns of the app's CSV export (docs/formats.md) and the optional ones brewstats reads back, in one list: their
/// names, the header a person would type, the other spellings the importer takes, their type and unit, and the
/// journal field each maps to (docs/formats.md, "CSV columns").
///
/// The exporter (BrewExport's `JournalCSVWriter`) writes the header and the cells in this list's order, the generator
/// (BrewSynth's `CSVExportWriter` and `CSVStyle`) writes the contract's columns of it, and the importer (BrewImport's
/// CSV reader) matches headers against its names and aliases: no other code names a column.
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

    /// The journal field a column holds: what the importer reads a cell into and the writers write it from. Each
    /// has one column in ``fields``; its names are there, not here.
    public enum Column: Sendable, Hashable, CaseIterable {
        case brewID, brewedAt, method, methodCategory, grinder, grindSetting, bean, roaster, origin, roastDate,
             roastLevel, doseGrams, waterGrams, yieldGrams, brewTimeSeconds, waterTemperature, tds, rating, acidity,
             body, sweetness, flavorTags, notes, pressureProfile, bagWeightGrams, bagPrice, currency
    }

    /// One column.
    public struct Field: Sendable, Equatable {
        /// The journal field it holds.
        public let column: Column
        /// The header the export writes.
        public let name: String
        /// The header as a person would type it (`Dose (g)`).
        public let spelled: String
        /// Other headers that name it (`dose`, `coffee_g`), compared as the importer compares every header (after
        /// its normalisation: case, spaces, `_`, `-`, `.` and a trailing unit in brackets do not count). A name or
        /// alias an earlier column already has stays that column's.
        public let aliases: [String]
        public let kind: Kind
        /// The unit of a number (`g`, `s`, `°C`, `%`), or `nil`.
        public let unit: String?
        /// The journal field it reads into and is written from (a brew table column, or an entity's field).
        public let journal: String
        /// Whether the app's own export has it (the contract's columns); the others are brewstats' optional columns.
        public let contract: Bool

        public init(_ column: Column, _ name: String, _ spelled: String, _ kind: Kind, _ unit: String? = nil,
                    aliases: [String] = [], journal: String, contract: Bool = true) {
            self.column = column; self.name = name; self.spelled = spelled; self.aliases = aliases
            self.kind = kind; self.unit = unit; self.journal = journal; self.contract = contract
        }
    }

    private typealias F = Field

    /// Every column, in the export's order: the contract's, then the optional ones.
    public static let fields: [Field] = [
        F(.brewID, "brew_id", "Brew ID", .text, aliases: ["id", "uuid", "brew"], journal: "id"),
        F(.brewedAt, "brewed_at", "Brewed At", .instant,
          aliases: ["brew_date", "date", "datetime", "date_time", "timestamp", "brewed", "time_brewed", "brewed_on"],
          journal: "brew_date"),
        F(.method, "method", "Method", .text,
          aliases: ["brew_method", "method_name", "brewer", "device", "preparation"], journal: "method.name"),
        F(.methodCategory, "method_category", "Method Category", .word,
          aliases: ["category", "method_type", "brew_category"], journal: "method.category"),
        F(.grinder, "grinder", "Grinder", .text, aliases: ["grinder_name", "mill"], journal: "grinder.name"),
        F(.grindSetting, "grind_setting", "Grind Setting", .number, aliases: ["grind", "grind_size", "grind_level"],
          journal: "grind_setting (grind_text when not a number)"),
        F(.bean, "bean", "Bean", .text, aliases: ["bean_name", "coffee", "coffee_name", "beans"], journal: "bean.name"),
        F(.roaster, "roaster", "Roaster", .text, aliases: ["roastery", "roaster_name"], journal: "bean.roaster"),
        F(.origin, "origin", "Origin", .text, aliases: ["country", "bean_origin"], journal: "bean.origin"),
        F(.roastDate, "roast_date", "Roast Date", .day, aliases: ["roasted_on", "roast_day", "roasted"],
          journal: "bean.roast_date"),
        F(.roastLevel, "roast_level", "Roast Level", .word, aliases: ["roast"], journal: "bean.roast_level"),
        F(.doseGrams, "dose_g", "Dose (g)", .number, "g",
          aliases: ["dose", "dose_grams", "coffee_g", "coffee_grams", "grams_in", "in"], journal: "dose_g"),
        F(.waterGrams, "water_g", "Water (g)", .number, "g",
          aliases: ["water", "water_grams", "water_ml", "brew_water"], journal: "water_g"),
        F(.yieldGrams, "yield_g", "Yield (g)", .number, "g",
          aliases: ["yield", "yield_grams", "beverage", "beverage_g", "out", "grams_out"], journal: "yield_g"),
        F(.brewTimeSeconds, "brew_time_s", "Brew Time (s)", .number, "s",
          aliases: ["brew_time", "time", "time_s", "brew_seconds", "duration", "extraction_time"],
          journal: "brew_time_s"),
        F(.waterTemperature, "water_temp_c", "Water Temp (°C)", .number, "°C",
          aliases: ["water_temp", "water_temperature", "temperature", "temp", "temp_c"], journal: "water_temp_c"),
        F(.tds, "tds_pct", "TDS (%)", .number, "%", aliases: ["tds", "tds_percent"], journal: "tds_pct"),
        F(.rating, "rating", "Rating", .number, aliases: ["score", "stars"], journal: "rating (0–5)"),
        F(.acidity, "acidity", "Acidity", .number, journal: "tasting_note.acidity"),
        F(.body, "body", "Body", .number, journal: "tasting_note.body"),
        F(.sweetness, "sweetness", "Sweetness", .number, journal: "tasting_note.sweetness"),
        F(.flavorTags, "flavor_tags", "Flavor Tags", .text,
          aliases: ["tags", "flavors", "flavours", "flavour_tags", "flavor_notes"],
          journal: "tasting_note.flavor_tags"),
        F(.notes, "notes", "Notes", .text, aliases: ["note", "comment", "comments"], journal: "notes"),
        F(.pressureProfile, "pressure_profile", "Pressure Profile", .text, aliases: ["pressure", "profile"],
          journal: "pressure_profile", contract: false),
        F(.bagWeightGrams, "bag_weight_g", "Bag Weight (g)", .number, "g",
          aliases: ["bag_weight", "bag_size", "bag_grams"], journal: "bean.bag_weight_g", contract: false),
        F(.bagPrice, "bag_price", "Bag Price", .number, aliases: ["bag_cost"], journal: "bean.bag_price",
          contract: false),
        F(.currency, "currency", "Currency", .word, aliases: ["bag_currency"], journal: "bean.currency",
          contract: false),
    ]

    /// The export's header.
    public static let names = fields.map(\.name)

    /// The contract's columns (the app's own export), in order.
    public static let contract = fields.filter(\.contract)

    /// The contract's column names, in order.
    public static let contractNames = contract.map(\.name)

    /// The columns in the export's order.
    public static let columns = fields.map(\.column)

    /// Each column's position in ``fields``.
    private static let positions: [Column: Int] =
        Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($0.element.column, $0.offset) })

    /// The column's position in ``fields`` (every column has one: `CSVSchemaTests`).
    public static func index(of column: Column) -> Int { positions[column]! }

    /// The column's field.
    public static func field(_ column: Column) -> Field { fields[index(of: column)] }
}

extension CSVSchema.Column {
    /// The header the export writes for it.
    public var name: String { CSVSchema.field(self).name }
}
