import BrewColumns
import Foundation

/// What a shot importer may need besides the file's bytes.
struct ShotReadContext {
    /// The zone of date-times written without an offset (SEP CSV `Date`), and of a flow profile's clock times.
    var timeZone: TimeZone
    /// The file's modification time, for formats that store only a clock time (Beanconqueror flow profiles).
    var modified: Date?
}

/// Reads a Beanconqueror brew graph (`brewFlow`, the `brews/<uuid>_flow_profile.json` of a backup).
///
/// Each series has its own clock (`timestamp` `HH:mm:ss.SSS`); the time axis is the `weight` series' (the
/// densest, as Visualizer chooses; without a scale, the longest other series'), in seconds from its first sample (a
/// clock that passes midnight goes on past 24 h). Channels: `weight[].actual_weight` → weight;
/// `realtimeFlow[].flow_value` → weight flow (Beanconqueror derives both its flows from the scale: they are g/s, not
/// water through the puck, so they never become the flow channel); `pressureFlow[].actual_pressure` → pressure;
/// `temperatureFlow[].actual_temperature` → mix temperature. A sample of another series is placed at the axis sample
/// nearest in time, within 1 s (else that slot is missing); a series of fewer than 2 samples is left out. The file has
/// no date: a standalone profile's start is the first clock time on the day the file was last modified (said in the
/// import's warnings); in a backup the shot belongs to its brew, which has its own date. Yield: the last weight; time:
/// the last sample's time.
enum BeanconquerorFlowImporter {
    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot {
        try read(try ShotRead.jsonObject(data), context: context)
    }

    /// Reads a brew graph already parsed (the `brewFlow` object of a Beanconqueror upload).
    static func read(_ root: JSONObject, context: ShotReadContext) throws(ShotRejection) -> ParsedShot {
        var shot = ParsedShot(format: .beanconquerorFlow)
        let series: [(String, String, ShotChannel)] = [("weight", "actual_weight", .weight),
                                                       ("realtimeFlow", "flow_value", .weightFlow),
                                                       ("pressureFlow", "actual_pressure", .pressure),
                                                       ("temperatureFlow", "actual_temperature", .mixTemperature)]
        func list(_ key: String) -> [JSONObject] {
            (root[key] as? [Any] ?? []).map { $0 as? JSONObject ?? JSONObject() }
        }
        // The time axis: the weight series, or without a scale the longest other series.
        let axisKey = list("weight").count > 1 ? "weight"
            : series.map(\.0).max { list($0).count < list($1).count } ?? "weight"
        let axis = list(axisKey)
        try ShotRead.checkCount(axis.count, axisKey)
        let clock = axis.map { clockSeconds(ShotRead.text($0["timestamp"])) }
        guard let first = clock.first ?? nil else {
            throw ShotRejection("\(axisKey).timestamp", "the first sample has no clock time")
        }
        let times = unwrap(clock).map { $0.map { $0 - first } }
        shot.series[.time] = times
        for (key, field, channel) in series {
            let objects = list(key)
            guard objects.count > 1 else { continue }
            try ShotRead.checkCount(objects.count, key)
            if key == axisKey {
                shot.series[channel] = objects.map { ShotRead.number($0[field]) }
            } else {
                let at = unwrap(objects.map { clockSeconds(ShotRead.text($0["timestamp"])) }).map {
                    $0.map { $0 - first }
                }
                shot.series[channel] = nearest(times, at, objects.map { ShotRead.number($0[field]) })
            }
        }
        if let modified = context.modified {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = context.timeZone
            let midnight = calendar.startOfDay(for: modified)
            shot.start = Timestamp(midnight.addingTimeInterval(first))
            shot.startFromFileTime = true
        }
        return shot
    }

