import BrewColumns
import Foundation

/// The merged brews and entities while sources are added (``JournalMerge``).
struct MergeState {
    let rules: MergeRules
    var methods: [BrewMethod] = []
    var grinders: [Grinder] = []
    var beans: [CoffeeBean] = []
    var rows: [BrewRow] = []
    /// Per source: its brew table row → the merged row.
    var rowMaps: [[Int]] = []
    var matches: [MergeMatch] = []
    var matchedCount: [Int] = []
    /// Where each merged row came from (source name and brew label), for listing matches.
    private var origin: [(source: String, brew: String)] = []

    private var methodByID: [String: Int32] = [:], methodByKey: [String: (Int32, Int)] = [:]
    private var grinderByID: [String: Int32] = [:], grinderByKey: [String: (Int32, Int)] = [:]
    private var beanByID: [String: Int32] = [:], beanByKey: [String: (Int32, Int)] = [:]
    private var rowByID: [String: Int] = [:]
    /// Merged rows with a date, sorted by date once per source (candidates for a match by time).
    private var byTime: [(us: Int64, row: Int)] = []

    init(rules: MergeRules) { self.rules = rules }

    mutating func add(_ j: Journal, source s: Int, name: String) {
        let methodMap = j.methods.map { entity($0.id,
                                               key: MergeRules.fold($0.name ?? "") + "\u{1}" + $0.category.rawString,
                                               source: s, value: $0, byID: &methodByID, byKey: &methodByKey,
                                               table: &methods) }
        let grinderMap = j.grinders.map { entity($0.id, key: MergeRules.fold($0.name ?? ""), source: s, value: $0,
                                                 byID: &grinderByID, byKey: &grinderByKey, table: &grinders) }
        let beanMap = j.beans.map { b in
            entity(b.id,
                   key: MergeRules.fold(b.roaster ?? "") + "\u{1}" + MergeRules.fold(b.name ?? "") + "\u{1}"
                       + (b.roastDate?.description ?? ""),
                   source: s, value: b, byID: &beanByID, byKey: &beanByKey, table: &beans)
        }
        byTime = rows.indices.compactMap { r in rows[r].brewDate.map { ($0.microseconds, r) } }.sorted { $0.us < $1.us }
        var claimed: Set<Int> = []
        var map: [Int] = []
        map.reserveCapacity(j.brews.count)
        var matched = 0
        let t = j.brews
        for i in 0..<t.count {
            var row = Self.row(t, i)
            row.method = row.method.map { methodMap[Int($0)] }
            row.grinder = row.grinder.map { grinderMap[Int($0)] }
            row.bean = row.bean.map { beanMap[Int($0)] }
            let label = row.id ?? "row \(i + 1)"
            if s > 0, let (target, rule) = match(row, claimed: claimed) {
                claimed.insert(target)
                let apart = Double((row.brewDate?.microseconds ?? 0) - (rows[target].brewDate?.microseconds ?? 0))
                    / 1_000_000
                matches.append(
                    MergeMatch(
                        kept: origin[target], merged: (name, label), rule: rule, secondsApart: apart, row: target))
                rows[target].fill(from: row)
                map.append(target)
                matched += 1
                continue
            }
            if let id = row.id, rowByID[id] == nil { rowByID[id] = rows.count }
            map.append(rows.count)
            origin.append((name, label))
            rows.append(row)
        }
        rowMaps.append(map)
        matchedCount.append(matched)
    }

