import BrewColumns
import Foundation

/// The state one import accumulates: the journal builder, counts, rejects, aggregated warnings and the ids seen.
///
/// Importers call ``offer(_:at:record:)`` for every brew record that parsed, and ``reject(at:column:reason:record:)``
/// for one that did not; both count the record as read, so `read == kept + rejected` holds by construction.
struct ImportSession {
    /// The heaviest mass (dose, water, yield) a brew may have; above it the record is rejected as absurd.
    static let maxMassGrams = 10_000.0

    /// The import's fixed inputs, boxed: per-record calls then retain one reference instead of copying them.
    private final class Context: Sendable {
        let file: String
        let format: JournalFormat
        let options: ImportOptions
        init(file: String, format: JournalFormat, options: ImportOptions) {
            self.file = file; self.format = format; self.options = options
        }
    }

    private let context: Context
    var file: String { context.file }
    var format: JournalFormat { context.format }
    var options: ImportOptions { context.options }
    var builder: JournalBuilder
    private(set) var read = 0
    private(set) var rejects: [Reject] = []
    private var warnings: [ImportWarning] = []
    private var warningIndex: [String: Int] = [:]
    /// Warnings given so far (each call of ``warn(_:column:subject:at:_:)``), and for each of ``warnings`` the call
    /// that first gave it: the order ``absorb(_:keepingEntity:)`` merges the warnings of a file's chunks in.
    private var warningCalls = 0
    private var warningFirstCall: [Int] = []
    /// The entity being created while its attributes are read (set by the CSV importer around each creation).
    /// The UTC offsets the journal's date texts state (``StatedOffsets``): what tells the brews' time zone.
    var offsets = StatedOffsets()
    var creatingEntity: EntityTag?
    /// A chunk's session keeps the warnings given while creating an entity apart (``entityWarnings``): when an
    /// earlier chunk created the same entity, the one-pass read would not have created it again, nor warned.
    private var defersEntityWarnings = false
    private var entityWarnings: [(entity: EntityTag, call: Int, key: String, warning: ImportWarning)] = []
    private var seenIDs: IDSet
    /// Per-file spellings of field names (a CSV's headers as written), overriding ``BrewField/name(in:)``.
    var fieldNames: [BrewField: String] = [:]
    /// The column groups importers read and validate (``ImportOptions/readColumns``); a value of another column is
    /// never read, so a ``BrewRow`` leaves it `nil` and nothing below rejects or warns about it. The builder keeps
    /// ``ImportOptions/columns``, which may be fewer.
    let reads: BrewColumnSet

    func name(_ field: BrewField) -> String { fieldNames[field] ?? field.name(in: format) }

    /// - Parameter idCheck: how repeated brew ids are found. ``IDSet/Check/optimistic`` is for importers that can
    ///   read their input again: the session then keeps every brew whatever its id, and ``idsRepeated`` tells
    ///   afterwards whether the import must be redone with an ``IDSet/Check/exact`` session (see ``IDSet``).
    init(file: String, format: JournalFormat, options: ImportOptions, expectedBrews: Int = 0,
         idCheck: IDSet.Check = .exact) {
        self.context = Context(file: file, format: format, options: options)
        self.builder = JournalBuilder(expectedBrews: expectedBrews, columns: options.columns)
        self.reads = options.readColumns
        self.seenIDs = IDSet(check: idCheck)
        self.seenIDs.reserve(expectedBrews)
    }

    /// An entity a record creates: the method, grinder or bean the creating builder gives index `n`.
    enum EntityTag: Equatable {
        case method(Int), grinder(Int), bean(Int)
    }

    /// A session for one chunk of the file `session` reads, read on its own in parallel with the others and then
    /// merged, in file order, into `session` by ``absorb(_:keepingEntity:)``: the same file, options and field
    /// names; a ``IDSet/Check/deferred`` id set; entity warnings kept apart.
    static func chunk(of session: ImportSession, expectedBrews: Int) -> ImportSession {
        var chunk = ImportSession(context: session.context, reads: session.reads, expectedBrews: expectedBrews)
        chunk.fieldNames = session.fieldNames
        chunk.defersEntityWarnings = true
        return chunk
    }

