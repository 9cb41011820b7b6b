import BrewColumns
import BrewFormatSchemas

/// Decent's two shot layouts: the JSON v2 shot (what the DE1 app uploads to Visualizer) and the Tcl `.shot` file
/// (`key {values}` lines and a `settings { … }` block), field for field as the real files in
/// `peer-data/visualizer/` have them. Every number in the JSON is a string, as the app writes it. The series and
/// brew fields are the schema's (BrewFormatSchemas' ``BrewFormatSchemas/DecentShotSchema``), in its order; the keys
/// no reader uses (resistance, water dispensed, the app's own settings) are written after them, as the app has them.
enum ShotDecentWriter {
    /// `Tue Oct 19 08:07:44 UTC 2021`, the app's `date` / `local_time` text (written in UTC).
    static func clockText(_ unix: Int64) -> String {
        let day = Day(index: Int32(SynthFormat.floorDiv(unix, 86_400)))
        let c = day.civil
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let s = Int(unix - Int64(day.index) * 86_400)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekdays[day.isoWeekday - 1]) \(months[c.month - 1]) \(two(c.day)) " +
            "\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)) UTC \(c.year)"
    }

    /// `05.10.2021`, the DE1 app's roast date.
    static func roastDateText(_ day: Day) -> String {
        let c = day.civil
        return (c.day < 10 ? "0" : "") + "\(c.day)." + (c.month < 10 ? "0" : "") + "\(c.month).\(c.year)"
    }

    /// Resistance as the app logs it: P ÷ F² where F > 0, else 0.
    static func resistance(_ s: SynthShotSeries, byWeight: Bool) -> [Double] {
        (0 ..< s.count).map { i in
            let f = byWeight ? s.weightFlow[i] : s.flow[i]
            return f > 0 ? round(s.pressure[i] / (f * f), 100) : 0
        }
    }

    /// The app's state change marker: 0, then ±10,000,000 flipping at every phase change.
    static func stateChange(_ s: SynthShotSeries) -> [Double] {
        var sign = 1.0
        return (0 ..< s.count).map { i in
            if i == 0 { return 0 }
            if s.phase[i] != s.phase[i - 1] { sign = -sign }
            return sign * 10_000_000
        }
    }

    /// The value of a brew field of the schema for `shot`, as the DE1 app writes it (0 for a TDS, EY or enjoyment
    /// not entered; the roast date `dd.mm.yyyy`).
    static func value(_ field: DecentShotSchema.Field, _ shot: SynthShot, _ s: SynthShotSeries) -> String {
        switch field {
        case .profile: shot.profile.title
        case .roaster: shot.roaster
        case .bean: shot.bean
        case .roastDate: roastDateText(shot.roastDate)
        case .grinder: shot.grinder
        case .grindSetting: SynthFormat.number(shot.grindSetting)
        case .dose: SynthFormat.number(shot.dose)
        case .yield: SynthFormat.number(shot.hasScale ? (s.weight.last ?? 0) : shot.targetYield)
        case .time: SynthFormat.number(round(s.time.last ?? 0, 10))
        case .enjoyment: "\(shot.enjoyment ?? 0)"
        case .tds, .ey: "0"
        case .notes: shot.notes
        case .waterTemperature: SynthFormat.number(shot.temperatureGoal)
        case .beverageType: "espresso"
        }
    }

    /// The samples of `channel`.
    static func values(_ channel: ShotChannel, _ s: SynthShotSeries) -> [Double] {
        switch channel {
        case .time: s.time
        case .pressure: s.pressure
        case .pressureGoal: s.pressureGoal
        case .flow: s.flow
        case .flowGoal: s.flowGoal
        case .weight: s.weight
        case .weightFlow: s.weightFlow
        case .basketTemperature: s.basketTemperature
        case .mixTemperature: s.mixTemperature
        case .temperatureGoal: s.temperatureGoal
        }
    }

    /// The settings: the schema's (the importers read them: Visualizer's captured fields), then the app's own.
    static func settings(_ shot: SynthShot, _ s: SynthShotSeries, schema: DecentShotSchema) -> [(String, String)] {
        schema.settings.map { (DecentShotSchema.settingKey($0), value($0.field, shot, s)) } + [
            ("bean_notes", ""), ("roast_level", shot.roastLevel), ("enable_fahrenheit", "0"),
            ("has_scale", shot.hasScale ? "1" : "0"), ("scale_type", shot.hasScale ? "acaiascale" : ""),
            ("final_desired_shot_weight_advanced", SynthFormat.number(shot.targetYield)),
            ("my_name", "Synthetic Barista"), ("skin", "Insight"), ("machine_model", "3"),
        ]
    }

    /// The profile as the app embeds it: one step per phase the profile has.
    static func profile(_ shot: SynthShot, _ s: SynthShotSeries, schema: DecentShotSchema,
                        into j: inout ShotJSONBytes) {
        j.beginObject()
        for place in schema.fields where place.path.count == 2 && place.path[0] == "profile" {
            j.member(place.path[1], value(place.field, shot, s))
        }
        j.member("author", "brewstats"); j.member("notes", "")
        j.key("steps"); j.beginArray()
        var steps: [(String, String, Double, Double)] = [("preinfusion", "flow", 1, shot.fillFlow)]
        if shot.profile == .classic { steps.append(("soak", "pressure", 3, 0)) }
        if shot.profile == .blooming { steps.append(("bloom", "flow", 0, 0)) }
        steps.append(("extraction", "pressure", shot.pressureTarget, 0))
        for (name, pump, pressure, flow) in steps {
            j.beginObject()
            j.member("name", name); j.member("temperature", SynthFormat.number(shot.temperatureGoal))
            j.member("sensor", "coffee"); j.member("pump", pump); j.member("transition", "fast")
            j.member("pressure", SynthFormat.number(pressure)); j.member("flow", SynthFormat.number(flow))
            j.member("seconds", name == "extraction" ? "60.00" : SynthFormat.number(shot.holdSeconds))
            j.member("volume", "100")
            j.key("exit"); j.beginObject()
            j.member("type", "pressure"); j.member("condition", "over"); j.member("value", "4.00")
            j.endObject()
            j.key("limiter"); j.beginObject(); j.member("value", "0"); j.member("range", "0.6"); j.endObject()
            j.endObject()
        }
        j.endArray()
        j.member("tank_temperature", "0"); j.member("target_weight", SynthFormat.number(shot.targetYield))
        j.member("target_volume", "0"); j.member("target_volume_count_start", "1")
        j.member("legacy_profile_type", "settings_2c"); j.member("type", "advanced"); j.member("lang", "en")
        j.member("hidden", "0")
        j.member("reference_file", shot.profile.title.lowercased().replacingOccurrences(of: " ", with: "_"))
        j.member("changes_since_last_espresso", ""); j.member("version", "2")
        j.endObject()
    }

    /// The JSON v2 shot.
    static func json(_ shot: SynthShot, _ s: SynthShotSeries, schema: DecentShotSchema = .standard) -> [UInt8] {
        var j = ShotJSONBytes()
        let clock = "\(shot.start)"
        j.beginObject()
        j.member("version", "2"); j.member("clock", clock); j.member("date", clockText(shot.start))
        j.member("timestamp", clock); j.newline()
        j.array(DecentShotSchema.timeKey, s.time, asStrings: true); j.newline()
        // The schema's series by group, in its order; the app's raw weight flow and its water total (in tens of
        // ml: Visualizer multiplies it by 10 for its chart) after them.
        var groups: [String] = []
        for entry in schema.series where !groups.contains(entry.group) { groups.append(entry.group) }
        let extra: [String: [(String, [Double])]] = [
            "flow": [("by_weight_raw", s.weightFlow)],
            "totals": [("water_dispensed", s.water.map { round($0 / 10, 10_000) })],
        ]
        for group in groups {
            j.key(group); j.beginObject()
            for entry in schema.series where entry.group == group {
                j.array(entry.key, values(entry.channel, s), asStrings: true)
            }
            for (key, values) in extra[group] ?? [] { j.array(key, values, asStrings: true) }
            j.endObject(); j.newline()
        }
        // The app's empty timers and scale objects, where the schema puts no series.
        for empty in ["timers", "scale"] where !groups.contains(empty) {
            j.key(empty); j.beginObject(); j.endObject()
        }
        j.key("resistance"); j.beginObject()
        j.array("resistance", resistance(s, byWeight: false), asStrings: true)
        j.array("by_weight", resistance(s, byWeight: true), asStrings: true)
        j.endObject(); j.newline()
        j.array(DecentShotSchema.stateChangeKey, stateChange(s), asStrings: true); j.newline()
        j.key("profile"); Self.profile(shot, s, schema: schema, into: &j); j.newline()
        // The schema's fields outside the profile (meta, the app's settings), the app's own beside them.
        var entries: [(path: [String], value: String)] = []
        for place in schema.fields where place.path.first != "profile" {
            entries.append((place.path, value(place.field, shot, s)))
        }
        entries += [(["meta", "bean", "notes"], ""), (["meta", "bean", "roast_level"], shot.roastLevel),
                    (["app", "app_name"], "DE1App"), (["app", "app_version"], "1.38.3")]
        entries += settings(shot, s, schema: schema).map { (DecentShotSchema.settingsPath + [$0.0], $0.1) }
        write(FormatTree.nodes(entries), into: &j)
        j.endObject(); j.newline()
        return j.out
    }

    /// Nested objects of text values, one top-level object a line.
    static func write(_ nodes: [FormatTree], into j: inout ShotJSONBytes, top: Bool = true) {
        for node in nodes {
            switch node {
            case .value(let key, let value): j.member(key, value)
            case .object(let key, let children):
                j.key(key); j.beginObject(); write(children, into: &j, top: false); j.endObject()
                if top { j.newline() }
            }
        }
    }

    /// A Tcl word: bare when it is a plain token, else in braces (`{}` when empty).
    static func tclWord(_ s: String) -> String {
        if !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }) { return s }
        return "{\(s)}"
    }

    /// The Tcl `.shot` file.
    static func tcl(_ shot: SynthShot, _ s: SynthShotSeries, schema: DecentShotSchema = .standard) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 15)
        func line(_ text: String) { out.append(contentsOf: text.utf8); out.append(0x0A) }
        func list(_ name: String, _ values: [Double]) {
            out.append(contentsOf: name.utf8); out.append(contentsOf: " {".utf8)
            for (i, v) in values.enumerated() {
                if i > 0 { out.append(0x20) }
                // The app always writes a decimal point (`0.0`, `36.0`).
                let text = SynthFormat.number(v)
                out.append(contentsOf: text.utf8)
                if !text.contains(".") && !text.contains("e") { out.append(contentsOf: ".0".utf8) }
            }
            out.append(contentsOf: "}\n".utf8)
        }
        line("clock \(shot.start)")
        list(DecentShotSchema.timeTcl, s.time)
        for entry in schema.series { list(entry.tcl, values(entry.channel, s)) }
        list("espresso_flow_weight_raw", s.weightFlow)
        list("espresso_water_dispensed", s.water.map { round($0 / 10, 10_000) })
        var profileJSON = ShotJSONBytes()
        Self.profile(shot, s, schema: schema, into: &profileJSON)
        line("profile " + String(decoding: profileJSON.out, as: UTF8.self))
        list(DecentShotSchema.stateChangeTcl, stateChange(s))
        list("espresso_resistance", resistance(s, byWeight: false))
        list("espresso_resistance_weight", resistance(s, byWeight: true))
        line("app_version 1.37.0")
        line("local_time {\(clockText(shot.start))}")
        line("settings {")
        for (k, v) in settings(shot, s, schema: schema) { line("\t\(k) \(tclWord(v))") }
        line("}")
        line("machine {")
        line("\tversion {BLEFWMajor 2 BLEFWMinor 1 P0BLECooked 0}")
        line("\tmodel 3")
        line("}")
        return out
    }
}
