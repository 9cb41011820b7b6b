import BrewColumns
import Foundation

/// The reading state of one Beanconqueror import: the rating scale and the uuid → entity index maps that brews
/// resolve their `mill`, `method_of_preparation` and `bean` against (see ``BeanconquerorImporter`` for the mapping).
struct BeanconquerorReader {
    var scale = 5.0
    var methods: [String: Int32] = [:]
    var grinders: [String: Int32] = [:]
    var beans: [String: Int32] = [:]
    /// The currency of the beans' `cost` (``currency(_:)``).
    var currency: String?

    static func uuid(_ o: [String: Any]) -> String? {
        (o["config"] as? [String: Any]).flatMap { JSONValue.text($0, "uuid") }.map(canonicalID)
    }

    /// An entity's creation date, `config.unix_timestamp`: `nil` when absent or 0; dropped with a warning when
    /// it is not a plausible date.
    static func created(_ o: [String: Any], at location: RecordLocation, _ session: inout ImportSession) -> Timestamp? {
        guard let config = o["config"] as? [String: Any],
            case .value(let t) = JSONValue.number(config, "unix_timestamp"), t > 0
        else { return nil }
        return session.optionalDate(
            ImportSession.date(seconds: t, appleReference: false, column: "config.unix_timestamp"),
                                    column: "config.unix_timestamp", at: location)
    }

    /// The highest positive rating among the brews, or `nil` when none is rated.
    static func highestRating(_ arrays: [[Any]]) -> Double? {
        var best: Double?
        for a in arrays {
            for case let o as [String: Any] in a {
                if case .value(let r) = JSONValue.number(o, "rating"), r.isFinite, r > 0 { best = max(best ?? r, r) }
            }
        }
        return best
    }

    /// Sets the scale ratings are converted from: the backup's `SETTINGS[0].brew_rating` when stated; otherwise
    /// the smallest of the app's usual maxima (5, 10, 100) that no rating exceeds — older app versions rated
    /// on a 1–10 slider and stored no maximum. Either way the report says which scale was used.
    mutating func readScale(_ root: [String: Any], highestRating: Double?, _ session: inout ImportSession) {
        let settings = (root["SETTINGS"] as? [Any])?.first as? [String: Any]
        if let settings, case .value(let max) = JSONValue.number(settings, "brew_rating"), max > 0 {
            scale = max
            if max != 5 {
                session.warn(.ratingScale, column: "rating", at: nil,
                             "ratings converted from Beanconqueror's 0–\(ImportSession.format(max)) scale to 0–5")
            }
        } else {
            let highest = highestRating ?? 0
            scale = [5.0, 10, 100].first { highest <= $0 } ?? 5
            let why = highest > 5 ? " because ratings reach \(ImportSession.format(highest))" : ""
            session.warn(.ratingScale, column: "rating", at: nil,
                         "the backup states no rating scale (SETTINGS[0].brew_rating); " +
                             "0–\(ImportSession.format(scale)) assumed\(why), converted to 0–5")
        }
    }

    /// `SETTINGS[0].currency` (an ISO 4217 code such as `EUR`), upper-cased; `nil` when absent or not three letters.
    static func currency(_ root: [String: Any]) -> String? {
        guard let settings = (root["SETTINGS"] as? [Any])?.first as? [String: Any],
              let code = JSONValue.text(settings, "currency")?.trimmingCharacters(in: .whitespaces).uppercased(),
              code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return code
    }

    /// A bean's positive amount under `key` (a JSON number or a numeric string); `nil` for 0 (Beanconqueror's "not
    /// entered"), a negative or non-finite value, or anything else.
    static func positiveAmount(_ o: [String: Any], _ key: String) -> Double? {
        guard let v = o[key], !(v is NSNull), !JSONValue.isBool(v) else { return nil }
        var value: Double?
        if let n = v as? NSNumber {
            value = JSONNumber.double(n)
        } else if let s = v as? String, case .value(let x) = NumberParser.parse(s) {
            value = x
        }
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }

    /// The day of a bean's date field `key` (an ISO date or instant); `nil` when absent or empty, and named in the
    /// warnings when it is no date.
    static func day(_ o: [String: Any], _ key: String, at: RecordLocation,
                    _ session: inout ImportSession) -> Day? {
        guard let raw = JSONValue.text(o, key) else { return nil }
        if let day = Day(iso: raw) { return day }
        session.warn(.unreadableValue, column: key, at: at,
                     "\(key) '\(QuotedInput.short(String(raw)))' is not a date; the bean is kept without it")
        return nil
    }

