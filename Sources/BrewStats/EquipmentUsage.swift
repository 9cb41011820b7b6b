import BrewColumns
import Foundation

/// How much one brew method or grinder is used, recomputed from the brews.
///
/// - `brews`: brews referencing the equipment (0 for equipment no brew uses — it is still listed).
/// - `sharePercent`: 100 × brews ÷ all brews in the journal (brews without this kind of equipment count in
///   the denominator); `nil` for an empty journal.
/// - `firstUsed`/`lastUsed`: the earliest and latest brew instant; `nil` without dated brews.
/// - `meanRating`, `meanExtraction`: means of the present values (implausible EY excluded).
/// - `medianRatioEspresso`/`medianRatioFilter`: medians of the brew ratio of the equipment's espresso and
///   filter brews apart (a grinder may serve both); a method has at most one of them.
/// - `cachedBrewCount`/`cachedLastUsed`: the app's stored counters, kept for comparison; see
///   ``brewCountDisagrees`` and ``lastUsedDisagrees``.
public struct EquipmentUsage: Sendable, Equatable {
    /// What kind of equipment a row describes.
    public enum Kind: String, Sendable {
        case method, grinder
    }

    public let kind: Kind
    /// Index into ``Journal/methods`` or ``Journal/grinders``.
    public let index: Int
    public let name: String
    public let brews: Int
    public let sharePercent: Double?
    public let firstUsed: Timestamp?
    public let lastUsed: Timestamp?
    public let meanRating: Double?
    public let medianRatioEspresso: Double?
    public let medianRatioFilter: Double?
    public let meanExtraction: Double?
    public let cachedBrewCount: Int?
    public let cachedLastUsed: Timestamp?

    /// Whether the app stored a brew count that differs from ``brews``.
    public var brewCountDisagrees: Bool { cachedBrewCount.map { $0 != brews } ?? false }

    /// Whether the app stored a last-use date that differs from ``lastUsed`` by more than one second
    /// (or names a use when no dated brew exists).
    public var lastUsedDisagrees: Bool {
        guard let cached = cachedLastUsed else { return false }
        guard let last = lastUsed else { return true }
        return abs(cached.microseconds - last.microseconds) > 1_000_000
    }
}

/// `equipment_usage.csv`: one row per brew method and grinder of the journal, used or not.
///
/// Row order: methods, then grinders; within each, most brews first, then name (UTF-8 order), then the
/// entity's position in the journal.
public struct EquipmentUsageSummary: Sendable, Equatable {
    public let rows: [EquipmentUsage]
    /// Total brews in the journal (the share denominator).
    public let totalBrews: Int
    /// The report's time zone: `first_used` and `last_used` are written as local times with its offset.
    public var timeZone: TimeZone = .gmt

    /// The CSV columns, in order.
    public static let header = ["kind", "name", "brews", "share_pct", "first_used", "last_used", "mean_rating",
                                "median_ratio_espresso", "median_ratio_filter", "mean_ey_pct", "cached_brew_count"]

    /// RFC 4180 text (see ``CSVCell`` for formatting): numbers rounded to ``CSVPrecision``, `first_used` and
    /// `last_used` in ISO 8601 local time with the offset of ``timeZone``. `cached_brew_count` is filled only
    /// where the cached count disagrees with `brews`; it is empty where they agree or nothing was cached.
    public func csv() -> String {
        let zone = timeZone
        return CSVWriter.write(header: Self.header, rows: rows.map { u in
            [.label(u.kind.rawValue), .text(u.name), .integer(u.brews),
             .decimal(u.sharePercent, places: CSVPrecision.sharePercent),
             .localTime(u.firstUsed, zone), .localTime(u.lastUsed, zone),
             .decimal(u.meanRating, places: CSVPrecision.rating),
             .decimal(u.medianRatioEspresso, places: CSVPrecision.ratio),
             .decimal(u.medianRatioFilter, places: CSVPrecision.ratio),
             .decimal(u.meanExtraction, places: CSVPrecision.extractionPercent),
             .integer(u.brewCountDisagrees ? u.cachedBrewCount : nil)]
        })
    }
}

extension BrewAnalysis {
    /// Usage of every method and grinder (including those with zero brews); see ``EquipmentUsage``.
    public func equipmentUsage() -> EquipmentUsageSummary {
        let total = table.count
        // The method block and the grinder block are independent: one task each.
        let blocks = parallelMap(2, work: 2 * total) { k in
            k == 0
                ? usageRows(kind: .method, column: table.method, total: total,
                            cached: journal.methods.map { ($0.cachedBrewCount, $0.cachedLastUsed) })
                : usageRows(kind: .grinder, column: table.grinder, total: total,
                            cached: journal.grinders.map { ($0.cachedBrewCount, $0.cachedLastUsed) })
        }
        return EquipmentUsageSummary(rows: blocks[0] + blocks[1], totalBrews: total, timeZone: options.timeZone)
    }

    private func usageRows(kind: EquipmentUsage.Kind, column: DictionaryColumn, total: Int,
                           cached: [(Int?, Timestamp?)]) -> [EquipmentUsage] {
        let groups = GroupCodes(column)
        let rating = groups.summarize(table.rating)
        let espresso = groups.summarize(derived.espressoRatio, quantiles: [0.5])
        let filter = groups.summarize(derived.filterRatio, quantiles: [0.5])
        let ey = groups.summarize(derived.extractionYield)
        let dates = groups.range(table.brewDate)
        let rows = (0..<groups.groupCount).map { g in
            let n = groups.count(of: g)
            return EquipmentUsage(
                kind: kind, index: g, name: column.dictionary[g], brews: n,
                sharePercent: total > 0 ? 100 * Double(n) / Double(total) : nil,
                firstUsed: dates[g].map { Timestamp(microseconds: $0.first) },
                lastUsed: dates[g].map { Timestamp(microseconds: $0.last) },
                meanRating: rating[g].mean, medianRatioEspresso: espresso[g].median,
                medianRatioFilter: filter[g].median, meanExtraction: ey[g].mean,
                cachedBrewCount: cached[g].0, cachedLastUsed: cached[g].1)
        }
        return rows.sorted { a, b in
            if a.brews != b.brews { return a.brews > b.brews }
            if a.name != b.name { return nameLess(a.name, b.name) }
            return a.index < b.index
        }
    }
}
