import BrewColumns
import BrewImport
import Foundation

/// A shot format's reader: its name, how its files are told by their first bytes, and how one file is read.
///
/// Every shot format implements it in its importer file and is listed once in ``ShotImporters/all`` (the sniff
/// order); ``ShotFormat`` names the formats. Nothing else switches over the formats: the sniffer, the journal
/// importer, the fuzz entry point and `inspect`'s names all ask the importer.
protocol ShotImporter: Sendable {
    /// The format this importer reads.
    static var format: ShotFormat { get }
    /// How `inspect` and the import summary name the format ("Gaggiuino JSON").
    static var displayName: String { get }
    /// The espresso method a shot of this format is brewed with in the journal (its machine).
    static var methodName: String { get }
    /// Whether a file whose first bytes are `prefix` is of this format. Asked in ``ShotImporters/all``'s order:
    /// the first importer that claims a file reads it, so a claim need not exclude the formats listed before it.
    static func claims(_ prefix: ShotPrefix) -> Bool
    /// Reads one file of this format (the series unvalidated: ``ShotSeries/validate(_:)`` checks them).
    static func read(_ data: Data, context: ShotReadContext) throws(ShotRejection) -> ParsedShot
}

/// A file's first bytes as the shot importers' claims look at them: at most 64 KiB, a UTF-8 BOM dropped.
struct ShotPrefix {
    /// The bytes, without a leading BOM.
    let bytes: [UInt8]
    /// The first byte that is not a blank (space, tab, CR, LF).
    let first: Int

    /// `nil` when the prefix holds only blanks (no file of any format).
    init?(_ prefix: some Collection<UInt8>) {
        var bytes = Array(prefix.prefix(65_536))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        self.bytes = bytes
        self.first = first
    }

