import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

@Suite struct ReportChartsTests {
    static let journal = JournalGenerator(GeneratorOptions(brewCount: 200, seed: 11)).makeJournal()

    static func options() -> ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = berlin
        o.now = instant(2027, 1, 10, 12, 0)
        return o
    }

    @Test func everyKindOnceWithUniqueStems() throws {
        let report = try PeriodReport(journal: Self.journal, journalName: "gen", importReport: nil, options: Self.options())
        let charts = ReportCharts.all(report, options: Self.options())
        let stems = charts.map(\.stem)
        #expect(stems.count == Set(stems).count, "duplicate stems: \(stems)")
        for kind in ChartKind.allCases { #expect(stems.contains { $0.hasPrefix(kind.rawValue) }, "no \(kind.rawValue)") }
        #expect(stems.contains("control-chart-espresso"))
        let grind = stems.filter { $0.hasPrefix("grind-rating-") }
        #expect(grind.count == min(Self.options().grindCharts, report.grindRating.groups.filter { $0.n >= 3 }.count))
        for s in stems { #expect(!s.contains("/") && !s.hasPrefix(".") && s == s.lowercased()) }
    }

    @Test func noGrindPanelsWhenAskedForNone() throws {
        var options = Self.options()
        options.grindCharts = 0
        let report = try PeriodReport(journal: Self.journal, journalName: "gen", importReport: nil, options: options)
        let stems = ReportCharts.all(report, options: options).map(\.stem)
        #expect(stems.filter { $0.hasPrefix("grind-rating") } == ["grind-rating"])
    }

    @Test func writeTakesTheFormatFromTheExtension() throws {
        let analysis = BrewAnalysis(journal: Self.journal, options: Self.options().stats)
        let source = ChartSource(analysis: analysis, week: nil, options: Self.options())
        let folder = try Repo.scratch("charts")
        try ReportCharts.write(.brewsPerWeek, source, to: folder.appendingPathComponent("a.SVG"))
        #expect(text(folder.appendingPathComponent("a.SVG")).contains("<svg"))
        let error = #expect(throws: ReportError.self) { try ReportCharts.write(.brewsPerWeek, source, to: folder.appendingPathComponent("a.gif")) }
        guard case .invalidArgument = error else { Issue.record("expected invalidArgument, got \(String(describing: error))"); return }
        #expect(!exists(folder.appendingPathComponent("a.gif")))
    }

    @Test func slugsAreFileSafe() {
        #expect(ReportCharts.slugText("Comandante C40-V60") == "comandante-c40-v60")
        #expect(ReportCharts.slugText("../..//") == "group")
        #expect(ReportCharts.slugText("Eureka Mignon Specialità × Espresso") == "eureka-mignon-specialità-espresso")
        #expect(ReportCharts.slugText(String(repeating: "ab ", count: 50)).count <= 60)
    }

    @Test func formatListsAndThemes() throws {
        #expect(try ReportOptions.formats("png, SVG,pdf,svg") == [.png(), .svg, .pdf])
        #expect(throws: ReportError.self) { _ = try ReportOptions.formats("gif") }
        #expect(throws: ReportError.self) { _ = try ReportOptions.formats(" , ") }
        #expect(throws: ReportError.self) { _ = try ReportOptions.theme("neon") }
    }
}
