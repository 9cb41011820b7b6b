import BrewCharts
import BrewImport
import BrewPages
import BrewStats
import Foundation

/// The page of a period report (`index.html`, `summary.md`, `report.pdf`): built once from the ``PeriodReport``, drawn
/// by BrewPages' three renderers.
///
/// Sections, in reading order: the headline figures and totals (the lead), the period's beans (each a card that
/// opens with what to brew next), findings across beans, tasting notes, the bean pages, the shots, the charts, and
/// the long tables (equipment, methods) and the import notes, which fold.
enum ReportPage {
    /// The page of `report`.
    /// - Parameters:
    ///   - charts: The report's chart requests, in order (``ReportCharts/all(_:options:)`` and the shots section's).
    ///   - beanPages: The bean pages written, linked from their section.
    ///   - pdf: Whether `report.pdf` is written (the Files section links it).
    static func page(_ report: PeriodReport, charts: [ChartRequest], beanPages: [BeanPages.Link] = [], pdf: Bool = true,
                     zone: String? = nil, currency: String? = nil) -> Page {
        let noun = report.noun
        var sections: [Section] = []
        var lead: [Block] = []
        if let note = report.overviewNote { lead.append(.note(Text(note))) }
        if let note = report.emptyNote { lead.append(.missing(Text(note))) }
        lead.append(.figures(Headline.of(report).map(\.figure)))
        let totals = TotalsSection.figures(report, currency: currency)
        if !totals.isEmpty { lead.append(.figures(totals, style: .row)) }
        sections.append(Section(id: "overview", blocks: lead))

        sections.append(
            Section(id: "beans", heading: "This \(noun)’s beans",
                blocks: beansBlocks(report, charts: Set(charts.map(\.stem)))))

        var across: [Block] = [
            .note(
                "Each grinder × method over all its beans, up to the report \(noun)'s end. Beans differ, so a bag's " +
                    "own finding above is the one to dial by.")]
        let findings = report.findings
        if findings.isEmpty {
            across.append(
                .missing(
                    Text(
                        "No grinder × method states a best setting across its beans yet: " +
                            "\(EvidenceRules.sweetSpotRuleText), with a peak inside the settings tried.")))
        } else {
            across.append(
                .findings(findings.map { GrindFinding.of($0, grinder: report.grinderRecord($0.grinderIndex)) }))
        }
        sections.append(Section(id: "across-beans", heading: "Across beans", blocks: across))

        sections.append(
            TastingSection.section(
                TastingSummary(report.analysis.journal.brews, rows: TastingSection.periodRows(report)),
                                               id: "tasting", heading: "This \(noun)’s tasting notes",
                                               scope: "this \(noun)’s brews",
                                               days: report.analysis.derived.localDay))
        if let beans = BeanPages.indexSection(beanPages) { sections.append(beans) }
        if let shots = report.shots?.section(report, charts: charts) { sections.append(shots) }
        let brewCharts = charts.filter { !ShotSection.isShotChart($0.stem) }
        sections.append(Section(id: "charts", heading: "Charts", blocks: chartBlocks(brewCharts)))
        sections.append(Section(id: "equipment", heading: "Equipment", blocks: equipmentBlocks(report), folds: true,
                                summary: "\(report.usage.rows.filter { $0.brews > 0 }.count) pieces used"))
        sections.append(Section(id: "methods", heading: "Methods", blocks: [.table(methodsTable(report))], folds: true,
                                summary: "\(report.methodStats.rows.count) methods"))
        sections.append(
            importSection(report.importReport, implausible: report.analysis.derived.implausibleExtractionCount))
        let files = (
            [ReportFiles.summary] + (pdf ? [ReportFiles.pdf] : [])
                + ReportFiles.linkedCSVs(comparison: report.comparisonFile))
        sections.append(Section(id: "files", heading: "Files", blocks: [.links(files.map { Link($0, href: $0) })]))
        return Page(kind: .periodReport, title: "Brew report — \(report.periodTitle)",
                    eyebrow: Text("Brew report · \(report.journalName)"), heading: report.heading,
                    subtitle: report.periodTitle,
                    zone: zone, sections: sections,
                    footer: Text("Made by brewstats. " + DerivedColumns.definitionsSentence))
    }

