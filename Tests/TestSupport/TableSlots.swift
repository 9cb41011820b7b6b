import BrewColumns

extension BrewTable {
    /// Every slot of the schema column `name`, as text (`nil` for a null), so columns of any type compare
    /// alike; `nil` for a name the schema does not have.
    public func slotTexts(_ name: String) -> [String?]? {
        func f(_ c: Float64Column) -> [String?] { (0..<c.count).map { c[$0].map { "\($0)" } } }
        func s(_ c: StringColumn) -> [String?] { (0..<c.count).map { c[$0] } }
        func d(_ c: DictionaryColumn) -> [String?] { (0..<c.count).map { c[$0] } }
        switch name {
        case "id": return s(id)
        case "brew_date": return (0..<count).map { brewDate[$0].map { "\($0)" } }
        case "method": return d(method)
        case "category": return (0..<count).map { "\(category(at: $0))" }
        case "grinder": return d(grinder)
        case "bean": return d(bean)
        case "roaster": return d(roaster)
        case "origin": return d(origin)
        case "roast_date": return (0..<count).map { roastDate[$0].map { "\($0)" } }
        case "frozen_date": return (0..<count).map { frozenDate[$0].map { "\($0)" } }
        case "thaw_date": return (0..<count).map { thawDate[$0].map { "\($0)" } }
        case "dose_g": return f(doseGrams)
        case "water_g": return f(waterGrams)
        case "yield_g": return f(yieldGrams)
        case "brew_time_s": return f(brewTimeSeconds)
        case "water_temp_c": return f(waterTemperature)
        case "grind_setting": return f(grindSetting)
        case "grind_text": return s(grindText)
        case "pressure_profile": return s(pressureProfile)
        case "rating": return f(rating)
        case "tds_pct": return f(tds)
        case "notes": return s(notes)
        case "acidity": return f(acidity)
        case "body": return f(body)
        case "sweetness": return f(sweetness)
        case "flavor_tags": return s(flavorTags)
        default: return nil
        }
    }
}