    private init(context: Context, reads: BrewColumnSet, expectedBrews: Int) {
        self.context = context
        self.builder = JournalBuilder(expectedBrews: expectedBrews, columns: context.options.columns)
        self.reads = reads
        self.seenIDs = IDSet(check: .deferred)
        self.seenIDs.reserve(expectedBrews)
    }

    /// Whether this session checks ids the optimistic way (see ``init(file:format:options:expectedBrews:idCheck:)``).
    var checksIDsOptimistically: Bool { seenIDs.check == .optimistic }

    /// Takes the id set out of a chunk's session (leaving an empty one), for ``IDSet/repeatAcross(_:workers:)``.
    mutating func takeIDs() -> IDSet {
        var ids = IDSet(check: .deferred)
        swap(&ids, &seenIDs)
        return ids
    }

    /// Records that the ids of the chunks merged into this optimistic session repeat, so ``idsRepeated`` is `true`.
    mutating func noteRepeatedIDs() { seenIDs.noteRepeated() }

    /// Merges `chunk`, the session of the next part of the file (``chunk(of:expectedBrews:)``), into this one: its
    /// counts and rejects follow this session's, and its warnings merge as if one session had given them all in
    /// file order (a warning known here counts up, a new one is appended). A warning given while creating an entity
    /// is kept only when `keepingEntity` says the entity is new here. The builder is merged by the caller
    /// (``JournalBuilder/append(contentsOf:methods:grinders:beans:)``), which knows the entity maps.
    mutating func absorb(_ chunk: ImportSession, keepingEntity: (EntityTag) -> Bool) {
        read += chunk.read
        offsets.merge(chunk.offsets)
        rejects.append(contentsOf: chunk.rejects)
        var keys = [String](repeating: "", count: chunk.warnings.count)
        for (key, i) in chunk.warningIndex { keys[i] = key }
        var entries = chunk.warnings.indices.map {
            (call: chunk.warningFirstCall[$0], key: keys[$0], warning: chunk.warnings[$0])
        }
        for e in chunk.entityWarnings where keepingEntity(e.entity) {
            entries.append((call: e.call, key: e.key, warning: e.warning))
        }
        entries.sort { $0.call < $1.call }
        for e in entries {
            warningCalls += 1
            if let i = warningIndex[e.key] {
                warnings[i].count += e.warning.count
            } else {
                warningIndex[e.key] = warnings.count
                warningFirstCall.append(warningCalls)
                warnings.append(e.warning)
            }
        }
    }

    /// Whether an ``IDSet/Check/optimistic`` session saw a brew id twice, so that its journal is not the exact one
    /// (it kept the repeats) and the import must be read again with an exact session. Always `false` for an exact
    /// session.
    var idsRepeated: Bool { mutating get { seenIDs.repeated } }

    /// Makes room for `n` brews in the journal's columns and the duplicate-id set (an estimate: more brews still fit,
    /// they only cost a column's doubling).
    mutating func reserve(brews n: Int) {
        builder.reserveCapacity(brews: n)
        seenIDs.reserve(n)
    }

    /// Counts a record that cannot be a brew.
    mutating func reject(
        at location: RecordLocation, column: String?, reason: String, record: String?, file: String? = nil
    ) {
        read += 1
        rejects.append(Reject(file: file ?? self.file, where: location.description, column: column, reason: reason,
                              record: record.map(clip)))
    }

    /// Validates a parsed brew and appends it, or rejects it. Returns whether it was kept.
    ///
    /// `record` is evaluated only on rejection.
    @discardableResult
    mutating func offer(_ row: BrewRow, at location: @autoclosure () -> RecordLocation,
                        record: () -> String?, file: String? = nil) -> Bool {
        offer(row, text: BrewRowText(), uuid: nil, at: location(), record: record, file: file)
    }