    /// Whether the text starts a JSON object or list (`{` or `[` first).
    var isJSON: Bool { bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[") }

    /// The bytes from the first non-blank one.
    var text: ArraySlice<UInt8> { bytes[first...] }

    /// Whether `"key"` (with its quotes) occurs: a JSON key, found by a byte search.
    func has(_ key: String) -> Bool { ShotFormat.contains(bytes, "\"\(key)\"") }

    /// Whether `text`'s bytes occur anywhere.
    func contains(_ text: String) -> Bool { ShotFormat.contains(bytes, text) }
}

/// The limits every shot importer enforces, so a hostile file is refused before it can take unbounded memory.
public enum ShotLimits {
    /// The most bytes one shot file may have (16 MiB); larger files are rejected before they are read.
    /// Real shot files are 5–600 KB (a 60 s Meticulous shot at 10 Hz with every sensor is about 150 KB).
    public static let maxFileBytes = 16 << 20
    /// The most samples one shot may have (100,000: 2 h 46 min at 10 Hz); a longer series is rejected.
    public static let maxSamples = 100_000
    /// The most files a shot folder or zip may hold (1,000,000).
    public static let maxFiles = 1_000_000
    /// The most bytes all the entries of one shot zip may inflate to, together (1 GiB), counting the first bytes
    /// read to tell a shot file by its content as well as whole files: past it, every entry still to be read is a
    /// rejected shot. Real shot files are 5–600 KB, so this holds thousands of shots (about 7,000 of 150 KB),
    /// while a small archive of many large entries (300 entries of 15 MiB in 4.6 MB) costs at most this much
    /// inflating and parsing, not the sum of what it declares.
    public static let maxArchiveBytes = 1 << 30
}

/// Why one shot file became no shot: the field that decided it and the reason, for the import's ``Reject``.
struct ShotRejection: Error {
    var column: String?
    var reason: String
    var location: String?

    init(_ column: String?, _ reason: String, at location: String? = nil) {
        self.column = column
        self.reason = reason
        self.location = location
    }
}

/// What a shot importer read from one file, before validation: the raw series and the brew's fields.
struct ParsedShot {
    var format: ShotFormat
    /// Raw series, one array per channel (`nil` = the source left that sample empty). ``ShotSeries/validate(_:)``
    /// checks them.
    var series: [ShotChannel: [Double?]] = [:]
    /// Channels allowed to be one sample longer than the time axis (Decent writes the last reading of its
    /// channels after the final `elapsed` entry; Visualizer drops it too).
    var trailingExtraAllowed = false
    var start: Timestamp?
    /// Whether ``start`` came from the file's modification time (the format stores only a clock time).
    var startFromFileTime = false
    var profile: String?
    /// The source's own shot id (GaggiMate notes name it).
    var sourceID: String?
    var machine: String?
    var dose: Double?
    var yield: Double?
    var time: Double?
    var temperature: Double?
    var grinder: String?
    var grindSetting: String?
    var bean: String?
    var roaster: String?
    var roastDate: Day?
    /// The phases the file marks (``ShotPhases``).
    var phases: [ShotPhase] = []
    /// The roast date's text as the file writes it (for the warning when ``roastDate`` could not be read from it).
    var roastDateText: String?
    /// Decent's enjoyment, 0–100 (0 = not rated).
    var enjoyment: Double?
    /// A rating already on 0–5.
    var rating: Double?
    var tds: Double?
    var ey: Double?
    var notes: String?
    /// What the machine made, as Decent's profiles name it (`beverage_type`: `espresso`, `filter`, `pourover`, …),
    /// when the file says; `filter` and `pourover` make the shot a filter brew (``ShotKind``).
    var beverageType: String?

    init(format: ShotFormat) { self.format = format }
}

/// Shared reading helpers of the shot importers.
enum ShotRead {
    /// A JSON number, or a string holding one (Decent JSON writes every number as a string); `nil` otherwise.
    static func number(_ value: Any?) -> Double? {
        // String before NSNumber: a cast of a Swift `String` to `NSNumber` bridges it to an `NSString` first (an
        // allocation per value), and Decent JSON writes every sample as a string.
        switch value {
        case let d as Double: return d
        case let s as String: return decimal(s)
        case let n as NSNumber: return JSONNumber.double(n)
        default: return nil
        }
    }

    /// `s` without leading and trailing spaces and tabs; `s` itself, without Foundation's trimming (an allocation
    /// and a UTF-16 pass), when it has none — the common case for every cell of a shot CSV.
    static func trimmedSpaces(_ s: String) -> String {
        let utf8 = s.utf8
        guard let first = utf8.first, let last = utf8.last else { return s }
        guard first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return s }
        return s.trimmingCharacters(in: .whitespaces)
    }

    /// `s` without leading and trailing white space (Foundation's `.whitespaces`: tab and the space separators);
    /// `s` itself, without Foundation's trimming, when its first and last bytes are ASCII and neither a space nor a
    /// tab (no other ASCII byte is in the set). Other edges (a non-ASCII space) go through Foundation.
    static func trimmedWhitespace(_ s: String) -> String {
        let utf8 = s.utf8
        guard let first = utf8.first, let last = utf8.last else { return s }
        func plain(_ b: UInt8) -> Bool { b < 0x80 && b != 0x20 && b != 0x09 }
        if plain(first) && plain(last) { return s }
        return s.trimmingCharacters(in: .whitespaces)
    }

    /// A decimal number as people type it (`18.5`, `18,5`, ` 18 `); `nil` for text that is not one.
    ///
    /// Not BrewImport's journal number parser (`NumberParser`), on purpose: that one reads what people type into a
    /// journal's cells — units (`18 g`, `93°C`), thousands separators (`1.234,5`) — and refuses `nan` and `inf`;
    /// a shot file's numbers are written by a machine, so a unit or a grouped number is no sample here, and `nan`
    /// or `inf` is read as such, so that the series check rejects the shot naming the channel (``ShotSeries``).
    static func decimal(_ s: some StringProtocol) -> Double? {
        // A plain decimal straight from the bytes (the same value `Double(s)` gives), then `Double(s)`: the common
        // cases, without Foundation's trimming.
        if let fast = s.utf8.withContiguousStorageIfAvailable({ ShotNumberText.exact($0, 0 ..< $0.count) }),
            let v = fast {
            return v
        }
        if let v = Double(s) { return v }
        let t = s.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard !t.isEmpty, let v = Double(t) else { return nil }
        return v
    }

    /// Non-empty trimmed text, or `nil`.
    static func text(_ value: Any?) -> String? {
        let s: String?
        switch value {
        case let v as String: s = v
        case let d as Double: s = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case let n as NSNumber: s = n.stringValue
        default: s = nil
        }
        guard let s else { return nil }
        let t = trimmedBlanks(s)
        guard !t.isEmpty else { return nil }
        return t
    }

    /// `s` without leading and trailing whitespace and newlines (Foundation's `.whitespacesAndNewlines`); `s`
    /// itself, without Foundation's trimming (a UTF-16 pass and a copy), when its first and last bytes are ASCII
    /// and not blanks — the common case. Other edges (a non-ASCII space) go through Foundation.
    static func trimmedBlanks(_ s: String) -> String {
        let utf8 = s.utf8
        guard let first = utf8.first, let last = utf8.last else { return s }
        func plain(_ b: UInt8) -> Bool { b < 0x80 && b != 0x20 && !(0x09 ... 0x0D).contains(b) }
        if plain(first) && plain(last) { return s }
        return s.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A positive value, or `nil` (the formats write 0 for "not entered": dose 0, TDS 0, enjoyment 0).
    static func positive(_ v: Double?) -> Double? { v.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }

    /// A roast date: `2021-09-11`, `2021-09-11T00:00:00Z` (the date part), Decent's `11.09.2021` (day first), or
    /// `2021.09.11` / `2021/09/11` (year first, as some DE1 app skins write it; Visualizer reads both). Three numbers
    /// separated by `.` or `/`: the year is the one of four digits, first or last; a year-first date is year, month,
    /// day, a year-last one day, month, year. `nil` for anything else, and for a day that does not exist (the
    /// importer then warns that the roast date was not read: ``roastDayUnread(_:)``).
    static func roastDay(_ s: String?) -> Day? {
        guard let s = s?.trimmingCharacters(in: .whitespaces), s.count >= 8 else { return nil }
        if let d = Day(iso: s.prefix(10)) { return d }
        let words = s.split(whereSeparator: { $0 == "." || $0 == "/" })
        let parts = words.compactMap { Int($0) }
        guard parts.count == 3, words.count == 3 else { return nil }
        if words[0].count == 4 { return Day(year: parts[0], month: parts[1], day: parts[2]) }
        if words[2].count == 4 { return Day(year: parts[2], month: parts[1], day: parts[0]) }
        return nil
    }

    /// Whether `s` holds a roast date that ``roastDay(_:)`` cannot read (not blank, not a date it knows): the
    /// importer counts such files in a warning rather than dropping the date silently.
    static func roastDayUnread(_ s: String?) -> Bool {
        guard let s = s?.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return false }
        return roastDay(s) == nil
    }

    /// Unix seconds (or milliseconds, when the value is above 10¹¹) as a timestamp within 1900–2199.
    static func unixTime(_ v: Double?) -> Timestamp? {
        guard var v, v.isFinite, v > 0 else { return nil }
        if v > 1e11 { v /= 1000 }
        return Timestamp(checkedUnixSeconds: v)
    }

    /// A JSON object parsed from `data`; the lists at `sampleKeys` as ``JSONSamples``, those at `recordKeys` as
    /// ``JSONRecords`` (``ShotJSONReader/parse(_:sampleKeys:recordKeys:)``).
    static func jsonObject(_ data: Data, sampleKeys: Set<String> = [],
                           recordKeys: [String: JSONRecordSpec] = [:]) throws(ShotRejection) -> JSONObject {
        let value = try ShotJSONReader.parse(data, sampleKeys: sampleKeys, recordKeys: recordKeys)
        guard let object = value as? JSONObject else { throw ShotRejection(nil, "the JSON is not an object") }
        return object
    }

    /// The array at `key`, refused when it holds more than ``ShotLimits/maxSamples`` entries.
    static func samples(_ object: JSONObject, _ key: String) throws(ShotRejection) -> [Any] {
        guard let array = object[key] as? [Any] else { throw ShotRejection(key, "\(key) is missing or not a list") }
        try checkCount(array.count, key)
        return array
    }

    /// A list of numbers (``number(_:)`` of each entry) from `value`, a ``JSONSamples`` or an `[Any]`; `nil` when
    /// `value` is neither. Refused when it is empty or holds more than ``ShotLimits/maxSamples`` entries.
    static func numbers(_ value: Any?, _ key: String) throws(ShotRejection) -> [Double?]? {
        if let samples = value as? JSONSamples {
            try checkCount(samples.values.count, key)
            return samples.values
        }
        guard let array = value as? [Any] else { return nil }
        try checkCount(array.count, key)
        return array.map(number)
    }

    /// Refuses a series longer than ``ShotLimits/maxSamples``, and an empty one.
    static func checkCount(_ n: Int, _ key: String) throws(ShotRejection) {
        if n > ShotLimits.maxSamples {
            throw ShotRejection(key, "\(n) samples, more than the \(ShotLimits.maxSamples) a shot may have")
        }
        if n == 0 { throw ShotRejection(key, "empty series: the shot has no samples") }
    }
}
