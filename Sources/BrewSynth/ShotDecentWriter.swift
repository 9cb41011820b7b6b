import BrewColumns

/// Decent's two shot layouts: the JSON v2 shot (what the DE1 app uploads to Visualizer) and the Tcl `.shot` file
/// (`key {values}` lines and a `settings { … }` block), field for field as the real files in
/// `peer-data/visualizer/` have them. Every number in the JSON is a string, as the app writes it.
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

    /// The settings the importers read (Visualizer's captured fields), with their values for `shot`.
    static func settings(_ shot: SynthShot, _ s: SynthShotSeries) -> [(String, String)] {
        let drink = shot.hasScale ? (s.weight.last ?? 0) : shot.targetYield
        return [
            ("bean_brand", shot.roaster), ("bean_type", shot.bean), ("bean_notes", ""),
            ("roast_date", roastDateText(shot.roastDate)), ("roast_level", shot.roastLevel),
            ("grinder_model", shot.grinder), ("grinder_setting", SynthFormat.number(shot.grindSetting)),
            ("grinder_dose_weight", SynthFormat.number(shot.dose)), ("drink_weight", SynthFormat.number(drink)),
            ("drink_tds", "0"), ("drink_ey", "0"), ("espresso_enjoyment", "\(shot.enjoyment ?? 0)"),
            ("espresso_notes", shot.notes), ("profile_title", shot.profile.title),
            ("espresso_temperature", SynthFormat.number(shot.temperatureGoal)), ("enable_fahrenheit", "0"),
            ("has_scale", shot.hasScale ? "1" : "0"), ("scale_type", shot.hasScale ? "acaiascale" : ""),
            ("final_desired_shot_weight_advanced", SynthFormat.number(shot.targetYield)),
            ("my_name", "Synthetic Barista"), ("skin", "Insight"), ("machine_model", "3"),
        ]
    }

    /// The profile as the app embeds it: one step per phase the profile has.
    static func profile(_ shot: SynthShot, into j: inout ShotJSONBytes) {
        j.beginObject()
        j.member("title", shot.profile.title); j.member("author", "brewstats"); j.member("notes", "")
        j.member("beverage_type", "espresso")
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
    static func json(_ shot: SynthShot, _ s: SynthShotSeries) -> [UInt8] {
        var j = ShotJSONBytes()
        let clock = "\(shot.start)"
        j.beginObject()
        j.member("version", "2"); j.member("clock", clock); j.member("date", clockText(shot.start))
        j.member("timestamp", clock); j.newline()
        j.array("elapsed", s.time, asStrings: true); j.newline()
        j.key("timers"); j.beginObject(); j.endObject()
        j.key("pressure"); j.beginObject()
        j.array("pressure", s.pressure, asStrings: true); j.array("goal", s.pressureGoal, asStrings: true)
        j.endObject(); j.newline()
        j.key("flow"); j.beginObject()
        j.array("flow", s.flow, asStrings: true); j.array("by_weight", s.weightFlow, asStrings: true)
        j.array("by_weight_raw", s.weightFlow, asStrings: true); j.array("goal", s.flowGoal, asStrings: true)
        j.endObject(); j.newline()
        j.key("temperature"); j.beginObject()
        j.array("basket", s.basketTemperature, asStrings: true); j.array("mix", s.mixTemperature, asStrings: true)
        j.array("goal", s.temperatureGoal, asStrings: true)
        j.endObject(); j.newline()
        j.key("scale"); j.beginObject(); j.endObject()
        j.key("totals"); j.beginObject()
        // The app's water total is in tens of ml (Visualizer multiplies it by 10 for its chart).
        j.array("weight", s.weight, asStrings: true)
        j.array("water_dispensed", s.water.map { round($0 / 10, 10_000) }, asStrings: true)
        j.endObject(); j.newline()
        j.key("resistance"); j.beginObject()
        j.array("resistance", resistance(s, byWeight: false), asStrings: true)
        j.array("by_weight", resistance(s, byWeight: true), asStrings: true)
        j.endObject(); j.newline()
        j.array("state_change", stateChange(s), asStrings: true); j.newline()
        j.key("profile"); Self.profile(shot, into: &j); j.newline()
        let settings = Self.settings(shot, s)
        j.key("meta"); j.beginObject()
        j.key("bean"); j.beginObject()
        j.member("brand", shot.roaster); j.member("type", shot.bean); j.member("notes", "")
        j.member("roast_level", shot.roastLevel); j.member("roast_date", roastDateText(shot.roastDate))
        j.endObject()
        j.key("shot"); j.beginObject()
        j.member("enjoyment", "\(shot.enjoyment ?? 0)")
        j.member("notes", shot.notes)
        j.member("tds", "0")
        j.member("ey", "0")
        j.endObject()
        j.key("grinder"); j.beginObject()
        j.member("model", shot.grinder); j.member("setting", SynthFormat.number(shot.grindSetting))
        j.endObject()
        j.member("in", SynthFormat.number(shot.dose))
        j.member("out", settings.first { $0.0 == "drink_weight" }!.1)
        j.member("time", SynthFormat.number(round(s.time.last ?? 0, 10)))
        j.endObject(); j.newline()
        j.key("app"); j.beginObject()
        j.member("app_name", "DE1App"); j.member("app_version", "1.38.3")
        j.key("data"); j.beginObject()
        j.key("settings"); j.beginObject()
        for (k, v) in settings { j.member(k, v) }
        j.endObject()
        j.key("machine_state"); j.beginObject(); j.endObject()
        j.endObject(); j.endObject()
        j.endObject(); j.newline()
        return j.out
    }

    /// A Tcl word: bare when it is a plain token, else in braces (`{}` when empty).
    static func tclWord(_ s: String) -> String {
        if !s.isEmpty, s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }) { return s }
        return "{\(s)}"
    }

    /// The Tcl `.shot` file.
    static func tcl(_ shot: SynthShot, _ s: SynthShotSeries) -> [UInt8] {
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
        list("espresso_elapsed", s.time)
        list("espresso_pressure", s.pressure)
        list("espresso_weight", s.weight)
        list("espresso_flow", s.flow)
        list("espresso_flow_weight", s.weightFlow)
        list("espresso_flow_weight_raw", s.weightFlow)
        list("espresso_temperature_basket", s.basketTemperature)
        list("espresso_temperature_mix", s.mixTemperature)
        list("espresso_water_dispensed", s.water.map { round($0 / 10, 10_000) })
        list("espresso_pressure_goal", s.pressureGoal)
        list("espresso_flow_goal", s.flowGoal)
        list("espresso_temperature_goal", s.temperatureGoal)
        var profileJSON = ShotJSONBytes()
        Self.profile(shot, into: &profileJSON)
        line("profile " + String(decoding: profileJSON.out, as: UTF8.self))
        list("espresso_state_change", stateChange(s))
        list("espresso_resistance", resistance(s, byWeight: false))
        list("espresso_resistance_weight", resistance(s, byWeight: true))
        line("app_version 1.37.0")
        line("local_time {\(clockText(shot.start))}")
        line("settings {")
        for (k, v) in settings(shot, s) { line("\t\(k) \(tclWord(v))") }
        line("}")
        line("machine {")
        line("\tversion {BLEFWMajor 2 BLEFWMinor 1 P0BLECooked 0}")
        line("\tmodel 3")
        line("}")
        return out
    }
}
