import BrewColumns
import BrewFormatSchemas
import Foundation

/// Reads Decent DE1 shots: the `.shot` Tcl file and the JSON v2 file (Visualizer's own upload and mirror format), by
/// the keys of BrewFormatSchemas' ``BrewFormatSchemas/DecentShotSchema`` (the standard one unless a schema is given).
///
/// Mapping (both encodings; Visualizer's `decent_tcl` / `decent_json` parsers read the same keys):
///
/// Decent → channel / field:
/// - `espresso_elapsed` / `elapsed` (s) → time
/// - `espresso_pressure` / `pressure.pressure`, `…_goal` / `pressure.goal` (bar) → pressure, pressure goal
/// - `espresso_flow` / `flow.flow`, `…_goal` / `flow.goal` (ml/s) → flow, flow goal
/// - `espresso_weight` / `totals.weight` (g), `espresso_flow_weight` / `flow.by_weight` (g/s) → weight, weight flow
/// - `espresso_temperature_basket`, `_mix`, `_goal` / `temperature.basket`, `.mix`, `.goal` (°C) → temperatures
/// - `clock` / `timestamp` (Unix s) → start
/// - `profile_title`, `bean_brand`, `bean_type`, `roast_date`, `grinder_model`, `grinder_setting` → profile, roaster,
///   bean, roast date, grinder, setting
/// - `grinder_dose_weight` / `meta.in`, `drink_weight` / `meta.out`, `meta.time` → dose, yield, time
/// - `espresso_enjoyment` (0–100), `drink_tds`, `drink_ey`, `espresso_notes` → rating ÷ 20, TDS, EY, notes
/// - `beverage_type` (settings, else the profile's) → what the machine made: `filter` or `pourover` is a filter
///   brew, `cleaning` or `calibrate` a cleaning shot, left out (``ShotKind``)
///
/// A goal of −1 means "no goal at this moment" and is a missing sample; 0 for dose, yield, TDS, EY or enjoyment
/// means "not entered". Decent writes one more value of each channel than of `elapsed` at the end of some
/// shots; that trailing value is dropped.
enum DecentShotImporter {
    /// Reads a `.shot` file.
    static func readTcl(_ bytes: [UInt8], schema: DecentShotSchema = .standard) throws(ShotRejection) -> ParsedShot {
        var shot = ParsedShot(format: .decentTcl)
        shot.trailingExtraAllowed = true
        let top: [String: Range<Int>]
        do {
            top = try TclDictionary.parse(bytes, 0 ..< bytes.count)
        } catch {
            // Some DE1 app versions write a `machine {…}` block that is not valid Tcl; Visualizer reads the file
            // up to it, and so does this.
            guard let cut = firstLine(bytes, startingWith: "machine {") else { throw error }
            top = try TclDictionary.parse(bytes, 0 ..< cut)
        }
        let timeKey = DecentShotSchema.timeTcl, changeKey = DecentShotSchema.stateChangeTcl
        guard let elapsed = top[timeKey] else {
            throw ShotRejection(timeKey, "no \(timeKey) list")
        }
        shot.series[.time] = try TclDictionary.numbers(bytes, elapsed, key: timeKey)
        for series in schema.series {
            guard let range = top[series.tcl] else { continue }
            shot.series[series.channel] = try TclDictionary.numbers(bytes, range, key: series.tcl)
        }
        dropNegativeGoals(&shot)
        if let range = top[changeKey] {
            shot.phases = ShotPhases.decent(time: shot.series[.time] ?? [],
                                            stateChange: try TclDictionary.numbers(bytes, range, key: changeKey))
        }
        shot.start = ShotRead.unixTime(top["clock"].flatMap { ShotRead.decimal(TclDictionary.string(bytes, $0)) })
        var settings: [String: Range<Int>] = [:]
        if let range = top["settings"] { settings = try TclDictionary.parse(bytes, range) }
        applySettings(&shot, schema: schema) { key in settings[key].map { TclDictionary.string(bytes, $0) } }
        if shot.profile == nil || shot.beverageType == nil, let range = top["profile"] {
            let json = Data("{".utf8) + Data(bytes[range]) + Data("}".utf8)
            let profile = (try? ShotJSONReader.parse(json)) as? JSONObject
            shot.profile = shot.profile ?? profile.flatMap { ShotRead.text($0["title"]) }
            shot.beverageType = shot.beverageType ?? profile.flatMap { ShotRead.text($0["beverage_type"]) }
        }
        return shot
    }

