import BrewCharts
import BrewFiles
import BrewPages
import BrewShots
import BrewStats
import Foundation

/// The page of `brewstats compare` (`index.html`, `compare.md`): what is compared, oldest first; the table of every
/// quantity in plain names with its unit, each item's value and its difference from the first; and, for shots, their
/// curves overlaid.
enum ComparePage {
    /// The stem of the shots' overlay chart (`compare.svg`, `compare-phone.svg`, …).
    static let chartStem = "compare"

    /// The table of `table`: a row per quantity named `labels[q]`, its values at `decimals[q]` (a brew ratio as
    /// `1:16.7` in the rows of `ratios`), then each item's difference from the first, signed.
    static func table(
        _ table: ComparisonTable, item: String, labels: [String], decimals: [Int], ratios: Set<Int> = []
    ) -> Table {
        let n = table.values.count
        var columns = [Column("Quantity", priority: 1)]
        columns += (0..<n).map { Column("\(item.capitalized) \($0 + 1)", kind: .number, priority: 2) }
        columns += (1..<n).map { Column("\($0 + 1) − 1", kind: .number, priority: 3) }
        let rows: [[Cell]] = table.quantities.indices.map { q in
            let value: (Double?) -> String = ratios.contains(q) ? { Format.ratio($0) }
                : { Format.number($0, decimals: decimals[q]) }
            return [Cell(labels[q])] + (0..<n).map { Cell(value(table.values[$0][q])) }
                + (1..<n).map { k in Cell(Format.change(table.difference(q, item: k), decimals: decimals[q])) }
        }
        return Table(columns: columns, rows: rows)
    }

    /// The page of a shot comparison.
    static func page(_ c: ShotComparison) -> Page {
        let items: [Text] = c.shots.enumerated().map { k, s in
            var parts = ["\(k + 1).", s.start.isEmpty ? "undated" : s.start, s.file, s.profile, s.bean]
            if let g = s.grinder { parts.append(g + (s.grindText.map { " (grind \($0))" } ?? "")) }
            return Text(parts.joined(separator: " · "))
        }
        let labels = ["Grind setting", "Dose (g)", "Rating (of 5)"] + ShotMetric.allCases.map(\.label)
        let decimals = [1, 1, 1] + ShotMetric.allCases.map { m in
            [.meanFlow, .peakFlow, .meanResistance, .temperatureDeviation].contains(m) ? 2 : 1
        }
        let ratios: Set<Int> = ShotMetric.allCases.firstIndex(of: .ratio).map { [$0 + 3] } ?? []
        let request = ChartRequest(stem: chartStem, title: "The shots' curves overlaid", kind: "shot-overlay",
                                   chart: BrewstatsCharts.shotOverlay(c.overlay))
        let latest = c.shots.last.map { $0.start.isEmpty ? $0.file : $0.start } ?? ""
        return Page(kind: .compare, title: "Shots compared", eyebrow: "Compare", heading: "Shots compared",
                    subtitle: "\(c.shots.count) shots, oldest first; the latest is \(latest)", sections: [
                        Section(id: "shots", heading: "The shots", blocks: [.list(items)]),
                        Section(id: "table", heading: "Side by side", blocks: [
                            .table(table(c.table, item: "shot", labels: labels, decimals: decimals, ratios: ratios)),
                            .note(
                                "Each difference is the shot's value minus the first shot's; — where either has none."),
                        ]),
                        Section(id: "curves", heading: "Curves",
                            blocks: [Block.chartOrMissing(request, missing: "The shots record no curves to overlay.")]),
                        Section(id: "files", heading: "Files",
                            blocks: [
                                .links(
                                    [
                                        Link("compare.csv", href: "compare.csv"),
                                        Link("compare.md", href: "compare.md")])]),
                    ], footer: "Made by brewstats. Shot metrics are defined in docs/shots.md.")
    }

