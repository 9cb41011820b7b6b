import Foundation
import BrewHashing

/// Folder names for batch outputs, derived from input file names so they can never escape `--out`.
///
/// A name keeps letters, digits, `-`, `_` and `.` of the input's file name (without its extension);
/// everything else becomes `_`; leading dots are dropped (no hidden folders, no `..`); an empty result is
/// `journal`; names are cut to 80 characters. Collisions (two inputs with the same derived name, or a
/// name reserved for the combined folder) get `-2`, `-3`, … in input order, which is deterministic
/// because inputs are sorted first.
public struct OutputNaming: Sendable {
    private var used: Set<String>

    /// `reserved` names (e.g. `combined`) are never handed out.
    public init(reserved: Set<String> = ["combined", "batch.csv"]) {
        used = Set(reserved.map { $0.lowercased() })
    }

    /// The sanitised base name of `url` (no uniqueness applied).
    public static func sanitize(_ url: URL) -> String {
        var base = url.deletingPathExtension().lastPathComponent
        if base.isEmpty || base == "/" { base = "journal" }
        var out = ""
        for scalar in base.unicodeScalars {
            let ok = (
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || "-_.".unicodeScalars.contains(scalar))
                && scalar.value != 0
            out.unicodeScalars.append(ok ? scalar : "_")
        }
        while out.hasPrefix(".") { out.removeFirst() }
        if out.isEmpty { out = "journal" }
        return String(out.prefix(80))
    }

    /// A unique folder name for `url` (case-insensitively unique, for case-insensitive file systems).
    public mutating func name(for url: URL) -> String {
        let base = OutputNaming.sanitize(url)
        var candidate = base
        var n = 2
        while used.contains(candidate.lowercased()) {
            candidate = "\(base)-\(n)"
            n += 1
        }
        used.insert(candidate.lowercased())
        return candidate
    }
}

/// Deterministic sharding of a batch's inputs: `K/N` takes the inputs whose stable hash falls in shard K.
///
/// The hash is FNV-1a (64-bit) of the input's path as given, so the assignment does not depend on the
/// order the files are listed in, nor on the machine. Shards are numbered 1…N.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Parses `K/N` with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            return nil
        }
        index = k; count = n
    }

    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index))
        self.index = index; self.count = count
    }

    /// Whether `path` belongs to this shard.
    public func contains(_ path: String) -> Bool {
        Int(FNV1a.hash(path) % UInt64(count)) + 1 == index
    }

    public var description: String { "\(index)/\(count)" }
}
