import BrewColumns
import BrewShots
import Foundation

/// Writes a shot as Decent's v2 shot JSON, the layout the DE1 app uploads to Visualizer and Visualizer, Decent's
/// tools and brewstats import, from any shot format brewstats reads.
///
/// | journal / samples | Decent v2 JSON |
/// | --- | --- |
/// | time (s from the shot's start) | `elapsed` |
/// | pressure, pressure goal | `pressure.pressure`, `pressure.goal` |
/// | flow, flow goal, weight flow | `flow.flow`, `flow.goal`, `flow.by_weight` |
/// | weight | `totals.weight` |
/// | basket, mix and goal temperatures | `temperature.basket`, `temperature.mix`, `temperature.goal` |
/// | shot start | `timestamp` and `clock` (Unix seconds) |
/// | dose, yield, time | `meta.in`, `meta.out`, `meta.time` |
/// | rating 0–5 | `meta.shot.enjoyment` = rating × 20 (0–100) |
/// | TDS, notes | `meta.shot.tds`, `meta.shot.notes` |
/// | bean, roaster, roast date | `meta.bean.type`, `meta.bean.brand`, `meta.bean.roast_date` (`YYYY-MM-DD`) |
/// | grinder, grind setting | `meta.grinder.model`, `meta.grinder.setting` |
/// | profile | `profile.title` |
/// | water temperature | `app.data.settings.espresso_temperature` |
///
/// Numbers are written as strings, as the app writes them. A sample a channel lacks (a scale that dropped out) is
/// `null`. A channel the source does not record is left out, and listed as dropped for the shots that lack it
/// (`shot.weight`: "the source recorded no weight"), so a user sees which series each source cannot supply.
/// The brew's acidity, body, sweetness and flavour tags have no place in the layout (dropped).
public struct DecentShotWriter: Sendable {
    public init() {}

    /// Channel → the JSON group and key it is written under.
    static let keys: [(ShotChannel, String, String)] = [
        (.pressure, "pressure", "pressure"), (.pressureGoal, "pressure", "goal"),
        (.flow, "flow", "flow"), (.flowGoal, "flow", "goal"), (.weightFlow, "flow", "by_weight"),
        (.weight, "totals", "weight"),
        (.basketTemperature, "temperature", "basket"), (.mixTemperature, "temperature", "mix"),
        (.temperatureGoal, "temperature", "goal"),
    ]

