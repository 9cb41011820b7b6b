#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shot-file formats BrewShots reads, each recognised by its content (never by its name).
///
/// The declaration order is the preference when the same shot is met in two formats (``ShotJournalImporter``
/// keeps the first format of this list: a machine's own log before an export or a mirror of it). Each case's
/// importer (``ShotImporter``) is listed in ``ShotImporters/all``, whose order is the sniff order.
public enum ShotFormat: String, Sendable, CaseIterable, Codable, Comparable {
    /// Decent DE1 `.shot`: Tcl `key {values}` lists (`espresso_elapsed`, `espresso_pressure`, …, `settings {…}`).
    case decentTcl = "decent-shot"
    /// Decent / Visualizer JSON v2: `elapsed`, `pressure{pressure,goal}`, `flow{…}`, `totals{weight}`, `meta{…}`.
    case decentJSON = "decent-json"
    /// Decenza's shot history (`shots.db`): one document per row, made by the database reader (``DecenzaStore``).
    case decenza
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

    /// How `inspect` and the import summary name the format (its importer's ``ShotImporter/displayName``).
    public var displayName: String { importer.displayName }

    /// The espresso method a shot of this format is brewed with in the journal (its machine).
    var methodName: String { importer.methodName }

    /// The format's importer: its entry in ``ShotImporters/all``.
    var importer: any ShotImporter.Type { ShotImporters.byFormat[self]! }

    public static func < (a: ShotFormat, b: ShotFormat) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// What a file's first bytes say it is.
    public enum Sniffed: Sendable, Equatable {
        /// A shot file of this format.
        case shot(ShotFormat)
        /// GaggiMate shot notes (`{"id", "rating", "doseIn", "doseOut", …}`): attached to the shot of the same id.
        case gaggimateNotes
        /// A Decent profile (the steps the machine follows: JSON with `"steps"` and `"beverage_type"` or
        /// `"target_weight"`, or Tcl with `advanced_shot` or `settings_profile_type`), not a recorded shot.
        case decentProfile
        /// JSON, Tcl-like or CSV text that is none of the shot formats: a shot file that cannot be read.
        case unknownStructured
        /// Anything else (documentation, images): not a shot file at all.
        case other
    }

    /// Decides a file's format from its first bytes (up to 64 KiB; a UTF-8 BOM and leading blanks are skipped).
    ///
    /// The importers of ``ShotImporters/all`` are asked in that order; the first that claims the prefix
    /// (``ShotImporter/claims(_:)``) gives the format. A prefix none claims is:
    /// - JSON with `"brewFlow"` or `"BREWS"` (a Beanconqueror upload or backup, read by BrewImport) →
    ///   ``Sniffed/unknownStructured``, not a shot;
    /// - JSON with `"doseIn"`, `"doseOut"` or `"balanceTaste"` → GaggiMate notes (``Sniffed/gaggimateNotes``);
    /// - any other JSON → ``Sniffed/unknownStructured``; anything else → ``Sniffed/other``.
    ///
    /// The keys are found by a byte search (`memmem`) in the raw prefix, with no `String` made of it: sniffing runs
    /// once per file, and a folder may hold tens of thousands.
    public static func sniff(_ prefix: some Collection<UInt8>) -> Sniffed {
        guard let p = ShotPrefix(prefix) else { return .other }
        for importer in ShotImporters.all where importer.claims(p) { return .shot(importer.format) }
        if isDecentProfile(p) { return .decentProfile }
        guard p.isJSON else { return .other }
        if p.has("brewFlow") || p.has("BREWS") { return .unknownStructured }
        if GaggiMateShotImporter.claimsNotes(p) { return .gaggimateNotes }
        return .unknownStructured
    }

    /// The words a Decent profile is refused with, wherever it is met.
    public static let decentProfileRefusal =
        "a Decent profile, not a shot: it holds the steps the machine follows, not a recorded shot's series"

    /// Whether the prefix is a Decent profile (``Sniffed/decentProfile``); asked after every shot importer, so a
    /// shot that embeds its profile (Decent JSON's `profile`) is a shot.
    static func isDecentProfile(_ p: ShotPrefix) -> Bool {
        if p.isJSON { return p.has("steps") && (p.has("beverage_type") || p.has("target_weight")) }
        return startsLikeTcl(p.text) && (p.contains("advanced_shot") || p.contains("settings_profile_type"))
    }

    /// Whether `bytes` start with a Tcl assignment as Decent's `.shot` files write them: the regular expression
    /// `^[A-Za-z_][A-Za-z0-9_()]* +[{0-9-]` (a name, spaces, then a list, a number or a minus), matched on the bytes.
    /// Every character the expression accepts is ASCII, and each part stops at the first byte outside its class
    /// (no byte is in both a part's class and the next part's), so one forward scan decides it.
    static func startsLikeTcl(_ bytes: ArraySlice<UInt8>) -> Bool {
        func letter(_ b: UInt8) -> Bool {
            (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_")
        }
        func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var i = bytes.startIndex
        guard i < bytes.endIndex, letter(bytes[i]) else { return false }
        i += 1
        while i < bytes.endIndex,
            letter(bytes[i]) || digit(bytes[i]) || bytes[i] == UInt8(ascii: "(") || bytes[i] == UInt8(ascii: ")") {
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
                guard let hb = h.baseAddress, let nb = n.baseAddress, n.count > 0, h.count >= n.count else {
                    return false
                }
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

/// The registry of shot formats: every format's importer, in the order a file's first bytes are tried
/// (``ShotFormat/sniff(_:)``).
///
/// The sniff order is not ``ShotFormat``'s order (the preference between duplicates): the JSON formats whose key is
/// most specific come first — Gaggiuino's `datapoints`, GaggiMate's `samples`, Meticulous's `profile_name` with
/// `data` — before Decent's `elapsed`, which other formats' files may also hold, and Beanconqueror's `weight`;
/// the text formats (SEP CSV, Decent `.shot`) never claim JSON, so their place among the JSON formats is free.
/// A test checks that every ``ShotFormat`` has exactly one importer here.
enum ShotImporters {
    static let all: [any ShotImporter.Type] = [
        DecenzaShotImporter.self,
        GaggiuinoShotImporter.self,
        GaggiMateShotImporter.self,
        MeticulousShotImporter.self,
        DecentShotImporter.JSONv2.self,
        BeanconquerorFlowImporter.self,
        SEPShotImporter.self,
        DecentShotImporter.Tcl.self,
    ]

    /// Each format's importer.
    static let byFormat: [ShotFormat: any ShotImporter.Type] = Dictionary(all.map { ($0.format, $0) },
        uniquingKeysWith: { a, _ in a })
}
