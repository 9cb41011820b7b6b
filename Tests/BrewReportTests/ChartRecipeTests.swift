import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// Each chart kind's recipe is what the report, the file list and the single charts go by.
@Suite struct ChartRecipeTests {
    static func options(period: ReportPeriod?) -> ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = berlin
        o.now = instant(2026, 12, 1, 12, 0)
        o.formats = [.svg]
        o.period = period.map { .named($0) } ?? .latestWeek
        return o
    }

    /// Every chart file a weekly and a month report write is named by a recipe's stem or group prefix, so a report
    /// folder is recognised by ``ReportFiles`` alone; and each kind's stems name a file of one of them.
    @Test func everyChartFileIsNamedByARecipe() throws {
        let journal = JournalGenerator(GeneratorOptions(brewCount: 160, seed: 4)).makeJournal()
        var written: [String] = []
        for period in [nil, ReportPeriod.month(year: 2026, month: 11)] {
            let options = Self.options(period: period)
            let report = try PeriodReport(journal: journal, journalName: "gen", importReport: nil, options: options)
            written += ReportCharts.all(report, options: options).map(\.stem)
        }
        #expect(!written.isEmpty)
        for stem in written {
            let named = ReportFiles.chartStems.contains(stem) || ReportFiles.groupStemPrefixes.contains { stem.hasPrefix($0) }
            #expect(named, "\(stem) is named by no recipe")
        }
        for kind in ChartKind.allCases {
            let r = kind.recipe
            let drawn = written.contains { stem in r.stems.contains(stem) || r.groupStemPrefixes.contains { stem.hasPrefix($0) } }
            #expect(drawn, "no chart of \(kind.rawValue) written")
        }
    }

    /// The trend kinds are exactly those drawn by week (or by a period's bucket), and their stems are their names
    /// apart from the brews chart, named by its bucket in a period report.
    @Test func trendKinds() {
        #expect(ChartKind.allCases.filter(\.isTrend) == [.brewsPerWeek, .ratingTrend, .extractionTrend])
        let month = ReportPeriod.month(year: 2026, month: 11), year = ReportPeriod.year(2026)
        #expect(TrendChart(kind: .brewsPerWeek, measure: .brews).stem(in: month) == "brews-per-day")
        #expect(TrendChart(kind: .brewsPerWeek, measure: .brews).stem(in: year) == "brews-per-month")
        #expect(TrendChart(kind: .ratingTrend, measure: .rating).stem(in: year) == "rating-trend")
        for kind in ChartKind.allCases {
            #expect(kind.recipe.stems.contains(kind.rawValue))
            #expect(SingleChart.columns(for: kind) == kind.recipe.columns)
        }
    }
}