    /// Shot `s` of `shots` with its brew's fields from `journal`.
    public func encode(shot s: Int, of shots: ShotTable, journal: Journal, dropped: inout DroppedFields) -> [UInt8] {
        let record = shots.shots[s]
        let samples = shots.samples
        let channels = samples.channels(of: s)
        let t = journal.brews
        let row = record.journalRow
        var j = JSONText()
        j.open("{")
        j.key("version"); j.string("2")
        if let start = record.start {
            let seconds = Double(start.microseconds) / 1_000_000
            j.key("clock"); j.string(DecimalText.text(seconds))
            j.key("timestamp"); j.string(DecimalText.text(seconds))
        }
        j.key("elapsed"); series(samples, .time, of: s, into: &j)
        var groups: [String: [(String, ShotChannel)]] = [:]
        var order: [String] = []
        for (channel, group, key) in Self.keys {
            guard channels.has(channel) else {
                dropped.note("shot.\(channel.name)", .dropped, record: record.file, "the source recorded no \(Self.words(channel)) for this shot")
                continue
            }
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append((key, channel))
        }
        for group in order {
            j.key(group); j.open("{")
            for (key, channel) in groups[group]! {
                j.key(key); series(samples, channel, of: s, into: &j)
            }
            j.close("}")
        }
        j.key("meta"); j.open("{")
        func number(_ c: Float64Column) -> Double? { c.isValid(row) && c.values[row].isFinite ? c.values[row] : nil }
        if let dose = number(t.doseGrams) { j.key("in"); j.string(DecimalText.text(dose)) }
        if let yield = number(t.yieldGrams) {
            j.key("out"); j.string(DecimalText.text(yield))
        } else if channels.has(.weight), let last = samples.values(.weight, of: s).last(where: { $0 != nil }) ?? nil, last > 0 {
            dropped.note("yield_g", .changed, record: record.file,
                         "the source gave no yield; Decent shot readers take the last scale weight (\(last) g) as the yield")
        }
        if let time = number(t.brewTimeSeconds) { j.key("time"); j.string(DecimalText.text(time)) }
        if let b = t.bean.code(row) {
            let bean = journal.beans[Int(b)]
            j.key("bean"); j.open("{")
            if let v = bean.roaster { j.key("brand"); j.string(v) }
            if let v = bean.name { j.key("type"); j.string(v) }
            if let v = bean.roastDate { j.key("roast_date"); j.string(v.description) }
            j.close("}")
        }
        let grinderName = t.grinder.code(row).flatMap { journal.grinders[Int($0)].name }
        let setting = number(t.grindSetting).map(DecimalText.text) ?? t.grindText[row]
        if grinderName != nil || setting != nil {
            j.key("grinder"); j.open("{")
            if let grinderName { j.key("model"); j.string(grinderName) }
            if let setting { j.key("setting"); j.string(setting) }
            j.close("}")
        }
        j.key("shot"); j.open("{")
        if let rating = number(t.rating) { j.key("enjoyment"); j.string(DecimalText.text(rating * 20)) }
        if let tds = number(t.tds) { j.key("tds"); j.string(DecimalText.text(tds)) }
        if let notes = t.notes[row] { j.key("notes"); j.string(notes) }
        j.close("}")
        j.close("}")
        if let profile = record.profile {
            j.key("profile"); j.open("{"); j.key("title"); j.string(profile); j.close("}")
        }
        if let temperature = number(t.waterTemperature) {
            j.key("app"); j.open("{"); j.key("data"); j.open("{"); j.key("settings"); j.open("{")
            j.key("espresso_temperature"); j.string(DecimalText.text(temperature))
            j.close("}"); j.close("}"); j.close("}")
        }
        j.close("}")
        for (field, column) in [("acidity", t.acidity), ("body", t.body), ("sweetness", t.sweetness)] where column.isValid(row) {
            dropped.note(field, record: record.file, "Decent's shot JSON has no tasting-note scores")
        }
        if t.flavorTags.isValid(row) { dropped.note("flavor_tags", record: record.file, "Decent's shot JSON has no flavour tags") }
        j.out.append(0x0A)
        return j.out
    }

    private func series(_ samples: ShotSamples, _ channel: ShotChannel, of s: Int, into j: inout JSONText) {
        let column = samples.column(channel)
        j.open("[")
        for i in samples.range(of: s) {
            j.comma()
            // Float's shortest text reads back as the same Float32 (the samples table's type).
            if column.isValid(i), column.values[i].isFinite { j.quotedRaw(column.values[i].description) } else { j.raw("null") }
        }
        j.close("]")
    }

    static func words(_ channel: ShotChannel) -> String {
        switch channel {
        case .time: "time"
        case .pressure: "pressure"
        case .pressureGoal: "pressure goal"
        case .flow: "flow"
        case .flowGoal: "flow goal"
        case .weight: "weight"
        case .weightFlow: "weight flow"
        case .basketTemperature: "basket temperature"
        case .mixTemperature: "mix temperature"
        case .temperatureGoal: "temperature goal"
        }
    }
}

/// A JSON text written in order (keys in the order given, so the same shot gives the same bytes).
struct JSONText {
    var out: [UInt8] = []
    private var needsComma = false

    mutating func comma() {
        if needsComma { out.append(0x2C) }
        needsComma = true
    }

    mutating func open(_ bracket: Character) {
        out.append(bracket.asciiValue!)
        needsComma = false
    }

    mutating func close(_ bracket: Character) {
        out.append(bracket.asciiValue!)
        needsComma = true
    }

    mutating func key(_ name: String) {
        comma()
        appendString(name)
        out.append(0x3A)
        needsComma = false
    }

    mutating func string(_ value: String) {
        comma()
        appendString(value)
    }

    mutating func raw(_ text: String) { out.append(contentsOf: text.utf8) }

    mutating func quotedRaw(_ text: String) {
        out.append(0x22); out.append(contentsOf: text.utf8); out.append(0x22)
    }

    private mutating func appendString(_ s: String) {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}