    /// The offset of the first line that starts with `prefix`, or `nil`.
    static func firstLine(_ bytes: [UInt8], startingWith prefix: String) -> Int? {
        let p = Array(prefix.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i...].starts(with: p) { return i }
            guard let nl = bytes[i...].firstIndex(of: 0x0A) else { return nil }
            i = nl + 1
        }
        return nil
    }

    /// The JSON v2 lists read as samples (``ShotJSONReader/parse(_:sampleKeys:)``): the time axis, the phase
    /// markers and every series of the standard schema.
    static let jsonSampleKeys = DecentShotSchema.standard.sampleKeys

    /// Reads a JSON v2 file.
    static func readJSON(_ data: Data, schema: DecentShotSchema = .standard) throws(ShotRejection) -> ParsedShot {
        let root = try ShotRead.jsonObject(data,
            sampleKeys: schema == .standard ? jsonSampleKeys : schema.sampleKeys)
        var shot = ParsedShot(format: .decentJSON)
        shot.trailingExtraAllowed = true
        let timeKey = DecentShotSchema.timeKey, changeKey = DecentShotSchema.stateChangeKey
        guard let elapsed = try ShotRead.numbers(root[timeKey], timeKey) else {
            throw ShotRejection(timeKey, "\(timeKey) is missing or not a list")
        }
        shot.series[.time] = elapsed
        for series in schema.series {
            shot.series[series.channel] = try ShotRead.numbers(
                (root[series.group] as? JSONObject)?[series.key], series.path)
        }
        dropNegativeGoals(&shot)
        if let changes = try ShotRead.numbers(root[changeKey], changeKey) {
            shot.phases = ShotPhases.decent(time: elapsed, stateChange: changes)
        }
        shot.start = ShotRead.unixTime(ShotRead.number(root["timestamp"]) ?? ShotRead.number(root["clock"]))
        let settings = value(at: DecentShotSchema.settingsPath, in: root) as? JSONObject ?? JSONObject()
        applySettings(&shot, schema: schema) { ShotRead.text(settings[$0]) }
        applyFields(&shot, schema: schema, root: root)
        return shot
    }

    /// Decent's −1 goal ("no goal now") is a missing sample, not a target of −1 bar.
    static func dropNegativeGoals(_ shot: inout ParsedShot) {
        for goal in [ShotChannel.pressureGoal, .flowGoal] {
            shot.series[goal] = shot.series[goal]?.map { v in v.flatMap { $0 < 0 ? nil : $0 } }
        }
    }
}

/// The `key value` pairs of a Tcl dictionary body, as byte ranges of their values (braces stripped).
enum TclDictionary {
    /// Parses `bytes[range]`: words separated by blanks; a value in braces runs to its matching brace (a
    /// backslash escapes the next byte); a bare value runs to the end of its word. A later key replaces an earlier.
    static func parse(_ bytes: [UInt8], _ range: Range<Int>) throws(ShotRejection) -> [String: Range<Int>] {
        var out: [String: Range<Int>] = [:]
        var i = range.lowerBound
        let end = range.upperBound
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        func word() throws(ShotRejection) -> Range<Int> {
            while i < end, isBlank(bytes[i]) { i += 1 }
            if i < end, bytes[i] == UInt8(ascii: "{") {
                var depth = 1
                let start = i + 1
                i += 1
                while i < end {
                    let b = bytes[i]
                    if b == UInt8(ascii: "\\") { i += 2; continue }
                    if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 { i += 1; return start ..< i - 1 }
                    }
                    i += 1
                }
                throw ShotRejection(nil, "the Tcl text ends inside braces (a cut-off .shot file)")
            }
            let start = i
            while i < end, !isBlank(bytes[i]) { i += 1 }
            return start ..< i
        }
        while true {
            while i < end, isBlank(bytes[i]) { i += 1 }
            guard i < end else { break }
            let key = try word()
            // A key alone on its line has an empty value.
            var j = i
            while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            let value: Range<Int> = (j < end && bytes[j] != 0x0A && bytes[j] != 0x0D) ? try word() : i ..< i
            out[String(decoding: bytes[key], as: UTF8.self)] = value
        }
        return out
    }

    /// The value's text, trimmed.
    static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        ShotRead.trimmedBlanks(String(decoding: bytes[range], as: UTF8.self))
    }

    /// The value as a list of numbers; a word that is not a number is a missing sample. Stops (and rejects) at
    /// more than ``ShotLimits/maxSamples`` words, before storing them.
    static func numbers(_ bytes: [UInt8], _ range: Range<Int>, key: String) throws(ShotRejection) -> [Double?] {
        var out: [Double?] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, bytes[i] <= 0x20 { i += 1 }
            let start = i
            while i < range.upperBound, bytes[i] > 0x20 { i += 1 }
            guard i > start else { break }
            if out.count == ShotLimits.maxSamples {
                throw ShotRejection(key, "more than the \(ShotLimits.maxSamples) samples a shot may have")
            }
            let word = start ..< i
            // A plain decimal is read from the bytes; anything else through `Double(String)`, as before.
            out.append(bytes.withUnsafeBufferPointer { ShotNumberText.exact($0, word) }
                ?? Double(String(decoding: bytes[word], as: UTF8.self)))
        }
        return out
    }
}

extension DecentShotImporter {
    /// Decent's `.shot` file: a first word followed by ` {`, a number or a minus (``ShotFormat/startsLikeTcl(_:)``),
    /// with `espresso_elapsed` in the prefix.
    enum Tcl: ShotImporter {
        static let format = ShotFormat.decentTcl
        static let displayName = "Decent .shot"
        static let methodName = "Decent DE1"
        static func claims(_ prefix: ShotPrefix) -> Bool {
            !prefix.isJSON && prefix.contains("espresso_elapsed") && ShotFormat.startsLikeTcl(prefix.text)
        }
        static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot {
            try readTcl([UInt8](data))
        }
    }

    /// Decent / Visualizer JSON v2: JSON with an `"elapsed"` key.
    enum JSONv2: ShotImporter {
        static let format = ShotFormat.decentJSON
        static let displayName = "Decent JSON v2"
        static let methodName = "Decent DE1"
        static func claims(_ prefix: ShotPrefix) -> Bool { prefix.isJSON && prefix.has("elapsed") }
        static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot {
            try readJSON(data)
        }
    }
}
