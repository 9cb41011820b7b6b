import BrewColumns
import Foundation

/// Reads Gaggiuino shot JSON.
///
/// Two layouts: `datapoints` as a list of objects in physical units (`timeInShot` ms, `pressure` bar, `pumpFlow`
/// ml/s, `shotWeight` g, `weightFlow` g/s, `temperature` °C — what Visualizer reads), or the machine's own API
/// layout, `datapoints` as an object of integer lists in tenths (`timeInShot` in tenths of a second, `pressure`
/// 90 = 9.0 bar, …), divided by 10 here. `temperature` is the boiler/basket thermocouple → basket temperature;
/// `targetPressure`, `targetPumpFlow`, `targetTemperature` → goals. Start: `timestamp` (Unix s); profile:
/// `profile.name`; temperature: `profile.waterTemperature`; dose: `profile.recipe.coffeeIn` when set; yield: the
/// last shot weight; time: the last sample's time.
enum GaggiuinoShotImporter {
    static let keys: [(String, ShotChannel)] = [
        ("pressure", .pressure), ("pumpFlow", .flow), ("shotWeight", .weight), ("weightFlow", .weightFlow),
        ("temperature", .basketTemperature), ("targetPressure", .pressureGoal), ("targetPumpFlow", .flowGoal),
        ("targetTemperature", .temperatureGoal),
    ]

    /// The list layout's points read as columns (``JSONRecords``): `timeInShot`, then ``keys``; of a member repeated
    /// within one point the last counts.
    static let records = ["datapoints": JSONRecordSpec(keys: ["timeInShot"] + keys.map(\.0), firstWins: false)]

    static func read(_ data: Data) throws(ShotRejection) -> ParsedShot {
        let root = try ShotRead.jsonObject(data, recordKeys: records)
        var shot = ParsedShot(format: .gaggiuino)
        if let points = root["datapoints"] as? JSONRecords {
            try ShotRead.checkCount(points.count, "datapoints")
            // A point without `timeInShot` (or not an object) has no time.
            shot.series[.time] = points.columns[0].map { $0.map { $0.map { $0 / 1000 } } }
                ?? [Double?](repeating: nil, count: points.count)
            for (k, (_, channel)) in keys.enumerated() { if let c = points.columns[k + 1] { shot.series[channel] = c } }
        } else if let columns = root["datapoints"] as? JSONObject {
            guard let time = columns["timeInShot"] as? [Any] else {
                throw ShotRejection("datapoints.timeInShot", "no timeInShot list")
            }
            try ShotRead.checkCount(time.count, "datapoints.timeInShot")
            shot.series[.time] = time.map { ShotRead.number($0).map { $0 / 10 } }
            for (key, channel) in keys {
                guard let list = columns[key] as? [Any] else { continue }
                try ShotRead.checkCount(list.count, "datapoints.\(key)")
                shot.series[channel] = list.map { ShotRead.number($0).map { $0 / 10 } }
            }
        } else {
            throw ShotRejection("datapoints", "datapoints is missing or neither a list nor an object of lists")
        }
        shot.start = ShotRead.unixTime(ShotRead.number(root["timestamp"]))
        shot.sourceID = ShotRead.text(root["id"])
        let profile = root["profile"] as? JSONObject ?? JSONObject()
        shot.profile = ShotRead.text(profile["name"])
        shot.temperature = ShotRead.positive(ShotRead.number(profile["waterTemperature"]))
        shot.dose = ShotRead.positive(ShotRead.number((profile["recipe"] as? JSONObject)?["coffeeIn"]))
        return shot
    }
}

