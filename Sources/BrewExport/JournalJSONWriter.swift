import BrewColumns
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
    public init() {}

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
            Method(id: methodIDs[i], name: m.name, category: m.category.rawString, notes: m.notes)
        }
        doc.grinders = journal.grinders.enumerated().map { i, g in
            Grinder(id: grinderIDs[i], name: g.name, type: g.type?.rawValue, settingMin: g.settingMin,
                    settingMax: g.settingMax, settingStep: g.settingStep, notes: g.notes)
        }
        doc.beans = journal.beans.enumerated().map { i, b in
            Bean(id: beanIDs[i], name: b.name, roaster: b.roaster, origin: b.origin, variety: b.variety,
                 processing: b.processing, roastLevel: b.roastLevel?.rawString, roastDate: b.roastDate?.description,
                 isArchived: b.isArchived, notes: b.notes, frozenDate: b.frozenDate?.description,
                 thawDate: b.thawDate?.description)
        }
        func value(_ c: Float64Column, _ i: Int) -> Double? {
            guard c.isValid(i), c.values[i].isFinite else { return nil }
            return c.values[i]
        }
        doc.brews.reserveCapacity(t.count)
        for i in 0..<t.count {
            if i % WorkProgress.stride == 0 { progress.report("brews written", done: i, of: t.count) }
            let id = t.id[i] ?? "brewstats-brew-\(i + 1)"
            var brew = Brew(id: id)
            if t.brewDate.isValid(i) {
                brew.brewDate = ExportDates.instant(Timestamp(microseconds: t.brewDate.values[i]))
            }
            brew.methodId = t.method.code(i).map { methodIDs[Int($0)] }
            brew.grinderId = t.grinder.code(i).map { grinderIDs[Int($0)] }
            brew.beanId = t.bean.code(i).map { beanIDs[Int($0)] }
            brew.doseGrams = value(t.doseGrams, i)
            brew.waterGrams = value(t.waterGrams, i)
            brew.yieldGrams = value(t.yieldGrams, i)
            brew.brewTimeSeconds = value(t.brewTimeSeconds, i)
            brew.waterTemperature = value(t.waterTemperature, i)
            if let g = value(t.grindSetting, i) {
                brew.grindSetting = .number(g)
            } else if let text = t.grindText[i] {
                brew.grindSetting = .text(text)
            }
            brew.pressureProfile = t.pressureProfile[i]
            brew.rating = value(t.rating, i)
            brew.tds = value(t.tds, i)
            brew.notes = t.notes[i]
            doc.brews.append(brew)
            let note = TastingNote(id: id + "-note", brewId: id, acidity: value(t.acidity, i), body: value(t.body, i),
                                   sweetness: value(t.sweetness, i), flavorTags: t.flavorTags[i])
            if note.acidity != nil || note.body != nil || note.sweetness != nil || note.flavorTags != nil {
                doc.tastingNotes.append(note)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(doc))
        } catch {
            throw ExportError(.output, path: "", "the journal could not be encoded as JSON: \(error)")
        }
    }

    private struct Document: Encodable {
        var format = "coffee-journal"
        var version = 1
        var methods: [Method] = []
        var grinders: [Grinder] = []
        var beans: [Bean] = []
        var brews: [Brew] = []
        var tastingNotes: [TastingNote] = []
    }

    private struct Method: Encodable {
        var id: String, name: String?, category: String, notes: String?
    }

    private struct Grinder: Encodable {
        var id: String, name: String?, type: String?, settingMin: Double, settingMax: Double, settingStep: Double
        var notes: String?
    }

    private struct Bean: Encodable {
        var id: String, name: String?, roaster: String?, origin: String?, variety: String?, processing: String?
        var roastLevel: String?, roastDate: String?, isArchived: Bool?, notes: String?
        /// The freezer's days (docs/formats.md), left out when the bean logs none.
        var frozenDate: String?, thawDate: String?
    }

    enum Setting: Encodable {
        case number(Double)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .number(let v): try c.encode(v)
            case .text(let s): try c.encode(s)
            }
        }
    }

    private struct Brew: Encodable {
        var id: String
        var brewDate: String?
        var methodId: String?, grinderId: String?, beanId: String?
        var doseGrams: Double?, waterGrams: Double?, yieldGrams: Double?, brewTimeSeconds: Double?
        var waterTemperature: Double?
        var grindSetting: Setting?
        var pressureProfile: String?
        var rating: Double?, tds: Double?
        var notes: String?
    }

    private struct TastingNote: Encodable {
        var id: String, brewId: String, acidity: Double?, body: Double?, sweetness: Double?, flavorTags: String?
    }
}
