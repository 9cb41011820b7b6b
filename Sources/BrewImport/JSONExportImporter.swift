import BrewColumns
import Foundation

/// Reads the app's JSON export (docs/formats.md): `{"format": "coffee-journal", "methods": […],
/// "grinders": […], "beans": […], "brews": […], "tastingNotes": […]}`.
///
/// Keys are the model's field names; dates are ISO 8601 (without an offset: the import's time zone); references
/// are by id. A brew field with the wrong JSON type (a string where a number belongs, …) rejects that brew with
/// its path (`brews[17]`, column `doseGrams`), not the file. `grindSetting` may be a number or text. Entities with
/// unreadable fields keep what can be read; a reference to an unknown id is a dangling-reference warning.
///
/// Dates: a brew's `brewDate` must parse and lie within ``ImportSession/plausibleDates`` or the brew is rejected;
/// every other date (`createdAt`, `updatedAt`, `lastUsedDate`) that does not is dropped with a warning. A cached
/// `brewCount` that is not a whole number from 0 to 2⁵³ (`1e300`, `-3`, `2.5`) is dropped with a warning.
///
/// JSON of a known other kind (a Beanconqueror flow profile, an espresso shot log, …: ``ForeignJSON``) is refused
/// with a message that says what it is.
///
/// A projection (``ImportOptions/columns``) skips the keys of the groups not read — their types are not checked —
/// and, without ``BrewColumnSet/tastingNote``, the `tastingNotes` array.
enum JSONExportImporter {
    static func read(_ parsed: JSONValue.Parsed, into session: inout ImportSession) throws(ImportError) {
        let top = parsed.value
        guard let root = top as? [String: Any] else {
            throw ImportError(.notAJournal, file: session.file,
                "the JSON is \(JSONValue.typeName(top)), not a journal object")
        }
        if let foreign = ForeignJSON.identify(root) {
            throw foreign.refusal(file: session.file)
        }
        let format = JSONValue.text(root, "format")
        guard format == "coffee-journal" || (format == nil && root["brews"] is [Any]) else {
            throw ImportError(.notAJournal, file: session.file,
                              format.map {
                                  "unknown JSON format '\(QuotedInput.short($0))' (expected \"coffee-journal\")"
                              }
                                ?? "no \"format\": \"coffee-journal\" key and no " +
                                    "\"brews\" array: not a coffee-journal JSON export")
        }
        session.noteRepairs(parsed, document: (session.file as NSString).lastPathComponent)
        var reader = JSONExportReader(resolver: LocalTimeResolver(timeZone: session.options.timeZone))
        reader.readEntities(root, &session)
        if session.reads.contains(.tastingNote) { reader.readTastingNotes(root, &session) }
        guard let brewsValue = root["brews"], !(brewsValue is NSNull) else { return }
        guard let brews = brewsValue as? [Any] else {
            throw ImportError(.notAJournal, file: session.file, location: "brews",
                              "\"brews\" is \(JSONValue.typeName(brewsValue)), not an array")
        }
        reader.readBrews(brews, &session)
    }
}

private struct JSONExportReader {
    var resolver: LocalTimeResolver
    var methods: [String: Int32] = [:]
    var grinders: [String: Int32] = [:]
    var beans: [String: Int32] = [:]
    var notes: [String: (acidity: Double?, body: Double?, sweetness: Double?, tags: String?)] = [:]
    var noteUsed: Set<String> = []

    func array(_ root: [String: Any], _ key: String, _ session: inout ImportSession) -> [Any] {
        guard let v = root[key], !(v is NSNull) else { return [] }
        guard let a = v as? [Any] else {
            session.warn(.unreadableValue, column: key, at: nil,
                "\"\(key)\" is \(JSONValue.typeName(v)), not an array; ignored")
            return []
        }
        return a
    }

    mutating func instant(_ s: String) -> Timestamp? {
        switch ISO8601.parse(s) {
        case .instant(let us): Timestamp(microseconds: us)
        case .local(let us): Timestamp(microseconds: resolver.instant(fromLocal: us))
        default: nil
        }
    }