/// Reads GaggiMate shot JSON (the web UI's export and `gaggimate-shot-history` archives of one shot).
///
/// Samples (already decoded from the `.slog` file's scaled integers by GaggiMate's own reader — ×10 for
/// temperatures, pressures and weights, ×100 for flows — so they are in physical units here): `t` ms → time;
/// `cp` → pressure, `tp` → pressure goal; `fl` (pump flow) → flow, `tf` → flow goal (a goal 0 at every sample is
/// one the profile does not set, and is not read); `ct` → mix temperature,
/// `tt` → temperature goal; `v` (the Bluetooth scale's weight, GaggiMate's "volumetric weight") → weight and `vf`
/// (the scale's flow) → weight flow, when any `v` is above 0. Without a scale GaggiMate writes `v` 0 throughout and
/// `vf` repeats the pump flow: the shot then records no weight. `ev` (GaggiMate's estimated weight, computed from the
/// pumped volume, not weighed) is never read as weight, and `pf` (estimated puck flow) is not read either: both are
/// the machine's estimates, and a metric on them would pass an estimate off as a measurement (GaggiMate's own shot
/// reader, `parseBinaryShot.js`, labels them so). Start: `timestamp` (Unix s); profile:
/// `profile.label` or `profile` as text; temperature: `profile.temperature`; yield: `volume` when above 0, else the
/// last weight. Shot notes (`notes` embedded, or a separate notes file with the same `id`): `rating` (1–5 stars,
/// 0 = none), `doseIn`, `doseOut` (yield), `grindSetting`, `notes`.
enum GaggiMateShotImporter {
    /// The sample keys read, `t` first (see ``channel(_:)``).
    static let sampleKeys = ["t", "cp", "tp", "fl", "tf", "ct", "tt", "v", "vf"]
    /// The samples read as columns (``JSONRecords``); of a key repeated within one sample the first counts.
    static let records = ["samples": JSONRecordSpec(keys: sampleKeys, firstWins: true)]

    static func read(_ data: Data) throws(ShotRejection) -> ParsedShot {
        let root = try ShotRead.jsonObject(data, recordKeys: records)
        var shot = ParsedShot(format: .gaggimate)
        guard let samples = root["samples"] as? JSONRecords else {
            throw ShotRejection("samples", "samples is missing or not a list")
        }
        try ShotRead.checkCount(samples.count, "samples")
        // A channel is recorded when any sample has its key.
        let n = samples.count
        var columns: [ShotChannel: [Double?]] = [:]
        for (k, key) in sampleKeys.enumerated().dropFirst() {
            if let channel = Self.channel(key), let values = samples.columns[k] { columns[channel] = values }
        }
        shot.series[.time] = samples.columns[0].map { $0.map { $0.map { $0 / 1000 } } }
            ?? [Double?](repeating: nil, count: n)
        let scale = columns[.weight]?.contains { ($0 ?? 0) > 0 } ?? false
        if scale {
            columns[.weightFlow] = columns[.weightFlow] ?? [Double?](repeating: nil, count: n)
        } else {
            columns[.weight] = nil
            columns[.weightFlow] = nil
        }
        // A goal the profile does not set is written 0 at every sample (a pressure profile's `tf`, both goals of a
        // flat profile): no goal, not a goal of 0 bar or 0 ml/s that a chart would draw along its axis.
        for goal in [ShotChannel.pressureGoal, .flowGoal] where columns[goal]?.allSatisfy({ ($0 ?? 0) == 0 }) == true {
            columns[goal] = nil
        }
        for (channel, values) in columns { shot.series[channel] = values }
        shot.start = ShotRead.unixTime(ShotRead.number(root["timestamp"]))
        shot.sourceID = ShotRead.text(root["id"])
        if let profile = root["profile"] as? JSONObject {
            shot.profile = ShotRead.text(profile["label"])
            shot.temperature = ShotRead.positive(ShotRead.number(profile["temperature"]))
        } else {
            shot.profile = ShotRead.text(root["profile"])
        }
        shot.yield = ShotRead.positive(ShotRead.number(root["volume"]))
        if let notes = root["notes"] as? JSONObject { applyNotes(notes, to: &shot) }
        return shot
    }

    /// The channel of a sample key read (`v` and `vf` kept only with a scale), or `nil`.
    static func channel(_ key: String) -> ShotChannel? {
        switch key {
        case "cp": .pressure
        case "tp": .pressureGoal
        case "fl": .flow
        case "tf": .flowGoal
        case "ct": .mixTemperature
        case "tt": .temperatureGoal
        case "v": .weight
        case "vf": .weightFlow
        default: nil
        }
    }

    /// A separate notes file: its `id` and the notes object.
    static func readNotes(_ data: Data) throws(ShotRejection) -> (id: String?, notes: JSONObject) {
        let root = try ShotRead.jsonObject(data)
        return (ShotRead.text(root["id"]), root)
    }

    /// The notes' fields over the shot's (a note entered by hand wins over the machine's estimate).
    static func applyNotes(_ notes: JSONObject, to shot: inout ParsedShot) {
        if let r = ShotRead.positive(ShotRead.number(notes["rating"])) { shot.rating = r }
        if let d = ShotRead.positive(ShotRead.number(notes["doseIn"])) { shot.dose = d }
        if let y = ShotRead.positive(ShotRead.number(notes["doseOut"])) { shot.yield = y }
        if let g = ShotRead.text(notes["grindSetting"]) { shot.grindSetting = g }
        if let n = ShotRead.text(notes["notes"]) { shot.notes = n }
    }
}

