#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shot-file formats BrewShots reads, each recognised by its content (never by its name).
///
/// The declaration order is also the preference when the same shot is met in two formats (``ShotJournalImporter``
/// keeps the first format of this list: a machine's own log before an export or a mirror of it).
public enum ShotFormat: String, Sendable, CaseIterable, Codable, Comparable {
    /// Decent DE1 `.shot`: Tcl `key {values}` lists (`espresso_elapsed`, `espresso_pressure`, …, `settings {…}`).
    case decentTcl = "decent-shot"
    /// Decent / Visualizer JSON v2: `elapsed`, `pressure{pressure,goal}`, `flow{…}`, `totals{weight}`, `meta{…}`.
    case decentJSON = "decent-json"
    /// Gaggiuino: `datapoints` (objects in ms and bar, or the machine's own columns in tenths) and `profile`.
    case gaggiuino
    /// GaggiMate: `samples[]` of `t` (ms), `cp`, `fl`, `v`, … and an optional embedded `notes`.
    case gaggimate
    /// Meticulous: `time`, `profile_name`, `data[]` of `{time (ms), shot{pressure,flow,weight,…}, sensors{…}}`.
    case meticulous
    /// Beanconqueror's brew graph (`brewFlow`): `weight[]`, `waterFlow[]`, `realtimeFlow[]`, `pressureFlow[]`, ….
    case beanconquerorFlow = "beanconqueror-flow"
    /// Smart Espresso Profiler / Pressensor / ShareBrew CSV: `information_type` rows of `meta` and `moment`.
    case sepCSV = "sep-csv"

    /// How `inspect` and the import summary name the format.
    public var displayName: String {
        switch self {
        case .decentTcl: "Decent .shot"
        case .decentJSON: "Decent JSON v2"
        case .gaggiuino: "Gaggiuino JSON"
        case .gaggimate: "GaggiMate JSON"
        case .meticulous: "Meticulous JSON"
        case .beanconquerorFlow: "Beanconqueror flow profile"
        case .sepCSV: "SEP/Pressensor CSV"
        }
    }

    /// The espresso method a shot of this format is brewed with in the journal (its machine).
    var methodName: String {
        switch self {
        case .decentTcl, .decentJSON: "Decent DE1"
        case .gaggiuino: "Gaggiuino"
        case .gaggimate: "GaggiMate"
        case .meticulous: "Meticulous"
        case .beanconquerorFlow: "Beanconqueror espresso"
        case .sepCSV: "Espresso (profiler CSV)"
        }
    }

    public static func < (a: ShotFormat, b: ShotFormat) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// What a file's first bytes say it is.
    public enum Sniffed: Sendable, Equatable {
        /// A shot file of this format.
        case shot(ShotFormat)
        /// GaggiMate shot notes (`{"id", "rating", "doseIn", "doseOut", …}`): attached to the shot of the same id.
        case gaggimateNotes
        /// JSON, Tcl-like or CSV text that is none of the shot formats: a shot file that cannot be read.
        case unknownStructured
        /// Anything else (documentation, images): not a shot file at all.
        case other
    }

