import BrewColumns

/// Row kernels that pick a few brews: the latest ones by date, or the ones with given ids (`brewstats compare`).
extension Kernel {
    /// The `count` rows with the latest valid values of `dates`, oldest first; ties by row order (a later row is the
    /// later brew). Rows without a date are never picked (pandas `s.dropna().sort_values(kind="stable")
    /// .index[-count:]`). Fewer rows when fewer are dated; none for `count` ≤ 0.
    public static func latestRows(_ dates: Int64Column, count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var dated: [(date: Int64, row: Int)] = []
        dated.reserveCapacity(dates.count)
        for i in 0..<dates.count where dates.isValid(i) { dated.append((dates.values[i], i)) }
        dated.sort { $0.date != $1.date ? $0.date < $1.date : $0.row < $1.row }
        return dated.suffix(count).map(\.row)
    }

    /// For each of `ids`, the first row whose `column` value equals it exactly, or `nil` when none does (pandas
    /// `s[s == id].index[:1]`).
    public static func firstRows(_ column: StringColumn, matching ids: [String]) -> [Int?] {
        var wanted: [String: Int] = [:]
        for (k, id) in ids.enumerated() where wanted[id] == nil { wanted[id] = k }
        var found = [Int?](repeating: nil, count: ids.count)
        var left = wanted.count
        for i in 0..<column.count where left > 0 {
            guard let value = column[i], let k = wanted[value], found[k] == nil else { continue }
            for (j, id) in ids.enumerated() where id == value { found[j] = i }
            left -= 1
        }
        return found
    }
}