    /// `HH:mm:ss.SSS` as seconds after midnight.
    static func clockSeconds(_ s: String?) -> Double? {
        guard let parts = s?.split(separator: ":"), parts.count == 3,
              let h = Double(parts[0]), let m = Double(parts[1]), let sec = Double(parts[2]) else { return nil }
        return h * 3600 + m * 60 + sec
    }

    /// Clock times made continuous across midnight (a drop of more than 12 h adds a day).
    static func unwrap(_ clock: [Double?]) -> [Double?] {
        var offset = 0.0, last = -Double.infinity
        return clock.map { c in
            guard let c else { return nil }
            if c + offset < last - 43_200 { offset += 86_400 }
            last = c + offset
            return c + offset
        }
    }

    /// `values` (at times `at`) placed on the axis `axis`: each axis slot takes the value whose time is nearest,
    /// when within 1 s; both time lists are in increasing order (a merge walk).
    static func nearest(_ axis: [Double?], _ at: [Double?], _ values: [Double?]) -> [Double?] {
        var out = [Double?](repeating: nil, count: axis.count)
        var j = 0
        for (i, t) in axis.enumerated() {
            guard let t else { continue }
            while j + 1 < at.count, let next = at[j + 1], abs(next - t) <= abs((at[j] ?? .infinity) - t) { j += 1 }
            if j < at.count, let a = at[j], abs(a - t) <= 1 { out[i] = values[j] }
        }
        return out
    }
}

