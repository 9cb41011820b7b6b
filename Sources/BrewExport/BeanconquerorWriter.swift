import BrewColumns
import BrewHashing
import BrewNames
import BrewShots
import Foundation

/// Writes a journal's brews into a Beanconqueror backup: a new one, or a copy of the user's own with ours added
/// (docs/export.md, "Beanconqueror").
///
/// Adding to a backup keeps every entry it has as its bytes and appends:
/// - a method, grinder or bean only when the backup has none of that name (a bean: name and roaster), the names
///   compared as the aliases file maps them (``BrewNames/NameAliases``), case and spacing aside; otherwise our brews
///   point at theirs;
/// - a brew only when the backup has it neither under the uuid we give it (made from the brew's id, so the same
///   brew gets the same uuid every run) nor under its own id, nor as a brew of the same second and dose: a
///   second run adds nothing.
///
/// New entries get uuids made from what they are (``StableUUID``), so the same journal gives the same backup.
struct BeanconquerorWriter {
    var aliases: NameAliases?

    /// What a write added.
    struct Added: Equatable {
        var brews = 0, beans = 0, mills = 0, preparations = 0
        /// Brews left out because the backup holds them already.
        var present = 0
    }

    static func key(_ s: String?) -> String {
        (s ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    func canonical(_ s: String?, _ kind: NameKind) -> String {
        guard let s else { return "" }
        return Self.key(aliases?.target(of: s, kind: kind) ?? s)
    }

    static func uuid(_ o: [String: Any]) -> String? {
        ((o["config"] as? [String: Any])?["uuid"] as? String)?.lowercased()
    }

    /// Adds `journal`'s brews (and the entities they use) to `backup`.
    func add(_ journal: Journal, shots: ShotTable? = nil, to backup: inout BeanconquerorBackup,
             dropped: inout DroppedFields) -> Added {
        var shotOf: [Int: Int] = [:]
        for (s, record) in (shots?.shots ?? []).enumerated() { shotOf[record.journalRow] = s }
        var added = Added()
        let t = journal.brews
        let settings = (backup.root["SETTINGS"] as? [Any])?.first as? [String: Any]
        let scale = (settings?["brew_rating"] as? NSNumber)?.doubleValue ?? 5
        // Their entities by canonical name.
        var methods: [String: String] = [:], mills: [String: String] = [:], beans: [String: String] = [:]
        for o in backup.original("PREPARATION") {
            if let u = Self.uuid(o), methods[canonical(o["name"] as? String, .method)] == nil {
                methods[canonical(o["name"] as? String, .method)] = u
            }
        }
        for o in backup.original("MILL") {
            if let u = Self.uuid(o), mills[canonical(o["name"] as? String, .grinder)] == nil {
                mills[canonical(o["name"] as? String, .grinder)] = u
            }
        }
        for o in backup.original("BEANS") {
            // A bag is its name, roaster and roast day; theirs without a roast date matches ours of any.
            let day = (o["roastingDate"] as? String).flatMap { Day(iso: $0) }?.description ?? ""
            let k = canonical(o["name"] as? String, .bean) + "\u{1F}" + canonical(o["roaster"] as? String, .roaster)
            if let u = Self.uuid(o) {
                if beans[k + "\u{1F}" + day] == nil { beans[k + "\u{1F}" + day] = u }
                if day.isEmpty, beans[k] == nil { beans[k] = u }
            }
        }
        var brewUUIDs: Set<String> = [], brewKeys: Set<String> = []
        for o in backup.original("BREWS") {
            if let u = Self.uuid(o) { brewUUIDs.insert(u) }
            brewKeys.insert(
                Self.brewKey(seconds: ((o["config"] as? [String: Any])?["unix_timestamp"] as? NSNumber)?.doubleValue,
                                         dose: (o["grind_weight"] as? NSNumber)?.doubleValue))
        }
        // Ours by entity (two of our bags of one bean stay two), theirs by name.
        var ours: [String: [Int: String]] = [:]
        var used: Set<String> = []
        func link(_ code: Int32?, _ theirs: [String: String], keys: (Int) -> [String], entry: (Int, String) -> [UInt8],
                  array: String, count: inout Int) -> String? {
            guard let code else { return nil }
            let i = Int(code)
            if let u = ours[array]?[i] { return u }
            let k = keys(i)
            if let u = k.lazy.compactMap({ theirs[$0] }).first { ours[array, default: [:]][i] = u; return u }
            var u = StableUUID.make("brewstats \(array) \(k[0])")
            if used.contains(u) { u = StableUUID.make("brewstats \(array) \(k[0]) \(i)") }
            used.insert(u)
            ours[array, default: [:]][i] = u
            backup.arrays[array, default: []].append(entry(i, u))
            count += 1
            return u
        }
        for row in 0..<t.count {
            let id = t.id[row]
            let seconds = t.brewDate[row].map(BeanconquerorEntities.seconds)
            let dose = t.doseGrams.isValid(row) ? t.doseGrams.values[row] : nil
            // From the brew's id, so the same brew has the same uuid in every run.
            let uuid =
                StableUUID.make(
                    "brewstats brew "
                        + (id.map { "id \($0)" } ?? "at \(Self.brewKey(seconds: seconds, dose: dose)) \(row)"))
            if brewUUIDs.contains(uuid) || id.map({ brewUUIDs.contains($0.lowercased()) }) == true
                || brewKeys.contains(Self.brewKey(seconds: seconds, dose: dose)) {
                added.present += 1
                continue
            }
            var links = BeanconquerorEntities.BrewLinks(uuid: uuid, ratingScale: scale)
            links.method = link(t.method.code(row), methods, keys: { [canonical(journal.methods[$0].name, .method)] },
                                entry: { BeanconquerorEntities.preparation(journal.methods[$0], uuid: $1) },
                                array: "PREPARATION", count: &added.preparations)
            links.mill = link(t.grinder.code(row), mills, keys: { [canonical(journal.grinders[$0].name, .grinder)] },
                              entry: { BeanconquerorEntities.mill(journal.grinders[$0], uuid: $1) },
                              array: "MILL", count: &added.mills)
            links.bean = link(t.bean.code(row), beans, keys: {
                let b = journal.beans[$0]
                let k = canonical(b.name, .bean) + "\u{1F}" + canonical(b.roaster, .roaster)
                return [k + "\u{1F}" + (b.roastDate?.description ?? ""), k]
            }, entry: { BeanconquerorEntities.bean(journal.beans[$0], uuid: $1) }, array: "BEANS", count: &added.beans)
            if let shots, let s = shotOf[row],
               let graph = BeanconquerorFlowProfile.encode(
                   shot: s, of: shots, start: t.brewDate[row], dropped: &dropped) {
                // The shot travels as the brew's graph, where Beanconqueror keeps it.
                links.flowProfile = BeanconquerorFlowProfile.path(uuid: uuid)
                backup.files.append((links.flowProfile!, graph))
            }
            backup.arrays["BREWS", default: []].append(BeanconquerorEntities.brew(t, row: row, links: links))
            brewUUIDs.insert(uuid)
            added.brews += 1
            BeanconquerorDrops.note(journal, row: row, into: &dropped)
        }
        return added
    }

    /// A brew's second and dose, for finding the same brew under another uuid. A second past Int64's range (a
    /// backup's date of 1e300 ms, or infinite) is keyed by its own text, never trapped on.
    static func brewKey(seconds: Double?, dose: Double?) -> String {
        guard let seconds else { return "-" }
        let second = seconds.rounded(.down)
        let text = Int64(exactly: second).map(String.init) ?? "\(second)"
        return "\(text)|\(DecimalText.text(dose ?? 0))"
    }
}

/// Uuids made from text (FNV-1a, 128 bits from two 64-bit passes), in the 8-4-4-4-12 form with version 8 (RFC 9562's
/// custom version) and the RFC variant bits: the same text, the same uuid.
enum StableUUID {
    static func make(_ text: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            var h = FNV1a(basis: basis)
            h.combine(bytes: text.utf8)
            return h.value
        }
        var hi = fnv(FNV1a.offsetBasis), lo = fnv(0x8422_2325_cbf2_9ce4 ^ hi)
        hi = (hi & ~0xF000) | 0x8000
        lo = (lo & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        func hex(_ v: UInt64, _ digits: Int) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: max(0, digits - s.count)) + s
        }
        return [hex(hi >> 32, 8), hex((hi >> 16) & 0xFFFF, 4), hex(hi & 0xFFFF, 4), hex(lo >> 48, 4),
                hex(lo & 0xFFFF_FFFF_FFFF, 12)].joined(separator: "-")
    }
}

