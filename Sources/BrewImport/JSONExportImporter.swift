import BrewColumns
import BrewFormatSchemas
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
    /// Reads the document `parsed` into `session`, by `schema`'s members (BrewFormatSchemas'
    /// ``BrewFormatSchemas/JSONExportSchema``: each field from every member that names it).
    static func read(_ parsed: JSONValue.Parsed, into session: inout ImportSession,
                     schema: JSONExportSchema = .standard) throws(ImportError) {
        let top = parsed.value
        guard let root = top as? [String: Any] else {
            throw ImportError(.notAJournal, file: session.file,
                "the JSON is \(JSONValue.typeName(top)), not a journal object")
        }
        if let foreign = ForeignJSON.identify(root) {
            throw foreign.refusal(file: session.file)
        }
        let format = JSONValue.text(root, JSONExportSchema.formatKey)
        let brewsKey = JSONExportSchema.brewsKey
        guard format == JSONExportSchema.formatName || (format == nil && root[brewsKey] is [Any]) else {
            throw ImportError(.notAJournal, file: session.file,
                              format.map {
                                  "unknown JSON format '\(QuotedInput.short($0))' (expected \"coffee-journal\")"
                              }
                                ?? "no \"format\": \"coffee-journal\" key and no " +
                                    "\"brews\" array: not a coffee-journal JSON export")
        }
        session.noteRepairs(parsed, document: (session.file as NSString).lastPathComponent)
        var reader = JSONExportReader(schema: schema, resolver: LocalTimeResolver(timeZone: session.options.timeZone))
        reader.readEntities(root, &session)
        if session.reads.contains(.tastingNote) { reader.readTastingNotes(root, &session) }
        guard let brewsValue = root[JSONExportSchema.brewsKey], !(brewsValue is NSNull) else { return }
        guard let brews = brewsValue as? [Any] else {
            throw ImportError(.notAJournal, file: session.file, location: "brews",
                              "\"brews\" is \(JSONValue.typeName(brewsValue)), not an array")
        }
        reader.readBrews(brews, &session)
    }
}

private struct JSONExportReader {
    typealias S = JSONExportSchema
    let schema: JSONExportSchema
    /// Each brew and tasting-note field the schema has, in reading order, with its keys: looked up once, not per
    /// record (a lookup per brew made a 100,000-brew import three times slower).
    let brewValues: [(field: S.BrewField, keys: [String])]
    let noteValues: [(field: S.NoteField, keys: [String])]
    /// The keys of the brew fields read on their own: the id, the date, the record times and the references.
    let idKeys: [String], dateKeys: [String], createdKeys: [String], updatedKeys: [String]
    let methodKeys: [String], grinderKeys: [String], beanKeys: [String]
    var resolver: LocalTimeResolver
    var methods: [String: Int32] = [:]
    var grinders: [String: Int32] = [:]
    var beans: [String: Int32] = [:]
    var notes: [String: (acidity: Double?, body: Double?, sweetness: Double?, tags: String?)] = [:]
    var noteUsed: Set<String> = []

    init(schema: JSONExportSchema, resolver: LocalTimeResolver) {
        self.schema = schema
        self.resolver = resolver
        brewValues = S.BrewField.allCases.map { ($0, S.keys(schema.brews, $0)) }.filter { !$0.keys.isEmpty }
        noteValues = S.NoteField.allCases.map { ($0, S.keys(schema.tastingNotes, $0)) }.filter { !$0.keys.isEmpty }
        idKeys = S.keys(schema.brews, .id); dateKeys = S.keys(schema.brews, .brewDate)
        createdKeys = S.keys(schema.brews, .createdAt); updatedKeys = S.keys(schema.brews, .updatedAt)
        methodKeys = S.keys(schema.brews, .method); grinderKeys = S.keys(schema.brews, .grinder)
        beanKeys = S.keys(schema.brews, .bean)
    }

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
    func count(_ o: [String: Any], _ key: String, at location: RecordLocation,
               _ session: inout ImportSession) -> Int? {
        switch JSONValue.number(o, key) {
        case .missing: return nil
        case .value(let v):
            if v >= 0, v <= 9_007_199_254_740_992, let n = Int(exactly: v) { return n }
            session.warn(.unreadableValue, column: key, at: location,
                         "\(key) \(ImportSession.format(v)) is not a count; the cached counter is ignored")
        case .wrongType(let t):
            session.warn(.unreadableValue, column: key, at: location,
                         "\(key) is a \(t), not a number; the cached counter is ignored")
        }
        return nil
    }

    /// The keys of `field` among `members`, in the schema's order.
    func keys<F>(_ members: [S.Member<F>], _ field: F) -> [String] { S.keys(members, field) }