/// Reads the Smart Espresso Profiler CSV layout (also written by Pressensor, ShareBrew and Visualizer's export).
///
/// Rows: `information_type` `meta` (`metatype`, `metadata`) or `moment` (`elapsed` s, `pressure` bar,
/// `current_total_shot_weight` g, `flow_in` ml/s, `flow_out` g/s, `water_temperature_in` °C → mix temperature,
/// `water_temperature_basket` °C). Each moment row is a sample; a sensor that did not report in that row is a
/// missing sample (Pressensor writes pressure and weight on separate rows), and rows of the same `elapsed` are one
/// sample. Meta: `Name` → profile, `Date` (ISO 8601; without an offset in the import's time zone) → start,
/// `Roasting Date` → roast date, `Roastery`, `Beans`, `Description` → notes, `Grinder Brand` + `Grinder Model` →
/// grinder, `Grinder Setting`, `Dose`, `Weight` → yield (the drink's weight, whatever its comment says), `Tds`,
/// `Extraction time` → time, `Espresso Machine Brand` + `Model` → machine, `Brewing Temperature`.
enum SEPShotImporter {
    static let columns: [(String, ShotChannel)] = [
        ("pressure", .pressure), ("current_total_shot_weight", .weight), ("flow_in", .flow), ("flow_out", .weightFlow),
        ("water_temperature_in", .mixTemperature), ("water_temperature_basket", .basketTemperature),
    ]

    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot {
        var shot = ParsedShot(format: .sepCSV)
        let rows = try CSVRows.parse(data)
        guard let header = rows.first else { throw ShotRejection(nil, "empty file") }
        let index = Dictionary(header.enumerated().map { (ShotRead.trimmedWhitespace($1).lowercased(), $0) },
                               uniquingKeysWith: { a, _ in a })
        // The field at column `i` of `row`, trimmed; `nil` when the row is shorter or the field blank. Columns are
        // looked up by name once per file, not per row.
        func field(_ row: [String], _ i: Int?) -> String? {
            guard let i, i < row.count else { return nil }
            let v = ShotRead.trimmedSpaces(row[i])
            return v.isEmpty ? nil : v
        }
        guard let elapsedColumn = index["elapsed"] else { throw ShotRejection("elapsed", "no elapsed column") }
        let typeColumn = index["information_type"], keyColumn = index["metatype"], valueColumn = index["metadata"]
        let channelColumns = columns.map { index[$0.0] }
        var time: [Double?] = []
        // One slot per entry of ``columns``, created at the first value of its channel.
        var series = [[Double?]?](repeating: nil, count: columns.count)
        var meta: [String: String] = [:]
        for (r, row) in rows.enumerated().dropFirst() {
            // The writers spell the row types in lower case; any other spelling is lowered first.
            let kind = field(row, typeColumn)
            switch kind == "moment" || kind == "meta" ? kind : kind?.lowercased() {
            case "meta":
                if let key = field(row, keyColumn), let value = field(row, valueColumn) {
                    meta[key.lowercased()] = value
                }
            case "moment":
                guard elapsedColumn < row.count,
                    let t = ShotRead.decimal(row[elapsedColumn]) ?? Double(row[elapsedColumn]) else {
                    throw ShotRejection("elapsed", "line \(r + 1): elapsed is not a number")
                }
                let merge = time.last.map { $0 == t } ?? false
                if !merge {
                    if time.count == ShotLimits.maxSamples {
                        throw ShotRejection("elapsed", "more than the \(ShotLimits.maxSamples) samples a shot may have")
                    }
                    time.append(t)
                    for c in series.indices where series[c] != nil { series[c]!.append(nil) }
                }
                for (c, (name, _)) in columns.enumerated() {
                    guard let text = field(row, channelColumns[c]) else { continue }
                    guard let v = ShotRead.decimal(text) ?? Double(text) else {
                        throw ShotRejection(name, "line \(r + 1): \(name) is not a number: '\(text.prefix(40))'")
                    }
                    if series[c] == nil { series[c] = [Double?](repeating: nil, count: time.count) }
                    series[c]![time.count - 1] = v
                }
            default:
                continue
            }
        }
        for (c, (_, channel)) in columns.enumerated() { if let values = series[c] { shot.series[channel] = values } }
        shot.series[.time] = time
        shot.profile = meta["name"]
        shot.start = meta["date"].flatMap { isoInstant($0, zone: context.timeZone) }
        shot.roastDateText = meta["roasting date"]
        shot.roastDate = ShotRead.roastDay(shot.roastDateText)
        shot.roaster = meta["roastery"]
        shot.bean = meta["beans"]
        shot.notes = meta["description"]
        let grinder = [meta["grinder brand"], meta["grinder model"]].compactMap { $0 }
        shot.grinder = grinder.count == 2 && grinder[0] == grinder[1] ? grinder[0] : grinder.isEmpty ? nil
            : grinder.joined(separator: " ")
        shot.grindSetting = meta["grinder setting"]
        shot.dose = ShotRead.positive(meta["dose"].flatMap(ShotRead.decimal))
        shot.yield = ShotRead.positive(meta["weight"].flatMap(ShotRead.decimal))
        shot.tds = ShotRead.positive(meta["tds"].flatMap(ShotRead.decimal))
        shot.time = ShotRead.positive(meta["extraction time"].flatMap(ShotRead.decimal))
        shot.temperature = ShotRead.positive(meta["brewing temperature"].flatMap(ShotRead.decimal))
        let machine = [meta["espresso machine brand"], meta["espresso machine model"]].compactMap { $0 }
        shot.machine = machine.isEmpty ? nil : machine.joined(separator: " ")
        return shot
    }

