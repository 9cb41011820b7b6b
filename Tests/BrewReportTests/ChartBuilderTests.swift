import BrewCharts
import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// What every chart kind's builder promises, checked for each kind on journals that lack one thing or another: a
/// kind added with its builder is held to the same contract without a line here.
@Suite struct ChartBuilderTests {
    static let journal = JournalGenerator(GeneratorOptions(brewCount: 160, seed: 4)).makeJournal()

    /// The generated journal and parts of it: the unrated brews, the brews without TDS, the first five, one brew.
    static func journals() -> [(String, Journal)] {
        let t = journal.brews
        func only(_ keep: (Int) -> Bool) -> Journal {
            journal.filtered(Selection((0..<t.count).filter(keep).map(Int32.init)))
        }
        return [("all", journal), ("unrated", only { !t.rating.isValid($0) }), ("no TDS", only { !t.tds.isValid($0) }),
                ("first five", only { $0 < 5 }), ("one brew", only { $0 == 7 })]
    }

    static func sources(_ j: Journal) -> [ChartSource] {
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = instant(2026, 12, 1, 12, 0)
        let analysis = BrewAnalysis(journal: j, options: options.stats)
        let weekly = ChartSource(analysis: analysis, week: nil, options: options)
        var month = weekly
        month.period = .month(year: 2026, month: 11)
        return [weekly, month]
    }

    /// A filtered chart is refused with what its brews lack exactly when it would draw no brew: the count printed
    /// and the refusal can never disagree.
    @Test(arguments: ChartKind.allCases)
    func missingExactlyWhenNothingIsDrawn(_ kind: ChartKind) {
        let b = kind.builder
        for (name, j) in Self.journals() {
            for source in Self.sources(j) {
                for espresso in b.recipe.hasEspressoChart ? [false, true] : [false] {
                    let missing = b.missing(source, espresso: espresso, among: "among them")
                    let drawn = b.drawn(source, espresso: espresso)
                    let context = "\(kind.rawValue), \(name), \(source.period?.name ?? "weeks"), espresso \(espresso)"
                    #expect((missing == nil) == (drawn > 0), "\(context): drawn \(drawn), missing \(missing ?? "nothing")")
                    if let missing { #expect(missing.contains("among them"), "\(context): \(missing)") }
                }
            }
        }
    }

    /// An empty chart says why in the builder's own words, and a chart with brews says nothing of the sort.
    @Test(arguments: ChartKind.allCases)
    func anEmptyChartGivesItsKindsReason(_ kind: ChartKind) {
        let b = kind.builder
        for (name, j) in Self.journals() {
            let source = Self.sources(j)[0]
            for espresso in b.recipe.hasEspressoChart ? [false, true] : [false] {
                let chart = b.chart(source, espresso: espresso)
                if let message = chart.emptyMessage {
                    #expect(message == b.emptyReason(source.analysis, espresso: espresso) || message == BrewstatsCharts.emptyMessage,
                            "\(kind.rawValue), \(name): \(message)")
                    #expect(b.drawn(source, espresso: espresso) == 0, "\(kind.rawValue), \(name): empty chart, yet brews drawn")
                }
            }
        }
    }

    /// Each kind's report charts are named by its own recipe, and the costliest are those that read every brew.
    @Test(arguments: ChartKind.allCases)
    func reportChartsAreNamedByTheirRecipe(_ kind: ChartKind) throws {
        var options = ReportOptions()
        options.stats.timeZone = berlin
        options.now = instant(2026, 12, 1, 12, 0)
        let report = try PeriodReport(journal: Self.journal, journalName: "gen", importReport: nil, options: options)
        let r = kind.recipe
        let jobs = kind.builder.reportJobs(report, ChartSource(report, options: options), options: options)
        #expect(!jobs.isEmpty)
        for job in jobs {
            #expect(r.stems.contains(job.stem) || r.groupStemPrefixes.contains { job.stem.hasPrefix($0) }, "\(job.stem)")
            #expect(job.cost >= 0 && job.cost <= Self.journal.brews.count)
        }
    }
}