    /// A date that is not a brew's own (`createdAt`, `lastUsedDate`, …): `nil`, with a warning, when it does not
    /// parse or is implausible (see ``ImportSession/optionalDate(_:column:at:)``).
    mutating func date(
        _ o: [String: Any], _ key: String, at location: RecordLocation, _ session: inout ImportSession
    ) -> Timestamp? {
        guard let text = JSONValue.text(o, key) else { return nil }
        let read = ImportSession.date(text: text, column: key) { resolver.instant(fromLocal: $0) }
        return session.optionalDate(read, column: key, at: location)
    }

    func number(_ o: [String: Any], _ key: String) -> Double? {
        if case .value(let v) = JSONValue.number(o, key) { return v }
        return nil
    }

    /// A cached `brewCount`: a whole number from 0 to 2⁵³, else `nil` with a warning (never a trapping `Int(_:)`).
    func count(_ o: [String: Any], at location: RecordLocation, _ session: inout ImportSession) -> Int? {
        switch JSONValue.number(o, "brewCount") {
        case .missing: return nil
        case .value(let v):
            if v >= 0, v <= 9_007_199_254_740_992, let n = Int(exactly: v) { return n }
            session.warn(.unreadableValue, column: "brewCount", at: location,
                         "brewCount \(ImportSession.format(v)) is not a count; the cached counter is ignored")
        case .wrongType(let t):
            session.warn(.unreadableValue, column: "brewCount", at: location,
                         "brewCount is a \(t), not a number; the cached counter is ignored")
        }
        return nil
    }

    mutating func readEntities(_ root: [String: Any], _ session: inout ImportSession) {
        for (i, element) in array(root, "methods", &session).enumerated() {
            guard let o = element as? [String: Any] else {
                session.warn(.unreadableValue, column: "methods", at: .element(array: "methods", index: i),
                    "not an object; ignored")
                continue
            }
            let at = RecordLocation.element(array: "methods", index: i)
            let m = BrewMethod(id: JSONValue.text(o, "id").map(canonicalID), name: JSONValue.text(o, "name"),
                               category: JSONValue.text(o, "category").map(MethodCategory.init(rawString:)) ?? .other,
                               notes: JSONValue.text(o, "notes"), cachedBrewCount: count(o, at: at, &session),
                               cachedLastUsed: date(o, "lastUsedDate", at: at, &session),
                               createdAt: date(o, "createdAt", at: at, &session),
                               updatedAt: date(o, "updatedAt", at: at, &session))
            let index = session.builder.addMethod(m)
            if let id = m.id, methods[id] == nil { methods[id] = index }
        }
        for (i, element) in array(root, "grinders", &session).enumerated() {
            guard let o = element as? [String: Any] else {
                session.warn(.unreadableValue, column: "grinders", at: .element(array: "grinders", index: i),
                    "not an object; ignored")
                continue
            }
            let at = RecordLocation.element(array: "grinders", index: i)
            let g = Grinder(id: JSONValue.text(o, "id").map(canonicalID), name: JSONValue.text(o, "name"),
                            type: JSONValue.text(o, "type").flatMap { GrinderType(rawValue: $0.lowercased()) },
                            settingMin: number(o, "settingMin") ?? 0, settingMax: number(o, "settingMax") ?? 40,
                            settingStep: number(o, "settingStep") ?? 1, notes: JSONValue.text(o, "notes"),
                            cachedBrewCount: count(o, at: at, &session),
                            cachedLastUsed: date(o, "lastUsedDate", at: at, &session),
                            createdAt: date(o, "createdAt", at: at, &session),
                            updatedAt: date(o, "updatedAt", at: at, &session))
            let index = session.addGrinder(g, at: at, columns: ("settingMin", "settingMax", "settingStep"))
            if let id = g.id, grinders[id] == nil { grinders[id] = index }
        }
        for (i, element) in array(root, "beans", &session).enumerated() {
            guard let o = element as? [String: Any] else {
                session.warn(.unreadableValue, column: "beans", at: .element(array: "beans", index: i),
                    "not an object; ignored")
                continue
            }
            var roastDay: Day?
            if let raw = JSONValue.text(o, "roastDate") {
                roastDay = Day(iso: raw)
                if roastDay == nil {
                    session.warn(.unreadableValue, column: "roastDate", at: .element(array: "beans", index: i),
                                 "roast date '\(QuotedInput.short(String(raw)))' " +
                                     "is not a date; the bean is kept without it")
                }
            }
            var freezer = [Day?]()
            for key in ["frozenDate", "thawDate"] {
                guard let raw = JSONValue.text(o, key) else { freezer.append(nil); continue }
                freezer.append(Day(iso: raw))
                if freezer.last! == nil {
                    session.warn(.unreadableValue, column: key, at: .element(array: "beans", index: i),
                                 "\(key) '\(QuotedInput.short(String(raw)))' is not a date; " +
                                     "the bean is kept without it")
                }
            }
            var archived: Bool?
            if let v = o["isArchived"], JSONValue.isBool(v) { archived = (v as? Bool) ?? ((v as? NSNumber)?.boolValue) }
            let b = CoffeeBean(id: JSONValue.text(o, "id").map(canonicalID), name: JSONValue.text(o, "name"),
                               roaster: JSONValue.text(o, "roaster"), origin: JSONValue.text(o, "origin"),
                               variety: JSONValue.text(o, "variety"), processing: JSONValue.text(o, "processing"),
                               roastLevel: JSONValue.text(o, "roastLevel").flatMap(RoastLevel.init(rawString:)),
                               roastDate: roastDay, isArchived: archived, notes: JSONValue.text(o, "notes"),
                               createdAt: date(o, "createdAt", at: .element(array: "beans", index: i), &session),
                               updatedAt: date(o, "updatedAt", at: .element(array: "beans", index: i), &session),
                               frozenDate: freezer[0], thawDate: freezer[1])
            let index = session.builder.addBean(b)
            if let id = b.id, beans[id] == nil { beans[id] = index }
        }
    }

