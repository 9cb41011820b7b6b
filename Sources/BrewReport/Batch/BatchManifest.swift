import BrewImport
import BrewStats
import Foundation
import BrewHashing

/// `manifest.json` in each journal's report folder of a batch: where the report came from, so `--resume`
/// can tell an unchanged journal, and the small pooled data the combined charts need, so a resumed or merged
/// batch can draw them without importing the journal again.
public struct BatchManifest: Codable, Sendable, Equatable {
    /// Bumped when the manifest or the report layout changes; a different version is never resumed.
    /// 2: a shot journal's report has its shots section and `shots.csv`, as `brewstats report` gives.
    public static let currentVersion = 2

    public var version = BatchManifest.currentVersion
    public var journal: String
    public var input: String
    /// FNV-1a 64 of the input's bytes and of the report options, hex.
    public var fingerprint: String
    public var format: String
    public var read: Int
    public var kept: Int
    public var rejected: Int
    public var warnings: Int
    public var week: String?
    /// Why the report week was partial (``PeriodReport/partialReason``); an `in progress` report is
    /// resumed only on the day it was made.
    public var partial: String?
    /// The local day the report was made.
    public var madeOn: String?
    /// A `.journal` folder's sources read, in the order merged (``BrewOpen/JournalFolder``); `nil` for a single input.
    public var sources: [String]? = nil
    /// Brews of its later sources found to be brews of earlier ones (listed in the folder's `matches.csv`).
    public var matched: Int? = nil
    /// Brews per method and grinder name (the combined usage chart).
    public var usage: [UsageEntry]
    /// (grinder, method, grind, rating) with their brew counts (the pooled grind-vs-rating charts, per grinder ×
    /// method).
    public var grind: [GrindEntry]

    public struct UsageEntry: Codable, Sendable, Equatable {
        public var kind: String
        public var name: String
        public var brews: Int
    }

    public struct GrindEntry: Codable, Sendable, Equatable {
        public var grinder: String
        /// The method; `nil` without one, and in a manifest written before methods were kept.
        public var method: String? = nil
        public var grind: Double
        public var rating: Double
        public var count: Int
    }

    /// The pooled data of one analysed journal.
    static func pooled(_ report: PeriodReport) -> (usage: [UsageEntry], grind: [GrindEntry]) {
        let usage = report.usage.rows.map { UsageEntry(kind: $0.kind.rawValue, name: $0.name, brews: $0.brews) }
        let names = report.analysis.journal.brews.grinder.dictionary
        let methods = report.analysis.journal.brews.method.dictionary
        let grind = report.analysis.grindPointCounts()
            .map { GrindEntry(grinder: names[Int($0.grinder)], method: $0.method.map { methods[Int($0)] },
                              grind: $0.setting,
                              rating: $0.rating, count: $0.count) }
            .sorted {
                ($0.grinder, $0.method ?? "", $0.grind, $0.rating) < ($1.grinder, $1.method ?? "", $1.grind, $1.rating)
            }
        return (usage, grind)
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    static func load(_ url: URL) -> BatchManifest? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(BatchManifest.self, from: data)
    }
}

/// Why `url` could not be fingerprinted, for batch.csv: a named pipe, socket or device is refused in the importer's
/// words; anything else "cannot read the file".
func unreadableReason(_ url: URL) -> String {
    do {
        try InputFile.handle(url.path).close()
        return "cannot read the file"
    } catch {
        return printable("\(error)")
    }
}

/// FNV-1a 64 over a file's bytes (streamed in 1 MiB blocks) and a salt; `nil` when the file cannot be read.
func fingerprint(of url: URL, salt: String) -> String? {
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue {
        // A shot folder: its files' paths, sizes and modification times (reading every shot twice would double a
        // batch).
        guard let walker = FileManager.default.enumerator(at: url,
                                                          includingPropertiesForKeys: [.fileSizeKey,
                                                              .contentModificationDateKey],
                                                          options: [.skipsHiddenFiles]) else { return nil }
        var lines: [String] = []
        while let item = walker.nextObject() as? URL {
            let v = try? item.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            lines.append("\(item.path)|\(v?.fileSize ?? -1)|\(v?.contentModificationDate?.timeIntervalSince1970 ?? 0)")
        }
        return String(FNV1a.hash(salt + lines.sorted().joined(separator: "\n")), radix: 16)
    }
    // A regular file only: a FIFO named like a journal would block the read forever (``InputFile``).
    guard let handle = try? InputFile.handle(url.path) else { return nil }
    defer { try? handle.close() }
    var h = FNV1a()
    h.combine(bytes: salt.utf8)
    while let block = try? handle.read(upToCount: 1 << 20), !block.isEmpty {
        // Over the raw bytes: iterating `Data` element by element cost more than the hash itself.
        block.withUnsafeBytes { raw in h.combine(bytes: raw) }
    }
    return String(h.value, radix: 16)
}
