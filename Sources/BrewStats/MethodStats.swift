import BrewColumns

/// Ratio, extraction and strength statistics of one brew method over the whole journal.
///
/// `n` counts the method's brews; ratio statistics are over its defined ratios (its category's
/// convention); `nEY` counts its plausible extraction yields, and the EY statistics are over them; `nEYEstimated`
/// counts those whose beverage is estimated (no yield logged: ``MeanCount/estimatedExtraction(_:_:row:)``);
/// `meanTDS` is over every TDS recorded; `medianBrewTime` over recorded brew times (s). Quantiles are type 7.
/// Every statistic of a group without values is `nil`.
public struct MethodStatsRow: Sendable, Equatable {
    /// Index into ``Journal/methods``.
    public let index: Int
    public let method: String
    public let category: MethodCategory
    public let n: Int
    public let ratioMean: Double?
    public let ratioMedian: Double?
    public let ratioP25: Double?
    public let ratioP75: Double?
    public let nEY: Int
    /// Of the ``nEY`` extraction yields, those resting on an estimated beverage (water − R × dose).
    public let nEYEstimated: Int
    public let eyMean: Double?
    public let eyMedian: Double?
    public let eyP25: Double?
    public let eyP75: Double?
    public let meanTDS: Double?
    public let medianBrewTime: Double?
}

/// `method_stats.csv`: one row per brew method of the journal (methods without brews have `n` 0 and empty
/// statistics). Row order: most brews first, then name (UTF-8 order), then position in the journal.
public struct MethodStatsSummary: Sendable, Equatable {
    public let rows: [MethodStatsRow]

    public static let header = ["method", "category", "n", "ratio_mean", "ratio_median", "ratio_p25", "ratio_p75",
                                "n_ey", "ey_mean_pct", "ey_median_pct", "ey_p25_pct", "ey_p75_pct", "tds_mean_pct",
                                "brew_time_median_s"]

    /// RFC 4180 text (see ``CSVCell``; numbers rounded to ``CSVPrecision``); `category` is the app's raw value
    /// (`espresso`, `pour_over`, …).
    public func csv() -> String {
        let ratio = CSVPrecision.ratio, ey = CSVPrecision.extractionPercent
        return CSVWriter.write(header: Self.header, rows: rows.map { r in
            [.text(r.method), .label(r.category.rawString), .integer(r.n), .decimal(r.ratioMean, places: ratio),
             .decimal(r.ratioMedian, places: ratio), .decimal(r.ratioP25, places: ratio),
             .decimal(r.ratioP75, places: ratio), .integer(r.nEY),
             .decimal(r.eyMean, places: ey), .decimal(r.eyMedian, places: ey), .decimal(r.eyP25, places: ey),
             .decimal(r.eyP75, places: ey), .decimal(r.meanTDS, places: CSVPrecision.tdsPercent),
             .decimal(r.medianBrewTime, places: CSVPrecision.seconds)]
        })
    }
}

extension BrewAnalysis {
    /// Per-method statistics; see ``MethodStatsRow``.
    public func methodStats() -> MethodStatsSummary {
        let groups = GroupCodes(table.method)
        let ps = [0.25, 0.5, 0.75]
        // Four independent reductions over the same groups, spread over the cores.
        let columns = [(derived.ratio, ps), (derived.extractionYield, ps), (derived.strength, []),
                       (table.brewTimeSeconds, [0.5])]
        let parts = parallelMap(columns.count, work: columns.count * table.count) { k in
            groups.summarize(columns[k].0, quantiles: columns[k].1)
        }
        let ratio = parts[0], ey = parts[1], tds = parts[2], time = parts[3]
        var estimated = [Int](repeating: 0, count: groups.groupCount)
        for r in 0..<table.count where MeanCount.estimatedExtraction(derived, table, row: r) {
            if let c = table.method.code(r) { estimated[Int(c)] += 1 }
        }
        let rows = (0..<groups.groupCount).map { g in
            MethodStatsRow(
                index: g, method: table.method.dictionary[g], category: journal.methods[g].category,
                n: groups.count(of: g), ratioMean: ratio[g].mean, ratioMedian: ratio[g].median,
                ratioP25: ratio[g].quantiles[0], ratioP75: ratio[g].quantiles[2], nEY: ey[g].count,
                nEYEstimated: estimated[g],
                eyMean: ey[g].mean, eyMedian: ey[g].median, eyP25: ey[g].quantiles[0], eyP75: ey[g].quantiles[2],
                meanTDS: tds[g].mean, medianBrewTime: time[g].median)
        }
        return MethodStatsSummary(rows: rows.sorted { a, b in
            if a.n != b.n { return a.n > b.n }
            if a.method != b.method { return nameLess(a.method, b.method) }
            return a.index < b.index
        })
    }
}
