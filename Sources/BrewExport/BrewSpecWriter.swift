import BrewColumns
import Foundation
import Yams

/// Writes brews as BrewSpec v1.0 documents (`peer-data/brewspec/brewspec.schema.json`), valid against the schema:
/// the inverse of the BrewSpec importer's mapping, so a document read back gives the same brews, except where
/// BrewSpec cannot say what the journal says (each such value is listed in ``DroppedFields``).
///
/// journal → BrewSpec; what cannot be kept:
/// - brew date → `date`, `YYYY-MM-DDTHH:MM:SSZ`; fractions of a second (changed)
/// - method, category → `method` (1–100 characters), `type` (`other` → `hybrid`, which reads back as other); a longer
///   name is cut (changed); a method without a name (dropped)
/// - dose, water, brew time → `dose_g`, `water_g`, `duration_s` (each > 0); values ≤ 0 (dropped)
/// - yield → `result.yield_g` (> 0); values ≤ 0 (dropped)
/// - water temperature → `water_temp_c`, 0–100 in steps of 0.1; rounded to 0.1 °C (changed); outside 0–100 (dropped)
/// - grinder, grind setting → `equipment.grinder`, `equipment.grinder_setting` (> 0); a grind word of BrewSpec's
///   vocabulary as `grind`; a setting ≤ 0, other grind text (dropped)
/// - pressure profile → `equipment.pressure_bar`, `equipment.flow_rate_ml_s` when it reads "9 bar" or "9 bar · 2.5
///   ml/s"; any other profile text (dropped)
/// - rating 0–5 → `result.ratings.overall`, an integer 1–9: round(1 + rating × 8 ÷ 5); the half steps between (changed)
/// - TDS → `result.tds` (> 0)
/// - notes → `process_notes` (≤ 2,000 characters); longer notes are cut (changed)
/// - acidity, body, sweetness, flavour tags → —; BrewSpec's ratings are liking scores, not intensities (dropped)
/// - bean → `coffee`: `name`, `roaster`, `roast_date`, `roast_level`, `origins[0]` (`country` = origin, `varietal`,
///   `process`), `cupping_notes` = the bean's notes; medium-light and medium-dark roasts (written `medium`, changed); a
///   bag's weight, price and currency, the archive flag (dropped)
/// - brew id → —; dropped: BrewSpec brews have no id
public struct BrewSpecWriter: Sendable {
    public init() {}

    /// The grind words BrewSpec's `grind` accepts.
    public static let grindVocabulary: Set<String> = ["turkish", "espresso", "fine", "medium_fine", "medium",
        "medium_coarse", "coarse"]

    /// One BrewSpec brew per journal brew, in table order.
    public func brews(_ journal: Journal, dropped: inout DroppedFields) -> [Brew] {
        let coffees = self.coffees(journal, dropped: &dropped)
        return (0..<journal.brews.count).map { brew(journal, row: $0, coffees: coffees, dropped: &dropped) }
    }

    /// What the journal's equipment and beans lose in BrewSpec (noted once, not per brew) and each bean's `coffee`,
    /// by bean index (`nil` for a bean with nothing BrewSpec holds): computed once, before the brews
    /// (``brew(_:row:coffees:dropped:)``).
    func coffees(_ journal: Journal, dropped: inout DroppedFields) -> [Coffee?] {
        EntityDrops.note(journal, used: UsedEntities(journal.brews), into: &dropped, holdsEntityFields: false,
            holdsBagFields: false)
        // Bean fields BrewSpec has a place for, noted once per bean (not per brew).
        var coffees: [Coffee?] = []
        for b in journal.beans {
            if b.isArchived != nil {
                dropped.note("bean.is_archived", record: b.displayName, "BrewSpec has no archive flag")
            }
            var roast: String?
            switch b.roastLevel {
            case .light?: roast = "light"
            case .medium?: roast = "medium"
            case .dark?: roast = "dark"
            case .mediumLight?, .mediumDark?:
                roast = "medium"
                dropped.note("bean.roast_level", .changed, record: b.displayName,
                             "BrewSpec's roast levels are light, medium and dark: " +
                                 "medium-light and medium-dark are written as medium")
            case nil: roast = nil
            }
            let origin = Origin(country: Self.limited(b.origin, 100), varietal: Self.limited(b.variety, 100),
                                process: Self.limited(b.processing, 100))
            let coffee = Coffee(name: Self.limited(b.name, 100), roaster: Self.limited(b.roaster, 100),
                                roast_level: roast,
                                roast_date: b.roastDate?.description,
                                origins: origin.isEmpty ? nil : [origin], cupping_notes: Self.limited(b.notes, 2000))
            for (field, value) in [("bean.name", b.name), ("bean.roaster", b.roaster), ("bean.origin", b.origin),
                                   ("bean.variety", b.variety), ("bean.processing", b.processing)]
            where (value?.count ?? 0) > 100 {
                dropped.note(field, .changed, record: b.displayName, "BrewSpec allows 100 characters; cut")
            }
            coffees.append(coffee.isEmpty ? nil : coffee)
        }
        return coffees
    }