    /// ``offer(_:at:record:file:)`` for a brew whose id, notes or flavour tags are borrowed bytes (`text`, see
    /// ``JournalBuilder/appendBrew(_:text:)``). `uuid`, when given, is the id's value (`text.id` or `row.id`
    /// spells it), so the duplicate check needs no text.
    @discardableResult
    mutating func offer(_ row: BrewRow, text: BrewRowText, uuid: UUIDWords?,
                        at location: @autoclosure () -> RecordLocation,
                        record: () -> String?, file: String? = nil) -> Bool {
        if let reason = rejection(of: row) {
            reject(at: location(), column: name(reason.field), reason: reason.text, record: record(), file: file)
            return false
        }
        let duplicate: Bool
        if let uuid { duplicate = !seenIDs.insert(uuid: uuid) }
        else if let id = text.id.map({ String(decoding: $0, as: UTF8.self) }) ?? row.id {
            duplicate = !seenIDs.insert(id)
        }
        else { duplicate = false }
        if duplicate {
            let id = text.id.map { String(decoding: $0, as: UTF8.self) } ?? row.id ?? ""
            reject(at: location(), column: name(.id),
                   reason: "duplicate brew id \(id) (the first record with it is kept)", record: record(), file: file)
            return false
        }
        read += 1
        flagImplausible(row, at: location)
        if let g = row.grindSetting, !(abs(g) <= GrinderSettings.limit) {
            // Dropped, not kept: a setting past the bounds would stretch the grinder's scale past every count the
            // advisor and the charts make of it (``GrinderSettings``).
            var kept = row
            kept.grindSetting = nil
            warn(.unreadableValue, column: name(.grind), at: location(),
                 "grind setting \(GrinderSettings.settingProblem(g) ?? "\(g)"): the brew is kept without it")
            builder.appendBrew(kept, text: text)
            return true
        }
        builder.appendBrew(row, text: text)
        return true
    }

    /// Adds a grinder read from the file, its recorded range checked first (``GrinderSettings``): a range past the
    /// bounds (a `settingMax` of 10¹⁹, a step of 10⁻³⁰⁰, `inf`, a minimum not below the maximum) is dropped for the
    /// contract's default 0–40, step 1 (what a missing range reads as), with a warning naming the grinder and why.
    ///
    /// - Parameter columns: the file's names for `settingMin`, `settingMax`, `settingStep`.
    mutating func addGrinder(_ grinder: Grinder, at location: RecordLocation,
                             columns: (min: String, max: String, step: String)) -> Int32 {
        guard let (field, reason) = GrinderSettings.rangeProblem(min: grinder.settingMin, max: grinder.settingMax,
                                                                 step: grinder.settingStep) else {
            return builder.addGrinder(grinder)
        }
        var g = grinder
        (g.settingMin, g.settingMax, g.settingStep) = (0, 40, 1)
        let column = switch field { case .min: columns.min; case .max: columns.max; case .step: columns.step }
        warn(.unreadableValue, column: column, subject: location.description, at: location,
             "grinder '\(QuotedInput.short(grinder.displayName))': " +
                 "\(reason); its range is dropped (read as 0–40, step 1)")
        return builder.addGrinder(g)
    }

    private func rejection(of row: BrewRow) -> (field: BrewField, text: String)? {
        guard let date = row.brewDate else { return (.brewDate, "missing brew date") }
        if !Self.plausibleDates.contains(date.microseconds) {
            return (.brewDate, "brew date \(ISO8601.format(date)) is outside the accepted years \(Self.plausibleYears)")
        }
        if let reason = Self.massRejection(row.doseGrams) { return (.dose, reason) }
        if let reason = Self.massRejection(row.waterGrams) { return (.water, reason) }
        if let reason = Self.massRejection(row.yieldGrams) { return (.yield, reason) }
        if let reason = Self.measureRejection(row.brewTimeSeconds) { return (.time, reason) }
        if let reason = Self.measureRejection(row.tds) { return (.tds, reason) }
        if let v = row.waterTemperature, !v.isFinite { return (.temperature, "not a finite number") }
        if let v = row.rating, !v.isFinite { return (.rating, "not a finite number") }
        if let v = row.acidity, !v.isFinite { return (.acidity, "not a finite number") }
        if let v = row.body, !v.isFinite { return (.body, "not a finite number") }
        if let v = row.sweetness, !v.isFinite { return (.sweetness, "not a finite number") }
        return nil
    }

    @inline(__always)
    private static func massRejection(_ value: Double?) -> String? {
        guard let v = value, !(v >= 0 && v <= maxMassGrams) else { return nil }
        if !v.isFinite { return "mass is not a finite number" }
        if v < 0 { return "negative mass \(format(v)) g" }
        return "absurd mass \(format(v)) g (more than 10 kg)"
    }

    @inline(__always)
    private static func measureRejection(_ value: Double?) -> String? {
        guard let v = value, !(v >= 0 && v.isFinite) else { return nil }
        return v.isFinite ? "negative value \(format(v))" : "not a finite number"
    }

