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

    /// One line per column: name, logical type and null count (what `brewstats inspect` prints).
    public var schema: [ColumnInfo] {
        [
            ColumnInfo("id", "utf8", id.nullCount),
            ColumnInfo("brew_date", "timestamp[us, UTC]", brewDate.nullCount),
            ColumnInfo("method", "dictionary<int32, utf8>", method.nullCount),
            ColumnInfo("category", "uint8 (enum)", category.nullCount),
            ColumnInfo("grinder", "dictionary<int32, utf8>", grinder.nullCount),
            ColumnInfo("bean", "dictionary<int32, utf8>", bean.nullCount),
            ColumnInfo("roaster", "dictionary<int32, utf8>", roaster.nullCount),
            ColumnInfo("origin", "dictionary<int32, utf8>", origin.nullCount),
            ColumnInfo("roast_date", "date32[day]", roastDate.nullCount),
            ColumnInfo("dose_g", "float64", doseGrams.nullCount),
            ColumnInfo("water_g", "float64", waterGrams.nullCount),
            ColumnInfo("yield_g", "float64", yieldGrams.nullCount),
            ColumnInfo("brew_time_s", "float64", brewTimeSeconds.nullCount),
            ColumnInfo("water_temp_c", "float64", waterTemperature.nullCount),
            ColumnInfo("grind_setting", "float64", grindSetting.nullCount),
            ColumnInfo("grind_text", "utf8", grindText.nullCount),
            ColumnInfo("pressure_profile", "utf8", pressureProfile.nullCount),
            ColumnInfo("rating", "float64", rating.nullCount),
            ColumnInfo("tds_pct", "float64", tds.nullCount),
            ColumnInfo("notes", "utf8", notes.nullCount),
            ColumnInfo("acidity", "float64", acidity.nullCount),
            ColumnInfo("body", "float64", body.nullCount),
            ColumnInfo("sweetness", "float64", sweetness.nullCount),
            ColumnInfo("flavor_tags", "utf8", flavorTags.nullCount),
        ]
    }

    /// The ``MethodCategory`` of brew `i`.
    @inlinable
    public func category(at i: Int) -> MethodCategory {
        MethodCategory(rawValue: category.values[i]) ?? .other
    }
}

/// A column's name, logical type and null count.
public struct ColumnInfo: Sendable, Equatable {
    public let name: String
    public let type: String
    public let nullCount: Int
    public init(_ name: String, _ type: String, _ nullCount: Int) {
        self.name = name; self.type = type; self.nullCount = nullCount
    }
}