    /// The BrewSpec brew of the journal's brew `i`, what it cannot hold noted in `dropped`; `coffees` as
    /// ``coffees(_:dropped:)`` gives them.
    func brew(_ journal: Journal, row i: Int, coffees: [Coffee?], dropped: inout DroppedFields) -> Brew {
        let t = journal.brews
        let record = t.id[i] ?? "row \(i + 1)"
        var brew = Brew()
        if t.id.isValid(i) { dropped.note("brew_id", record: record, "BrewSpec brews have no id") }
        if t.brewDate.isValid(i) {
            let ts = Timestamp(microseconds: t.brewDate.values[i])
            brew.date = ExportDates.instant(ts, fraction: false)
            if ts.microseconds % 1_000_000 != 0 {
                dropped.note("brewed_at", .changed, record: record, "BrewSpec dates have whole seconds")
            }
        }
        let category = t.category(at: i)
        brew.type = switch category {
        case .espresso: "espresso"
        case .pourOver: "pour_over"
        case .immersion: "immersion"
        case .other: "hybrid"
        }
        if t.method.code(i) == nil {
            dropped.note("method", .changed, record: record,
                         "a brew without a method reads back with a method " +
                             "named after its BrewSpec type (Hybrid, Espresso, …)")
        }
        if let m = t.method.code(i) {
            let method = journal.methods[Int(m)]
            if let name = method.name, !name.isEmpty {
                brew.method = Self.limited(name, 100)
                if name.count > 100 {
                    dropped.note("method", .changed, record: record, "BrewSpec allows 100 characters; cut")
                }
            } else {
                dropped.note("method", record: record, "a method without a name reads back as its category's name")
            }
        }
        brew.dose_g = exact(positive(t.doseGrams, i, "dose_g", record, &dropped))
        brew.water_g = exact(positive(t.waterGrams, i, "water_g", record, &dropped))
        brew.duration_s = exact(positive(t.brewTimeSeconds, i, "brew_time_s", record, &dropped))
        if let temp = value(t.waterTemperature, i) {
            if temp < 0 || temp > 100 {
                dropped.note("water_temp_c", record: record, "BrewSpec temperatures lie within 0–100 °C")
            } else {
                let tenths = (temp * 10).rounded() / 10
                if tenths != temp {
                    dropped.note("water_temp_c", .changed, record: record,
                        "BrewSpec temperatures are in steps of 0.1 °C")
                }
                brew.water_temp_c = ExactNumber(tenths)
            }
        }
        var equipment = Equipment()
        if let g = t.grinder.code(i), let name = journal.grinders[Int(g)].name, !name.isEmpty {
            equipment.grinder = Self.limited(name, 100)
        }
        if let setting = value(t.grindSetting, i) {
            if setting > 0 { equipment.grinder_setting = ExactNumber(setting) } else {
                dropped.note("grind_setting", record: record, "BrewSpec grinder settings are greater than 0")
            }
        } else if let text = t.grindText[i] {
            if Self.grindVocabulary.contains(text) { brew.grind = text } else {
                dropped.note("grind_setting", record: record,
                    "BrewSpec's grind is one of its seven words; other grind text has no place")
            }
        }
        if let profile = t.pressureProfile[i] {
            if let (bar, flow) = Self.pressureProfile(profile) {
                equipment.pressure_bar = exact(bar); equipment.flow_rate_ml_s = exact(flow)
            } else {
                dropped.note("pressure_profile", record: record,
                    "BrewSpec holds a pressure (bar) and a flow (ml/s), not a profile's text")
            }
        }
        brew.equipment = equipment.isEmpty ? nil : equipment
        var result = Result()
        result.yield_g = exact(positive(t.yieldGrams, i, "yield_g", record, &dropped))
        result.tds = exact(positive(t.tds, i, "tds_pct", record, &dropped))
        if let rating = value(t.rating, i) {
            let hedonic = min(9, max(1, (1 + rating * 8 / 5).rounded()))
            if (hedonic - 1) / 8 * 5 != rating {
                dropped.note("rating", .changed, record: record,
                             "BrewSpec's overall rating is a whole number 1–9: round(1 + rating × 8 ÷ 5), which " +
                                 "reads back as (r − 1) ÷ 8 × 5")
            }
            result.ratings = Ratings(overall: Int(hedonic))
        }
        brew.result = result.isEmpty ? nil : result
        if let notes = t.notes[i], !notes.isEmpty {
            brew.process_notes = Self.limited(notes, 2000)
            if notes.count > 2000 {
                dropped.note("notes", .changed, record: record, "BrewSpec allows 2,000 characters; cut")
            }
        }
        for (field, column) in [
            ("acidity", t.acidity), ("body", t.body), ("sweetness", t.sweetness)] where column.isValid(i) {
            dropped.note(field, record: record,
                "BrewSpec's ratings are liking scores 1–9, not a tasting note's intensities")
        }
        if t.flavorTags.isValid(i) { dropped.note("flavor_tags", record: record, "BrewSpec has no flavour tags") }
        if let b = t.bean.code(i) { brew.coffee = coffees[Int(b)] }
        return brew
    }