    mutating func readBeans(_ array: [Any], arrayName: String, _ session: inout ImportSession) {
        for (i, element) in array.enumerated() {
            guard let o = element as? [String: Any] else {
                session.warn(.unreadableValue, column: arrayName, at: .element(array: arrayName, index: i),
                    "not an object; ignored")
                continue
            }
            let info = (o["bean_information"] as? [Any])?.first as? [String: Any] ?? [:]
            var bean = CoffeeBean(id: Self.uuid(o), name: JSONValue.text(o, "name"),
                                  roaster: JSONValue.text(o, "roaster"),
                                  origin: JSONValue.text(o, "country") ?? JSONValue.text(info, "country"),
                                  variety: JSONValue.text(o, "variety") ?? JSONValue.text(info, "variety"),
                                  processing: JSONValue.text(o, "processing") ?? JSONValue.text(info, "processing"),
                                  notes: JSONValue.text(o, "note"),
                                  createdAt: Self.created(o, at: .element(array: arrayName, index: i), &session))
            if let raw = JSONValue.text(o, "roastingDate") {
                bean.roastDate = Day(iso: raw)
                if case .instant(let us) = ISO8601.parse(String(raw)) { session.offsets.note(raw, instant: us) }
                if bean.roastDate == nil {
                    session.warn(.unreadableValue, column: "roastingDate", at: .element(array: arrayName, index: i),
                                 "roastingDate '\(QuotedInput.short(String(raw)))' " +
                                     "is not a date; the bean is kept without it")
                }
            }
            // `frozenDate` and `unfrozenDate`: the days the bag went into and came out of the freezer (ISO instants
            // like `roastingDate`; empty when never frozen), for the bag age (docs/definitions.md).
            bean.frozenDate = Self.day(o, "frozenDate", at: .element(array: arrayName, index: i), &session)
            bean.thawDate = Self.day(o, "unfrozenDate", at: .element(array: arrayName, index: i), &session)
            // `roast`: the app's roast degree (`CINNAMON_ROAST`, `AMERICAN_ROAST`, `FULL_CITY_ROAST`, …; `UNKNOWN`
            // and `CUSTOM_ROAST` say nothing), read as a roast level through its synonyms.
            bean.roastLevel = JSONValue.text(o, "roast").flatMap { RoastLevel(rawString: $0) }
            bean.bagWeightGrams = Self.positiveAmount(o, "weight")
            bean.bagPrice = Self.positiveAmount(o, "cost")
            if bean.bagPrice != nil { bean.currency = currency }
            if let finished = o["finished"], JSONValue.isBool(finished) {
                bean.isArchived = (finished as? Bool) ?? (finished as? NSNumber)?.boolValue
            }
            let index = session.builder.addBean(bean)
            if let id = bean.id, beans[id] == nil { beans[id] = index }
        }
    }

    mutating func readMills(_ array: [Any], _ session: inout ImportSession) {
        for (i, element) in array.enumerated() {
            guard let o = element as? [String: Any] else {
                session.warn(.unreadableValue, column: "MILL", at: .element(array: "MILL", index: i),
                    "not an object; ignored")
                continue
            }
            let g = Grinder(id: Self.uuid(o), name: JSONValue.text(o, "name"), notes: JSONValue.text(o, "note"),
                            createdAt: Self.created(o, at: .element(array: "MILL", index: i), &session))
            let index = session.builder.addGrinder(g)
            if let id = g.id, grinders[id] == nil { grinders[id] = index }
        }
    }

    /// The method category from `style_type` (`POUR_OVER`, or `POUR OVER` as Visualizer uploads spell it), else
    /// the preparation's type, else its name.
    static func category(style: String?, type: String?, name: String?) -> MethodCategory {
        switch style?.uppercased().replacingOccurrences(of: " ", with: "_") {
        case "ESPRESSO": return .espresso
        case "POUR_OVER": return .pourOver
        case "FULL_IMMERSION": return .immersion
        case "PERCOLATION": return .other
        default: break
        }
        if let type {
            let c = MethodCategory.inferred(fromName: type)
            if c != .other { return c }
        }
        return name.map(MethodCategory.inferred(fromName:)) ?? .other
    }

    mutating func readPreparations(_ array: [Any], _ session: inout ImportSession) {
        for (i, element) in array.enumerated() {
            guard let o = element as? [String: Any] else {
                session.warn(.unreadableValue, column: "PREPARATION", at: .element(array: "PREPARATION", index: i),
                    "not an object; ignored")
                continue
            }
            let name = JSONValue.text(o, "name")
            let m = BrewMethod(id: Self.uuid(o), name: name,
                               category: Self.category(style: JSONValue.text(o, "style_type"),
                                   type: JSONValue.text(o, "type"), name: name),
                               notes: JSONValue.text(o, "note"),
                               createdAt: Self.created(o, at: .element(array: "PREPARATION", index: i), &session))
            let index = session.builder.addMethod(m)
            if let id = m.id, methods[id] == nil { methods[id] = index }
        }
    }

    private struct Rejection: Error { let column: String; let reason: String }