    /// `2021-09-21T06:59:10Z`, `2023-06-26T21:49:15.122` (local in `zone`), `…+02:00`; `nil` otherwise.
    static func isoInstant(_ s: String, zone: TimeZone) -> Timestamp? {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$"#
        guard let match = s.range(of: pattern, options: .regularExpression),
            match == s.startIndex ..< s.endIndex else { return nil }
        let digits = s.split(whereSeparator: { !$0.isNumber }).map(String.init)
        guard digits.count >= 6, let y = Int(digits[0]), let mo = Int(digits[1]), let d = Int(digits[2]),
              let h = Int(digits[3]), let mi = Int(digits[4]), let se = Int(digits[5]) else { return nil }
        var fraction = 0.0
        if let dot = s.firstIndex(of: "."), let f = Double("0" + s[dot...].prefix { $0 == "." || $0.isNumber }) {
            fraction = f
        }
        var components = DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: se)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        if s.hasSuffix("Z") {
            calendar.timeZone = TimeZone(identifier: "UTC")!
        } else if let sign = s.dropFirst(19).lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = s[sign...].filter(\.isNumber)
            if offset.count == 4, let hh = Int(offset.prefix(2)), let mm = Int(offset.suffix(2)) {
                let seconds = (hh * 3600 + mm * 60) * (s[sign] == "-" ? -1 : 1)
                calendar.timeZone = TimeZone(secondsFromGMT: seconds) ?? zone
            }
        }
        components.timeZone = calendar.timeZone
        guard let date = calendar.date(from: components) else { return nil }
        return Timestamp(checkedUnixSeconds: date.timeIntervalSince1970 + fraction)
    }
}

/// RFC 4180 records of a small CSV file (quoted fields may hold commas, quotes and newlines; CRLF or LF).
///
/// Not BrewImport's `CSVReader`, on purpose: a shot CSV (SEP, Pressensor, ShareBrew) is at most
/// ``ShotLimits/maxFileBytes`` and read whole into rows of `String`, and this reader differs from the journal
/// CSV's where a shot file's rejects depend on it: a blank line is a row of its own (so `line N` in a reject is the
/// row number, blank lines counted); a quote inside an unquoted field opens a quoted part, and text after a closing
/// quote is kept (`CSVReader` keeps the first as text and marks the second `textAfterQuote`);
/// more than 4 × ``ShotLimits/maxSamples`` rows are refused while reading. Merging the two would change which
/// malformed shot files are read.
enum CSVRows {
    static func parse(_ data: Data) throws(ShotRejection) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field: [UInt8] = []
        var quoted = false, i = 0
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        func endField() { row.append(String(decoding: field, as: UTF8.self)); field.removeAll(keepingCapacity: true) }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                        field.append(b); i += 1
                    } else {
                        quoted = false
                    }
                } else { field.append(b) }
            } else if b == UInt8(ascii: "\"") {
                quoted = true
            } else if b == UInt8(ascii: ",") {
                endField()
            } else if b == 0x0A || b == 0x0D {
                if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                endField(); rows.append(row); row = []
                if rows.count > ShotLimits.maxSamples * 4 {
                    throw ShotRejection(nil,
                        "more than \(ShotLimits.maxSamples * 4) lines: more samples than a shot may have")
                }
            } else {
                field.append(b)
            }
            i += 1
        }
        if quoted { throw ShotRejection(nil, "the file ends inside a quoted field") }
        if !field.isEmpty || !row.isEmpty { endField(); rows.append(row) }
        return rows
    }
}

extension BeanconquerorFlowImporter: ShotImporter {
    static let format = ShotFormat.beanconquerorFlow
    static let displayName = "Beanconqueror flow profile"
    static let methodName = "Beanconqueror espresso"
    /// JSON with `"weight"` and one of `"actual_weight"`, `"waterFlow"`, `"realtimeFlow"` — and neither `"brewFlow"`
    /// nor `"BREWS"`: a Beanconqueror upload or backup that holds a graph is BrewImport's to read, not a shot file.
    static func claims(_ prefix: ShotPrefix) -> Bool {
        prefix.isJSON && !prefix.has("brewFlow") && !prefix.has("BREWS") && prefix.has("weight")
            && (prefix.has("actual_weight") || prefix.has("waterFlow") || prefix.has("realtimeFlow"))
    }
}

extension SEPShotImporter: ShotImporter {
    static let format = ShotFormat.sepCSV
    static let displayName = "SEP/Pressensor CSV"
    static let methodName = "Espresso (profiler CSV)"
    /// A first line starting `information_type,`.
    static func claims(_ prefix: ShotPrefix) -> Bool { prefix.text.starts(with: Array("information_type,".utf8)) }
}
