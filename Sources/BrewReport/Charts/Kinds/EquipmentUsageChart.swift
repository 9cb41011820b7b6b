import BrewCharts
import BrewColumns
import BrewStats

/// Brews per method and per grinder, from the usage summary (``EquipmentUsageSummary``; its ratings and ratios are
/// the report's table, not drawn).
struct EquipmentUsageChart: ChartBuilder {
    var recipe: ChartRecipe {
        ChartRecipe(summary: "brews per method and per grinder", columns: .grinder,
                    stems: [ChartKind.equipmentUsage.rawValue])
    }

    func chart(_ source: ChartSource, espresso: Bool) -> Chart {
        let rows = (source.usage ?? source.analysis.equipmentUsage()).rows
        let methods = rows.filter { $0.kind == .method }.map { UsageCount(name: $0.name, count: $0.brews) }
        let grinders = rows.filter { $0.kind == .grinder }.map { UsageCount(name: $0.name, count: $0.brews) }
        return BrewstatsCharts.equipmentUsage(methods: methods, grinders: grinders)
    }

    /// Every brew the filters kept.
    func drawn(_ source: ChartSource, espresso: Bool) -> Int { source.analysis.journal.brews.count }

    func missing(_ source: ChartSource, espresso: Bool, among: String) -> String? {
        source.analysis.equipmentUsage().rows.contains { $0.brews > 0 } ? nil
            : "no brews with a method or a grinder \(among)"
    }
}