    /// The lead: each bean brewed in the period with its own grinder × method finding (``BeanFinding``), and notes when
    /// beans or later brews were left out.
    static func beansBlocks(_ report: PeriodReport, charts: Set<String>) -> [Block] {
        let stems = ReportCharts.dialInStems(report, limit: report.periodBeans.count)
        let beans = BeanFinding.of(report)
        var blocks: [Block] = []
        if beans.isEmpty {
            blocks.append(.missing(Text("No brew this \(report.noun) names a bean, a grinder and a method.")))
        } else {
            blocks.append(.findings(beans.enumerated().map { k, b in
                var f = b.finding
                if let stem = stems[k], charts.contains(stem) {
                    f.facts.append(.link("dial-in chart", href: "#" + stem))
                }
                return f
            }))
        }
        if let note = report.beansLeftOutNote { blocks.append(.note(Text(note))) }
        if let note = report.laterBrewsNote { blocks.append(.note(Text(note))) }
        return blocks
    }

    /// The charts with data, then one line per reason the others have nothing to draw (charts that lack the same
    /// thing share a line: "Extraction trend and Brewing control chart: no brew has a TDS measurement…").
    static func chartBlocks(_ charts: [ChartRequest]) -> [Block] {
        var blocks = charts.filter(\.hasData).map { Block.chartOrMissing($0) }
        var reasons: [(message: String, titles: [String])] = []
        for c in charts where !c.hasData {
            let message = c.chart.emptyMessage ?? "nothing to draw"
            if let k = reasons.firstIndex(where: { $0.message == message }) {
                reasons[k].titles.append(c.title)
            } else {
                reasons.append((message, [c.title]))
            }
        }
        for r in reasons {
            let hint = r.message.contains("TDS") ? " Add a refractometer reading (TDS) to a brew to see its extraction."
                : ""
            let message = r.message.prefix(1).lowercased() + r.message.dropFirst()
            blocks.append(.missing(Text("\(Finding.names(r.titles)): \(message).\(hint)")))
        }
        if blocks.isEmpty { blocks = [.missing("No chart: the period has no brews to draw.")] }
        return blocks
    }

    static func equipmentBlocks(_ report: PeriodReport) -> [Block] {
        let zone = report.analysis.options.timeZone
        let used = report.usage.rows.filter { $0.brews > 0 }
        let unused = report.usage.rows.filter { $0.brews == 0 }
        let columns = [Column("Kind", priority: 6), Column("Name", priority: 1),
                       Column("Brews", kind: .number, priority: 2),
                       Column("Share", unit: "%", kind: .number, priority: 5),
                       Column("First used", kind: .day, priority: 8),
                       Column("Last used", kind: .day, priority: 4),
                       Column("Mean rating", unit: "stars", kind: .number, priority: 3),
                       Column("Median ratio", kind: .number, priority: 6),
                       Column("Mean extraction", unit: "%", kind: .number, priority: 7),
                       Column("App's counter", priority: 9)]
        let rows: [[Cell]] = used.map { r in
            let ratio = [r.medianRatioEspresso.map { Format.ratio($0) + " espresso" },
                r.medianRatioFilter.map { Format.ratio($0) + " filter" }]
                .compactMap { $0 }.joined(separator: ", ")
            var cached = "—"
            if let c = r.cachedBrewCount { cached = r.brewCountDisagrees ? "\(c) (differs)" : "\(c)" }
            return [Cell(r.kind.rawValue), Cell(r.name), Cell("\(r.brews)"),
                    Cell(Format.number(r.sharePercent, decimals: 1)),
                    Cell(Format.day(r.firstUsed, zone)), Cell(Format.day(r.lastUsed, zone)),
                    Cell(Format.number(r.meanRating, decimals: 2)),
                    Cell(ratio.isEmpty ? "—" : ratio), Cell(Format.number(r.meanExtraction, decimals: 1)), Cell(cached)]
        }
        var blocks: [Block] = [
            used.isEmpty ? .missing("No brew names its method or grinder.")
                : .table(Table(columns: columns, rows: rows))]
        if !unused.isEmpty {
            blocks.append(
                .note(
                    Text(
                        "Listed in the journal, never used: " + unused.map {
                            "\($0.name) (\($0.kind.rawValue))"
                        }.joined(separator: ", ") + ".")))
        }
        return blocks
    }