    /// One document holding `brews`, YAML or JSON, encoded whole: for a document of one brew, and for JSON (a
    /// one-file YAML export is written brew by brew, ``writeYAML(_:to:dropped:)``).
    public func encode(_ brews: [Brew], as encoding: BrewSpecEncoding) throws(ExportError) -> [UInt8] {
        let document = Document(brews: brews)
        do {
            switch encoding {
            case .yaml:
                return Array(try Self.yamlEncoder().encode(document).utf8)
            case .json:
                // Sorted keys: an encoder's keyed order is not promised across processes (brief rule 6).
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return Array(try encoder.encode(document)) + [0x0A]
            }
        } catch {
            throw ExportError(.output, path: "", "the brews could not be encoded as BrewSpec: \(error)")
        }
    }

    /// `9 bar` or `9 bar · 2.5 ml/s` (the importer's wording) as numbers; `nil` for any other text.
    static func pressureProfile(_ text: String) -> (Double?, Double?)? {
        let parts = text.components(separatedBy: " · ")
        var bar: Double?, flow: Double?
        for part in parts {
            if part.hasSuffix(" bar"), bar == nil, flow == nil, let v = Double(part.dropLast(4)), v > 0, v.isFinite {
                bar = v
            } else if part.hasSuffix(" ml/s"), flow == nil, let v = Double(part.dropLast(5)), v > 0, v.isFinite {
                flow = v
            } else {
                return nil
            }
        }
        guard bar != nil || flow != nil else { return nil }
        // Only text the importer would write again exactly.
        let again = [bar.map { DecimalText.text($0) + " bar" }, flow.map { DecimalText.text($0) + " ml/s" }]
            .compactMap { $0 }.joined(separator: " · ")
        return again == text ? (bar, flow) : nil
    }

    private func exact(_ v: Double?) -> ExactNumber? { v.map(ExactNumber.init) }

    static func limited(_ text: String?, _ n: Int) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text.count > n ? String(text.prefix(n)) : text
    }

    private func value(_ c: Float64Column, _ i: Int) -> Double? {
        guard c.isValid(i), c.values[i].isFinite else { return nil }
        return c.values[i]
    }

    private func positive(_ c: Float64Column, _ i: Int, _ field: String, _ record: String,
                          _ dropped: inout DroppedFields) -> Double? {
        guard let v = value(c, i) else { return nil }
        guard v > 0 else {
            dropped.note(field, record: record, "BrewSpec requires a value greater than 0")
            return nil
        }
        return v
    }

    // MARK: The document (keys as BrewSpec spells them, in its schema's order)

    struct Document: Encodable {
        var brewspec_version = "1.0"
        var brews: [Brew]
    }

    public struct Brew: Encodable, Sendable {
        var date: String?
        var type: String?
        var method: String?
        var dose_g: ExactNumber?
        var water_g: ExactNumber?
        var water_temp_c: ExactNumber?
        var coffee: Coffee?
        var equipment: Equipment?
        var grind: String?
        var duration_s: ExactNumber?
        var process_notes: String?
        var result: Result?
    }

    struct Coffee: Encodable, Sendable {
        var name: String?
        var roaster: String?
        var roast_level: String?
        var roast_date: String?
        var origins: [Origin]?
        var cupping_notes: String?
        var isEmpty: Bool {
            name == nil && roaster == nil && roast_level == nil && roast_date == nil && origins == nil
                && cupping_notes == nil
        }
    }

    struct Origin: Encodable, Sendable {
        var country: String?
        var varietal: String?
        var process: String?
        var isEmpty: Bool { country == nil && varietal == nil && process == nil }
    }

    struct Equipment: Encodable, Sendable {
        var grinder: String?
        var grinder_setting: ExactNumber?
        var pressure_bar: ExactNumber?
        var flow_rate_ml_s: ExactNumber?
        var isEmpty: Bool { grinder == nil && grinder_setting == nil && pressure_bar == nil && flow_rate_ml_s == nil }
    }

    struct Result: Encodable, Sendable {
        var tds: ExactNumber?
        var yield_g: ExactNumber?
        var ratings: Ratings?
        var isEmpty: Bool { tds == nil && yield_g == nil && ratings == nil }
    }

    struct Ratings: Encodable, Sendable {
        var overall: Int
    }
}

/// A number written so that it reads back as the same `Double`: Yams writes a `Double` that is not in scientific
/// notation through a `NumberFormatter` with too few digits (`34.828999999997905` came back `34.8289999999979`), so
/// BrewSpec numbers are written with ``DecimalText`` instead (with `.0` before an exponent, which YAML 1.1 needs to
/// resolve the scalar as a float). JSON gets the `Double` itself (`JSONEncoder` writes the shortest exact form).
public struct ExactNumber: Encodable, YAMLEncodable, Sendable {
    public let value: Double

    public init(_ value: Double) { self.value = value }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }

    public func box() -> Node {
        var text = DecimalText.text(value)
        if !text.contains("."), let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            text.insert(contentsOf: ".0", at: e)
        }
        return Node(text, Tag(.float))
    }
}
