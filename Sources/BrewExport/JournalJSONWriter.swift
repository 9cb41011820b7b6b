import BrewColumns
import BrewFormatSchemas
import BrewProgress
import Foundation

/// Writes a journal as the app's JSON export (docs/formats.md): `format`, `version`, then `methods`,
/// `grinders`, `beans`, `brews` and `tastingNotes`, every entity with its id and the model's field names. Keys are
/// sorted, so the same journal gives the same bytes; `exportedAt` is left out (it would make every export differ).
///
/// - Entities keep every field the model has (a grinder's range and step, a bean's variety and notes …), unused
///   entities included.
/// - An entity or brew without an id gets one derived from its position (`brewstats-method-3`), stable for the
///   same journal, so references still join.
/// - A brew's tasting-note fields become a `tastingNotes` record (id `<brew id>-note`) joined by `brewId`.
/// - `grindSetting` is the number, or the text when the setting is not a number.
/// - Dropped (listed): a bag's weight, price and currency (the app's JSON has no place for them).
public struct JournalJSONWriter: Sendable {
    /// The format's members (BrewFormatSchemas' ``BrewFormatSchemas/JSONExportSchema``): each is written from its
    /// journal field, except the app's bookkeeping (cached counters, record times), which the export leaves out.
    public var schema: JSONExportSchema

    public init(schema: JSONExportSchema = .standard) { self.schema = schema }

