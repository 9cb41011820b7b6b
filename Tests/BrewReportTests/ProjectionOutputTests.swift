import BrewColumns
import BrewImport
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// Charts and reports made from a projected import (``SingleChart/columns``, ``PeriodReport/importOptions(_:)``)
/// are byte for byte those made from a full import: on the sample journal in its three encodings and on a generated
/// store, for every chart kind, with and without filters, errors included.
@Suite struct ProjectionOutputTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// The sample journal's encodings and a generated 1,500-brew store (written once, into a scratch folder).
    static let journals: [URL] = {
        var urls = ["journal.sqlite", "journal.csv", "journal.json"].map(Repo.sample)
        if let folder = try? Repo.scratch("projection-output") {
            let store = folder.appendingPathComponent("generated.sqlite")
            if (try? CoreDataStoreWriter().write(JournalGenerator(GeneratorOptions(brewCount: 1_500, seed: 3)), to: store)) != nil {
                urls.append(store)
            }
        }
        return urls
    }()

    static func load(_ url: URL, _ options: ImportOptions = ImportOptions()) throws -> ImportResult {
        var o = options
        o.timeZone = zone
        return try importJournal(at: url, options: o)
    }

    /// The charts tried for `kind`: unfiltered, and with each kind of filter (a grinder, a method, a bean, dates).
    static func charts(_ kind: ChartKind, grinder: String, method: String, bean: String) -> [SingleChart] {
        let filters = [JournalFilter(), JournalFilter(grinder: grinder), JournalFilter(method: method),
                       JournalFilter(bean: bean), JournalFilter(since: Day(iso: "2026-09-01"), until: Day(iso: "2026-10-31"))]
        var out: [SingleChart] = []
        for filter in filters {
            for espresso in kind == .controlChart ? [false, true] : [false] {
                var c = SingleChart(kind: kind)
                c.filter = filter
                c.espresso = espresso
                c.options.stats.timeZone = zone
                out.append(c)
            }
        }
        return out
    }

    /// The SVG of `chart` drawn from `journal`, or the error it ends in, as text to compare.
    static func svg(_ chart: SingleChart, _ journal: Journal, in folder: URL, name: String) -> String {
        let url = folder.appendingPathComponent(name + ".svg")
        do {
            let kept = try chart.write(journal, to: url)
            return "\(kept) brews\n" + ((try? String(contentsOf: url, encoding: .utf8)) ?? "unreadable")
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: journals) func everyChartIsTheFullImportsChart(_ url: URL) throws {
        let full = try Self.load(url).journal
        let folder = try Repo.scratch("projection-charts")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Filter values the journal has: its most used grinder and method, and a bean.
        let usage = BrewAnalysis(journal: full).equipmentUsage().rows
        let grinder = try #require(usage.first { $0.kind == .grinder }?.name)
        let method = try #require(usage.first { $0.kind == .method }?.name)
        let bean = try #require(full.beans.first?.displayName)
        var drawn = 0
        for kind in ChartKind.allCases {
            for (k, chart) in Self.charts(kind, grinder: grinder, method: method, bean: bean).enumerated() {
                // The chart's groups, plus the grinder or bean a filter names.
                var wanted = SingleChart.columns(for: kind)
                if chart.filter.grinder != nil { wanted.insert(.grinder) }
                if chart.filter.bean != nil { wanted.insert(.bean) }
                #expect(chart.columns == wanted)
                let projected = try Self.load(url, ImportOptions(columns: chart.columns)).journal
                #expect(projected.brews.count == full.brews.count)
                let a = Self.svg(chart, full, in: folder, name: "\(kind.rawValue)-\(k)-full")
                let b = Self.svg(chart, projected, in: folder, name: "\(kind.rawValue)-\(k)-projected")
                #expect(a == b, "\(url.lastPathComponent): \(kind.rawValue) with \(chart.filter) differs")
                if !a.hasPrefix("error") { drawn += 1 }
            }
        }
        #expect(drawn >= 20, "too few charts were drawn to compare: \(drawn)")
    }

    /// Every file of the weekly report — CSVs, SVG and PDF charts, index.html, report.pdf, summary.md — is the same
    /// from the report's import (its columns kept, every column validated) as from a full import.
    @Test(arguments: journals + [Repo.sample("messy.csv")]) func reportIsTheFullImportsReport(_ url: URL) throws {
        var options = ReportOptions()
        options.stats.timeZone = Self.zone
        options.now = instant(2026, 12, 1, 12, 0)
        options.formats = [.svg, .pdf]
        options.parallelRendering = false
        let folder = try Repo.scratch("projection-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [[String: Data]] = []
        for (k, importOptions) in [ImportOptions(), PeriodReport.importOptions(ImportOptions())].enumerated() {
            let result = try Self.load(url, importOptions)
            let report = try PeriodReport(journal: result.journal, journalName: url.lastPathComponent,
                                          importReport: result.report, options: options)
            let out = folder.appendingPathComponent("r\(k)")
            _ = try ReportWriter.write(report, options: options, to: out)
            var files: [String: Data] = [:]
            for name in relativeFiles(in: out) { files[name] = try Data(contentsOf: out.appendingPathComponent(name)) }
            outputs.append(files)
        }
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        #expect(outputs[0].count > 10)
        for (name, data) in outputs[0] {
            #expect(outputs[1][name] == data, "\(url.lastPathComponent): \(name) differs")
        }
    }

    @Test func reportColumnsAreWhatTheReportShows() {
        // The bean pages' dial-in advice reads taste words (notes, tags, the tasting note) and shot profiles: the
        // report keeps every column group.
        #expect(PeriodReport.columns == [.grinder, .bean, .masses, .brewTime, .waterTemperature, .grindSetting, .rating, .tds,
                                         .tastingNote, .freeText])
        let o = PeriodReport.importOptions(ImportOptions(format: .csv))
        #expect(o.columns == PeriodReport.columns && o.validatesAllColumns && o.format == .csv)
        // Every chart reads a subset of the report's columns.
        for kind in ChartKind.allCases { #expect(PeriodReport.columns.isSuperset(of: SingleChart.columns(for: kind))) }
    }
}
