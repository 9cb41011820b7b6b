import Foundation

extension BrewstatsCharts {
    /// Chart 5 — equipment usage: brew counts per method and per grinder as horizontal bars in two groups,
    /// each bar labelled with its count.
    ///
    /// Within a group, bars are sorted by count (descending, ties by name). At most `limit` items per group are
    /// shown; the rest are summed into an "Other (k)" bar. Names that would crowd the label column are shortened
    /// with an ellipsis. Items with a zero count are dropped. The canvas grows with the number of bars. A name
    /// used in both groups is shown in the methods group only.
    ///
    /// - Parameters:
    ///   - methods: Brews per method.
    ///   - grinders: Brews per grinder.
    ///   - limit: Maximum bars per group (at least 1; default 10).
    /// - Returns: The chart; empty when both groups are empty.
    public static func equipmentUsage(methods: [UsageCount], grinders: [UsageCount], limit: Int = 10) -> Chart {
        let title = "Equipment usage"
        func prepare(_ items: [UsageCount]) -> [UsageCount] {
            var merged: [String: Int] = [:]
            for item in items where item.count > 0 { merged[item.name, default: 0] += item.count }
            let sorted = merged.map { UsageCount(name: $0.key, count: $0.value) }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            let cap = max(1, limit)
            guard sorted.count > cap else { return sorted }
            let rest = sorted[(cap - 1)...]
            return Array(sorted[..<(cap - 1)])
                + [UsageCount(name: "Other (\(rest.count))", count: rest.reduce(0) { $0 + $1.count })]
        }
        let methodRows = prepare(methods)
        let grinderRows = prepare(grinders).filter { row in !methodRows.contains { $0.name == row.name } }
        guard !methodRows.isEmpty || !grinderRows.isEmpty else { return .empty(title: title, message: emptyMessage) }
        var groups: [BandGroup] = []
        if !methodRows.isEmpty { groups.append(BandGroup(title: "Methods", categories: methodRows.map(\.name))) }
        if !grinderRows.isEmpty { groups.append(BandGroup(title: "Grinders", categories: grinderRows.map(\.name))) }
        let rows = methodRows + grinderRows
        let totalMethods = methodRows.reduce(0) { $0 + $1.count }
        let slots = rows.count + groups.count
        return Chart(
            title: title,
            subtitle: "\(count(totalMethods, "brew")) · \(count(methodRows.count, "method")) · " +
                "\(count(grinderRows.count, "grinder"))",
            x: AxisSpec(title: "Brews", includeZero: true),
            y: AxisSpec(groups: groups),
            marks: [
                .bar(
                    BarMark(x: .numbers(rows.map { Double($0.count) }), y: .categories(rows.map(\.name)),
                        valueLabels: true))],
            height: max(260, 150 + Double(slots) * 26))
    }
}
