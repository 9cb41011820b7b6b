import Foundation

/// The BrewSpec v1.0 schema's rules for one brew (`$defs/brew` of `brewspec.schema.json`, draft 2020-12),
/// checked by hand: the importer needs only this one schema, and its messages name the field and the rule.
///
/// What is checked, as the schema states it: every object is closed (`additionalProperties: false`); types;
/// `exclusiveMinimum: 0` on the masses, times, ratios, TDS, EY, grinder setting, pressure and flow; `minimum: 0` on
/// `brix` and `water.ppm`; `water_temp_c` within 0–100 in steps of 0.1; the enums of `type`, `grind`,
/// `coffee.roast_level` and `coffee.type`; string lengths (1–100, notes 1–2000, counted in Unicode scalars); the
/// date patterns (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`; `coffee.roast_date` date only); `origins` with at least one
/// item; `harvest_year` an integer 1900–2100, `elevation_masl` a positive integer; and each rating an integer 1–9.
/// A JSON Schema integer is a number with no fractional part (`8.0` is one). A number that is not finite (YAML's
/// `.nan`, `.inf`) fails every numeric rule.
///
/// A brew has no required keys in the schema; the importer itself still needs a date (see ``BrewSpecImporter``).
enum BrewSpecSchema {
    /// The first rule a brew breaks: the path of the value (`result.ratings.overall`), its line when known, and why.
    struct Violation: Error, Equatable {
        var path: String
        var line: Int?
        var reason: String
    }

    indirect enum Rule: Sendable {
        /// A number with an optional lower bound (exclusive or inclusive), upper bound and step.
        case number(min: Double? = nil, exclusive: Bool = false, max: Double? = nil, multipleOf: Double? = nil)
        /// A number with no fractional part within `min...max` (`max` may be absent), or above `min` when exclusive.
        case integer(min: Double, exclusive: Bool = false, max: Double? = nil)
        /// A string of 1...`maxLength` scalars, matching one of `patterns` (when given) or one of `values` (an enum).
        case string(maxLength: Int = .max, patterns: [DatePattern] = [], values: [String] = [])
        /// A closed object.
        case object([(key: String, rule: Rule)])
        /// An array of at least `minItems` items, each following `items`.
        case array(items: Rule, minItems: Int)
    }

    /// The schema's two date patterns.
    enum DatePattern: Sendable {
        /// `^\d{4}-\d{2}-\d{2}$`
        case date
        /// `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$`
        case utcDateTime

        func matches(_ s: String) -> Bool {
            let b = Array(s.utf8)
            let shape = self == .date ? "dddd-dd-dd" : "dddd-dd-ddTdd:dd:ddZ"
            guard b.count == shape.utf8.count else { return false }
            for (c, expected) in zip(b, shape.utf8) {
                if expected == UInt8(ascii: "d") {
                    guard c >= 0x30 && c <= 0x39 else { return false }
                } else if c != expected {
                    return false
                }
            }
            return true
        }

        var text: String { self == .date ? "YYYY-MM-DD" : "YYYY-MM-DDTHH:MM:SSZ" }
    }

    static let name = Rule.string(maxLength: 100)
    static let notes = Rule.string(maxLength: 2000)
    static let positive = Rule.number(min: 0, exclusive: true)
    static let rating = Rule.integer(min: 1, max: 9)

    static let origin = Rule.object([
        ("name", name), ("country", name), ("region", name), ("subregion", name), ("producer", name), ("process", name),
        ("lot", name), ("harvest_year", .integer(min: 1900, max: 2100)), ("varietal", name),
        ("elevation_masl", .integer(min: 0, exclusive: true)), ("cupping_notes", notes),
    ])

    /// `$defs/brew`, key by key in the schema's order.
    static let brew = Rule.object([
        ("date", .string(patterns: [.utcDateTime, .date])),
        ("type", .string(values: ["immersion", "pour_over", "espresso", "hybrid"])),
        ("method", name),
        ("dose_g", positive), ("water_g", positive), ("yield_g", positive), ("brew_ratio", positive),
        ("water_temp_c", .number(min: 0, max: 100, multipleOf: 0.1)),
        ("coffee", .object([
            ("name", name), ("roaster", name), ("roast_level", .string(values: ["light", "medium", "dark"])),
            ("roast_date", .string(patterns: [.date])), ("type", .string(values: ["single_origin", "blend"])),
            ("origins", .array(items: origin, minItems: 1)), ("cupping_notes", notes),
        ])),
        ("water", .object([("ppm", .number(min: 0))])),
        ("equipment", .object([
            ("grinder", name), ("brewer", name), ("grinder_setting", positive), ("notes", notes),
            ("pressure_bar", positive), ("flow_rate_ml_s", positive),
        ])),
        ("grind", .string(values: ["turkish", "espresso", "fine", "medium_fine", "medium", "medium_coarse", "coarse"])),
        ("duration_s", positive),
        ("process_notes", notes),
        ("result", .object([
            ("tds", positive), ("ey", positive), ("brix", .number(min: 0)), ("water_g", positive),
            ("yield_g", positive),
            ("dose_g", positive), ("duration_s", positive), ("tasting_notes", notes),
            ("ratings",
                .object(["overall", "fragrance", "aroma", "flavour", "aftertaste", "acidity", "sweetness", "mouthfeel"]
                .map { ($0, rating) })),
        ])),
    ])