    /// A number field: a JSON number, or a string that reads as one; 0 means "not entered" when `zeroIsMissing`.
    private func number(_ o: [String: Any], _ key: String, zeroIsMissing: Bool = true) throws(Rejection) -> Double? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        var value: Double?
        if !JSONValue.isBool(v), let n = v as? NSNumber {
            value = JSONNumber.double(n)
        } else if let s = v as? String {
            switch NumberParser.parse(s) {
            case .value(let x): value = x
            case .empty: value = nil
            case .invalid:
                throw Rejection(column: key, reason: "\(key) is not a number: '\(QuotedInput.short(String(s)))'")
            }
        } else {
            throw Rejection(column: key, reason: "\(key) is a \(JSONValue.typeName(v)), not a number")
        }
        if zeroIsMissing, value == 0 { return nil }
        return value
    }

    private mutating func reference(_ o: [String: Any], _ key: String, _ map: [String: Int32],
                                    at location: RecordLocation,
                                    _ session: inout ImportSession) -> Int32? {
        guard let raw = JSONValue.text(o, key) else { return nil }
        if let index = map[canonicalID(raw)] { return index }
        session.warn(.danglingReference, column: key, at: location,
            "\(key) \(raw) names no entry; the brew is kept without it")
        return nil
    }

    /// The brew's values of the groups `reads` (see ``BeanconquerorImporter`` for the mapping); a key of another
    /// group is not looked at.
    ///
    /// - Throws: a rejection when a value read is not a number (or, for `grind_size`, not a number or text).
    private func readValues(_ o: [String: Any], into row: inout BrewRow, reads: BrewColumnSet) throws(Rejection) {
        if reads.contains(.masses) {
            row.doseGrams = try number(o, "grind_weight")
            row.waterGrams = try number(o, "brew_quantity")
            row.yieldGrams = try number(o, "brew_beverage_quantity")
        }
        if reads.contains(.tds) { row.tds = try number(o, "tds") }
        if reads.contains(.waterTemperature) { row.waterTemperature = try number(o, "brew_temperature") }
        if reads.contains(.brewTime) {
            let seconds = try number(o, "brew_time", zeroIsMissing: false) ?? 0
            let millis = try number(o, "brew_time_milliseconds", zeroIsMissing: false) ?? 0
            row.brewTimeSeconds = seconds + millis / 1000 > 0 ? seconds + millis / 1000 : nil
        }
        if reads.contains(.rating), let r = try number(o, "rating"), r > 0 { row.rating = r * 5 / scale }
        if reads.contains(.grindSetting) {
            switch o["grind_size"] {
            case let s as String:
                if case .value(let v) = NumberParser.parse(s) {
                    row.grindSetting = v
                } else if !s.isEmpty {
                    row.grindText = s
                }
            case let n as NSNumber where !JSONValue.isBool(n): row.grindSetting = JSONNumber.double(n)
            case nil, is NSNull: break
            case let v?: throw Rejection(column: "grind_size", reason: "grind_size is a \(JSONValue.typeName(v))")
            }
        }
        if reads.contains(.freeText) {
            row.notes = JSONValue.text(o, "note")
            row.pressureProfile = JSONValue.text(o, "pressure_profile")
        }
    }

    mutating func readBrews(_ array: [Any], arrayName: String, file: String, _ session: inout ImportSession) {
        for (i, element) in array.enumerated() {
            let location = RecordLocation.element(array: arrayName, index: i)
            guard let o = element as? [String: Any] else {
                session.reject(at: location, column: nil, reason: "a \(JSONValue.typeName(element)), not a brew object",
                               record: JSONValue.recordText([element]), file: file)
                continue
            }
            do throws(Rejection) {
                var row = BrewRow()
                let config = o["config"] as? [String: Any] ?? [:]
                row.id = JSONValue.text(config, "uuid").map(canonicalID)
                switch JSONValue.number(config, "unix_timestamp") {
                case .value(let t) where t > 0:
                    switch ImportSession.date(seconds: t, appleReference: false, column: "config.unix_timestamp") {
                    case .date(let date): row.brewDate = date
                    case .unusable(let why): throw Rejection(column: "config.unix_timestamp", reason: why)
                    case .missing: break
                    }
                case .value, .missing: break  // 0 or negative: not entered
                case .wrongType(let t):
                    throw Rejection(column: "config.unix_timestamp",
                        reason: "config.unix_timestamp is a \(t), not a number")
                }
                try readValues(o, into: &row, reads: session.reads)
                row.createdAt = row.brewDate
                row.method = reference(o, "method_of_preparation", methods, at: location, &session)
                if o["brew_beverage_quantity"] == nil, let m = row.method,
                    session.builder.methods[Int(m)].category == .espresso {
                    row.yieldGrams = row.waterGrams
                    row.waterGrams = nil
                }
                row.grinder = reference(o, "mill", grinders, at: location, &session)
                row.bean = reference(o, "bean", beans, at: location, &session)
                session.offer(row, at: location, record: { JSONValue.recordText(o) }, file: file)
            } catch {
                session.reject(at: location, column: error.column, reason: error.reason,
                    record: JSONValue.recordText(o), file: file)
            }
        }
    }
}