    static func methodsTable(_ report: PeriodReport) -> Table {
        let columns = [Column("Method", priority: 1), Column("Category", priority: 5),
                       Column("Brews", kind: .number, priority: 2),
                       Column("Median ratio (middle half)", kind: .number, priority: 3),
                       Column("Brews with a TDS", kind: .number, priority: 6),
                       Column("Median extraction", unit: "%", kind: .number, priority: 4),
                       Column("Mean TDS", unit: "%", kind: .number, priority: 7),
                       Column("Median brew time", unit: "m:ss", kind: .number, priority: 5)]
        let rows: [[Cell]] = report.methodStats.rows.map { m in
            let iqr = m.ratioP25.map {
                " (" + Format.number($0, decimals: 1) + "–" + Format.number(m.ratioP75, decimals: 1) + ")"
            } ?? ""
            return [Cell(m.method), Cell(m.category.rawString.replacingOccurrences(of: "_", with: " ")), Cell("\(m.n)"),
                    Cell(Format.ratio(m.ratioMedian) + iqr),
                    Cell("\(m.nEY)" + (Format.estimated(m.nEYEstimated, of: m.nEY).map { " (beverage \($0))" } ?? "")),
                    Cell(Format.number(m.eyMedian, decimals: 1)),
                    Cell(Format.number(m.meanTDS, decimals: 2)), Cell(m.medianBrewTime.map(Format.clock) ?? "—")]
        }
        return Table(columns: columns, rows: rows)
    }

    /// The import: what was read and kept, data problems listed, rejected rows and the app's disagreeing counters in
    /// folds. Folds itself when it lists anything.
    static func importSection(_ imp: ImportReport?, implausible: Int) -> Section {
        guard let imp else {
            return Section(id: "import", heading: "Import", blocks: [.note("Built from a journal in memory.")])
        }
        var blocks: [Block] = [.paragraph(Text(ImportNotes.headline(imp)))]
        if implausible > 0 {
            blocks.append(
                .paragraph(
                    Text(
                        "\(implausible) extraction yield\(implausible == 1 ? "" : "s") " +
                            "outside 0–35 % left out of the statistics.")))
        }
        let notes = ImportNotes(imp)
        if !notes.problems.isEmpty {
            var items = notes.problems.prefix(30).map { Text($0.message) }
            if notes.problems.count > 30 { items.append(Text("… and \(notes.problems.count - 30) more")) }
            blocks.append(.list(items))
        }
        if !imp.rejects.isEmpty {
            blocks.append(
                .details(summary: "\(imp.rejects.count) rejected row\(imp.rejects.count == 1 ? "" : "s")", blocks: [
                .list(
                    imp.rejects.prefix(50).map {
                        Text("\($0.where)\($0.column.map { " · " + $0 } ?? ""): \($0.reason)")
                    }),
            ]))
        }
        if let line = notes.countersSummary {
            var items = notes.counters.prefix(50).map { Text($0.message) }
            if notes.counters.count > 50 { items.append(Text("… and \(notes.counters.count - 50) more")) }
            blocks.append(.details(summary: line, blocks: [.list(items)]))
        }
        let long = !notes.problems.isEmpty || !imp.rejects.isEmpty || notes.countersSummary != nil
        return Section(id: "import", heading: "Import", blocks: blocks, folds: long, summary: ImportNotes.headline(imp))
    }
}

extension Headline {
    /// The headline as a page figure.
    var figure: Figure { Figure(label: label, value: value, comparison: detail.isEmpty ? nil : detail) }
}
