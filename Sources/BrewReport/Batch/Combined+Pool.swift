import BrewStats
import Foundation

extension Combined {
    /// Brews per method and grinder name, and the grind-versus-rating points (``BrewStats/GrindPool``), summed over
    /// journals: what the combined charts need, kept as `pooled.json` so that shards can be merged.
    ///
    /// In memory every count is under a typed key. `pooled.json` holds two objects of counts under text keys, its
    /// format since the first batch, which this type alone writes and reads: `usage` keys `"method\tV60"` (the kind,
    /// a tab, the name), `grind` keys `"Comandante C40\tV60\t22.0\t4.5"` (grinder, method — empty for brews without
    /// one —, setting and rating as Swift writes a `Double`). A grind key of three parts (no method part) is a pool
    /// written before methods were kept: its brews are every method's together
    /// (``BrewStats/GrindPool/Method/unrecorded``) and are written back the same way. A key that is neither is not
    /// read.
    struct Pool: Codable, Equatable {
        /// A usage count's key: a method or grinder by name.
        struct UsageKey: Hashable {
            let kind: EquipmentUsage.Kind
            let name: String
        }

        var usage: [UsageKey: Int] = [:]
        var grind = GrindPool()

        init() {}

        mutating func add(_ m: BatchManifest) {
            for u in m.usage {
                // A kind other than a method's was always counted as a grinder's.
                usage[UsageKey(kind: EquipmentUsage.Kind(rawValue: u.kind) ?? .grinder, name: u.name), default: 0]
                    += u.brews
            }
            for g in m.grind {
                grind.add(GrindPool.Point(grinder: g.grinder, method: g.method.map { .named($0) } ?? .none,
                                          setting: g.grind, rating: g.rating), count: g.count)
            }
        }

        mutating func add(_ other: Pool) {
            for (k, v) in other.usage { usage[k, default: 0] += v }
            grind.add(other.grind)
        }

        // MARK: pooled.json

        private enum CodingKeys: String, CodingKey { case usage, grind }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            for (key, n) in try c.decode([String: Int].self, forKey: .usage) {
                let parts = key.split(separator: "\t", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                usage[UsageKey(kind: parts[0] == "method" ? .method : .grinder, name: parts[1]), default: 0] += n
            }
            for (key, n) in try c.decode([String: Int].self, forKey: .grind) {
                if let point = Self.point(key) { grind.add(point, count: n) }
            }
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            var usageText: [String: Int] = [:], grindText: [String: Int] = [:]
            for (k, n) in usage { usageText["\(k.kind.rawValue)\t\(k.name)", default: 0] += n }
            for (p, n) in grind.counts { grindText[Self.key(p), default: 0] += n }
            try c.encode(usageText, forKey: .usage)
            try c.encode(grindText, forKey: .grind)
        }

        /// The text key of a grind point in `pooled.json` (see the type's description).
        static func key(_ p: GrindPool.Point) -> String {
            switch p.method {
            case .named(let name): "\(p.grinder)\t\(name)\t\(p.setting)\t\(p.rating)"
            case .none: "\(p.grinder)\t\t\(p.setting)\t\(p.rating)"
            case .unrecorded: "\(p.grinder)\t\(p.setting)\t\(p.rating)"
            }
        }

        /// The grind point of a text key of `pooled.json`, `nil` when it is not one.
        static func point(_ key: String) -> GrindPool.Point? {
            let parts = key.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 || parts.count == 3, let x = Double(parts[parts.count - 2]),
                  let y = Double(parts[parts.count - 1]) else { return nil }
            let method: GrindPool.Method = parts.count == 3 ? .unrecorded
                : (parts[1].isEmpty ? .none : .named(parts[1]))
            return GrindPool.Point(grinder: parts[0], method: method, setting: x, rating: y)
        }
    }
}
