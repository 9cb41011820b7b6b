/// Groups of ``BrewTable`` columns: which of them an import reads (a *projection*, as DuckDB and Polars push one
/// down into their scans) and a ``JournalBuilder`` keeps.
///
/// Every table holds its **always-read** columns whatever the set: the brew id (duplicate detection and row
/// accounting never depend on a projection), the brew date, and the method reference with its category —
/// ``alwaysReadColumns``. The entity tables (methods, grinders, beans) are always complete. Each group adds the
/// columns it names:
///
/// | group | table columns |
/// | --- | --- |
/// | ``grinder`` | `grinder` |
/// | ``bean`` | `bean`, and what is joined through it: `roaster`, `origin`, `roast_date`, `frozen_date`, `thaw_date` |
/// | ``masses`` | `dose_g`, `water_g`, `yield_g` |
/// | ``brewTime`` | `brew_time_s` |
/// | ``waterTemperature`` | `water_temp_c` |
/// | ``grindSetting`` | `grind_setting`, `grind_text` |
/// | ``rating`` | `rating` |
/// | ``tds`` | `tds_pct` |
/// | ``tastingNote`` | `acidity`, `body`, `sweetness`, `flavor_tags` |
/// | ``freeText`` | `notes`, `pressure_profile` |
///
/// A column outside the set keeps its slot for every brew, null: the table's shape never changes, only what it
/// holds. `[]` is the always-read columns alone; ``all`` (the default everywhere) is every column.
///
/// ```swift
/// let needed: BrewColumnSet = [.masses, .tds]   // what an extraction chart draws
/// needed.columnNames   // ["dose_g", "water_g", "yield_g", "tds_pct"]
/// ```
public struct BrewColumnSet: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue & Self.allBits }

    /// Dose, water and yield (g): brew ratio, beverage mass, extraction yield.
    public static let masses = BrewColumnSet(rawValue: 1 << 0)
    /// Brew time (s).
    public static let brewTime = BrewColumnSet(rawValue: 1 << 1)
    /// Water temperature (°C).
    public static let waterTemperature = BrewColumnSet(rawValue: 1 << 2)
    /// The grind setting: the number, or the text when it is not one.
    public static let grindSetting = BrewColumnSet(rawValue: 1 << 3)
    /// The rating (0–5).
    public static let rating = BrewColumnSet(rawValue: 1 << 4)
    /// Total dissolved solids (%): strength, extraction yield.
    public static let tds = BrewColumnSet(rawValue: 1 << 5)
    /// The tasting note joined into the brew: acidity, body, sweetness and flavour tags.
    public static let tastingNote = BrewColumnSet(rawValue: 1 << 6)
    /// Free text: the brew's notes and its pressure profile.
    public static let freeText = BrewColumnSet(rawValue: 1 << 7)
    /// The grinder reference.
    public static let grinder = BrewColumnSet(rawValue: 1 << 8)
    /// The bean reference, with the bean's roaster, origin and roast date joined to every brew.
    public static let bean = BrewColumnSet(rawValue: 1 << 9)

    private static let allBits: UInt16 = (1 << 10) - 1
    /// Every group: the whole table.
    public static let all = BrewColumnSet(rawValue: allBits)

    /// Every group on its own, in table order, with its name (as ``description`` prints it).
    public static let groups: [(group: BrewColumnSet, name: String)] = [
        (.masses, "masses"), (.brewTime, "brewTime"), (.waterTemperature, "waterTemperature"),
        (.grindSetting, "grindSetting"), (.rating, "rating"), (.tds, "tds"), (.tastingNote, "tastingNote"),
        (.freeText, "freeText"), (.grinder, "grinder"), (.bean, "bean"),
    ]

    /// The ``BrewTable/schema`` names of the columns every table holds whatever the set.
    public static let alwaysReadColumns = ["id", "brew_date", "method", "category"]

    /// The ``BrewTable/schema`` names of the columns the set's groups add, in schema order (the always-read columns
    /// not included).
    public var columnNames: [String] {
        BrewTable.optionalColumns.filter { contains($0.group) }.map(\.name)
    }

    /// The group that holds the ``BrewTable/schema`` column `name`; `nil` for an always-read column or an unknown name.
    public static func group(ofColumn name: String) -> BrewColumnSet? {
        BrewTable.optionalColumns.first { $0.name == name }?.group
    }

    /// `[masses, tds]`, `all`, `[]`.
    public var description: String {
        if self == .all { return "all" }
        return "[" + Self.groups.filter { contains($0.group) }.map(\.name).joined(separator: ", ") + "]"
    }
}

extension BrewTable {
    /// The columns outside ``BrewColumnSet/alwaysReadColumns``, by ``schema`` name, with the group holding each.
    static let optionalColumns: [(name: String, group: BrewColumnSet)] = [
        ("grinder", .grinder), ("bean", .bean), ("roaster", .bean), ("origin", .bean), ("roast_date", .bean),
        ("frozen_date", .bean), ("thaw_date", .bean),
        ("dose_g", .masses), ("water_g", .masses), ("yield_g", .masses), ("brew_time_s", .brewTime),
        ("water_temp_c", .waterTemperature), ("grind_setting", .grindSetting), ("grind_text", .grindSetting),
        ("pressure_profile", .freeText), ("rating", .rating), ("tds_pct", .tds), ("notes", .freeText),
        ("acidity", .tastingNote), ("body", .tastingNote), ("sweetness", .tastingNote), ("flavor_tags", .tastingNote),
    ]
}
