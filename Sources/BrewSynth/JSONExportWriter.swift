import BrewColumns
import BrewFormatSchemas
import Foundation

/// Writes a generated journal as the app's JSON export (docs/formats.md), streamed: one entity per line
/// inside `methods`, `grinders`, `beans`, `brews` and `tastingNotes`, never a Foundation object tree.
///
/// Keys are the model's field names; references are ids (`methodId`, `grinderId`, `beanId`, `brewId`);
/// missing fields are omitted. `brewDate` is local time with the journal's offset
/// (`2026-11-16T07:42:00+01:00`); `createdAt`, `updatedAt`, `lastUsedDate` and `exportedAt` are UTC with
/// milliseconds when they have them; `roastDate` is a day (`2026-11-02`); the cached counters are
/// `brewCount` and `lastUsedDate`. Numbers use the shortest text that reads back exactly.
public struct JSONExportWriter: Sendable {
    /// The format's members (BrewFormatSchemas' ``BrewFormatSchemas/JSONExportSchema``), written in its order; the
    /// document's `exportedAt` and a tasting note's `notes`, which no reader uses, are the generator's own.
    public var schema: JSONExportSchema

    public init(schema: JSONExportSchema = .standard) { self.schema = schema }

    /// Writes `generator`'s journal to `url`.
    ///
    /// - Throws: ``SynthError`` when the file cannot be written.
    public func write(_ generator: JournalGenerator, to url: URL) throws {
        let sink = try ByteSink(destination: url)
        let g = generator
        typealias S = JSONExportSchema
        sink.write(
            "{\n\"\(S.formatKey)\": \"\(S.formatName)\",\n\"\(S.versionKey)\": \(S.version),\n\"exportedAt\": " +
                "\"\(SynthFormat.isoUTC(g.exportedAt))\",\n")

        sink.write("\"\(S.methodsKey)\": [")
        for (i, m) in g.methods.enumerated() {
            var o = JSONObject()
            for member in schema.methods {
                let k = member.key
                switch member.field {
                case .id: o.add(k, m.id)
                case .name: o.add(k, m.name)
                case .category: o.add(k, m.category.rawString)
                case .notes: o.add(k, m.notes)
                case .brewCount: o.add(k, m.cachedBrewCount.map(Double.init))
                case .lastUsed: o.add(k, m.cachedLastUsed)
                case .createdAt: o.add(k, m.createdAt)
                case .updatedAt: o.add(k, m.updatedAt)
                }
            }
            o.close(into: &sink.buffer, first: i == 0)
        }
        sink.write("\n],\n\"\(S.grindersKey)\": [")
        for (i, r) in g.grinders.enumerated() {
            var o = JSONObject()
            let has = g.grinderHasSettings(i)
            for member in schema.grinders {
                let k = member.key
                switch member.field {
                case .id: o.add(k, r.id)
                case .name: o.add(k, r.name)
                case .type: o.add(k, r.type?.rawValue)
                case .settingMin: o.add(k, has ? r.settingMin : nil)
                case .settingMax: o.add(k, has ? r.settingMax : nil)
                case .settingStep: o.add(k, has ? r.settingStep : nil)
                case .notes: o.add(k, r.notes)
                case .brewCount: o.add(k, r.cachedBrewCount.map(Double.init))
                case .lastUsed: o.add(k, r.cachedLastUsed)
                case .createdAt: o.add(k, r.createdAt)
                case .updatedAt: o.add(k, r.updatedAt)
                }
            }
            o.close(into: &sink.buffer, first: i == 0)
        }
        sink.write("\n],\n\"\(S.beansKey)\": [")
        for (i, b) in g.beans.enumerated() {
            var o = JSONObject()
            for member in schema.beans {
                let k = member.key
                switch member.field {
                case .id: o.add(k, b.id)
                case .name: o.add(k, b.name)
                case .roaster: o.add(k, b.roaster)
                case .origin: o.add(k, b.origin)
                case .variety: o.add(k, b.variety)
                case .processing: o.add(k, b.processing)
                case .roastLevel: o.add(k, b.roastLevel?.rawString)
                case .roastDate: o.add(k, b.roastDate.map(SynthFormat.dayString))
                case .isArchived: o.add(k, b.isArchived)
                case .notes: o.add(k, b.notes)
                case .createdAt: o.add(k, b.createdAt)
                case .updatedAt: o.add(k, b.updatedAt)
                case .frozenDate: o.add(k, b.frozenDate.map(SynthFormat.dayString))
                case .thawDate: o.add(k, b.thawDate.map(SynthFormat.dayString))
                }
            }
            o.close(into: &sink.buffer, first: i == 0)
        }
        sink.write("\n],\n\"\(S.brewsKey)\": [")
        var first = true
        for brew in g.brews {
            var o = JSONObject()
            for member in schema.brews {
                let k = member.key
                switch member.field {
                case .id: o.add(k, brew.id)
                case .brewDate: o.add(k, brew.brewDate, offset: brew.utcOffsetSeconds)
                case .method: o.add(k, brew.method.map { g.methodIDs[Int($0)] })
                case .grinder: o.add(k, brew.grinder.map { g.grinderIDs[Int($0)] })
                case .bean: o.add(k, brew.bean.map { g.beanIDs[Int($0)] })
                case .doseGrams: o.add(k, brew.doseGrams)
                case .waterGrams: o.add(k, brew.waterGrams)
                case .yieldGrams: o.add(k, brew.yieldGrams)
                case .brewTimeSeconds: o.add(k, brew.brewTimeSeconds)
                case .waterTemperature: o.add(k, brew.waterTemperature)
                case .grindSetting: o.add(k, brew.grindSetting)
                case .pressureProfile: o.add(k, brew.pressureProfile)
                case .rating: o.add(k, brew.rating)
                case .tds: o.add(k, brew.tds)
                case .notes: o.add(k, brew.notes)
                case .createdAt: o.add(k, brew.createdAt)
                case .updatedAt: o.add(k, brew.updatedAt)
                }
            }
            o.close(into: &sink.buffer, first: first)
            first = false
            try sink.flushIfNeeded()
        }
        sink.write("\n],\n\"\(S.tastingNotesKey)\": [")
        first = true
        for brew in g.brews {
            guard let note = brew.tastingNote else { continue }
            var o = JSONObject()
            for member in schema.tastingNotes {
                let k = member.key
                switch member.field {
                case .id: o.add(k, note.id)
                case .brew: o.add(k, brew.id)
                case .acidity: o.add(k, note.acidity.map(Double.init))
                case .body: o.add(k, note.body.map(Double.init))
                case .sweetness: o.add(k, note.sweetness.map(Double.init))
                case .flavorTags: o.add(k, note.flavorTags)
                }
            }
            o.add("notes", note.notes)
            o.close(into: &sink.buffer, first: first)
            first = false
            try sink.flushIfNeeded()
        }
        sink.write("\n]\n}\n")
        try sink.commit()
    }
}

