/// The open machine controllers' shot layouts — Gaggiuino, GaggiMate and Meticulous — field for field as the
/// real files in `peer-data/visualizer/` have them. None of them carries bean, grinder or rating metadata;
/// without a scale their weight series is all zeros.
enum ShotMachineWriter {
    /// Gaggiuino: `datapoints[]` with `timeInShot` in ms, `duration` in tenths of a second.
    static func gaggiuino(_ shot: SynthShot, _ s: SynthShotSeries) -> [UInt8] {
        var j = ShotJSONBytes()
        j.beginObject()
        j.member("id", int: Int64(shot.index + 1))
        j.member("duration", int: Int64(((s.time.last ?? 0) * 10).rounded()))
        j.member("timestamp", int: shot.start)
        j.key("datapoints"); j.beginArray()
        for i in 0 ..< s.count {
            j.newline()
            j.beginObject()
            j.member("timeInShot", int: Int64((s.time[i] * 1000).rounded()))
            j.member("pressure", round(s.pressure[i], 10))
            j.member("pumpFlow", round(s.flow[i], 10))
            j.member("weightFlow", round(s.weightFlow[i], 10))
            j.member("temperature", round(s.basketTemperature[i], 10))
            j.member("shotWeight", s.weight[i])
            j.member("waterPumped", round(s.water[i], 10))
            j.member("targetTemperature", s.temperatureGoal[i])
            j.member("targetPumpFlow", max(0, s.flowGoal[i]))
            j.member("targetPressure", max(0, s.pressureGoal[i]))
            j.endObject()
        }
        j.endArray(); j.newline()
        j.key("profile"); j.beginObject()
        j.member("id", int: Int64(shot.profile.rawValue + 1)); j.member("name", shot.profile.title)
        j.key("phases"); j.beginArray()
        for (type, restriction, seconds) in [("FLOW", 3.0, shot.holdSeconds), ("PRESSURE", shot.pressureTarget, 60)] {
            j.beginObject()
            j.key("target"); j.beginObject()
            j.member("end", type == "FLOW" ? shot.fillFlow : shot.pressureTarget); j.member("curve", "EASE_OUT")
            j.member("time", int: Int64(seconds * 1000))
            j.endObject()
            j.key("stopConditions"); j.beginObject(); j.member("time", int: Int64(seconds * 1000)); j.endObject()
            j.member("type", type); j.key("skip"); j.bool(false); j.member("restriction", restriction)
            j.endObject()
        }
        j.endArray()
        j.key("globalStopConditions"); j.beginObject(); j.member("weight", shot.targetYield); j.endObject()
        j.member("waterTemperature", shot.temperatureGoal)
        j.key("recipe"); j.beginObject(); j.endObject()
        j.endObject()
        j.endObject(); j.newline()
        return j.out
    }

    /// GaggiMate v1: `samples[]` with `t` in ms; `v` the scale, `ev` the estimated weight, `pf` the puck flow.
    static func gaggimate(_ shot: SynthShot, _ s: SynthShotSeries) -> [UInt8] {
        var j = ShotJSONBytes()
        j.beginObject()
        j.member("version", "1"); j.member("timestamp", int: shot.start)
        j.key("samples"); j.beginArray()
        for i in 0 ..< s.count {
            j.newline()
            j.beginObject()
            j.member("t", int: Int64((s.time[i] * 1000).rounded()))
            j.member("tt", s.temperatureGoal[i]); j.member("ct", round(s.mixTemperature[i], 1000))
            j.member("tp", max(0, s.pressureGoal[i])); j.member("cp", round(s.pressure[i], 1000))
            j.member("fl", round(s.flow[i], 1000)); j.member("tf", max(0, s.flowGoal[i]))
            j.member("pf", round(s.puckFlow[i], 1000)); j.member("vf", round(s.weightFlow[i], 1000))
            // GaggiMate stores weights unsigned: a reading below zero is written as 0.
            j.member("v", max(0, s.weight[i])); j.member("ev", round(s.estimatedWeight[i], 100))
            j.endObject()
        }
        j.endArray(); j.newline()
        j.member("duration", int: Int64(((s.time.last ?? 0) * 1000).rounded()))
        j.member("volume", shot.hasScale ? (s.weight.last ?? 0) : 0)
        j.key("profile"); j.beginObject()
        j.member("id", "00000\(shot.profile.rawValue + 1)"); j.member("label", shot.profile.title)
        j.member("type", "standard"); j.member("description", ""); j.member("temperature", shot.temperatureGoal)
        j.key("phases"); j.beginArray()
        j.beginObject()
        j.member("name", "Fill"); j.member("phase", "preinfusion"); j.member("valve", int: 1)
        j.member("duration", round(shot.holdSeconds, 1)); j.member("pump", int: 100)
        j.endObject()
        j.beginObject()
        j.member("name", "Pump"); j.member("phase", "brew"); j.member("valve", int: 1); j.member("duration", int: 40)
        j.key("pump"); j.beginObject()
        j.member("target", "pressure"); j.member("pressure", shot.pressureTarget); j.member("flow", int: 0)
        j.endObject()
        j.key("targets"); j.beginArray(); j.beginObject()
        j.member("type", "volumetric"); j.member("value", shot.targetYield)
        j.endObject(); j.endArray()
        j.endObject()
        j.endArray()
        j.endObject()
        j.endObject(); j.newline()
        return j.out
    }

