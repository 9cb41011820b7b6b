import BrewColumns
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
    public init() {}

    /// Writes `generator`'s journal to `url`.
    ///
    /// - Throws: ``SynthError`` when the file cannot be written.
    public func write(_ generator: JournalGenerator, to url: URL) throws {
        let sink = try ByteSink(destination: url)
        let g = generator
        sink.write(
            "{\n\"format\": \"coffee-journal\",\n\"version\": 1,\n\"exportedAt\": " +
                "\"\(SynthFormat.isoUTC(g.exportedAt))\",\n")

        sink.write("\"methods\": [")
        for (i, m) in g.methods.enumerated() {
            var o = JSONObject()
            o.add("id", m.id); o.add("name", m.name); o.add("category", m.category.rawString); o.add("notes", m.notes)
            o.add("brewCount", m.cachedBrewCount.map(Double.init)); o.add("lastUsedDate", m.cachedLastUsed)
            o.add("createdAt", m.createdAt); o.add("updatedAt", m.updatedAt)
            o.close(into: &sink.buffer, first: i == 0)
        }
        sink.write("\n],\n\"grinders\": [")
        for (i, r) in g.grinders.enumerated() {
            var o = JSONObject()
            let has = g.grinderHasSettings(i)
            o.add("id", r.id); o.add("name", r.name); o.add("type", r.type?.rawValue)
            o.add("settingMin", has ? r.settingMin : nil); o.add("settingMax", has ? r.settingMax : nil)
            o.add("settingStep", has ? r.settingStep : nil); o.add("notes", r.notes)
            o.add("brewCount", r.cachedBrewCount.map(Double.init)); o.add("lastUsedDate", r.cachedLastUsed)
            o.add("createdAt", r.createdAt); o.add("updatedAt", r.updatedAt)
            o.close(into: &sink.buffer, first: i == 0)
        }
        sink.write("\n],\n\"beans\": [")
        for (i, b) in g.beans.enumerated() {
            var o = JSONObject()
            o.add("id", b.id); o.add("name", b.name); o.add("roaster", b.roaster); o.add("origin", b.origin)
            o.add("variety", b.variety); o.add("processing", b.processing); o.add("roastLevel", b.roastLevel?.rawString)
            o.add("roastDate", b.roastDate.map(SynthFormat.dayString)); o.add("isArchived", b.isArchived)
            o.add("notes", b.notes); o.add("createdAt", b.createdAt); o.add("updatedAt", b.updatedAt)
            o.add("frozenDate", b.frozenDate.map(SynthFormat.dayString))
            o.add("thawDate", b.thawDate.map(SynthFormat.dayString))
            o.close(into: &sink.buffer, first: i == 0)
        }
        sink.write("\n],\n\"brews\": [")
        var first = true
        for brew in g.brews {
            var o = JSONObject()
            o.add("id", brew.id)
            o.add("brewDate", brew.brewDate, offset: brew.utcOffsetSeconds)
            o.add("methodId", brew.method.map { g.methodIDs[Int($0)] })
            o.add("grinderId", brew.grinder.map { g.grinderIDs[Int($0)] })
            o.add("beanId", brew.bean.map { g.beanIDs[Int($0)] })
            o.add("doseGrams", brew.doseGrams)
            o.add("waterGrams", brew.waterGrams)
            o.add("yieldGrams", brew.yieldGrams)
            o.add("brewTimeSeconds", brew.brewTimeSeconds); o.add("waterTemperature", brew.waterTemperature)
            o.add("grindSetting", brew.grindSetting); o.add("pressureProfile", brew.pressureProfile)
            o.add("rating", brew.rating); o.add("tds", brew.tds); o.add("notes", brew.notes)
            o.add("createdAt", brew.createdAt); o.add("updatedAt", brew.updatedAt)
            o.close(into: &sink.buffer, first: first)
            first = false
            try sink.flushIfNeeded()
        }
        sink.write("\n],\n\"tastingNotes\": [")
        first = true
        for brew in g.brews {
            guard let note = brew.tastingNote else { continue }
            var o = JSONObject()
            o.add("id", note.id); o.add("brewId", brew.id)
            o.add("acidity", note.acidity.map(Double.init)); o.add("body", note.body.map(Double.init))
            o.add("sweetness", note.sweetness.map(Double.init)); o.add("flavorTags", note.flavorTags)
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

    private mutating func key(_ k: StaticString) {
        if bytes.count > 1 { bytes.append(0x2C) }
        bytes.append(0x22)
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22); bytes.append(0x3A)
    }

    mutating func add(_ k: StaticString, _ value: String?) {
        guard let value else { return }
        key(k); JSONObject.appendString(value, to: &bytes)
    }

    mutating func add(_ k: StaticString, _ value: Double?) {
        guard let value else { return }
        key(k); SynthFormat.appendNumber(value, to: &bytes)
    }

    mutating func add(_ k: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(k); bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func add(_ k: StaticString, _ value: SynthUUID?) {
        guard let value else { return }
        key(k); bytes.append(0x22); SynthFormat.appendUUID(value, to: &bytes); bytes.append(0x22)
    }

    /// An instant in UTC (`…Z`, milliseconds when it has them).
    mutating func add(_ k: StaticString, _ value: Timestamp?) {
        guard let value else { return }
        key(k); bytes.append(0x22); SynthFormat.appendISOUTC(value, to: &bytes); bytes.append(0x22)
    }

    /// An instant as local time with its offset.
    mutating func add(_ k: StaticString, _ value: Timestamp, offset: Int) {
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