    /// The merged row `row` is the same brew as (``MergeRules``), if any.
    private func match(_ row: BrewRow, claimed: Set<Int>) -> (Int, MergeRule)? {
        if let id = row.id, let r = rowByID[id], !claimed.contains(r) { return (r, .id) }
        guard rules.timeTolerance > 0, let date = row.brewDate?.microseconds else { return nil }
        // Capped before `Int64(_:)` at 10¹² s (about 32,000 years, wider than any journal): `--merge-window 1e300`
        // would trap it.
        let window = Int64(min(rules.timeTolerance, 1e12) * 1_000_000)
        var lo = 0, hi = byTime.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if byTime[mid].us < date - window { lo = mid + 1 } else { hi = mid }
        }
        var best: (Int, Int64)?
        var k = lo
        while k < byTime.count, byTime[k].us <= date + window {
            let r = byTime[k].row
            k += 1
            guard !claimed.contains(r), agrees(rows[r], row) else { continue }
            let gap = abs(byTime[k - 1].us - date)
            if best == nil || gap < best!.1 { best = (r, gap) }
        }
        return best.map { ($0.0, .timeBeanDose) }
    }

    /// Bean names and doses agree where both say.
    private func agrees(_ a: BrewRow, _ b: BrewRow) -> Bool {
        if let x = a.id, let y = b.id, x != y, !(x.hasPrefix("shot-") || y.hasPrefix("shot-")) {
            // Two ids of the same kind that differ are two brews (a shot file's id is derived, not the app's).
            return false
        }
        if let x = a.doseGrams, let y = b.doseGrams, abs(x - y) > rules.doseTolerance { return false }
        if let x = a.bean.map({ beans[Int($0)].name }) ?? nil, let y = b.bean.map({ beans[Int($0)].name }) ?? nil,
           MergeRules.fold(x) != MergeRules.fold(y) { return false }
        return true
    }

    private func entity<E>(_ id: String?, key: String, source: Int, value: E, byID: inout [String: Int32],
                           byKey: inout [String: (Int32, Int)], table: inout [E]) -> Int32 {
        if let id, let i = byID[id] { return i }
        if let (i, from) = byKey[key], from != source {
            if let id { byID[id] = i }
            return i
        }
        let i = Int32(table.count)
        table.append(value)
        if let id { byID[id] = i }
        if byKey[key] == nil { byKey[key] = (i, source) }
        return i
    }

    /// The merged journal.
    func finish() -> Journal {
        var builder = JournalBuilder(expectedBrews: rows.count)
        for m in methods { _ = builder.addMethod(m) }
        for g in grinders { _ = builder.addGrinder(g) }
        for b in beans { _ = builder.addBean(b) }
        for row in rows {
            if row.acidity != nil || row.body != nil || row.sweetness != nil || row.flavorTags != nil {
                builder.tastingNoteCount += 1
            }
            builder.appendBrew(row)
        }
        return builder.finish()
    }

    /// Brew `i` of `t` as an importer hands it over (entity references are `t`'s own indices).
    static func row(_ t: BrewTable, _ i: Int) -> BrewRow {
        var r = BrewRow()
        func n(_ c: Float64Column) -> Double? { c[i] }
        r.id = t.id[i]
        r.brewDate = t.brewDate[i].map { Timestamp(microseconds: $0) }
        r.method = t.method.code(i)
        r.grinder = t.grinder.code(i)
        r.bean = t.bean.code(i)
        r.doseGrams = n(t.doseGrams); r.waterGrams = n(t.waterGrams); r.yieldGrams = n(t.yieldGrams)
        r.brewTimeSeconds = n(t.brewTimeSeconds); r.waterTemperature = n(t.waterTemperature)
        r.grindSetting = n(t.grindSetting); r.grindText = t.grindText[i]; r.pressureProfile = t.pressureProfile[i]
        r.rating = n(t.rating); r.tds = n(t.tds); r.notes = t.notes[i]
        r.acidity = n(t.acidity); r.body = n(t.body); r.sweetness = n(t.sweetness); r.flavorTags = t.flavorTags[i]
        return r
    }
}

extension BrewRow {
    /// Fills every field this row leaves empty from `other` (the same brew from a later source).
    mutating func fill(from o: BrewRow) {
        id = id ?? o.id; brewDate = brewDate ?? o.brewDate
        method = method ?? o.method; grinder = grinder ?? o.grinder; bean = bean ?? o.bean
        doseGrams = doseGrams ?? o.doseGrams
        waterGrams = waterGrams ?? o.waterGrams
        yieldGrams = yieldGrams ?? o.yieldGrams
        brewTimeSeconds = brewTimeSeconds ?? o.brewTimeSeconds
        waterTemperature = waterTemperature ?? o.waterTemperature
        if grindSetting == nil && grindText == nil { grindSetting = o.grindSetting; grindText = o.grindText }
        pressureProfile = pressureProfile ?? o.pressureProfile
        rating = rating ?? o.rating; tds = tds ?? o.tds; notes = notes ?? o.notes
        acidity = acidity ?? o.acidity; body = body ?? o.body; sweetness = sweetness ?? o.sweetness
        flavorTags = flavorTags ?? o.flavorTags
    }
}