    private mutating func flagImplausible(_ row: BrewRow, at location: () -> RecordLocation) {
        @inline(__always) func outside(_ value: Double?, _ range: ClosedRange<Double>) -> Bool {
            guard let v = value else { return false }
            return !range.contains(v)
        }
        // The common case, every value plausible, costs a few comparisons.
        guard outside(row.doseGrams, 0...100) || outside(row.waterGrams, 0...5000) || outside(row.yieldGrams, 0...5000)
            || outside(row.brewTimeSeconds, 0...86_400) || outside(row.waterTemperature, 0...100)
                || outside(row.tds, 0...25)
            || outside(row.rating, 0...5) || outside(row.acidity, 1...5) || outside(row.body, 1...5)
            || outside(row.sweetness, 1...5) else { return }
        func check(_ field: BrewField, _ value: Double?, _ range: ClosedRange<Double>, _ unit: String) {
            guard let v = value, !range.contains(v) else { return }
            let column = name(field)
            warn(.outOfRange, column: column, at: location(),
                 "\(column) \(Self.format(v))\(unit) outside the plausible " +
                     "\(Self.format(range.lowerBound))–\(Self.format(range.upperBound))\(unit)")
        }
        check(.dose, row.doseGrams, 0...100, " g")
        check(.water, row.waterGrams, 0...5000, " g")
        check(.yield, row.yieldGrams, 0...5000, " g")
        check(.time, row.brewTimeSeconds, 0...86_400, " s")
        check(.temperature, row.waterTemperature, 0...100, " °C")
        check(.tds, row.tds, 0...25, " %")
        check(.rating, row.rating, 0...5, "")
        check(.acidity, row.acidity, 1...5, "")
        check(.body, row.body, 1...5, "")
        check(.sweetness, row.sweetness, 1...5, "")
    }

    /// Records a warning, merged with earlier ones of the same kind, column and `subject` (the count goes up; the
    /// first occurrence's place and message are kept).
    ///
    /// Per-record findings (an implausible dose on 10,000 rows, bad UTF-8 in a column) pass no `subject` and make one
    /// line with a count. A finding about one named thing — an equipment's cached counters — passes that thing's
    /// identity as `subject`, so every thing keeps its own warning and none is hidden behind the first.
    mutating func warn(_ kind: ImportWarning.Kind, column: String?, subject: String? = nil,
                       at location: RecordLocation?,
                       _ message: @autoclosure () -> String) {
        let key = "\(kind.rawValue)\u{1}\(column ?? "")\u{1}\(subject ?? "")"
        warningCalls += 1
        if defersEntityWarnings, let entity = creatingEntity {
            entityWarnings.append((entity: entity, call: warningCalls, key: key, warning: ImportWarning(
                kind: kind, column: column, count: 1, where: location?.description, message: message())))
            return
        }
        if let i = warningIndex[key] {
            warnings[i].count += 1
            return
        }
        warningIndex[key] = warnings.count
        warningFirstCall.append(warningCalls)
        warnings.append(
            ImportWarning(kind: kind, column: column, count: 1, where: location?.description, message: message()))
    }

    private func clip(_ text: String) -> String {
        let limit = options.maxRecordBytes
        guard text.utf8.count > limit else { return text }
        var cut = text.utf8.prefix(limit)
        while let last = cut.last, last & 0xC0 == 0x80 { cut = cut.dropLast() }  // whole scalars only
        if let last = cut.last, last >= 0xC0 { cut = cut.dropLast() }
        return String(decoding: cut, as: UTF8.self) + "…"
    }

    /// A value for a message a person reads: integers as digits, other values rounded to at most 6 decimals with
    /// trailing zeros dropped (`28.7`, never the binary artefact `28.700000000000003`), U+2212 as the minus sign.
    static func format(_ v: Double) -> String {
        guard v.isFinite else { return String(v) }
        var s: String
        if v == v.rounded() && abs(v) < 1e15 {
            s = String(Int64(v))
        } else if abs(v) < 1e15 {
            s = String(format: "%.6f", v)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        } else {
            s = String(v)
        }
        if s == "-0" { s = "0" }
        return s.hasPrefix("-") ? "\u{2212}" + s.dropFirst() : s
    }

