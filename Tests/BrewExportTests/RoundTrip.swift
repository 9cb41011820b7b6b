import BrewColumns
import BrewExport
import BrewImport
import BrewShots
import Foundation
import TestSupport

/// Export → import → compare, column by column, for the round-trip tests.
enum RoundTrip {
    /// One brew table column's value of row `i`, as text that compares exactly (numbers by bit pattern, entity
    /// references by the entity's name).
    static func cell(_ j: Journal, _ column: String, _ i: Int) -> String? {
        let t = j.brews
        func n(_ c: Float64Column) -> String? { c.isValid(i) && c.values[i].isFinite ? "\(c.values[i])" : nil }
        switch column {
        case "brew_date": return t.brewDate[i].map { "\($0)" }
        case "method": return t.method.code(i).flatMap { j.methods[Int($0)].name }
        case "category": return "\(t.category(at: i))"
        case "grinder": return t.grinder.code(i).flatMap { j.grinders[Int($0)].name }
        case "bean": return t.bean.code(i).flatMap { j.beans[Int($0)].name }
        case "roaster": return t.roaster[i]
        case "origin": return t.origin[i]
        case "roast_date": return t.roastDate[i].map { "\($0)" }
        case "dose_g": return n(t.doseGrams)
        case "water_g": return n(t.waterGrams)
        case "yield_g": return n(t.yieldGrams)
        case "brew_time_s": return n(t.brewTimeSeconds)
        case "water_temp_c": return n(t.waterTemperature)
        case "grind_setting": return n(t.grindSetting)
        case "grind_text": return t.grindText[i]
        case "pressure_profile": return t.pressureProfile[i]
        case "rating": return n(t.rating)
        case "tds_pct": return n(t.tds)
        case "notes": return t.notes[i]
        case "acidity": return n(t.acidity)
        case "body": return n(t.body)
        case "sweetness": return n(t.sweetness)
        case "flavor_tags": return t.flavorTags[i]
        case "bag_weight_g": return t.bean.code(i).flatMap { j.beans[Int($0)].bagWeightGrams }.map { "\($0)" }
        case "bag_price": return t.bean.code(i).flatMap { j.beans[Int($0)].bagPrice }.map { "\($0)" }
        case "currency": return t.bean.code(i).flatMap { j.beans[Int($0)].currency }
        default: fatalError("unknown column \(column)")
        }
    }

    static let columns = ["brew_date", "method", "category", "grinder", "bean", "roaster", "origin", "roast_date",
                          "dose_g", "water_g", "yield_g", "brew_time_s", "water_temp_c", "grind_setting", "grind_text",
                          "pressure_profile", "rating", "tds_pct", "notes", "acidity", "body", "sweetness", "flavor_tags",
                          "bag_weight_g", "bag_price", "currency"]

    /// The dropped-list fields that explain a difference in each column.
    static let explainedBy: [String: Set<String>] = [
        "brew_date": ["brewed_at"],
        "method": ["method"], "category": ["method"],
        "grinder": ["grinder"],
        "bean": ["bean", "bean.name"], "roaster": ["bean", "bean.roaster"], "origin": ["bean", "bean.origin"],
        "roast_date": ["bean"],
        "dose_g": ["dose_g"], "water_g": ["water_g"], "yield_g": ["yield_g"], "brew_time_s": ["brew_time_s"],
        "water_temp_c": ["water_temp_c"], "grind_setting": ["grind_setting"], "grind_text": ["grind_setting"],
        "pressure_profile": ["pressure_profile"], "rating": ["rating"], "tds_pct": ["tds_pct"], "notes": ["notes"],
        "acidity": ["acidity"], "body": ["body"], "sweetness": ["sweetness"], "flavor_tags": ["flavor_tags"],
        "bag_weight_g": ["bean.bag_weight_g", "bean"], "bag_price": ["bean.bag_price", "bean"],
        "currency": ["bean.currency", "bean"],
    ]

    /// Differences between `a` and `b` (rows matched by brew id when `byID`, else by position): column → rows that
    /// differ, and the rows missing from `b`.
    static func differences(_ a: Journal, _ b: Journal, byID: Bool) -> (columns: [String: Int], missing: Int) {
        var rowOf: [String: Int] = [:]
        if byID { for i in 0..<b.brews.count { if let id = b.brews.id[i] { rowOf[id] = i } } }
        var diffs: [String: Int] = [:]
        var missing = 0
        for i in 0..<a.brews.count {
            let k: Int
            if byID {
                guard let id = a.brews.id[i], let r = rowOf[id] else { missing += 1; continue }
                k = r
            } else {
                guard i < b.brews.count else { missing += 1; continue }
                k = i
            }
            for c in columns where cell(a, c, i) != cell(b, c, k) { diffs[c, default: 0] += 1 }
        }
        return (diffs, missing)
    }

    /// The columns that differ and that no dropped entry names.
    static func unexplained(_ diffs: [String: Int], _ dropped: DroppedFields) -> [String] {
        let named = Set(dropped.entries.map(\.field))
        return diffs.keys.filter { named.isDisjoint(with: explainedBy[$0] ?? []) }.sorted()
    }

    /// Exports `journal` as `format` into `folder` and reads the result back.
    static func export(_ journal: ShotJournal, _ format: ExportFormat, into folder: URL, name: String,
                       layout: BrewSpecLayout = .oneFile) throws -> (ExportSummary, ShotJournal) {
        let out = folder.appendingPathComponent(name)
        let summary = try JournalExporter(format: format, brewSpecLayout: layout).export(journal, to: out)
        var options = ImportOptions(timeZone: TimeZone(identifier: "UTC")!)
        if format == .brewspec { options.format = .brewSpec }
        if format == .decentJSON { options.format = nil }
        let back = try importAnyJournal(at: out, options: options)
        return (summary, back)
    }
}