/// Reads Meticulous shot JSON (`.shot.json`).
///
/// `data[]` points: `time` ms → time; `shot.pressure` → pressure, `shot.flow` → flow, `shot.weight` → weight,
/// `shot.gravimetric_flow` → weight flow, `shot.setpoints.pressure` / `.flow` → goals (absent while the
/// setpoint is not active), `sensors.tube` → mix temperature (Visualizer reads the same keys). Start: `time`
/// (Unix s, fractional); profile: `profile_name`; temperature: `profile.temperature`; yield: the last weight.
enum MeticulousShotImporter {
    static func read(_ data: Data) throws(ShotRejection) -> ParsedShot {
        let root = try ShotRead.jsonObject(data)
        var shot = ParsedShot(format: .meticulous)
        let points = try ShotRead.samples(root, "data").map { $0 as? JSONObject ?? JSONObject() }
        let shots = points.map { $0["shot"] as? JSONObject ?? JSONObject() }
        let setpoints = shots.map { $0["setpoints"] as? JSONObject ?? JSONObject() }
        let sensors = points.map { $0["sensors"] as? JSONObject ?? JSONObject() }
        shot.series[.time] = points.map { ShotRead.number($0["time"]).map { $0 / 1000 } }
        for (key, channel) in [("pressure", ShotChannel.pressure), ("flow", .flow), ("weight", .weight),
                               ("gravimetric_flow", .weightFlow)] where shots.contains(where: { $0[key] != nil }) {
            shot.series[channel] = shots.map { ShotRead.number($0[key]) }
        }
        for (key, channel) in [("pressure", ShotChannel.pressureGoal), ("flow", .flowGoal)]
        where setpoints.contains(where: { $0[key] != nil }) {
            shot.series[channel] = setpoints.map { ShotRead.number($0[key]) }
        }
        if sensors.contains(where: { $0["tube"] != nil }) {
            shot.series[.mixTemperature] = sensors.map { ShotRead.number($0["tube"]) }
        }
        shot.phases = ShotPhases.named(
            time: shot.series[.time] ?? [], names: points.map { ShotRead.text($0["status"]) })
        shot.start = ShotRead.unixTime(ShotRead.number(root["time"]))
        shot.sourceID = ShotRead.text(root["id"])
        shot.profile = ShotRead.text(root["profile_name"])
        shot.temperature = ShotRead.positive(ShotRead.number((root["profile"] as? JSONObject)?["temperature"]))
        return shot
    }
}

extension GaggiuinoShotImporter: ShotImporter {
    static let format = ShotFormat.gaggiuino
    static let displayName = "Gaggiuino JSON"
    static let methodName = "Gaggiuino"
    /// JSON with a `"datapoints"` key.
    static func claims(_ prefix: ShotPrefix) -> Bool { prefix.isJSON && prefix.has("datapoints") }
    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot { try read(data) }
}

extension GaggiMateShotImporter: ShotImporter {
    static let format = ShotFormat.gaggimate
    static let displayName = "GaggiMate JSON"
    static let methodName = "GaggiMate"
    /// JSON with a `"samples"` key.
    static func claims(_ prefix: ShotPrefix) -> Bool { prefix.isJSON && prefix.has("samples") }
    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot { try read(data) }

    /// Whether JSON that no importer claims is a GaggiMate notes file: `"doseIn"`, `"doseOut"` or
    /// `"balanceTaste"` (``ShotFormat/Sniffed/gaggimateNotes``).
    static func claimsNotes(_ prefix: ShotPrefix) -> Bool {
        prefix.has("doseIn") || prefix.has("doseOut") || prefix.has("balanceTaste")
    }
}

extension MeticulousShotImporter: ShotImporter {
    static let format = ShotFormat.meticulous
    static let displayName = "Meticulous JSON"
    static let methodName = "Meticulous"
    /// JSON with `"profile_name"` and `"data"` keys.
    static func claims(_ prefix: ShotPrefix) -> Bool {
        prefix.isJSON && prefix.has("profile_name") && prefix.has("data")
    }
    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot { try read(data) }
}