    mutating func readTastingNotes(_ root: [String: Any], _ session: inout ImportSession) {
        for (i, element) in array(root, "tastingNotes", &session).enumerated() {
            guard let o = element as? [String: Any], let brew = JSONValue.text(o, "brewId").map(canonicalID) else {
                session.warn(.danglingReference, column: "tastingNotes.brewId",
                             at: .element(array: "tastingNotes", index: i),
                             "tasting note without a brew id; ignored")
                continue
            }
            guard notes[brew] == nil else {
                session.warn(.note, column: "tastingNotes.brewId", at: .element(array: "tastingNotes", index: i),
                             "a second tasting note for one brew; the first is used")
                continue
            }
            notes[brew] = (number(o, "acidity"), number(o, "body"), number(o, "sweetness"),
                JSONValue.text(o, "flavorTags"))
        }
    }

    private struct Rejection: Error { let column: String; let reason: String }

    private func number(_ o: [String: Any], _ key: String, strict: Bool) throws(Rejection) -> Double? {
        switch JSONValue.number(o, key) {
        case .missing: return nil
        case .value(let v): return v
        case .wrongType(let t): throw Rejection(column: key, reason: "\(key) is a \(t), not a number")
        }
    }

    private func string(_ o: [String: Any], _ key: String) throws(Rejection) -> String? {
        switch JSONValue.string(o, key) {
        case .missing: return nil
        case .value(let s): return s
        case .wrongType(let t): throw Rejection(column: key, reason: "\(key) is a \(t), not a string")
        }
    }

    private mutating func reference(_ o: [String: Any], _ key: String, _ map: [String: Int32], at i: Int,
                                    _ session: inout ImportSession) throws(Rejection) -> Int32? {
        guard let raw = try string(o, key), !raw.isEmpty else { return nil }
        if let index = map[canonicalID(raw)] { return index }
        session.warn(.danglingReference, column: key, at: .element(array: "brews", index: i),
                     "\(key) \(raw) names no entity; the brew is kept without it")
        return nil
    }

    /// The brew's values of the groups `reads`; a key of another group is not looked at.
    ///
    /// - Throws: a rejection when a value read has the wrong JSON type.
    private func readValues(_ o: [String: Any], into row: inout BrewRow, reads: BrewColumnSet) throws(Rejection) {
        if reads.contains(.masses) {
            row.doseGrams = try number(o, "doseGrams", strict: true)
            row.waterGrams = try number(o, "waterGrams", strict: true)
            row.yieldGrams = try number(o, "yieldGrams", strict: true)
        }
        if reads.contains(.brewTime) { row.brewTimeSeconds = try number(o, "brewTimeSeconds", strict: true) }
        if reads.contains(.waterTemperature) { row.waterTemperature = try number(o, "waterTemperature", strict: true) }
        if reads.contains(.rating) { row.rating = try number(o, "rating", strict: true) }
        if reads.contains(.tds) { row.tds = try number(o, "tds", strict: true) }
        if reads.contains(.grindSetting) {
            switch JSONValue.number(o, "grindSetting") {
            case .value(let v): row.grindSetting = v
            case .missing: break
            case .wrongType:
                guard let s = o["grindSetting"] as? String else {
                    throw Rejection(column: "grindSetting",
                        reason: "grindSetting is a \(JSONValue.typeName(o["grindSetting"]!)), not a number or text")
                }
                if case .value(let v) = NumberParser.parse(s) {
                    row.grindSetting = v
                } else if !s.isEmpty {
                    row.grindText = s
                }
            }
        }
        if reads.contains(.freeText) {
            row.pressureProfile = try string(o, "pressureProfile")
            row.notes = try string(o, "notes")
        }
    }

