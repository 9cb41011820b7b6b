import BrewFormatSchemas

/// Where a record sits in its file; turned into text only when a reject or a first warning needs it.
enum RecordLocation: Sendable, CustomStringConvertible {
    /// A physical CSV line (1-based).
    case line(Int)
    /// A store row: table and `Z_PK`.
    case storeRow(table: String, pk: Int64)
    /// An array element: `brews[17]`.
    case element(array: String, index: Int)
    /// An array element of a document whose lines are known (YAML): `brews[2], line 31`; without a line as
    /// ``element(array:index:)``.
    case documentElement(array: String, index: Int, line: Int?)

    var description: String {
        switch self {
        case .line(let n): "line \(n)"
        case .storeRow(let table, let pk): "\(table) Z_PK=\(pk)"
        case .element(let array, let index): "\(array)[\(index)]"
        case .documentElement(let array, let index, let line):
            "\(array)[\(index)]" + (line.map { ", line \($0)" } ?? "")
        }
    }
}

/// The brew fields every importer validates, with each format's spelling of their names.
enum BrewField: Hashable, CaseIterable {
    case id, brewDate, dose, water, yield, time, temperature, tds, rating, acidity, body, sweetness, grind

    func name(in format: JournalFormat) -> String {
        switch format {
        case .csv: csvColumn.name
        case .coreDataStore:
            switch self {
            case .id: "ZID"
            case .brewDate: "ZBREWDATE"
            case .dose: "ZDOSEGRAMS"
            case .water: "ZWATERGRAMS"
            case .yield: "ZYIELDGRAMS"
            case .time: "ZBREWTIMESECONDS"
            case .temperature: "ZWATERTEMPERATURE"
            case .tds: "ZTDS"
            case .rating: "ZRATING"
            case .acidity: "ZTASTINGNOTE.ZACIDITY"
            case .body: "ZTASTINGNOTE.ZBODY"
            case .sweetness: "ZTASTINGNOTE.ZSWEETNESS"
            case .grind: "ZGRINDSETTING"
            }
        case .json:
            switch self {
            case .id: "id"
            case .brewDate: "brewDate"
            case .dose: "doseGrams"
            case .water: "waterGrams"
            case .yield: "yieldGrams"
            case .time: "brewTimeSeconds"
            case .temperature: "waterTemperature"
            case .tds: "tds"
            case .rating: "rating"
            case .acidity: "acidity"
            case .body: "body"
            case .sweetness: "sweetness"
            case .grind: "grindSetting"
            }
        case .brewSpec:
            switch self {
            case .id: "id"
            case .brewDate: "date"
            case .dose: "dose_g"
            case .water: "water_g"
            case .yield: "result.yield_g"
            case .time: "duration_s"
            case .temperature: "water_temp_c"
            case .tds: "result.tds"
            case .rating: "result.ratings.overall"
            case .acidity: "result.ratings.acidity"
            case .body: "result.ratings.mouthfeel"
            case .sweetness: "result.ratings.sweetness"
            case .grind: "equipment.grinder_setting"
            }
        case .beanconqueror:
            switch self {
            case .id: "config.uuid"
            case .brewDate: "config.unix_timestamp"
            case .dose: "grind_weight"
            case .water: "brew_quantity"
            case .yield: "brew_beverage_quantity"
            case .time: "brew_time"
            case .temperature: "brew_temperature"
            case .tds: "tds"
            case .rating: "rating"
            case .acidity: "cupping.acidity"
            case .body: "cupping.body"
            case .sweetness: "cupping.sweetness"
            case .grind: "grind_size"
            }
        default:
            // A format read outside BrewImport (its rejects name their own fields): the field's plain name.
            "\(self)"
        }
    }

    /// The CSV column that holds the field (its header is BrewFormatSchemas' ``BrewFormatSchemas/CSVSchema``'s).
    var csvColumn: CSVColumn {
        switch self {
        case .id: .brewID
        case .brewDate: .brewedAt
        case .dose: .doseGrams
        case .water: .waterGrams
        case .yield: .yieldGrams
        case .time: .brewTimeSeconds
        case .temperature: .waterTemperature
        case .tds: .tds
        case .rating: .rating
        case .acidity: .acidity
        case .body: .body
        case .sweetness: .sweetness
        case .grind: .grindSetting
        }
    }
}
