import BrewColumns
import Foundation
import BrewStats

/// Turns schema-valid BrewSpec brews into brew rows and shared entities (the mapping is documented on
/// ``BrewSpecImporter``).
struct BrewSpecMapper {
    struct Rejection: Error {
        var column: String
        var reason: String
    }

    var resolver: LocalTimeResolver
    private var methods: [String: Int32] = [:]
    private var grinders: [String: Int32] = [:]
    private var beans: [String: Int32] = [:]

    init(resolver: LocalTimeResolver) { self.resolver = resolver }

    /// The linear map of a CVA hedonic score (1–9) onto the journal's 0–5 rating: (r − 1) ÷ 8 × 5.
    static func rating(fromHedonic r: Double) -> Double { (r - 1) / 8 * 5 }

    /// Largest gap, in percentage points, between a stated EY and the one computed from TDS, masses and dose before a
    /// note says so.
    static let extractionTolerance = 0.5

    mutating func row(_ brew: BrewSpecNode, at location: RecordLocation,
                      _ session: inout ImportSession) -> Result<BrewRow, Rejection> {
        let result = brew["result"], coffee = brew["coffee"], equipment = brew["equipment"]
        var row = BrewRow()
        if let raw = brew["date"]?.string {
            switch ISO8601.parse(raw) {
            case .instant(let us): row.brewDate = Timestamp(microseconds: us)
            case .local(let us): row.brewDate = Timestamp(microseconds: resolver.instant(fromLocal: us))
            default:
                return .failure(
                    Rejection(column: "date", reason: "'\(QuotedInput.short(String(raw)))' is not a calendar date"))
            }
        }
        let reads = session.reads
        let category: MethodCategory = switch brew["type"]?.string {
        case "espresso": .espresso
        case "pour_over": .pourOver
        case "immersion": .immersion
        case "hybrid": .other
        default: MethodCategory.inferred(fromName: brew["method"]?.string ?? equipment?["brewer"]?.string ?? "")
        }
        let dose = result?["dose_g"]?.number ?? brew["dose_g"]?.number
        let water = result?["water_g"]?.number ?? brew["water_g"]?.number
        let yield = result?["yield_g"]?.number
        if reads.contains(.masses) {
            row.doseGrams = dose; row.waterGrams = water; row.yieldGrams = yield
            if category.isEspresso, yield == nil, let target = brew["yield_g"]?.number {
                session.warn(.note, column: "yield_g", at: location,
                             "espresso with a target yield_g " +
                                 "(\(ImportSession.format(target)) g) but no result.yield_g: "
                                 + "the target is not a measurement, so the yield and the ratio are left empty")
            }
            if let stated = brew["brew_ratio"]?.number {
                if category.isEspresso {
                    session.warn(.note, column: "brew_ratio", at: location,
                                 "brew_ratio is not read for espresso (its meaning is " +
                                     "ambiguous there); the ratio is result.yield_g ÷ dose")
                } else if let water, let dose, dose > 0, abs(stated - water / dose) > 0.01 * water / dose {
                    session.warn(.note, column: "brew_ratio", at: location,
                                 "brew_ratio \(ImportSession.format(stated)) disagrees with water ÷ dose = "
                                     + "\(ImportSession.format((water / dose * 100).rounded() / 100)); "
                                     + "the ratio is computed from the masses")
                }
            }
        }
        if reads.contains(.brewTime) {
            row.brewTimeSeconds = result?["duration_s"]?.number ?? brew["duration_s"]?.number
        }
        if reads.contains(.waterTemperature) { row.waterTemperature = brew["water_temp_c"]?.number }
        if reads.contains(.grindSetting) {
            row.grindSetting = equipment?["grinder_setting"]?.number
            if row.grindSetting == nil { row.grindText = brew["grind"]?.string }
        }
        if reads.contains(.rating), let overall = result?["ratings"]?["overall"]?.number {
            row.rating = Self.rating(fromHedonic: overall)
            session.warn(.ratingScale, column: "result.ratings.overall", at: location,
                         "BrewSpec ratings are CVA hedonic scores 1–9; rescaled " +
                             "linearly to 0–5 as (r − 1) ÷ 8 × 5 (9 → 5, 5 → 2.5, 1 → 0)")
        }
        if reads.contains(.tds) { row.tds = extraction(result, category: category, dose: dose, water: water,
                                                       yield: yield,
                                                       at: location, &session) }
        if reads.contains(.freeText) {
            let notes = [brew["process_notes"]?.string, result?["tasting_notes"]?.string].compactMap { $0 }
            row.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
            let profile = [
                equipment?["pressure_bar"]?.number.map { "\(ImportSession.format($0)) bar" },
                equipment?["flow_rate_ml_s"]?.number.map { "\(ImportSession.format($0)) ml/s" },
            ].compactMap { $0 }
            row.pressureProfile = profile.isEmpty ? nil : profile.joined(separator: " · ")
        }
        row.method = method(brew, category: category, &session)
        if let name = equipment?["grinder"]?.string { row.grinder = grinder(name, &session) }
        if let coffee { row.bean = bean(coffee, &session) }
        return .success(row)
    }

