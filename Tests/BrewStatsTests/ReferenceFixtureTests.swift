import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

/// Compares every summary, the derived columns and the LOESS curves with the independent reference
/// (`tools/reference/reference.py`, pandas/numpy/scipy/statsmodels) on the fixture journals.
@Suite("Reference fixtures")
struct ReferenceFixtureTests {
    static func analysis(_ c: FixtureJournal.Case) -> BrewAnalysis {
        var options = StatsOptions()
        options.timeZone = c.timeZone
        return BrewAnalysis(journal: c.journal, options: options)
    }

    /// Cell-by-cell comparison with the unrounded reference at each column's precision, timestamps as
    /// instants in local time with the offset of `zone` (``SummaryPrecision/mismatch(column:rowKey:ours:theirs:zone:)``);
    /// empty only where empty.
    static func compare(_ ours: String, _ expected: [[String]], _ label: String, zone: TimeZone) {
        let mine = FixtureJournal.parseCSV(ours)
        #expect(mine.first == expected.first, "\(label): header")
        #expect(mine.count == expected.count, "\(label): row count \(mine.count) vs \(expected.count)")
        for (r, (a, b)) in zip(mine, expected).enumerated().dropFirst() {
            #expect(a.count == b.count, "\(label) row \(r): field count")
            for (k, (x, y)) in zip(a, b).enumerated() {
                let column = expected[0][k]
                let problem = SummaryPrecision.mismatch(column: column, rowKey: b[0], ours: x, theirs: y, zone: zone)
                #expect(problem == nil, "\(label) row \(r) \(column): \(problem ?? "")")
            }
        }
    }

    @Test("five summaries match the reference", arguments: FixtureJournal.caseNames)
    func summaries(_ name: String) throws {
        let c = try FixtureJournal.load(name)
        let a = Self.analysis(c)
        Self.compare(a.equipmentUsage().csv(), try #require(try c.expected("equipment_usage.csv")), "\(name)/usage", zone: c.timeZone)
        Self.compare(a.weekly().csv(), try #require(try c.expected("weekly.csv")), "\(name)/weekly", zone: c.timeZone)
        Self.compare(a.methodStats().csv(), try #require(try c.expected("method_stats.csv")), "\(name)/method_stats", zone: c.timeZone)
        Self.compare(a.grindRating().csv(), try #require(try c.expected("grind_rating.csv")), "\(name)/grind_rating", zone: c.timeZone)
        let week = try c.reportWeek.map { try IsoWeek(label: $0) }
        if let expected = try c.expected("week_summary.csv") {
            let summary = try #require(a.weekSummary(week: week))
            Self.compare(summary.csv(), expected, "\(name)/week_summary", zone: c.timeZone)
        } else {
            #expect(a.weekSummary(week: week) == nil)
        }
    }

    @Test("derived columns match the reference", arguments: FixtureJournal.caseNames)
    func derived(_ name: String) throws {
        let c = try FixtureJournal.load(name)
        let d = Self.analysis(c).derived
        let expected = try #require(try c.expected("derived.csv"))
        #expect(expected.count - 1 == c.journal.brews.count)
        // Rows join by brew id where every brew has one (a store's brew order is the importer's); else by position.
        let ids = c.journal.brews.id
        let byID = (0..<ids.count).allSatisfy { ids[$0] != nil }
            ? Dictionary(uniqueKeysWithValues: (0..<ids.count).map { (ids[$0]!, $0) }) : nil
        var implausible = 0
        for (k, row) in expected.dropFirst().enumerated() {
            let i = try #require(byID.map { $0[row[0]] } ?? k, "\(name): brew \(row[0]) not imported")
            func num(_ s: String) -> Double? { s.isEmpty ? nil : Double(s)! }
            #expect(isClose(d.ratio[i], num(row[1])), "\(name) brew \(row[0]) ratio")
            #expect(isClose(d.beverageMass[i], num(row[2])), "\(name) brew \(row[0]) beverage mass")
            #expect(isClose(d.extractionYield[i], num(row[3])), "\(name) brew \(row[0]) EY")
            implausible += Int(row[4])!
            #expect((d.localDay[i].map { Day(index: $0).description } ?? "") == row[5], "\(name) brew \(row[0]) local day")
            #expect((d.week[i].map { IsoWeek(index: $0).label } ?? "") == row[6], "\(name) brew \(row[0]) week")
            #expect(isClose(d.daysOffRoast[i], num(row[7])), "\(name) brew \(row[0]) days off roast")
            let zone = d.zone[i].flatMap(ControlChartZone.init(rawValue:)).map { z in
                ["under", "ideal", "over"][Int(z.extraction.rawValue)] + "/" + ["weak", "ideal", "strong"][Int(z.strength.rawValue)]
            } ?? ""
            #expect(zone == row[8], "\(name) brew \(row[0]) zone")
        }
        #expect(d.implausibleExtractionCount == implausible)
    }

    @Test("LOESS curves match statsmodels to 1e-6", arguments: FixtureJournal.caseNames)
    func loessCurves(_ name: String) throws {
        let c = try FixtureJournal.load(name)
        let a = Self.analysis(c)
        let expected = try #require(try c.expected("grind_loess.csv")).dropFirst()
        var cursor = expected.startIndex
        for g in a.grindRating(curves: true).groups {
            let curve = try #require(g.curve)
            #expect(curve.x.count == g.n)
            for (x, y) in zip(curve.x, curve.y) {
                guard cursor < expected.endIndex else { Issue.record("\(name): more curve points than expected"); return }
                let row = expected[cursor]
                cursor += 1
                #expect(row[0] == g.grinder && row[1] == g.method && row[2] == (g.bean ?? ""), "\(name): curve order")
                #expect(isClose(x, Double(row[3])!, relative: 1e-12))
                #expect(isClose(y, Double(row[4])!, relative: 1e-6, absolute: 1e-9),
                        "\(name) \(g.grinder)/\(g.method)/\(g.bean ?? "") at \(x): \(y) vs \(row[4])")
            }
        }
        #expect(cursor == expected.endIndex, "\(name): fewer curve points than expected")

        let roast = try #require(try c.expected("roast_loess.csv")).dropFirst()
        // The rest chart's rows and curve, as the report draws them (``BrewAnalysis/restChartRows(in:)``).
        let rows = a.restChartRows().indices.map { Int($0) }
        let curve = a.restCurve(days: rows.map { a.derived.daysOffRoast.values[$0] },
                                ratings: rows.map { a.journal.brews.rating.values[$0] })
        #expect(curve.x.count == roast.count)
        for (k, row) in roast.enumerated() where k < curve.x.count {
            #expect(isClose(curve.x[k], Double(row[0])!))
            #expect(isClose(curve.y[k], Double(row[1])!, relative: 1e-6, absolute: 1e-9),
                    "\(name) roast-age LOESS at \(row[0])")
        }
    }
}