    /// The first violation of `brew` in document order, or `nil` when the brew follows the schema.
    static func violation(of node: BrewSpecNode) -> Violation? {
        check(node, against: brew, path: "")
    }

    static func check(_ node: BrewSpecNode, against rule: Rule, path: String) -> Violation? {
        func fail(_ reason: String) -> Violation { Violation(path: path, line: node.line, reason: reason) }
        let shown = path.isEmpty ? "the brew" : path
        switch rule {
        case .number(let min, let exclusive, let max, let step):
            guard let v = node.number else { return fail("\(shown) is \(article(node.typeName)), not a number") }
            guard v.isFinite else { return fail("\(shown) is not a finite number") }
            if let min, exclusive ? v <= min : v < min {
                return fail(exclusive ? "\(format(v)) is not greater than \(format(min)) (exclusiveMinimum)"
                                      : "\(format(v)) is less than the minimum of \(format(min))")
            }
            if let max, v > max { return fail("\(format(v)) is greater than the maximum of \(format(max))") }
            if let step {
                let k = v / step
                if abs(k - k.rounded()) > 1e-6 { return fail("\(format(v)) is not a multiple of \(format(step))") }
            }
        case .integer(let min, let exclusive, let max):
            guard let v = node.number else { return fail("\(shown) is \(article(node.typeName)), not an integer") }
            guard v.isFinite, v == v.rounded() else { return fail("\(format(v)) is not an integer") }
            if exclusive ? v <= min : v < min {
                return fail(exclusive ? "\(format(v)) is not greater than \(format(min)) (exclusiveMinimum)"
                                      : "\(format(v)) is less than the minimum of \(format(min))")
            }
            if let max, v > max { return fail("\(format(v)) is greater than the maximum of \(format(max))") }
        case .string(let maxLength, let patterns, let values):
            guard let s = node.string else { return fail("\(shown) is \(article(node.typeName)), not a string") }
            let length = s.unicodeScalars.count
            if length < 1 { return fail("\(shown) is an empty string (minLength 1)") }
            if length > maxLength { return fail("\(shown) is \(length) characters long (maxLength \(maxLength))") }
            if !patterns.isEmpty, !patterns.contains(where: { $0.matches(s) }) {
                return fail(
                    "'\(QuotedInput.short(String(s)))' does not match "
                        + patterns.map(\.text).joined(separator: " or "))
            }
            if !values.isEmpty, !values.contains(s) {
                return fail("'\(QuotedInput.short(String(s)))' is not one of \(values.joined(separator: ", "))")
            }
        case .object(let properties):
            guard case .object(let pairs) = node.value else {
                return fail("\(shown) is \(article(node.typeName)), not an object")
            }
            for (key, value) in pairs {
                let sub = path.isEmpty ? key : "\(path).\(key)"
                guard let rule = properties.first(where: { $0.key == key })?.rule else {
                    return Violation(path: sub, line: value.line ?? node.line,
                                     reason: "unknown key '\(QuotedInput.short(String(key)))' " +
                                         "(BrewSpec v1.0 allows no other keys here)")
                }
                if let v = check(value, against: rule, path: sub) { return v }
            }
        case .array(let items, let minItems):
            guard let array = node.array else { return fail("\(shown) is \(article(node.typeName)), not an array") }
            if array.count < minItems { return fail("\(shown) has \(array.count) items (minItems \(minItems))") }
            for (i, item) in array.enumerated() {
                if let v = check(item, against: items, path: "\(path)[\(i)]") { return v }
            }
        }
        return nil
    }

    static func article(_ typeName: String) -> String {
        switch typeName {
        case "null": "null"
        case "array", "object": "an \(typeName)"
        default: "a \(typeName)"
        }
    }

    static func format(_ v: Double) -> String { ImportSession.format(v) }
}