    /// A day (`roastDate`, `frozenDate`, …): `nil`, with a warning, when it does not read.
    func day(_ o: [String: Any], _ key: String, at location: RecordLocation, _ session: inout ImportSession,
             _ what: (String) -> String) -> Day? {
        guard let raw = JSONValue.text(o, key) else { return nil }
        guard let day = Day(iso: raw) else {
            session.warn(.unreadableValue, column: key, at: location, what(QuotedInput.short(String(raw))))
            return nil
        }
        return day
    }

    /// `element` of the array `key` at `i` as an object; `nil`, with a warning, when it is not one.
    func object(_ element: Any, of key: String, at i: Int, _ session: inout ImportSession) -> [String: Any]? {
        guard let o = element as? [String: Any] else {
            session.warn(.unreadableValue, column: key, at: .element(array: key, index: i), "not an object; ignored")
            return nil
        }
        return o
    }

    mutating func readEntities(_ root: [String: Any], _ session: inout ImportSession) {
        for (i, element) in array(root, S.methodsKey, &session).enumerated() {
            guard let o = object(element, of: S.methodsKey, at: i, &session) else { continue }
            let at = RecordLocation.element(array: S.methodsKey, index: i)
            var m = BrewMethod()
            for field in S.MethodField.allCases {
                for key in keys(schema.methods, field) {
                    switch field {
                    case .id: if let v = JSONValue.text(o, key).map(canonicalID) { m.id = v }
                    case .name: if let v = JSONValue.text(o, key) { m.name = v }
                    case .category: if let v = JSONValue.text(o, key) { m.category = MethodCategory(rawString: v) }
                    case .notes: if let v = JSONValue.text(o, key) { m.notes = v }
                    case .brewCount: if let v = count(o, key, at: at, &session) { m.cachedBrewCount = v }
                    case .lastUsed: if let v = date(o, key, at: at, &session) { m.cachedLastUsed = v }
                    case .createdAt: if let v = date(o, key, at: at, &session) { m.createdAt = v }
                    case .updatedAt: if let v = date(o, key, at: at, &session) { m.updatedAt = v }
                    }
                }
            }
            let index = session.builder.addMethod(m)
            if let id = m.id, methods[id] == nil { methods[id] = index }
        }
        for (i, element) in array(root, S.grindersKey, &session).enumerated() {
            guard let o = object(element, of: S.grindersKey, at: i, &session) else { continue }
            let at = RecordLocation.element(array: S.grindersKey, index: i)
            var g = Grinder()
            for field in S.GrinderField.allCases {
                for key in keys(schema.grinders, field) {
                    switch field {
                    case .id: if let v = JSONValue.text(o, key).map(canonicalID) { g.id = v }
                    case .name: if let v = JSONValue.text(o, key) { g.name = v }
                    case .type:
                        if let v = JSONValue.text(o, key).flatMap({ GrinderType(rawValue: $0.lowercased()) }) {
                            g.type = v
                        }
                    case .settingMin: if let v = number(o, key) { g.settingMin = v }
                    case .settingMax: if let v = number(o, key) { g.settingMax = v }
                    case .settingStep: if let v = number(o, key) { g.settingStep = v }
                    case .notes: if let v = JSONValue.text(o, key) { g.notes = v }
                    case .brewCount: if let v = count(o, key, at: at, &session) { g.cachedBrewCount = v }
                    case .lastUsed: if let v = date(o, key, at: at, &session) { g.cachedLastUsed = v }
                    case .createdAt: if let v = date(o, key, at: at, &session) { g.createdAt = v }
                    case .updatedAt: if let v = date(o, key, at: at, &session) { g.updatedAt = v }
                    }
                }
            }
            // A range problem names the member that holds the bound (its last key, whose value is read).
            let named = [S.GrinderField.settingMin, .settingMax, .settingStep].map {
                S.keys(schema.grinders, $0).last ?? "\($0)"
            }
            let index = session.addGrinder(g, at: at, columns: (named[0], named[1], named[2]))
            if let id = g.id, grinders[id] == nil { grinders[id] = index }
        }
        for (i, element) in array(root, S.beansKey, &session).enumerated() {
            guard let o = object(element, of: S.beansKey, at: i, &session) else { continue }
            let at = RecordLocation.element(array: S.beansKey, index: i)
            var b = CoffeeBean()
            for field in S.BeanField.allCases {
                for key in keys(schema.beans, field) {
                    switch field {
                    case .id: if let v = JSONValue.text(o, key).map(canonicalID) { b.id = v }
                    case .name: if let v = JSONValue.text(o, key) { b.name = v }
                    case .roaster: if let v = JSONValue.text(o, key) { b.roaster = v }
                    case .origin: if let v = JSONValue.text(o, key) { b.origin = v }
                    case .variety: if let v = JSONValue.text(o, key) { b.variety = v }
                    case .processing: if let v = JSONValue.text(o, key) { b.processing = v }
                    case .roastLevel:
                        if let v = JSONValue.text(o, key).flatMap(RoastLevel.init(rawString:)) { b.roastLevel = v }
                    case .roastDate:
                        if let v = day(o, key, at: at, &session, {
                            "roast date '\($0)' is not a date; the bean is kept without it"
                        }) { b.roastDate = v }
                    case .frozenDate, .thawDate:
                        let v = day(o, key, at: at, &session) {
                            "\(key) '\($0)' is not a date; the bean is kept without it"
                        }
                        if let v { if field == .frozenDate { b.frozenDate = v } else { b.thawDate = v } }
                    case .isArchived:
                        if let v = o[key], JSONValue.isBool(v) {
                            b.isArchived = (v as? Bool) ?? ((v as? NSNumber)?.boolValue)
                        }
                    case .notes: if let v = JSONValue.text(o, key) { b.notes = v }
                    case .createdAt: if let v = date(o, key, at: at, &session) { b.createdAt = v }
                    case .updatedAt: if let v = date(o, key, at: at, &session) { b.updatedAt = v }
                    }
                }
            }
            let index = session.builder.addBean(b)
            if let id = b.id, beans[id] == nil { beans[id] = index }
        }
    }