    /// The page of a brew comparison.
    static func page(_ c: BrewComparison) -> Page {
        let items: [Text] = c.brews.enumerated().map { k, b in
            var parts = ["\(k + 1).", b.date.isEmpty ? "undated" : b.date, b.bean, b.method]
            if let g = b.grinder { parts.append(g + (b.grindText.map { " (grind \($0))" } ?? "")) }
            if let id = b.id { parts.append("id \(id)") }
            let words = [b.flavorTags.map { "flavours: \($0)" }, b.notes.map { "notes: \($0)" }].compactMap { $0 }
            return Text((parts + words).joined(separator: " · "))
        }
        let labels = ["Grind setting", "Dose (g)", "Water (g)", "Yield (g)", "Brew time (s)", "Water temperature (°C)",
                      "Days off roast", "Brew ratio", "TDS (%)", "Extraction (%)", "Rating (of 5)", "Acidity (of 5)",
                      "Body (of 5)", "Sweetness (of 5)"]
        let decimals = [1, 1, 0, 1, 0, 0, 0, 1, 2, 1, 1, 1, 1, 1]
        var notes: [Block] = [
            .note("Each difference is the brew's value minus the first brew's; — where either has none.")]
        if !c.ratiosComparable {
            notes.append(
                .note(
                    "The brew ratio is yield ÷ dose for espresso and water ÷ dose for the other methods: no " +
                        "difference is taken between the two."))
        }
        return Page(kind: .compare, title: "Brews compared", eyebrow: "Compare", heading: "Brews compared",
                    subtitle: "\(c.brews.count) brews, oldest first", sections: [
                        Section(id: "brews", heading: "The brews", blocks: [.list(items)]),
                        Section(id: "table", heading: "Side by side",
                            blocks: [
                                .table(
                                    table(
                                        c.table, item: "brew", labels: labels, decimals: decimals,
                                        ratios: [7]))] + notes),
                        Section(id: "files", heading: "Files",
                            blocks: [
                                .links(
                                    [
                                        Link("compare.csv", href: "compare.csv"),
                                        Link("compare.md", href: "compare.md")])]),
                    ],
                    footer: "Made by brewstats. Brew ratio, extraction and " +
                        "days off roast are defined in docs/definitions.md.")
    }

    /// Writes `page` (and its chart) as `index.html` and `compare.md`, beside `compare.csv`, into the folder
    /// `folder`, which appears whole or not at all (``StagedDirectory``, as a report's does): written in a hidden
    /// staging folder beside it with the marker ``OwnedFolder/markerName``, then swapped in. An existing `folder` is
    /// replaced only when brewstats wrote it (``OwnedFolder``): a file, a symbolic link or a folder of a user's own
    /// files is refused, and so is a folder that is, or holds, one of `protecting` (the comparison's inputs).
    ///
    /// - Throws: ``ReportError/refusedOutput(path:reason:)`` for a folder that may not be replaced,
    ///   ``ReportError/output(path:reason:)`` when a file cannot be written (nothing changed at `folder`).
    static func write(_ page: Page, csv: String, to folder: URL, theme: Theme, outputs: ChartOutputs,
                      protecting: [URL]) throws(ReportError) {
        let staged = try StagedDirectory(target: folder, kind: .compare, protecting: protecting)
        do {
            let charts = page.charts.filter(\.hasData)
            let drawn = try PageCharts.draw(charts, outputs: outputs, theme: theme, into: .staged(staged.folder),
                created: nil, parallel: false)
            try PageWriter.write(page, outputs: .init(html: "index.html", markdown: "compare.md"), charts: drawn,
                                 theme: theme,
                                 created: nil, into: .staged(staged.folder))
        } catch {
            staged.discard()
            throw .output(path: error.path, reason: error.reason)
        }
        do {
            try ReportError.writing {
                () throws(FileError) in try AtomicFile.write(csv, to: staged.file("compare.csv"))
            }
        } catch {
            staged.discard()
            throw error
        }
        try staged.commit()
    }
}