/// What a Beanconqueror brew cannot hold, named for `--report-dropped` and stderr.
enum BeanconquerorDrops {
    static func note(_ journal: Journal, row: Int, into dropped: inout DroppedFields) {
        let t = journal.brews
        let record = t.id[row] ?? "row \(row + 1)"
        for (field, column) in [
            ("acidity", t.acidity), ("body", t.body), ("sweetness", t.sweetness)] where column.isValid(row) {
            dropped.note(field, record: record,
                "Beanconqueror's cupping scores use another scale; the 0–5 tasting scores are not written")
        }
        if t.flavorTags.isValid(row) {
            dropped.note("flavor_tags", record: record,
                "Beanconqueror's flavours are its own list; tags are not written")
        }
        for (field, column) in [("dose_g", t.doseGrams), ("water_g", t.waterGrams), ("yield_g", t.yieldGrams),
                                ("brew_time_s", t.brewTimeSeconds), ("water_temp_c", t.waterTemperature),
                                ("tds_pct", t.tds),
                                ("rating", t.rating)] where column.isValid(row) && column.values[row] == 0 {
            dropped.note(field, record: record, "Beanconqueror stores 0 for \"not entered\": a 0 reads back as missing")
        }
        if t.brewDate[row] == nil {
            dropped.note("brewed_at", record: record,
                "a Beanconqueror brew without a date (unix_timestamp 0) is not read back")
        }
    }
}