    mutating func readTastingNotes(_ root: [String: Any], _ session: inout ImportSession) {
        let brewKeys = keys(schema.tastingNotes, .brew)
        let column = S.tastingNotesKey + "." + (brewKeys.last ?? "brewId")
        for (i, element) in array(root, S.tastingNotesKey, &session).enumerated() {
            let o = element as? [String: Any]
            guard let o, let brew = brewKeys.compactMap({ JSONValue.text(o, $0) }).last.map(canonicalID) else {
                session.warn(.danglingReference, column: column, at: .element(array: S.tastingNotesKey, index: i),
                             "tasting note without a brew id; ignored")
                continue
            }
            guard notes[brew] == nil else {
                session.warn(.note, column: column, at: .element(array: S.tastingNotesKey, index: i),
                             "a second tasting note for one brew; the first is used")
                continue
            }
            var note: (acidity: Double?, body: Double?, sweetness: Double?, tags: String?) = (nil, nil, nil, nil)
            for (field, keys) in noteValues {
                for key in keys {
                    switch field {
                    case .id, .brew: break
                    case .acidity: if let v = number(o, key) { note.acidity = v }
                    case .body: if let v = number(o, key) { note.body = v }
                    case .sweetness: if let v = number(o, key) { note.sweetness = v }
                    case .flavorTags: if let v = JSONValue.text(o, key) { note.tags = v }
                    }
                }
            }
            notes[brew] = note
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
        session.warn(.danglingReference, column: key, at: .element(array: S.brewsKey, index: i),
                     "\(key) \(raw) names no entity; the brew is kept without it")
        return nil
    }

    /// The group of the brew's columns a value field belongs to (a projection reads only some); `nil` for the
    /// fields every brew reads (its id, date, references and record times).
    private static func group(_ field: S.BrewField) -> BrewColumnSet? {
        switch field {
        case .doseGrams, .waterGrams, .yieldGrams: .masses
        case .brewTimeSeconds: .brewTime
        case .waterTemperature: .waterTemperature
        case .rating: .rating
        case .tds: .tds
        case .grindSetting: .grindSetting
        case .pressureProfile, .notes: .freeText
        case .id, .brewDate, .createdAt, .updatedAt, .method, .grinder, .bean: nil
        }
    }

    /// The brew's values of the groups `reads`; a key of another group is not looked at.
    ///
    /// - Throws: a rejection when a value read has the wrong JSON type.
    private func readValues(_ o: [String: Any], into row: inout BrewRow, reads: BrewColumnSet) throws(Rejection) {
        for (field, keys) in brewValues {
            guard let group = Self.group(field), reads.contains(group) else { continue }
            for key in keys {
                switch field {
                case .doseGrams: if let v = try number(o, key, strict: true) { row.doseGrams = v }
                case .waterGrams: if let v = try number(o, key, strict: true) { row.waterGrams = v }
                case .yieldGrams: if let v = try number(o, key, strict: true) { row.yieldGrams = v }
                case .brewTimeSeconds: if let v = try number(o, key, strict: true) { row.brewTimeSeconds = v }
                case .waterTemperature: if let v = try number(o, key, strict: true) { row.waterTemperature = v }
                case .rating: if let v = try number(o, key, strict: true) { row.rating = v }
                case .tds: if let v = try number(o, key, strict: true) { row.tds = v }
                case .grindSetting: try readGrindSetting(o, key, into: &row)
                case .pressureProfile: if let v = try string(o, key) { row.pressureProfile = v }
                case .notes: if let v = try string(o, key) { row.notes = v }
                case .id, .brewDate, .createdAt, .updatedAt, .method, .grinder, .bean: break
                }
            }
        }
    }

    /// A grind setting: a number, or text (a number written as text reads as the number).
    private func readGrindSetting(_ o: [String: Any], _ key: String, into row: inout BrewRow) throws(Rejection) {
        switch JSONValue.number(o, key) {
        case .value(let v): row.grindSetting = v
        case .missing: break
        case .wrongType:
            guard let s = o[key] as? String else {
                throw Rejection(column: key,
                    reason: "\(key) is a \(JSONValue.typeName(o[key]!)), not a number or text")
            }
            if case .value(let v) = NumberParser.parse(s) {
                row.grindSetting = v
            } else if !s.isEmpty {
                row.grindText = s
            }
        }
    }

    mutating func readBrews(_ brews: [Any], _ session: inout ImportSession) {
        let brewsKey = S.brewsKey
        for (i, element) in brews.enumerated() {
            let at = RecordLocation.element(array: brewsKey, index: i)
            guard let o = element as? [String: Any] else {
                session.reject(at: at, column: nil, reason: "a \(JSONValue.typeName(element)), not a brew object",
                               record: JSONValue.recordText([element]))
                continue
            }
            do throws(Rejection) {
                var row = BrewRow()
                for key in idKeys {
                    if let v = try string(o, key).map(canonicalID) { row.id = v }
                }
                for key in dateKeys {
                    guard let raw = try string(o, key) else { continue }
                    guard let t = instant(raw) else {
                        throw Rejection(column: key,
                                        reason: "unparseable brew date '\(QuotedInput.short(String(raw)))'")
                    }
                    row.brewDate = t
                    session.offsets.note(raw, instant: t.microseconds)
                }
                try readValues(o, into: &row, reads: session.reads)
                // A record time of the wrong type rejects the brew.
                for key in createdKeys + updatedKeys { _ = try string(o, key) }
                // References last: a record rejected above raises no dangling-reference warning.
                for key in methodKeys {
                    if let v = try reference(o, key, methods, at: i, &session) { row.method = v }
                }
                for key in grinderKeys {
                    if let v = try reference(o, key, grinders, at: i, &session) { row.grinder = v }
                }
                for key in beanKeys {
                    if let v = try reference(o, key, beans, at: i, &session) { row.bean = v }
                }
                for key in createdKeys {
                    if let v = date(o, key, at: at, &session) { row.createdAt = v }
                }
                for key in updatedKeys {
                    if let v = date(o, key, at: at, &session) { row.updatedAt = v }
                }
                let note = row.id.flatMap { notes[$0] }
                if let note {
                    row.acidity = note.acidity
                    row.body = note.body
                    row.sweetness = note.sweetness
                    row.flavorTags = note.tags
                }
                let kept = session.offer(row, at: at, record: { JSONValue.recordText(o) })
                if let id = row.id, note != nil {
                    noteUsed.insert(id)
                    if kept { session.builder.tastingNoteCount += 1 }
                }
            } catch {
                session.reject(at: at, column: error.column, reason: error.reason, record: JSONValue.recordText(o))
            }
        }
        let column = S.tastingNotesKey + "." + (keys(schema.tastingNotes, .brew).last ?? "brewId")
        // In the ids' order, so the first warning's words are the same in every process.
        for id in notes.keys.sorted() where !noteUsed.contains(id) {
            session.warn(.danglingReference, column: column, at: nil,
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
        try read(url, options: options, schema: .standard)
    }

    /// Reads the file as ``read(_:options:)`` does, by `schema`'s members.
    static func read(_ url: URL, options: ImportOptions, schema: JSONExportSchema) throws(ImportError) -> ImportResult {
        let path = url.path
        let parsed = try JSONValue.parse(try JournalImporter.mappedContents(url), file: path)
        if let root = parsed.value as? [String: Any], ForeignJSON.identify(root) == .beanconquerorUpload {
            return try BeanconquerorImporter.read(parsed, file: path, options: options)
        }
        if let root = parsed.value as? [String: Any], ForeignJSON.identify(root) == .brewSpec {
            return try BrewSpecImporter.read(url, options: options)
        }
        var session = ImportSession(file: path, format: .json, options: options)
        try read(parsed, into: &session, schema: schema)
        return session.finish()
    }
}
