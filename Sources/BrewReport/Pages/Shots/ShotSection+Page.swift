import BrewCharts
import BrewPages
import BrewShots
import BrewStats

extension ShotSection {
    /// The shots section of the report's page: the lead, the metrics table (``tableRowLimit`` rows, then a line
    /// counting the rest) and the section's charts, each with its files; a link to `shots.csv`.
    ///
    /// - Parameter charts: The report's chart requests (the section takes those whose stem is one of its own).
    func section(_ report: PeriodReport, charts: [ChartRequest]) -> Section {
        var blocks: [Block] = lead.map { .paragraph(Text($0)) }
        if !rows.isEmpty {
            let t = table(limit: ShotSection.tableRowLimit)
            blocks.append(.table(t.table))
            if let more = t.more { blocks.append(.note(Text(more))) }
            for request in charts where ShotSection.isShotChart(request.stem) {
                var r = request
                // A comparison's figure links its table too (the differences, last minus best).
                if let c = comparisons.first(where: { $0.stem == request.stem }) {
                    r.links.append(Link(c.tableFile, href: c.tableFile))
                }
                blocks.append(.chart(r))
            }
        }
        if !filterRows.isEmpty {
            blocks.append(.paragraph(Text(filterLead)))
            blocks.append(.table(filterTable()))
        }
        if !comparisons.isEmpty {
            blocks.append(
                .note(
                    "Each “last shot against the best” sets a group’s latest shot beside its best-rated one; its CSV " +
                        "gives every metric of both and the differences, last minus best."))
        }
        blocks.append(.note(Text("Every metric of every shot of this \(noun): ") + .link("shots.csv", href: "shots.csv")
            + Text(". Definitions: docs/shots.md.")))
        return Section(id: "shots", heading: "Shots", blocks: blocks)
    }

    /// A column of one shot metric, a number with `decimals` decimals (the shots table's and the filter brews').
    private static func metric(
        _ m: ShotMetric, _ name: String, _ unit: String?, _ decimals: Int, _ priority: Int
    ) -> (BrewPages.Column, (Row) -> String) {
        (BrewPages.Column(name, unit: unit, kind: .number, priority: priority),
            { Format.number($0.value(m), decimals: decimals) })
    }

    /// The table's columns, with their priority on a phone (when, bean, rating and what went wrong first).
    func pageColumns() -> [(column: BrewPages.Column, cell: (Row) -> String)] {
        let zone = timeZone
        return [
            (BrewPages.Column("Started", priority: 1), { ShotSection.startText($0.start, zone) }),
            (BrewPages.Column("Profile", priority: 9), { $0.profile ?? "—" }),
            (BrewPages.Column("Bean", priority: 2), { $0.bean ?? "—" }),
            (BrewPages.Column("Grind", kind: .number, priority: 8),
                { row in row.grindSetting.map { CSVCell.format($0) } ?? row.grindText ?? "—" }),
            (BrewPages.Column("Rating", unit: "stars", kind: .number, priority: 3),
                { Format.number($0.rating, decimals: 2) }),
            Self.metric(.firstDrops, "First drops", "s", 1, 7),
            (BrewPages.Column("First drops from", priority: 9), { $0.firstDropsRule.map(ShotSection.ruleName) ?? "—" }),
            Self.metric(.preinfusion, "Pre-infusion", "s", 1, 9),
            Self.metric(.duration, "Duration", "s", 1, 5),
            Self.metric(.yield, "Yield", "g", 1, 6),
            (BrewPages.Column("Ratio", kind: .number, priority: 6), { Format.ratio($0.value(.ratio)) }),
            Self.metric(.peakPressure, "Peak pressure", "bar", 1, 8),
            Self.metric(.meanPressure, "Mean pressure", "bar", 1, 9),
            Self.metric(.meanFlow, "Mean flow", "ml/s", 2, 8),
            Self.metric(.meanResistance, "Resistance", nil, 2, 9),
            Self.metric(.temperatureDeviation, "Temperature off goal", "°C", 2, 9),
            (BrewPages.Column("What went wrong", priority: 4),
                { row in row.flags.map(\.reason).joined(separator: "; ") }),
        ]
    }

    /// The table of the filter brews made on the machine (``filterRows``, every one of them: a handful a period):
    /// when, profile, bean, grind, rating and their flow figures — first drops, the extraction phase from it to
    /// the end, duration, the cup's weight, the ratio, mean and peak flow, water dispensed, peak pressure. No
    /// flag: a shot's norms do not judge a filter brew.
    func filterTable() -> BrewPages.Table {
        let zone = timeZone
        let columns: [(column: BrewPages.Column, cell: (Row) -> String)] = [
            (BrewPages.Column("Started", priority: 1), { ShotSection.startText($0.start, zone) }),
            (BrewPages.Column("Profile", priority: 6), { $0.profile ?? "—" }),
            (BrewPages.Column("Bean", priority: 2), { $0.bean ?? "—" }),
            (BrewPages.Column("Grind", kind: .number, priority: 7),
                { row in row.grindSetting.map { CSVCell.format($0) } ?? row.grindText ?? "—" }),
            (BrewPages.Column("Rating", unit: "stars", kind: .number, priority: 3),
                { Format.number($0.rating, decimals: 2) }),
            Self.metric(.firstDrops, "First drops", "s", 1, 5),
            Self.metric(.extraction, "Extraction", "s", 1, 8),
            Self.metric(.duration, "Duration", "s", 1, 4),
            Self.metric(.yield, "Beverage", "g", 1, 4),
            (BrewPages.Column("Ratio", kind: .number, priority: 6), { Format.ratio($0.value(.ratio)) }),
            Self.metric(.meanFlow, "Mean flow", "ml/s", 2, 5),
            Self.metric(.peakFlow, "Peak flow", "ml/s", 2, 9),
            Self.metric(.water, "Water", "ml", 0, 8),
            Self.metric(.peakPressure, "Peak pressure", "bar", 1, 9),
        ]
        return BrewPages.Table(columns: columns.map(\.column),
                               rows: filterRows.map { row in columns.map { Cell($0.cell(row)) } })
    }

    /// The table (at most `limit` rows) and the line counting the rows left out (`nil` when none are).
    func table(limit: Int) -> (table: BrewPages.Table, more: String?) {
        let columns = pageColumns()
        let shown = rows.prefix(limit)
        let left = rows.count - shown.count
        let more = left > 0 ? "… and \(left) more shot\(left == 1 ? "" : "s") this \(noun) (every shot is in shots.csv)"
            : nil
        return (
            BrewPages.Table(columns: columns.map(\.column),
                rows: shown.map { row in columns.map { Cell($0.cell(row)) } }),
            more)
    }
}
