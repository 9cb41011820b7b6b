import BrewColumns
import BrewFormatSchemas
import BrewShots
import Foundation

/// Writes a shot as Decent's v2 shot JSON, the layout the DE1 app uploads to Visualizer and Visualizer, Decent's
/// tools and brewstats import, from any shot format brewstats reads (docs/export.md, "Decent JSON"). The keys are
/// ``schema``'s (BrewFormatSchemas' ``BrewFormatSchemas/DecentShotSchema``, the format's one description).
///
/// journal / samples → Decent v2 JSON (the standard schema):
/// - time (s from the shot's start) → `elapsed`
/// - pressure, pressure goal → `pressure.pressure`, `pressure.goal`
/// - flow, flow goal, weight flow → `flow.flow`, `flow.goal`, `flow.by_weight`
/// - weight → `totals.weight`
/// - basket, mix and goal temperatures → `temperature.basket`, `temperature.mix`, `temperature.goal`
/// - the phases the shot's file marks → `state_change`: ±10,000,000, the sign flipped at each phase's first sample
/// - brew date (else the shot's start) → `timestamp` and `clock` (Unix seconds)
/// - dose, yield, time → `meta.in`, `meta.out`, `meta.time`
/// - rating 0–5 → `meta.shot.enjoyment` = rating × 20 (0–100)
/// - TDS, notes → `meta.shot.tds`, `meta.shot.notes`
/// - bean, roaster, roast date → `meta.bean.type`, `meta.bean.brand`, `meta.bean.roast_date` (`YYYY-MM-DD`)
/// - grinder, grind setting → `meta.grinder.model`, `meta.grinder.setting`
/// - profile → `profile.title`
/// - the shot's kind → `profile.beverage_type`, the word Decent's own profiles use: `espresso`, or `filter` for a
///   shot that is not espresso (``BrewShots/ShotTable/isEspresso(_:brews:)``: a filter brew made on the machine, a
///   pour-over's brew graph), which Decent's readers and brewstats read back as a filter brew
/// - all of the above that the app keeps in its settings, and the water temperature → `app.data.settings`
///   (``DecentSettings``)
///
/// Numbers are written as strings, as the app writes them. A sample a channel lacks (a scale that dropped out) is
/// `null`; a channel the source does not record is left out (there is nothing to carry). What the layout cannot
/// hold is listed as dropped or changed (``DecentShotDrops``). Every file written passes Visualizer's upload rules
/// (``VisualizerUploadRules``).
public struct DecentShotWriter: Sendable {
    /// The format's keys: its series and where each brew field goes.
    public let schema: DecentShotSchema

    public init(schema: DecentShotSchema = .standard) { self.schema = schema }

    /// Why shot `s` of `shots` is left out of a Decent JSON export, or `nil` when it is written: a shot that logged
    /// times but no series (no pressure, flow, weight or temperature) would be a file Visualizer refuses (its
    /// upload needs one non-empty series, ``VisualizerUploadRules``) and that reads back as nothing.
    public static func leftOut(_ s: Int, of shots: ShotTable) -> String? {
        let channels = shots.samples.channels(of: s).channels.filter { $0 != .time }
        guard channels.isEmpty else { return nil }
        return "the shot logged times but no series (no pressure, flow, weight or temperature): a Decent file " +
            "without one is refused by Visualizer and reads back as no shot"
    }

    /// The magnitude the DE1 app writes in `state_change` (docs/shots.md, "Phases").
    static let stateChangeMagnitude = "10000000.0"