    /// Ends the import: builds the journal, compares cached equipment counters with the brews, and writes the report.
    mutating func finish() -> ImportResult {
        seenIDs = IDSet()  // no brew comes after this: free the set before the columns' final allocations
        let journal = builder.finish()
        checkCachedCounters(journal)
        warnings += ImportWarning.replacedControls(builder.replacedControls)
        let report = ImportReport(
            file: file, format: format,
            brews: .init(read: read, kept: journal.brews.count, rejected: rejects.count),
            methods: journal.methods.count, grinders: journal.grinders.count, beans: journal.beans.count,
            tastingNotes: journal.tastingNoteCount, warnings: warnings, rejects: rejects, statedOffsets: offsets)
        assert(report.brews.read == report.brews.kept + report.brews.rejected, "ImportReport: read != kept + rejected")
        return ImportResult(journal: journal, report: report)
    }

    /// Compares each method's and (when the journal keeps the grinder reference) grinder's cached `brewCount` and
    /// `lastUsedDate` with the kept brews: one
    /// ``ImportWarning/Kind/cachedCounterMismatch`` per equipment and counter that disagree, naming the equipment and
    /// both values. A cached date agrees when it is within one second of the latest brew's; a cached date with no brew
    /// at all disagrees ("last brew none").
    private mutating func checkCachedCounters(_ journal: Journal) {
        func usage(_ column: DictionaryColumn, entities: Int) -> (counts: [Int], last: [Int64?]) {
            var counts = [Int](repeating: 0, count: entities)
            var last = [Int64?](repeating: nil, count: entities)
            let dates = journal.brews.brewDate
            for i in 0..<column.count {
                guard let code = column.code(i) else { continue }
                counts[Int(code)] += 1
                if let d = dates[i] { last[Int(code)] = max(last[Int(code)] ?? d, d) }
            }
            return (counts, last)
        }
        func compare(kind: String, names: [String], cachedCount: [Int?], cachedLast: [Timestamp?],
                     column: DictionaryColumn) {
            let (counts, last) = usage(column, entities: names.count)
            for i in names.indices {
                if let cached = cachedCount[i], cached != counts[i] {
                    warn(.cachedCounterMismatch, column: "\(kind).brewCount", subject: "\(kind)#\(i)", at: nil,
                         "\(kind) '\(QuotedInput.short(names[i]))': cached " +
                             "brewCount \(cached), recomputed from the brews \(counts[i])")
                }
                if let cached = cachedLast[i] {
                    let differs = last[i].map {
                        let (gap, overflow) = $0.subtractingReportingOverflow(cached.microseconds)
                        return overflow || gap.magnitude > 1_000_000
                    } ?? true
                    if differs {
                        let actual = last[i].map { ISO8601.format(Timestamp(microseconds: $0)) } ?? "none"
                        warn(.cachedCounterMismatch, column: "\(kind).lastUsedDate", subject: "\(kind)#\(i)", at: nil,
                             "\(kind) '\(QuotedInput.short(names[i]))': cached lastUsedDate " +
                                 "\(ISO8601.format(cached)), last brew \(actual)")
                    }
                }
            }
        }
        compare(kind: "method", names: journal.methods.map(\.displayName),
                cachedCount: journal.methods.map(\.cachedBrewCount), cachedLast: journal.methods.map(\.cachedLastUsed),
                column: journal.brews.method)
        // A journal that does not keep the grinder reference (``BrewColumnSet/grinder``) has nothing to compare with.
        guard builder.columns.contains(.grinder) else { return }
        compare(kind: "grinder", names: journal.grinders.map(\.displayName),
                cachedCount: journal.grinders.map(\.cachedBrewCount),
                cachedLast: journal.grinders.map(\.cachedLastUsed),
                column: journal.brews.grinder)
    }
}

/// Canonical spelling of ids: a UUID (any case, with hyphens) becomes upper-case, as `UUID.uuidString` writes it,
/// so the same brew has the same id in every encoding; any other id is kept as written.
func canonicalID(_ s: String) -> String {
    let u = s.utf8
    guard u.count == 36 else { return s }
    var needsUpper = false
    for (i, b) in u.enumerated() {
        switch i {
        case 8, 13, 18, 23: if b != UInt8(ascii: "-") { return s }
        default:
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): break
            case UInt8(ascii: "a")...UInt8(ascii: "f"): needsUpper = true
            default: return s
            }
        }
    }
    return needsUpper ? s.uppercased() : s
}
