import BrewColumns

/// Beanconqueror's entities written from a journal: a brew, bean, grinder (`MILL`) or method (`PREPARATION`), each
/// with the keys and defaults of the app's own classes (docs/export.md, "Beanconqueror") and our values in them.
///
/// journal → Beanconqueror:
/// - dose, water, yield (g) → `grind_weight`, `brew_quantity`, `brew_beverage_quantity` (types `GR`)
/// - brew time (s), water temperature (°C), TDS → `brew_time` (fractional seconds), `brew_temperature`, `tds`
/// - grind setting (number or text) → `grind_size` (text)
/// - rating 0–5 → `rating` on the backup's scale (`SETTINGS[0].brew_rating`): rating × scale ÷ 5
/// - notes, pressure profile → `note`, `pressure_profile`
/// - brew date, id → `config.unix_timestamp` (Unix seconds), `config.uuid`
/// - method, grinder, bean → `method_of_preparation`, `mill`, `bean` (uuids)
/// - method category → the preparation's `style_type`: `ESPRESSO`, `POUR OVER`, `FULL_IMMERSION`; other → `PERCOLATION`
/// - bean name, roaster, roast date, origin, variety, processing, notes, archived → `name`, `roaster`, `roastingDate`
///   (ISO), `bean_information[0].country`/`variety`/`processing`, `note`, `finished`
/// - roast level → `roast` (``roast(_:)``: `CINNAMON_ROAST` … `FRENCH_ROAST`; none → `UNKNOWN`)
/// - bag weight, price → `weight`, `cost`
/// - freezing and thawing days → `frozenDate`, `unfrozenDate` (ISO; empty when the bean logs none)
///
/// Beanconqueror keeps 0 for "not entered", so a value of 0 cannot be told from none (noted as dropped).
enum BeanconquerorEntities {
    /// Unix seconds of a ``Timestamp``'s microseconds, as the export writes them.
    static func seconds(_ microseconds: Int64) -> Double { Double(microseconds) / 1_000_000 }

    static func config(_ j: inout JSONText, uuid: String, created: Int64?) {
        j.key("config"); j.open("{")
        j.text("uuid", uuid)
        j.number("unix_timestamp", created.map(seconds))
        j.close("}")
    }

    /// A bean's roast level as Beanconqueror's `roast`, a key of the app's roast enumeration: light →
    /// `CINNAMON_ROAST`, medium-light → `MODERATE_LIGHT_ROAST`, medium → `CITY_PLUS_ROAST`, medium-dark →
    /// `FULL_CITY_ROAST`, dark → `FRENCH_ROAST`; none → `UNKNOWN`. Each reads back as the level it was written from
    /// (``BrewColumns/RoastLevel/synonyms``).
    static func roast(_ level: RoastLevel?) -> String {
        switch level {
        case .light?: "CINNAMON_ROAST"
        case .mediumLight?: "MODERATE_LIGHT_ROAST"
        case .medium?: "CITY_PLUS_ROAST"
        case .mediumDark?: "FULL_CITY_ROAST"
        case .dark?: "FRENCH_ROAST"
        case nil: "UNKNOWN"
        }
    }

    static func styleType(_ c: MethodCategory) -> String {
        switch c {
        case .espresso: "ESPRESSO"
        case .pourOver: "POUR OVER"
        case .immersion: "FULL_IMMERSION"
        case .other: "PERCOLATION"
        }
    }

    static func cupping(_ j: inout JSONText) {
        j.key("cupping"); j.open("{")
        for k in ["body", "brightness", "clean_cup", "complexity", "cuppers_correction", "dry_fragrance", "finish",
                  "flavor", "sweetness", "uniformity", "wet_aroma"] { j.number(k, 0) }
        j.text("notes", "")
        j.close("}")
        j.key("cupped_flavor"); j.open("{")
        j.key("predefined_flavors"); j.open("{"); j.close("}")
        j.key("custom_flavors"); j.open("["); j.close("]")
        j.close("}")
    }

    static func emptyList(_ j: inout JSONText, _ key: String) { j.key(key); j.open("["); j.close("]") }

    /// A `PREPARATION` entry.
    static func preparation(_ m: BrewMethod, uuid: String) -> [UInt8] {
        var j = JSONText()
        j.open("{")
        j.text("name", m.name); j.text("note", m.notes)
        config(&j, uuid: uuid, created: m.createdAt?.microseconds)
        j.text("type", "CUSTOM_PREPARATION"); j.text("style_type", styleType(m.category))
        j.key("finished"); j.value("false")
        j.key("use_custom_parameters"); j.value("false")
        emptyList(&j, "tools"); emptyList(&j, "attachments")
        j.close("}")
        return j.out
    }

    /// A `MILL` entry.
    static func mill(_ g: Grinder, uuid: String) -> [UInt8] {
        var j = JSONText()
        j.open("{")
        j.text("name", g.name); j.text("note", g.notes)
        config(&j, uuid: uuid, created: g.createdAt?.microseconds)
        j.key("finished"); j.value("false")
        emptyList(&j, "attachments")
        j.key("has_adjustable_speed"); j.value("true")
        j.key("has_timer"); j.value("true")
        j.close("}")
        return j.out
    }