    /// The phase names Meticulous reports in `status`.
    static func status(_ phase: SynthShotPhase) -> String {
        switch phase {
        case .fill: "Fill"
        case .hold: "Bloom"
        case .extraction: "Extraction"
        case .drip: "retracting"
        }
    }

    /// Meticulous: `data[]` with `time` in ms and `shot{pressure, flow, weight, gravimetric_flow, setpoints}`,
    /// `sensors{…}` (the `tube` temperature among them; `motor_thermistor` is the string "NaN" as the machine
    /// writes it).
    static func meticulous(_ shot: SynthShot, _ s: SynthShotSeries) -> [UInt8] {
        var j = ShotJSONBytes()
        j.beginObject()
        j.member("time", Double(shot.start) + 0.25)
        j.member("profile_name", shot.profile.title)
        j.key("data"); j.beginArray()
        for i in 0 ..< s.count {
            j.newline()
            j.beginObject()
            j.key("shot"); j.beginObject()
            j.member("pressure", s.pressure[i]); j.member("flow", s.flow[i]); j.member("weight", s.weight[i])
            j.member("gravimetric_flow", s.weightFlow[i])
            j.key("setpoints"); j.beginObject()
            let active = s.pressureGoal[i] >= 0 ? "pressure" : "flow"
            j.member("active", active)
            if s.flowGoal[i] >= 0 { j.member("flow", s.flowGoal[i]) }
            if s.pressureGoal[i] >= 0 { j.member("pressure", s.pressureGoal[i]) }
            j.endObject()
            j.endObject()
            let ms = Int64((s.time[i] * 1000).rounded())
            j.member("time", int: ms); j.member("profile_time", int: ms)
            j.member("status", status(s.phase[i]))
            j.key("sensors"); j.beginObject()
            j.member("bar_up", round(s.basketTemperature[i] - 1.2, 100))
            j.member("bar_mid_up", round(s.basketTemperature[i] + 0.4, 100))
            j.member("bar_mid_down", round(s.basketTemperature[i] + 0.9, 100))
            j.member("bar_down", round(s.basketTemperature[i] - 1.6, 100))
            j.member("tube", s.mixTemperature[i])
            j.member("motor_temp", 25.3); j.member("pressure_sensor", round(s.pressure[i] * 64.5, 1))
            j.key("water_status"); j.bool(true)
            j.member("motor_thermistor", "NaN")
            j.member("weight_prediction", s.estimatedWeight[i])
            j.endObject()
            j.endObject()
        }
        j.endArray(); j.newline()
        var ids = SynthRandom(seed: shot.noiseSeed, stream: 7)
        j.member("id", SynthUUID(using: &ids).string.lowercased())
        j.key("profile"); j.beginObject()
        j.member("name", shot.profile.title); j.member("author", "brewstats")
        j.key("previous_authors"); j.beginArray(); j.endArray()
        j.member("temperature", shot.temperatureGoal); j.member("final_weight", shot.targetYield)
        j.key("variables"); j.beginArray(); j.endArray()
        j.key("stages"); j.beginArray()
        for (name, type) in [("Fill", "flow"), ("Extraction", "pressure")] {
            j.beginObject()
            j.member("name", name); j.member("key", name.lowercased() + "_1"); j.member("type", type)
            j.endObject()
        }
        j.endArray()
        j.endObject()
        j.endObject(); j.newline()
        return j.out
    }
}
