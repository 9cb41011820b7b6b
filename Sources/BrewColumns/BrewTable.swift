/// The brews of one journal as typed columns, joined with their method, grinder, bean and tasting note.
///
/// Every column has one slot per brew, in import order. Entity columns (`method`, `grinder`, `bean`)
/// are dictionary columns whose codes are indices into ``Journal/methods``, ``Journal/grinders`` and
/// ``Journal/beans``. Bean attributes used for grouping (roaster, origin) and the method's category are
/// joined in so kernels need not chase references.
public struct BrewTable: Sendable {
    public let id: StringColumn
    /// Brew instant (``Timestamp`` microseconds, UTC).
    public let brewDate: Int64Column
    public let method: DictionaryColumn
    /// ``MethodCategory`` raw values; never null (a brew without a method counts as `other`).
    public let category: UInt8Column
    public let grinder: DictionaryColumn
    public let bean: DictionaryColumn
    public let roaster: DictionaryColumn
    public let origin: DictionaryColumn
    /// The bean's roast date (``Day`` index).
    public let roastDate: Int32Column
    /// The bean's freezing day (``Day`` index), ``CoffeeBean/frozenDate``.
    public let frozenDate: Int32Column
    /// The bean's thawing day (``Day`` index), ``CoffeeBean/thawDate``.
    public let thawDate: Int32Column
    public let doseGrams: Float64Column
    public let waterGrams: Float64Column
    public let yieldGrams: Float64Column
    public let brewTimeSeconds: Float64Column
    public let waterTemperature: Float64Column
    public let grindSetting: Float64Column
    public let grindText: StringColumn
    public let pressureProfile: StringColumn
    public let rating: Float64Column
    public let tds: Float64Column
    public let notes: StringColumn
    public let acidity: Float64Column
    public let body: Float64Column
    public let sweetness: Float64Column
    public let flavorTags: StringColumn

    /// The number of brews.
    public var count: Int { id.count }

    /// One line per column: name, logical type (its Arrow name and its ``ColumnKind`` in plain words) and null count
    /// (what `brewstats inspect` prints: the plain words, and both under `--json`).
    public var schema: [ColumnInfo] {
        [
            ColumnInfo("id", "utf8", .text, id.nullCount),
            ColumnInfo("brew_date", "timestamp[us, UTC]", .dateTime, brewDate.nullCount),
            ColumnInfo("method", "dictionary<int32, utf8>", .repeatedText, method.nullCount),
            ColumnInfo("category", "uint8 (enum)", .category, category.nullCount),
            ColumnInfo("grinder", "dictionary<int32, utf8>", .repeatedText, grinder.nullCount),
            ColumnInfo("bean", "dictionary<int32, utf8>", .repeatedText, bean.nullCount),
            ColumnInfo("roaster", "dictionary<int32, utf8>", .repeatedText, roaster.nullCount),
            ColumnInfo("origin", "dictionary<int32, utf8>", .repeatedText, origin.nullCount),
            ColumnInfo("roast_date", "date32[day]", .date, roastDate.nullCount),
            ColumnInfo("frozen_date", "date32[day]", .date, frozenDate.nullCount),
            ColumnInfo("thaw_date", "date32[day]", .date, thawDate.nullCount),
            ColumnInfo("dose_g", "float64", .number, doseGrams.nullCount),
            ColumnInfo("water_g", "float64", .number, waterGrams.nullCount),
            ColumnInfo("yield_g", "float64", .number, yieldGrams.nullCount),
            ColumnInfo("brew_time_s", "float64", .number, brewTimeSeconds.nullCount),
            ColumnInfo("water_temp_c", "float64", .number, waterTemperature.nullCount),
            ColumnInfo("grind_setting", "float64", .number, grindSetting.nullCount),
            ColumnInfo("grind_text", "utf8", .text, grindText.nullCount),
            ColumnInfo("pressure_profile", "utf8", .text, pressureProfile.nullCount),
            ColumnInfo("rating", "float64", .number, rating.nullCount),
            ColumnInfo("tds_pct", "float64", .number, tds.nullCount),
            ColumnInfo("notes", "utf8", .text, notes.nullCount),
            ColumnInfo("acidity", "float64", .number, acidity.nullCount),
            ColumnInfo("body", "float64", .number, body.nullCount),
            ColumnInfo("sweetness", "float64", .number, sweetness.nullCount),
            ColumnInfo("flavor_tags", "utf8", .text, flavorTags.nullCount),
        ]
    }

    /// The ``MethodCategory`` of brew `i`.
    @inlinable
    public func category(at i: Int) -> MethodCategory {
        MethodCategory(rawValue: category.values[i]) ?? .other
    }
}

/// A column's name, logical type and null count.
///
/// The type comes twice: ``type`` is its Arrow name (`dictionary<int32, utf8>`, `timestamp[us, UTC]`), for readers
/// who load the table elsewhere; ``kind`` says the same in plain words (``ColumnKind/words``), which `inspect` prints.
public struct ColumnInfo: Sendable, Equatable {
    public let name: String
    /// The Arrow type name.
    public let type: String
    /// The type in plain words.
    public let kind: ColumnKind
    public let nullCount: Int
    public init(_ name: String, _ type: String, _ kind: ColumnKind, _ nullCount: Int) {
        self.name = name; self.type = type; self.kind = kind; self.nullCount = nullCount
    }
}

/// What a column holds, in the words a reader without Arrow uses.
public enum ColumnKind: String, Sendable, Equatable, CaseIterable {
    /// Free text, one value per brew (Arrow `utf8`).
    case text
    /// Text from a short list of repeated values (Arrow `dictionary<int32, utf8>`: each distinct value stored once).
    case repeatedText
    /// One of a fixed set of categories (a `uint8` code).
    case category
    /// A number (Arrow `float64`).
    case number
    /// A calendar date without a time of day (Arrow `date32[day]`).
    case date
    /// An instant, a date and a time of day, kept in UTC (Arrow `timestamp[us, UTC]`).
    case dateTime

    /// `text`, `text, repeated values`, `category`, `number`, `date`, `date and time (UTC)`.
    public var words: String {
        switch self {
        case .text: "text"
        case .repeatedText: "text, repeated values"
        case .category: "category"
        case .number: "number"
        case .date: "date"
        case .dateTime: "date and time (UTC)"
        }
    }
}