    /// A `BEANS` entry.
    static func bean(_ b: CoffeeBean, uuid: String) -> [UInt8] {
        var j = JSONText()
        j.open("{")
        j.text("name", b.name); j.text("buyDate", "")
        j.text("roastingDate", b.roastDate.map { "\($0.description)T00:00:00.000Z" })
        j.text("note", b.notes); j.text("roaster", b.roaster)
        config(&j, uuid: uuid, created: b.createdAt?.microseconds)
        j.text("roast", roast(b.roastLevel)); j.number("roast_range", 0); j.text("roast_custom", "")
        j.text("beanMix", "SINGLE_ORIGIN"); j.text("aromatics", "")
        j.number("weight", b.bagWeightGrams)
        j.key("finished"); j.value(b.isArchived == true ? "true" : "false")
        j.number("cost", b.bagPrice)
        emptyList(&j, "attachments")
        j.key("decaffeinated"); j.value("false")
        j.text("cupping_points", ""); j.text("bean_roasting_type", "UNKNOWN")
        j.key("bean_information"); j.open("["); j.comma(); j.open("{")
        if let v = b.origin { j.text("country", v) }
        if let v = b.variety { j.text("variety", v) }
        if let v = b.processing { j.text("processing", v) }
        j.close("}"); j.close("]")
        j.text("url", ""); j.text("ean_article_number", "")
        j.number("rating", 0); j.text("qr_code", ""); j.text("internal_share_code", "")
        j.key("favourite"); j.value("false"); j.key("shared"); j.value("false")
        cupping(&j)
        // The freezer's days as the app writes its dates; empty, as the app leaves them, when the bean logs none.
        j.text("frozenDate", b.frozenDate.map { "\($0.description)T00:00:00.000Z" })
        j.text("unfrozenDate", b.thawDate.map { "\($0.description)T00:00:00.000Z" })
        for k in ["frozenId", "frozenGroupId"] { j.text(k, "") }
        j.text("frozenStorageType", "UNKNOWN"); j.text("frozenNote", "")
        j.text("bestDate", ""); j.text("openDate", "")
        j.close("}")
        return j.out
    }

    /// The references and scale a brew is written with.
    struct BrewLinks {
        var uuid: String
        var method: String?
        var mill: String?
        var bean: String?
        /// `SETTINGS[0].brew_rating` of the backup the brew goes into.
        var ratingScale: Double
        /// `brews/<uuid>_flow_profile.json` when the brew's shot travels with it.
        var flowProfile: String?
    }

    /// A `BREWS` entry for brew `row` of `t`.
    static func brew(_ t: BrewTable, row: Int, links: BrewLinks) -> [UInt8] {
        func number(_ c: Float64Column) -> Double? { c.isValid(row) && c.values[row].isFinite ? c.values[row] : nil }
        var j = JSONText()
        j.open("{")
        j.text("grind_size", number(t.grindSetting).map(DecimalText.text) ?? t.grindText[row])
        j.number("grind_weight", number(t.doseGrams))
        j.text("method_of_preparation", links.method); j.text("mill", links.mill)
        j.number("mill_speed", 0); j.number("mill_timer", 0); j.number("mill_timer_milliseconds", 0)
        j.text("pressure_profile", t.pressureProfile[row])
        j.text("bean", links.bean)
        j.number("brew_temperature_time", 0); j.number("brew_temperature_time_milliseconds", 0)
        j.number("brew_temperature", number(t.waterTemperature))
        j.number("brew_time", number(t.brewTimeSeconds)); j.number("brew_time_milliseconds", 0)
        j.number("brew_quantity", number(t.waterGrams)); j.text("brew_quantity_type", "GR")
        j.text("note", t.notes[row])
        j.number("rating", number(t.rating).map { $0 * links.ratingScale / 5 })
        j.text("coffee_type", ""); j.text("coffee_concentration", "")
        for k in ["coffee_first_drip_time", "coffee_first_drip_time_milliseconds", "coffee_blooming_time",
                  "coffee_blooming_time_milliseconds"] { j.number(k, 0) }
        emptyList(&j, "attachments")
        config(&j, uuid: links.uuid, created: t.brewDate[row])
        j.number("tds", number(t.tds))
        j.number("brew_beverage_quantity", number(t.yieldGrams)); j.text("brew_beverage_quantity_type", "GR")
        j.key("coordinates"); j.open("{")
        for k in ["accuracy", "altitude", "altitudeAccuracy", "heading", "latitude", "longitude", "speed"] {
            j.key(k); j.value("null")
        }
        j.close("}")
        cupping(&j)
        emptyList(&j, "method_of_preparation_tools")
        j.number("bean_weight_in", 0)
        j.key("favourite"); j.value("false"); j.key("best_brew"); j.value("false")
        j.text("water", ""); j.text("vessel_name", ""); j.number("vessel_weight", 0)
        j.text("flow_profile", links.flowProfile)
        j.key("reference_flow_profile"); j.open("{"); j.text("type", "NONE"); j.text("uuid", ""); j.close("}")
        j.key("preparationDeviceBrew"); j.open("{"); j.text("type", "NONE"); j.close("}")
        j.key("customInformation"); j.open("{"); j.text("visualizer_id", ""); j.close("}")
        j.close("}")
        return j.out
    }
}