    /// Shot `s` of `shots` with its brew's fields from `journal`.
    public func encode(shot s: Int, of shots: ShotTable, journal: Journal, dropped: inout DroppedFields) -> [UInt8] {
        let record = shots.shots[s]
        let samples = shots.samples
        let channels = samples.channels(of: s)
        let espresso = shots.isEspresso(s, brews: journal.brews)
        let fields = DecentShotFields(journal: journal, row: record.journalRow, samples: samples, shot: s,
                                      espresso: espresso)
        var j = JSONText()
        j.open("{")
        j.key("version"); j.string("2")
        if let seconds = fields.start ?? record.start.map({ Double($0.microseconds) / 1_000_000 }) {
            j.key("clock"); j.string(DecimalText.text(seconds))
            j.key("timestamp"); j.string(DecimalText.text(seconds))
        }
        j.key(DecentShotSchema.timeKey); series(samples, .time, of: s, into: &j)
        var groups: [String: [(String, ShotChannel)]] = [:]
        var order: [String] = []
        for entry in schema.series where channels.has(entry.channel) {
            if groups[entry.group] == nil { order.append(entry.group) }
            groups[entry.group, default: []].append((entry.key, entry.channel))
        }
        for group in order {
            j.key(group); j.open("{")
            for (key, channel) in groups[group]! {
                j.key(key); series(samples, channel, of: s, into: &j)
            }
            j.close("}")
        }
        if !record.phases.isEmpty {
            j.key(DecentShotSchema.stateChangeKey)
            stateChange(record.phases, samples, of: s, file: record.file, into: &j, dropped: &dropped)
        }
        // The brew's fields where the schema puts them (meta, profile, the app's settings), then who wrote the file.
        var entries: [(path: [String], value: String)] = []
        for place in schema.fields + schema.settings {
            if let value = fields.value(place.field) { entries.append((place.path, value)) }
        }
        entries.append((["app", "app_name"], "brewstats"))
        write(FormatTree.nodes(entries), into: &j)
        j.close("}")
        DecentShotDrops.note(fields, record: record, espresso: espresso, channels: channels, samples: samples, shot: s,
                             into: &dropped)
        j.out.append(0x0A)
        return j.out
    }

    /// `state_change`: 0 before the first phase, then ±10,000,000 with the sign flipped at the first sample of each
    /// phase, so the reader (``BrewShots``' Decent importer, Visualizer's chart) finds the same phase starts.
    private func stateChange(_ phases: [ShotPhase], _ samples: ShotSamples, of s: Int, file: String,
                             into j: inout JSONText, dropped: inout DroppedFields) {
        let time = samples.column(.time)
        let range = samples.range(of: s)
        // The phase starts on the samples' Float32 clock (ShotMetrics compares them there too).
        var starts = phases.map { Float($0.start) }[...]
        var positive = false, started = false
        j.open("[")
        for i in range {
            let t = time.isValid(i) ? time.values[i] : -.infinity
            var flips = 0
            while let first = starts.first, first <= t { starts.removeFirst(); flips += 1 }
            if flips > 0 {
                if flips > 1 {
                    dropped.note("shot.phases", .changed, record: file,
                                 "two phases start at one sample; Decent's state_change marks only one")
                }
                positive = started ? !positive : true
                started = true
            }
            j.comma()
            j.quotedRaw(started ? (positive ? "" : "-") + Self.stateChangeMagnitude : "0.0")
        }
        j.close("]")
        if !starts.isEmpty {
            dropped.note("shot.phases", .dropped, record: file, "a phase starts after the shot's last sample")
        }
    }

    /// Nested objects of text values.
    private func write(_ nodes: [FormatTree], into j: inout JSONText) {
        for node in nodes {
            switch node {
            case .value(let key, let value): j.key(key); j.string(value)
            case .object(let key, let children): j.key(key); j.open("{"); write(children, into: &j); j.close("}")
            }
        }
    }

    private func series(_ samples: ShotSamples, _ channel: ShotChannel, of s: Int, into j: inout JSONText) {
        let column = samples.column(channel)
        j.open("[")
        for i in samples.range(of: s) {
            j.comma()
            // Float's shortest text reads back as the same Float32 (the samples table's type).
            if column.isValid(i), column.values[i].isFinite {
                j.quotedRaw(column.values[i].description)
            } else {
                j.raw("null")
            }
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

