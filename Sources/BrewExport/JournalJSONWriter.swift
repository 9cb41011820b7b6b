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
        EntityDrops.note(journal, used: UsedEntities(journal.brews), into: &dropped, holdsEntityFields: true,
                         holdsBagFields: false)
        let doc = Document(schema: schema, journal: journal, progress: progress)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(doc))
        } catch {
            throw ExportError(.output, path: "", "the journal could not be encoded as JSON: \(error)")
        }
    }

    /// The document, encoded record by record as the encoder asks for it: each record's members are walked from the
    /// schema and encoded straight into its container, as a struct's properties would be, with nothing built per
    /// record beforehand (a list of members per brew held 324 MB at most for a 100,000-brew export, this 217 MB).
    ///
    /// A class: each record holds it, and a struct's copy would retain every column of the journal per record.
    private final class Document: Encodable {
        let schema: JSONExportSchema
        let journal: Journal
        /// The journal's brews, held apart so a record reads its columns without copying the journal.
        let brews: BrewTable
        let progress: WorkProgress
        /// Each entity's id, or one derived from its position (`brewstats-method-3`), so references still join.
        let methodIDs: [String], grinderIDs: [String], beanIDs: [String]
        /// The brews' and tasting notes' members written (the bookkeeping left out), each with its key, once.
        let brewMembers: [(key: Key, field: JSONExportSchema.BrewField)]
        let noteMembers: [(key: Key, field: JSONExportSchema.NoteField)]

        init(schema: JSONExportSchema, journal: Journal, progress: WorkProgress) {
            self.schema = schema; self.journal = journal; self.brews = journal.brews; self.progress = progress
            methodIDs = journal.methods.enumerated().map { $1.id ?? "brewstats-method-\($0 + 1)" }
            grinderIDs = journal.grinders.enumerated().map { $1.id ?? "brewstats-grinder-\($0 + 1)" }
            beanIDs = journal.beans.enumerated().map { $1.id ?? "brewstats-bean-\($0 + 1)" }
            brewMembers = schema.brews.filter { !$0.field.isBookkeeping }.map { (Key($0.key), $0.field) }
            noteMembers = schema.tastingNotes.map { (Key($0.key), $0.field) }
        }

        func encode(to encoder: any Encoder) throws {
            typealias S = JSONExportSchema
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(S.formatName, forKey: Key(S.formatKey))
            try c.encode(S.version, forKey: Key(S.versionKey))
            try c.encode(Rows(count: journal.methods.count) { Record(doc: self, kind: .method, i: $0) },
                         forKey: Key(S.methodsKey))
            try c.encode(Rows(count: journal.grinders.count) { Record(doc: self, kind: .grinder, i: $0) },
                         forKey: Key(S.grindersKey))
            try c.encode(Rows(count: journal.beans.count) { Record(doc: self, kind: .bean, i: $0) },
                         forKey: Key(S.beansKey))
            let count = brews.count
            try c.encode(Rows(count: count) { i in
                if i % WorkProgress.stride == 0 { self.progress.report("brews written", done: i, of: count) }
                return Record(doc: self, kind: .brew, i: i)
            }, forKey: Key(S.brewsKey))
            try c.encode(Rows(count: count) { self.hasNote($0) ? Record(doc: self, kind: .note, i: $0) : nil },
                         forKey: Key(S.tastingNotesKey))
        }

        func value(_ c: Float64Column, _ i: Int) -> Double? {
            guard c.isValid(i), c.values[i].isFinite else { return nil }
            return c.values[i]
        }

        /// Whether brew `i` has a tasting note: a score or flavour tags.
        func hasNote(_ i: Int) -> Bool {
            let t = brews
            return value(t.acidity, i) != nil || value(t.body, i) != nil || value(t.sweetness, i) != nil
                || t.flavorTags[i] != nil
        }

        func brewID(_ i: Int) -> String { brews.id[i] ?? "brewstats-brew-\(i + 1)" }
    }

    /// The records of one array, `record(i)` for each index (`nil` leaves the index out).
    private struct Rows: Encodable {
        let count: Int
        let record: (Int) -> Record?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            for i in 0..<count { if let r = record(i) { try c.encode(r) } }
        }
    }

    /// Record `i` of one array, its members written from the journal as the schema lists them (a `nil` value is
    /// left out; the encoder sorts the keys).
    private struct Record: Encodable {
        enum Kind { case method, grinder, bean, brew, note }
        let doc: Document
        let kind: Kind
        let i: Int

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            switch kind {
            case .method: try method(&c)
            case .grinder: try grinder(&c)
            case .bean: try bean(&c)
            case .brew: try brew(&c)
            case .note: try note(&c)
            }
        }

        private func method(_ c: inout KeyedEncodingContainer<Key>) throws {
            let m = doc.journal.methods[i]
            for member in doc.schema.methods where !member.field.isBookkeeping {
                let k = Key(member.key)
                switch member.field {
                case .id: try c.encode(doc.methodIDs[i], forKey: k)
                case .name: try c.encodeIfPresent(m.name, forKey: k)
                case .category: try c.encode(m.category.rawString, forKey: k)
                case .notes: try c.encodeIfPresent(m.notes, forKey: k)
                case .brewCount, .lastUsed, .createdAt, .updatedAt: break
                }
            }
        }

        private func grinder(_ c: inout KeyedEncodingContainer<Key>) throws {
            let g = doc.journal.grinders[i]
            for member in doc.schema.grinders where !member.field.isBookkeeping {
                let k = Key(member.key)
                switch member.field {
                case .id: try c.encode(doc.grinderIDs[i], forKey: k)
                case .name: try c.encodeIfPresent(g.name, forKey: k)
                case .type: try c.encodeIfPresent(g.type?.rawValue, forKey: k)
                case .settingMin: try c.encode(g.settingMin, forKey: k)
                case .settingMax: try c.encode(g.settingMax, forKey: k)
                case .settingStep: try c.encode(g.settingStep, forKey: k)
                case .notes: try c.encodeIfPresent(g.notes, forKey: k)
                case .brewCount, .lastUsed, .createdAt, .updatedAt: break
                }
            }
        }

        private func bean(_ c: inout KeyedEncodingContainer<Key>) throws {
            let b = doc.journal.beans[i]
            for member in doc.schema.beans where !member.field.isBookkeeping {
                let k = Key(member.key)
                switch member.field {
                case .id: try c.encode(doc.beanIDs[i], forKey: k)
                case .name: try c.encodeIfPresent(b.name, forKey: k)
                case .roaster: try c.encodeIfPresent(b.roaster, forKey: k)
                case .origin: try c.encodeIfPresent(b.origin, forKey: k)
                case .variety: try c.encodeIfPresent(b.variety, forKey: k)
                case .processing: try c.encodeIfPresent(b.processing, forKey: k)
                case .roastLevel: try c.encodeIfPresent(b.roastLevel?.rawString, forKey: k)
                case .roastDate: try c.encodeIfPresent(b.roastDate?.description, forKey: k)
                case .isArchived: try c.encodeIfPresent(b.isArchived, forKey: k)
                case .notes: try c.encodeIfPresent(b.notes, forKey: k)
                // The freezer's days (docs/formats.md), left out when the bean logs none.
                case .frozenDate: try c.encodeIfPresent(b.frozenDate?.description, forKey: k)
                case .thawDate: try c.encodeIfPresent(b.thawDate?.description, forKey: k)
                case .createdAt, .updatedAt: break
                }
            }
        }

        private func brew(_ c: inout KeyedEncodingContainer<Key>) throws {
            let t = doc.brews
            for (k, field) in doc.brewMembers {
                switch field {
                case .id: try c.encode(doc.brewID(i), forKey: k)
                case .brewDate:
                    if t.brewDate.isValid(i) {
                        try c.encode(ExportDates.instant(Timestamp(microseconds: t.brewDate.values[i])), forKey: k)
                    }
                case .method: try c.encodeIfPresent(t.method.code(i).map { doc.methodIDs[Int($0)] }, forKey: k)
                case .grinder: try c.encodeIfPresent(t.grinder.code(i).map { doc.grinderIDs[Int($0)] }, forKey: k)
                case .bean: try c.encodeIfPresent(t.bean.code(i).map { doc.beanIDs[Int($0)] }, forKey: k)
                case .doseGrams: try c.encodeIfPresent(doc.value(t.doseGrams, i), forKey: k)
                case .waterGrams: try c.encodeIfPresent(doc.value(t.waterGrams, i), forKey: k)
                case .yieldGrams: try c.encodeIfPresent(doc.value(t.yieldGrams, i), forKey: k)
                case .brewTimeSeconds: try c.encodeIfPresent(doc.value(t.brewTimeSeconds, i), forKey: k)
                case .waterTemperature: try c.encodeIfPresent(doc.value(t.waterTemperature, i), forKey: k)
                // The number, or the text when the setting is not a number.
                case .grindSetting:
                    if let g = doc.value(t.grindSetting, i) {
                        try c.encode(g, forKey: k)
                    } else {
                        try c.encodeIfPresent(t.grindText[i], forKey: k)
                    }
                case .pressureProfile: try c.encodeIfPresent(t.pressureProfile[i], forKey: k)
                case .rating: try c.encodeIfPresent(doc.value(t.rating, i), forKey: k)
                case .tds: try c.encodeIfPresent(doc.value(t.tds, i), forKey: k)
                case .notes: try c.encodeIfPresent(t.notes[i], forKey: k)
                case .createdAt, .updatedAt: break
                }
            }
        }

        /// The tasting note of brew `i` (id `<brew id>-note`, joined by the brew's id).
        private func note(_ c: inout KeyedEncodingContainer<Key>) throws {
            let t = doc.brews
            for (k, field) in doc.noteMembers {
                switch field {
                case .id: try c.encode(doc.brewID(i) + "-note", forKey: k)
                case .brew: try c.encode(doc.brewID(i), forKey: k)
                case .acidity: try c.encodeIfPresent(doc.value(t.acidity, i), forKey: k)
                case .body: try c.encodeIfPresent(doc.value(t.body, i), forKey: k)
                case .sweetness: try c.encodeIfPresent(doc.value(t.sweetness, i), forKey: k)
                case .flavorTags: try c.encodeIfPresent(t.flavorTags[i], forKey: k)
                }
            }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