    /// The TDS to keep: `result.tds`; or, without it, the one a stated `result.ey` implies. Notes a stated EY that the
    /// computed one contradicts.
    private func extraction(_ result: BrewSpecNode?, category: MethodCategory, dose: Double?, water: Double?,
                            yield: Double?,
                            at location: RecordLocation, _ session: inout ImportSession) -> Double? {
        let tds = result?["tds"]?.number
        guard let stated = result?["ey"]?.number else { return tds }
        // The beverage mass of docs/definitions.md, with the default retention (an import has no report options).
        let beverage = DerivedColumns.beverageMass(yield: yield, water: water, dose: dose,
                                                   isEspresso: category.isEspresso,
                                                   retention: StatsOptions.defaultRetentionFactor)
        guard let dose, dose > 0, let beverage, beverage > 0 else { return tds }
        if let tds {
            let computed = DerivedColumns.extractionYield(tds: tds, beverageMass: beverage, dose: dose)
            if abs(computed - stated) > Self.extractionTolerance {
                session.warn(.note, column: "result.ey", at: location,
                             "result.ey \(ImportSession.format(stated)) % differs from TDS × beverage mass ÷ dose = "
                                 + "\(ImportSession.format((computed * 100).rounded() / 100)) "
                                 + "%; the computed EY is used")
            }
            return tds
        }
        session.warn(.note, column: "result.tds", at: location,
                     "result.ey without result.tds: TDS taken as EY × dose ÷ beverage mass, so the stated EY is kept")
        return DerivedColumns.strength(extractionYield: stated, beverageMass: beverage, dose: dose)
    }

    private mutating func method(
        _ brew: BrewSpecNode, category: MethodCategory, _ session: inout ImportSession
    ) -> Int32 {
        let name = brew["method"]?.string ?? brew["equipment"]?["brewer"]?.string
            ?? Self.categoryName(brew["type"]?.string)
        let key = "\(name)\u{1}\(category.rawString)"
        if let index = methods[key] { return index }
        let index = session.builder.addMethod(BrewMethod(name: name, category: category))
        methods[key] = index
        return index
    }

    static func categoryName(_ type: String?) -> String {
        switch type {
        case "espresso": "Espresso"
        case "pour_over": "Pour over"
        case "immersion": "Immersion"
        case "hybrid": "Hybrid"
        default: "Unnamed method"
        }
    }

    private mutating func grinder(_ name: String, _ session: inout ImportSession) -> Int32 {
        if let index = grinders[name] { return index }
        let index = session.builder.addGrinder(Grinder(name: name))
        grinders[name] = index
        return index
    }

    private mutating func bean(_ coffee: BrewSpecNode, _ session: inout ImportSession) -> Int32 {
        let origins = coffee["origins"]?.array ?? []
        func joined(_ values: [String?]) -> String? {
            var seen: [String] = []
            for v in values.compactMap({ $0 }) where !seen.contains(v) { seen.append(v) }
            return seen.isEmpty ? nil : seen.joined(separator: " + ")
        }
        let place = joined(origins.map { o in
            let parts = [o["country"]?.string, o["region"]?.string].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        })
        let name = coffee["name"]?.string ?? joined(origins.map { $0["name"]?.string })
            ?? joined(origins.map { $0["country"]?.string })
        let roastDate = coffee["roast_date"]?.string.flatMap { Day(iso: $0) }
        if roastDate == nil, let raw = coffee["roast_date"]?.string {
            session.warn(.unreadableValue, column: "coffee.roast_date", at: nil,
                         "roast date '\(QuotedInput.short(String(raw)))' is " +
                             "not a calendar date; the bean is kept without it")
        }
        let bean = CoffeeBean(name: name, roaster: coffee["roaster"]?.string, origin: place,
                              variety: joined(origins.map { $0["varietal"]?.string }),
                              processing: joined(origins.map { $0["process"]?.string }),
                              roastLevel: coffee["roast_level"]?.string.flatMap(RoastLevel.init(rawString:)),
                              roastDate: roastDate,
                              notes: coffee["cupping_notes"]?.string)
        let key = [bean.name, bean.roaster, bean.origin, bean.variety, bean.processing, bean.roastDate?.description,
                   bean.roastLevel.map { "\($0.rawValue)" }].map { $0 ?? "" }.joined(separator: "\u{1}")
        if let index = beans[key] { return index }
        let index = session.builder.addBean(bean)
        beans[key] = index
        return index
    }
}
