import BrewColumns
import Foundation

/// Reads one shot of Decenza's history (docs/formats.md, "Decenza"): the document ``DecenzaStore`` makes of a row
/// of `shots.db` — `{"decenza_shot": {the row's columns}, "decenza_series": {the decompressed sample blob},
/// "decenza_phases": [{"t", "label"}]}`.
///
/// Decenza → channel / field:
/// - `samples.pressure.t` (s) → the time axis
/// - `pressure`, `pressureGoal`, `flow`, `flowGoal` (`{t, v}`) → pressure, pressure goal, flow, flow goal
/// - `temperature`, `temperatureMix`, `temperatureGoal` → basket, mix and goal temperatures
/// - `weight` (cumulative, g), `weightFlowRate` (g/s) → weight, weight flow
/// - `shot_phases` (`time_offset`, `label`) → the phases, named by their label
/// - `timestamp` (Unix s), `profile_name`, `duration_seconds` → start, profile, time
/// - `dose_weight`, `final_weight` → dose, yield
/// - `bean_brand`, `bean_type`, `roast_date` → roaster, bean, roast date
/// - `grinder_brand`, `grinder_model`, `grinder_burrs`, `grinder_setting` → grinder "brand model with burrs burrs",
///   setting
/// - `enjoyment` (0–100), `drink_tds`, `drink_ey`, `espresso_notes`, `temperature_override` → rating ÷ 20, TDS, EY,
///   notes, water temperature
///
/// A series whose times are the axis's is taken as it is; another (a scale's own clock) is placed on the axis:
/// each axis sample takes the series' latest sample at or before it, when at most 1 s before. A negative goal is
/// "no goal". Shots that are not espresso (`beverage_type` steam or hot water) are rejected; a `beverage_type` of
/// `filter` or `pourover` (a filter brew), `cleaning` or `calibrate` (a cleaning shot, left out) is sorted as a
/// Decent file's is (``ShotKind``).
enum DecenzaShotImporter: ShotImporter {
    static let format = ShotFormat.decenza
    static let displayName = "Decenza shots.db"
    static let methodName = "Decent DE1"
    static func claims(_ prefix: ShotPrefix) -> Bool { prefix.isJSON && prefix.has("decenza_shot") }

    static let channels: [(String, ShotChannel)] = [
        ("pressure", .pressure), ("pressureGoal", .pressureGoal), ("flow", .flow), ("flowGoal", .flowGoal),
        ("weight", .weight), ("weightFlowRate", .weightFlow), ("temperature", .basketTemperature),
        ("temperatureMix", .mixTemperature), ("temperatureGoal", .temperatureGoal),
    ]

    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot {
        let root = try ShotRead.jsonObject(data)
        guard let row = root["decenza_shot"] as? JSONObject else { throw ShotRejection(nil, "no decenza_shot row") }
        if let why = ShotRead.text(root["decenza_error"]) { throw ShotRejection("data_blob", why) }
        if let kind = ShotRead.text(row["beverage_type"])?.lowercased(),
            kind.contains("steam") || kind.contains("water") {
            throw ShotRejection("beverage_type", "a \(kind), not an espresso shot")
        }
        guard let samples = root["decenza_series"] as? JSONObject else {
            throw ShotRejection("data_blob", "no sample data")
        }
        func pair(_ key: String) throws(ShotRejection) -> (t: [Double?], v: [Double?])? {
            guard let o = samples[key] as? JSONObject,
                  let t = try ShotRead.numbers(o["t"], "\(key).t"),
                      let v = try ShotRead.numbers(o["v"], "\(key).v") else { return nil }
            let n = min(t.count, v.count)
            return (Array(t.prefix(n)), Array(v.prefix(n)))
        }
        var found = try pair("pressure")
        if found == nil { found = try pair("flow") }
        guard let axis = found else {
            throw ShotRejection("pressure", "no pressure or flow series: the shot has no time axis")
        }
        var shot = ParsedShot(format: .decenza)
        shot.series[.time] = axis.t
        for (key, channel) in channels {
            guard let (t, v) = try pair(key) else { continue }
            shot.series[channel] = t == axis.t ? v : placed(t, v, on: axis.t)
        }
        DecentShotImporter.dropNegativeGoals(&shot)
        if let phases = root["decenza_phases"] as? [Any] {
            var out: [ShotPhase] = []
            for case let p as JSONObject in phases {
                guard let t = ShotRead.number(p["t"]), t.isFinite, let label = ShotRead.text(p["label"]) else {
                    continue
                }
                if out.last?.name != label { out.append(ShotPhase(start: t, name: label)) }
            }
            shot.phases = out
        }
        shot.start = ShotRead.unixTime(ShotRead.number(row["timestamp"]))
        shot.sourceID = ShotRead.text(row["uuid"])
        shot.profile = ShotRead.text(row["profile_name"])
        shot.beverageType = ShotRead.text(row["beverage_type"])
        shot.time = ShotRead.positive(ShotRead.number(row["duration_seconds"]))
        shot.dose = ShotRead.positive(ShotRead.number(row["dose_weight"]))
        shot.yield = ShotRead.positive(ShotRead.number(row["final_weight"]))
        shot.roaster = ShotRead.text(row["bean_brand"])
        shot.bean = ShotRead.text(row["bean_type"])
        shot.roastDateText = ShotRead.text(row["roast_date"])
        shot.roastDate = ShotRead.roastDay(shot.roastDateText)
        let grinder = [ShotRead.text(row["grinder_brand"]), ShotRead.text(row["grinder_model"])].compactMap { $0 }
        if !grinder.isEmpty {
            shot.grinder = grinder.joined(separator: " ")
                + (ShotRead.text(row["grinder_burrs"]).map { " with \($0)" } ?? "")
        }
        shot.grindSetting = ShotRead.text(row["grinder_setting"])
        shot.enjoyment = ShotRead.positive(ShotRead.number(row["enjoyment"]))
        shot.tds = ShotRead.positive(ShotRead.number(row["drink_tds"]))
        shot.ey = ShotRead.positive(ShotRead.number(row["drink_ey"]))
        shot.notes = ShotRead.text(row["espresso_notes"])
        shot.temperature = ShotRead.positive(ShotRead.number(row["temperature_override"]))
        return shot
    }

    /// `v` at times `t` placed on `axis`: each axis time takes the latest sample at or before it, at most 1 s before.
    static func placed(_ t: [Double?], _ v: [Double?], on axis: [Double?]) -> [Double?] {
        var out: [Double?] = []
        out.reserveCapacity(axis.count)
        var j = 0
        var last: (Double, Double?)?
        for a in axis {
            guard let a else { out.append(nil); continue }
            while j < t.count, let tj = t[j], tj <= a { last = (tj, v[j]); j += 1 }
            if j < t.count, t[j] == nil { j += 1 }
            if let (tl, vl) = last, a - tl <= 1 { out.append(vl) } else { out.append(nil) }
        }
        return out
    }
}