    /// Decides a file's format from its first bytes (up to 64 KiB; a UTF-8 BOM and leading blanks are skipped).
    ///
    /// - JSON objects are told apart by their keys: `"datapoints"` → Gaggiuino; `"samples"` → GaggiMate;
    ///   `"profile_name"` with `"data"` → Meticulous; `"elapsed"` → Decent JSON; `"brewFlow"` or `"BREWS"` (a
    ///   Beanconqueror upload or backup, read by BrewImport) → not a shot; `"weight"` with `"actual_weight"`,
    ///   `"waterFlow"` or `"realtimeFlow"` → a Beanconqueror flow profile; `"doseIn"`, `"doseOut"` or
    ///   `"balanceTaste"` without samples → GaggiMate notes; any other JSON → ``Sniffed/unknownStructured``.
    /// - A first line starting `information_type,` → SEP CSV.
    /// - A first word followed by ` {` or a number, with `espresso_elapsed` in the prefix → Decent `.shot`.
    ///
    /// The keys are found by a byte search (`memmem`) in the raw prefix, with no `String` made of it: sniffing runs
    /// once per file, and a folder may hold tens of thousands.
    public static func sniff(_ prefix: some Collection<UInt8>) -> Sniffed {
        var bytes = Array(prefix.prefix(65_536))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .other }
        if bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "[") {
            func has(_ key: String) -> Bool { contains(bytes, "\"\(key)\"") }
            if has("datapoints") { return .shot(.gaggiuino) }
            if has("samples") { return .shot(.gaggimate) }
            if has("profile_name") && has("data") { return .shot(.meticulous) }
            if has("elapsed") { return .shot(.decentJSON) }
            if has("brewFlow") || has("BREWS") { return .unknownStructured }
            if has("weight") && (has("actual_weight") || has("waterFlow") || has("realtimeFlow")) {
                return .shot(.beanconquerorFlow)
            }
            if has("doseIn") || has("doseOut") || has("balanceTaste") { return .gaggimateNotes }
            return .unknownStructured
        }
        if bytes[first...].starts(with: Array("information_type,".utf8)) { return .shot(.sepCSV) }
        guard contains(bytes, "espresso_elapsed") else { return .other }
        return startsLikeTcl(bytes[first...]) ? .shot(.decentTcl) : .other
    }

    /// Whether `bytes` start with a Tcl assignment as Decent's `.shot` files write them: the regular expression
    /// `^[A-Za-z_][A-Za-z0-9_()]* +[{0-9-]` (a name, spaces, then a list, a number or a minus), matched on the bytes.
    /// Every character the expression accepts is ASCII, and each part stops at the first byte outside its class
    /// (no byte is in both a part's class and the next part's), so one forward scan decides it.
    static func startsLikeTcl(_ bytes: ArraySlice<UInt8>) -> Bool {
        func letter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_") }
        func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var i = bytes.startIndex
        guard i < bytes.endIndex, letter(bytes[i]) else { return false }
        i += 1
        while i < bytes.endIndex, letter(bytes[i]) || digit(bytes[i]) || bytes[i] == UInt8(ascii: "(") || bytes[i] == UInt8(ascii: ")") {
            i += 1
        }
        guard i < bytes.endIndex, bytes[i] == UInt8(ascii: " ") else { return false }
        while i < bytes.endIndex, bytes[i] == UInt8(ascii: " ") { i += 1 }
        guard i < bytes.endIndex else { return false }
        return bytes[i] == UInt8(ascii: "{") || digit(bytes[i]) || bytes[i] == UInt8(ascii: "-")
    }

    /// Whether `needle`'s UTF-8 bytes occur in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { n in
            haystack.withUnsafeBufferPointer { h in
                // SAFETY: both buffers are valid for their counts for the duration of the closure; memchr reads at
                // most `last + k − i + 1` bytes from `hb + i` (ending at hb + last + k < hb + h.count) and memcmp
                // `n.count` bytes from `hb + j`, with 0 ≤ j ≤ last = h.count − n.count: every read stays inside.
                guard let hb = h.baseAddress, let nb = n.baseAddress, n.count > 0, h.count >= n.count else { return false }
                // The scan looks for the needle's second byte (a key's first letter: the quote before it is in every
                // JSON string), then compares the whole needle from the byte before.
                let k = n.count > 1 ? 1 : 0
                let last = h.count - n.count
                var i = k
                while i <= last + k {
                    guard let hit = memchr(hb + i, Int32(n[k]), last + k - i + 1) else { return false }
                    let j = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - hb - k
                    if memcmp(hb + j, nb, n.count) == 0 { return true }
                    i = j + k + 1
                }
                return false
            }
        }
    }
}
