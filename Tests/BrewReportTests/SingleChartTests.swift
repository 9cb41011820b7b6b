import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// One chart on demand: filters that leave nothing to draw are errors that say what is missing.
@Suite struct SingleChartTests {
    static let journal = JournalGenerator(GeneratorOptions(brewCount: 300, seed: 7)).makeJournal()

    static func chart(_ kind: ChartKind, _ filter: JournalFilter = JournalFilter(), espresso: Bool = false,
                      week: String? = nil) -> SingleChart {
        var c = SingleChart(kind: kind)
        c.filter = filter
        c.espresso = espresso
        c.week = week.map { try! IsoWeek(label: $0) }
        c.options.stats.timeZone = berlin
        return c
    }

    /// The name of a method whose brews are all espresso, and their count.
    static func espressoMethod() throws -> (name: String, brews: Int) {
        let m = try #require(journal.methods.firstIndex { $0.category.isEspresso })
        let t = journal.brews
        return (journal.methods[m].displayName, (0..<t.count).filter { t.method.code($0) == Int32(m) }.count)
    }

    @Test func filterControlChartOfEspressoBrewsSaysWhatIsMissing() throws {
        let (name, brews) = try Self.espressoMethod()
        let folder = try Repo.scratch("single-chart")
        let url = folder.appendingPathComponent("cc.png")
        let error = #expect(throws: ReportError.self) { try Self.chart(.controlChart, JournalFilter(method: name)).write(Self.journal, to: url) }
        guard case let .nothingToDraw(chart, missing, remedy) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(chart == "control-chart")
        #expect(missing == "no pour-over brews with TDS among the \(brews) brews matched")
        #expect(remedy == .otherControlChart(toEspresso: true))
        #expect(!exists(url))
        // The count returned is the shots drawn: those of the method with a TDS, a dose and a yield.
        let t = Self.journal.brews
        let m = try #require(Self.journal.methods.firstIndex { $0.displayName == name })
        let measured = (0..<t.count).filter { i in
            t.method.code(i) == Int32(m) && t.tds[i] != nil && (t.doseGrams[i] ?? 0) > 0 && t.yieldGrams[i] != nil
                && (0...35).contains(t.tds[i]! * t.yieldGrams[i]! / t.doseGrams[i]!)
        }.count
        #expect(try Self.chart(.controlChart, JournalFilter(method: name), espresso: true).write(Self.journal, to: url) == measured)
        #expect(exists(url))
    }

    @Test func everyKindChecksItsOwnData() throws {
        // A week long before the journal, with no brew in it nor the week before: refused as the report refuses it.
        for kind in [ChartKind.brewsPerWeek, .ratingTrend, .extractionTrend] {
            let error = #expect(throws: ReportError.self) {
                _ = try Self.chart(kind, JournalFilter(grinder: "Comandante C40"), week: "2020-W10").make(Self.journal)
            }
            guard case let .noBrews(what, _) = error else { Issue.record("\(kind): \(String(describing: error))"); continue }
            #expect(what == "in 2020-W10 or the week before it")
        }
        // The same filters with data: drawn.
        for kind in ChartKind.allCases {
            let made = try Self.chart(kind, JournalFilter(grinder: "Comandante C40")).make(Self.journal)
            #expect(made.chart.emptyMessage == nil, "\(kind) drew an empty chart")
        }
        // Without filters an empty journal still draws the empty chart.
        var builder = JournalBuilder()
        let empty = builder.finish()
        for kind in ChartKind.allCases {
            let made = try Self.chart(kind).make(empty)
            #expect(made.kept == 0)
        }
    }

    @Test func grindRatingOfABeanNamesTheBean() throws {
        let t = Self.journal.brews
        // The bean with most brews that have a grind setting and a rating.
        var counts: [Int32: Int] = [:]
        for i in 0..<t.count where t.grindSetting[i] != nil && t.rating[i] != nil { if let b = t.bean.code(i) { counts[b, default: 0] += 1 } }
        let top = try #require(counts.max { $0.value < $1.value }?.key)
        let bean = Self.journal.beans[Int(top)].displayName
        let made = try Self.chart(.grindRating, JournalFilter(bean: bean)).make(Self.journal)
        #expect("\(made.chart.title) \(made.chart.subtitle ?? "")".contains(bean), "\(made.chart.title) / \(made.chart.subtitle ?? "")")
    }
}
