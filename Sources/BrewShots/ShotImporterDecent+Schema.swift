import BrewColumns
import BrewFormatSchemas

/// A Decent file's brew fields, read by ``BrewFormatSchemas/DecentShotSchema``'s places.
extension ParsedShot {
    /// Sets `field` from a value the file holds: `text` (a setting's or a JSON value's text) and `number` (the
    /// same value as a number). A value that is missing, empty or 0 ("not entered") leaves the field as it was; a
    /// roast date that does not read replaces only a missing one (its text is kept for the warning).
    mutating func apply(_ field: DecentShotSchema.Field, text: String?, number: Double?) {
        switch field {
        case .profile: profile = text ?? profile
        case .roaster: roaster = text ?? roaster
        case .bean: bean = text ?? bean
        case .grinder: grinder = text ?? grinder
        case .grindSetting: grindSetting = text ?? grindSetting
        case .notes: notes = text ?? notes
        case .beverageType: beverageType = text ?? beverageType
        case .roastDate:
            if let text, roastDate == nil || ShotRead.roastDay(text) != nil {
                roastDateText = text
                roastDate = ShotRead.roastDay(text)
            }
        case .dose: dose = ShotRead.positive(number) ?? dose
        case .yield: yield = ShotRead.positive(number) ?? yield
        case .time: time = ShotRead.positive(number) ?? time
        case .enjoyment: enjoyment = ShotRead.positive(number) ?? enjoyment
        case .tds: tds = ShotRead.positive(number) ?? tds
        case .ey: ey = ShotRead.positive(number) ?? ey
        case .waterTemperature: temperature = ShotRead.positive(number) ?? temperature
        }
    }
}

extension DecentShotImporter {
    /// The value at `path` below `root` (objects walked key by key), or `nil`.
    static func value(at path: [String], in root: JSONObject) -> Any? {
        var node: Any? = root
        for key in path { node = (node as? JSONObject)?[key] }
        return node
    }

    /// The settings' fields of `schema`, `text(key)` being a setting's text (`.shot` block or JSON object).
    static func applySettings(_ shot: inout ParsedShot, schema: DecentShotSchema, _ text: (String) -> String?) {
        for place in schema.settings {
            let value = text(DecentShotSchema.settingKey(place)).flatMap { $0.isEmpty ? nil : $0 }
            shot.apply(place.field, text: value, number: value.flatMap(ShotRead.decimal))
        }
    }

    /// The JSON's `meta` and `profile` fields of `schema`, after the settings (a value there replaces the setting's).
    static func applyFields(_ shot: inout ParsedShot, schema: DecentShotSchema, root: JSONObject) {
        for place in schema.fields {
            let raw = value(at: place.path, in: root)
            shot.apply(place.field, text: ShotRead.text(raw), number: ShotRead.number(raw))
        }
    }
}