/// One JSON object on one line, as UTF-8 bytes, members in the order added; `nil` members are left out.
struct JSONObject {
    private var bytes: [UInt8] = [0x7B]

    private mutating func key(_ k: String) {
        if bytes.count > 1 { bytes.append(0x2C) }
        JSONObject.appendString(k, to: &bytes)
        bytes.append(0x3A)
    }

    mutating func add(_ k: String, _ value: String?) {
        guard let value else { return }
        key(k); JSONObject.appendString(value, to: &bytes)
    }

    mutating func add(_ k: String, _ value: Double?) {
        guard let value else { return }
        key(k); SynthFormat.appendNumber(value, to: &bytes)
    }

    mutating func add(_ k: String, _ value: Bool?) {
        guard let value else { return }
        key(k); bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func add(_ k: String, _ value: SynthUUID?) {
        guard let value else { return }
        key(k); bytes.append(0x22); SynthFormat.appendUUID(value, to: &bytes); bytes.append(0x22)
    }

    /// An instant in UTC (`…Z`, milliseconds when it has them).
    mutating func add(_ k: String, _ value: Timestamp?) {
        guard let value else { return }
        key(k); bytes.append(0x22); SynthFormat.appendISOUTC(value, to: &bytes); bytes.append(0x22)
    }

    /// An instant as local time with its offset.
    mutating func add(_ k: String, _ value: Timestamp, offset: Int) {
        key(k); bytes.append(0x22); SynthFormat.appendISOLocal(value, offset: offset, to: &bytes); bytes.append(0x22)
    }

    /// Appends the closed object to `out` on its own line, after a comma unless it is the array's first.
    func close(into out: inout [UInt8], first: Bool) {
        if !first { out.append(0x2C) }
        out.append(0x0A)
        out.append(contentsOf: bytes)
        out.append(0x7D)
    }

    /// Appends `s` as a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case ..<0x20:
                let digits: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, digits[Int(b >> 4)], digits[Int(b & 0xF)]])
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}
