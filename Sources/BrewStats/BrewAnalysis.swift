import BrewColumns

/// One journal prepared for statistics: the table, the settings and the derived columns, computed once.
///
/// Every summary and chart series of the report is a method of this value; each reads the columns in place
/// (grouping by integer codes into flat row lists) and never copies the table.
///
/// ```swift
/// let analysis = BrewAnalysis(journal: journal, options: options)
/// let usage = analysis.equipmentUsage()      // typed rows …
/// try usage.csv().write(to: url, atomically: true, encoding: .utf8)   // … or the CSV
/// ```
public struct BrewAnalysis: Sendable {
    public let journal: Journal
    public let options: StatsOptions
    public let derived: DerivedColumns

    /// Derives the columns of `journal` under `options`.
    public init(journal: Journal, options: StatsOptions = StatsOptions()) {
        self.journal = journal
        self.options = options
        self.derived = DerivedColumns(journal.brews, options: options)
    }

    /// The table's brews.
    var table: BrewTable { journal.brews }

    /// The default report week: the week of the latest dated brew in ``StatsOptions/timeZone``;
    /// `nil` when no brew has a date.
    public var latestWeek: IsoWeek? { derived.weekSpan?.upperBound }

    /// The calendar year of the last dated brew's local day; `nil` without dated brews.
    public var latestYear: Int? {
        var last: Int32?
        let d = derived.localDay
        for i in 0..<d.count where d.isValid(i) { if last == nil || d.values[i] > last! { last = d.values[i] } }
        return last.map { Day(index: $0).civil.year }
    }

    /// Groups every brew by its ISO week, weeks numbered from `first` (group g = week `first + g`),
    /// `count` groups; brews outside are left out.
    func weekGroups(from first: IsoWeek, count: Int) -> GroupIndex {
        let w = derived.week
        var codes = [Int32](repeating: -1, count: w.count)
        for i in 0..<w.count where w.isValid(i) {
            let g = w.values[i] - first.index
            if g >= 0 && Int(g) < count { codes[i] = g }
        }
        return GroupIndex(codes: codes, validity: nil, groupCount: count)
    }

    /// ``GroupCodes`` of every brew by its ISO week, weeks numbered from `first` (group g = week `first + g`),
    /// `count` groups; brews outside are in no group.
    func weekCodes(from first: IsoWeek, count: Int) -> GroupCodes {
        let w = derived.week
        var codes = [Int32](repeating: -1, count: w.count)
        let base = first.index, limit = Int32(clamping: count)
        codes.withUnsafeMutableBufferPointer { c in
            w.values.withUnsafeBufferPointer { v in
                // SAFETY: `c` and `v` both have `w.count` slots; the closure only reads and writes below that.
                for i in 0..<c.count where w.isValid(i) {
                    let g = v[i] &- base
                    if g >= 0 && g < limit { c[i] = g }
                }
            }
        }
        return GroupCodes(codes: codes, groupCount: count)
    }

    /// Number of distinct non-null bean codes per group.
    func distinctBeans(_ groups: GroupIndex) -> [Int] {
        let bean = table.bean.codes
        var stamp = [Int](repeating: -1, count: table.bean.dictionary.count)
        var out = [Int](repeating: 0, count: groups.groupCount)
        for g in 0..<groups.groupCount {
            for r in groups.rows(of: g) where bean.isValid(Int(r)) {
                let b = Int(bean.values[Int(r)])
                if stamp[b] != g { stamp[b] = g; out[g] += 1 }
            }
        }
        return out
    }

    /// Earliest and latest brew instant per group (`nil` where no brew has a date).
    func dateRange(_ groups: GroupIndex) -> [(first: Timestamp?, last: Timestamp?)] {
        let d = table.brewDate
        return (0..<groups.groupCount).map { g in
            var lo = Int64.max, hi = Int64.min
            for r in groups.rows(of: g) where d.isValid(Int(r)) {
                let t = d.values[Int(r)]
                if t < lo { lo = t }
                if t > hi { hi = t }
            }
            return lo <= hi ? (Timestamp(microseconds: lo), Timestamp(microseconds: hi)) : (nil, nil)
        }
    }
}

/// Name order used by every summary: UTF-8 byte order (= Unicode code point order), so the order does not
/// depend on the machine's locale.
func nameLess(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
}