    mutating func readBrews(_ brews: [Any], _ session: inout ImportSession) {
        for (i, element) in brews.enumerated() {
            guard let o = element as? [String: Any] else {
                session.reject(at: .element(array: "brews", index: i), column: nil,
                               reason: "a \(JSONValue.typeName(element)), not a brew object",
                               record: JSONValue.recordText([element]))
                continue
            }
            do throws(Rejection) {
                var row = BrewRow()
                row.id = try string(o, "id").map(canonicalID)
                if let raw = try string(o, "brewDate") {
                    guard let t = instant(raw) else {
                        throw Rejection(column: "brewDate",
                            reason: "unparseable brew date '\(QuotedInput.short(String(raw)))'")
                    }
                    row.brewDate = t
                    session.offsets.note(raw, instant: t.microseconds)
                }
                try readValues(o, into: &row, reads: session.reads)
                _ = try string(o, "createdAt"); _ = try string(o, "updatedAt")  // a wrong type rejects the brew
                // References last: a record rejected above raises no dangling-reference warning.
                row.method = try reference(o, "methodId", methods, at: i, &session)
                row.grinder = try reference(o, "grinderId", grinders, at: i, &session)
                row.bean = try reference(o, "beanId", beans, at: i, &session)
                row.createdAt = date(o, "createdAt", at: .element(array: "brews", index: i), &session)
                row.updatedAt = date(o, "updatedAt", at: .element(array: "brews", index: i), &session)
                let note = row.id.flatMap { notes[$0] }
                if let note {
                    row.acidity = note.acidity
                    row.body = note.body
                    row.sweetness = note.sweetness
                    row.flavorTags = note.tags
                }
                let kept = session.offer(row, at: .element(array: "brews", index: i),
                    record: { JSONValue.recordText(o) })
                if let id = row.id, note != nil {
                    noteUsed.insert(id)
                    if kept { session.builder.tastingNoteCount += 1 }
                }
            } catch {
                session.reject(at: .element(array: "brews", index: i), column: error.column, reason: error.reason,
                               record: JSONValue.recordText(o))
            }
        }
        for id in notes.keys where !noteUsed.contains(id) {
            session.warn(.danglingReference, column: "tastingNotes.brewId", at: nil,
                "tasting note for brew \(id), which does not exist; ignored")
        }
    }
}

extension JSONExportImporter: JournalFormatImporter {
    static let format = JournalFormat.json
    /// JSON holding `"coffee-journal"`; any other JSON that no importer claims.
    static func claims(_ prefix: JournalPrefix) -> JournalPrefix.Claim {
        guard prefix.isJSON else { return .no }
        return prefix.jsonText.contains("\"coffee-journal\"") ? .yes : .unlessClaimed
    }

    /// Reads the file as the app's JSON export — or, when it is Beanconqueror's single-brew Visualizer upload (which
    /// carries no key the sniffer knows) or a BrewSpec JSON document read with `--format json`, as what it is.
    static func read(_ url: URL, options: ImportOptions) throws(ImportError) -> ImportResult {
        let path = url.path
        let parsed = try JSONValue.parse(try JournalImporter.mappedContents(url), file: path)
        if let root = parsed.value as? [String: Any], ForeignJSON.identify(root) == .beanconquerorUpload {
            return try BeanconquerorImporter.read(parsed, file: path, options: options)
        }
        if let root = parsed.value as? [String: Any], ForeignJSON.identify(root) == .brewSpec {
            return try BrewSpecImporter.read(url, options: options)
        }
        var session = ImportSession(file: path, format: .json, options: options)
        try read(parsed, into: &session)
        return session.finish()
    }
}