    /// The document's bytes.
    public func encode(_ journal: Journal, dropped: inout DroppedFields,
                       progress: WorkProgress = .none) throws(ExportError) -> [UInt8] {
        let t = journal.brews
        EntityDrops.note(journal, used: UsedEntities(t), into: &dropped, holdsEntityFields: true, holdsBagFields: false)
        let methodIDs = journal.methods.enumerated().map { $1.id ?? "brewstats-method-\($0 + 1)" }
        let grinderIDs = journal.grinders.enumerated().map { $1.id ?? "brewstats-grinder-\($0 + 1)" }
        let beanIDs = journal.beans.enumerated().map { $1.id ?? "brewstats-bean-\($0 + 1)" }
        var doc = Document()
        doc.methods = journal.methods.enumerated().map { i, m in
            var o = Record()
            for member in schema.methods where !member.field.isBookkeeping {
                o[member.key] = switch member.field {
                case .id: .text(methodIDs[i])
                case .name: m.name.map(Value.text)
                case .category: .text(m.category.rawString)
                case .notes: m.notes.map(Value.text)
                case .brewCount, .lastUsed, .createdAt, .updatedAt: nil
                }
            }
            return o
        }
        doc.grinders = journal.grinders.enumerated().map { i, g in
            var o = Record()
            for member in schema.grinders where !member.field.isBookkeeping {
                o[member.key] = switch member.field {
                case .id: .text(grinderIDs[i])
                case .name: g.name.map(Value.text)
                case .type: g.type.map { .text($0.rawValue) }
                case .settingMin: .number(g.settingMin)
                case .settingMax: .number(g.settingMax)
                case .settingStep: .number(g.settingStep)
                case .notes: g.notes.map(Value.text)
                case .brewCount, .lastUsed, .createdAt, .updatedAt: nil
                }
            }
            return o
        }
        doc.beans = journal.beans.enumerated().map { i, b in
            var o = Record()
            for member in schema.beans where !member.field.isBookkeeping {
                o[member.key] = switch member.field {
                case .id: .text(beanIDs[i])
                case .name: b.name.map(Value.text)
                case .roaster: b.roaster.map(Value.text)
                case .origin: b.origin.map(Value.text)
                case .variety: b.variety.map(Value.text)
                case .processing: b.processing.map(Value.text)
                case .roastLevel: b.roastLevel.map { .text($0.rawString) }
                case .roastDate: b.roastDate.map { .text($0.description) }
                case .isArchived: b.isArchived.map(Value.bool)
                case .notes: b.notes.map(Value.text)
                // The freezer's days (docs/formats.md), left out when the bean logs none.
                case .frozenDate: b.frozenDate.map { .text($0.description) }
                case .thawDate: b.thawDate.map { .text($0.description) }
                case .createdAt, .updatedAt: nil
                }
            }
            return o
        }
        func value(_ c: Float64Column, _ i: Int) -> Value? {
            guard c.isValid(i), c.values[i].isFinite else { return nil }
            return .number(c.values[i])
        }
        doc.brews.reserveCapacity(t.count)
        for i in 0..<t.count {
            if i % WorkProgress.stride == 0 { progress.report("brews written", done: i, of: t.count) }
            let id = t.id[i] ?? "brewstats-brew-\(i + 1)"
            var brew = Record()
            for member in schema.brews where !member.field.isBookkeeping {
                brew[member.key] = switch member.field {
                case .id: .text(id)
                case .brewDate:
                    t.brewDate.isValid(i)
                        ? .text(ExportDates.instant(Timestamp(microseconds: t.brewDate.values[i]))) : nil
                case .method: t.method.code(i).map { .text(methodIDs[Int($0)]) }
                case .grinder: t.grinder.code(i).map { .text(grinderIDs[Int($0)]) }
                case .bean: t.bean.code(i).map { .text(beanIDs[Int($0)]) }
                case .doseGrams: value(t.doseGrams, i)
                case .waterGrams: value(t.waterGrams, i)
                case .yieldGrams: value(t.yieldGrams, i)
                case .brewTimeSeconds: value(t.brewTimeSeconds, i)
                case .waterTemperature: value(t.waterTemperature, i)
                // The number, or the text when the setting is not a number.
                case .grindSetting: value(t.grindSetting, i) ?? t.grindText[i].map(Value.text)
                case .pressureProfile: t.pressureProfile[i].map(Value.text)
                case .rating: value(t.rating, i)
                case .tds: value(t.tds, i)
                case .notes: t.notes[i].map(Value.text)
                case .createdAt, .updatedAt: nil
                }
            }
            doc.brews.append(brew)
            let scores = (acidity: value(t.acidity, i), body: value(t.body, i), sweetness: value(t.sweetness, i),
                          tags: t.flavorTags[i].map(Value.text))
            guard scores.acidity != nil || scores.body != nil || scores.sweetness != nil || scores.tags != nil else {
                continue
            }
            var note = Record()
            for member in schema.tastingNotes {
                note[member.key] = switch member.field {
                case .id: .text(id + "-note")
                case .brew: .text(id)
                case .acidity: scores.acidity
                case .body: scores.body
                case .sweetness: scores.sweetness
                case .flavorTags: scores.tags
                }
            }
            doc.tastingNotes.append(note)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(doc))
        } catch {
            throw ExportError(.output, path: "", "the journal could not be encoded as JSON: \(error)")
        }
    }

    /// One record: its members by key (a `nil` value is left out); the encoder sorts the keys.
    private typealias Record = [String: Value]

    private struct Document: Encodable {
        var methods: [Record] = []
        var grinders: [Record] = []
        var beans: [Record] = []
        var brews: [Record] = []
        var tastingNotes: [Record] = []

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(JSONExportSchema.formatName, forKey: Key(JSONExportSchema.formatKey))
            try c.encode(JSONExportSchema.version, forKey: Key(JSONExportSchema.versionKey))
            try c.encode(methods, forKey: Key(JSONExportSchema.methodsKey))
            try c.encode(grinders, forKey: Key(JSONExportSchema.grindersKey))
            try c.encode(beans, forKey: Key(JSONExportSchema.beansKey))
            try c.encode(brews, forKey: Key(JSONExportSchema.brewsKey))
            try c.encode(tastingNotes, forKey: Key(JSONExportSchema.tastingNotesKey))
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A member's value: text, a number or a boolean.
    enum Value: Encodable {
        case text(String)
        case number(Double)
        case bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .text(let s): try c.encode(s)
            case .number(let v): try c.encode(v)
            case .bool(let b): try c.encode(b)
            }
        }
    }
}
