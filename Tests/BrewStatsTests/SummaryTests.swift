import BrewColumns
import Foundation
import Testing
import TestSupport
@testable import BrewStats

@Suite("Summaries built directly")
struct SummaryTests {
    /// Two methods and two grinders, one of each never used; cached counters that disagree.
    static func journal() -> Journal {
        var b = JournalBuilder()
        let t0 = Timestamp(microseconds: 1_795_000_000_000_000)
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver, cachedBrewCount: 5,
                                         cachedLastUsed: Timestamp(microseconds: t0.microseconds + 7_200_000_000)))
        _ = b.addMethod(BrewMethod(name: "Chemex", category: .pourOver, cachedBrewCount: 0))
        let esp = b.addMethod(BrewMethod(name: "Espresso", category: .espresso, cachedBrewCount: 1))
        let c40 = b.addGrinder(Grinder(name: "C40", cachedBrewCount: 3))
        _ = b.addGrinder(Grinder(name: "Unused grinder"))
        let bean = b.addBean(CoffeeBean(name: "Kochere", roaster: "TW", roastDate: Day(year: 2026, month: 11, day: 1)))
        for k in 0..<3 {
            var r = BrewRow()
            r.id = "v\(k)"; r.method = v60; r.grinder = c40; r.bean = bean
            r.brewDate = Timestamp(microseconds: t0.microseconds + Int64(k) * 3_600_000_000)
            r.doseGrams = 15; r.waterGrams = 250; r.tds = 1.3; r.rating = Double(k + 3); r.grindSetting = Double(20 + k)
            b.appendBrew(r)
        }
        var e = BrewRow()
        e.id = "e0"; e.method = esp; e.grinder = c40; e.brewDate = t0
        e.doseGrams = 18; e.yieldGrams = 36; e.tds = 10; e.rating = 4
        b.appendBrew(e)
        return b.finish()
    }

    @Test("equipment with zero brews is listed; cached counters are compared")
    func usage() throws {
        let u = BrewAnalysis(journal: Self.journal()).equipmentUsage()
        #expect(u.rows.map(\.name) == ["V60", "Espresso", "Chemex", "C40", "Unused grinder"])
        let chemex = try #require(u.rows.first { $0.name == "Chemex" })
        #expect(chemex.brews == 0 && chemex.sharePercent == 0 && chemex.meanRating == nil && chemex.firstUsed == nil)
        #expect(!chemex.brewCountDisagrees)
        let v60 = try #require(u.rows.first { $0.name == "V60" })
        #expect(v60.brews == 3 && v60.sharePercent == 75 && v60.brewCountDisagrees && !v60.lastUsedDisagrees)
        #expect(v60.medianRatioFilter.map { isClose($0, 250.0 / 15.0) } == true && v60.medianRatioEspresso == nil)
        let c40 = try #require(u.rows.first { $0.name == "C40" })
        #expect(c40.brews == 4 && c40.medianRatioEspresso == 2 && c40.brewCountDisagrees)
        let csv = u.csv().split(separator: "\r\n").map(String.init)
        #expect(csv[0] == EquipmentUsageSummary.header.joined(separator: ","))
        #expect(csv[3] == "method,Chemex,0,0.0,,,,,,,")
        #expect(csv[1].hasSuffix(",5"))   // V60: cached 5 ≠ 3 brews
        #expect(csv[2].hasSuffix(","))    // Espresso: cached 1 = 1 brew → empty
        #expect(csv[5] == "grinder,Unused grinder,0,0.0,,,,,,,")
    }

    @Test("summary CSVs: units in column names, values at their precision, local times with offset")
    func csvForSpreadsheets() throws {
        var options = StatsOptions()
        options.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let a = BrewAnalysis(journal: Self.journal(), options: options)
        let usage = FixtureJournal.parseCSV(a.equipmentUsage().csv())
        #expect(usage[0].contains("mean_ey_pct") && usage[0].contains("share_pct") && !usage[0].contains("mean_ey"))
        let v60 = try #require(usage.first { $0[1] == "V60" })
        let column = { (name: String) in usage[0].firstIndex(of: name)! }
        // V60: 3 of 4 brews; ratings 3, 4, 5; EY (250 − 2·15) × 1.3 ÷ 15 = 19.0666… for each; ratio 250 ÷ 15.
        #expect(v60[column("share_pct")] == "75.0")
        #expect(v60[column("mean_rating")] == "4.00")
        #expect(v60[column("mean_ey_pct")] == "19.07")
        #expect(v60[column("median_ratio_filter")] == "16.67")
        // First brew at 1 795 000 000 s since 1970 (Unix), written in Berlin time with its offset (by Foundation).
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = options.timeZone
        let first = formatter.string(from: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(first.hasSuffix("+01:00"))
        #expect(v60[column("first_used")] == first)
        #expect(v60[column("last_used")] == formatter.string(from: Date(timeIntervalSince1970: 1_795_000_000 + 7200)))

        let methods = FixtureJournal.parseCSV(a.methodStats().csv())
        #expect(Set(["ey_mean_pct", "ey_median_pct", "tds_mean_pct", "brew_time_median_s"]).isSubset(of: Set(methods[0])))
        let esp = try #require(methods.first { $0[0] == "Espresso" })
        #expect(esp[methods[0].firstIndex(of: "tds_mean_pct")!] == "10.000")
        #expect(esp[methods[0].firstIndex(of: "ratio_median")!] == "2.00")
        let weekly = FixtureJournal.parseCSV(a.weekly().csv())
        #expect(weekly[0] == ["week", "brews", "mean_rating", "median_ratio_espresso", "median_ratio_filter", "mean_ey_pct", "distinct_beans"])
        // No cell of any summary carries more than four decimals (no 16-digit floats).
        for text in [a.equipmentUsage().csv(), a.weekly().csv(), a.methodStats().csv(), a.grindRating().csv()] {
            for row in FixtureJournal.parseCSV(text).dropFirst() {
                for cell in row where Double(cell) != nil {
                    #expect((cell.split(separator: ".").dropFirst().first?.count ?? 0) <= 4, "\(cell)")
                }
            }
        }
    }

    @Test("EY: espresso uses yield, filter water − 2·dose; zones by category box")
    func derived() throws {
        let a = BrewAnalysis(journal: Self.journal())
        // Filter: (250 − 30) × 1.3 / 15 = 19.0666…; espresso: 36 × 10 / 18 = 20.
        #expect(isClose(a.derived.extractionYield[0], 220 * 1.3 / 15))
        #expect(a.derived.extractionYield[3] == 20)
        #expect(a.derived.zone[3].flatMap(ControlChartZone.init(rawValue:))?.isIdeal == true)
        #expect(a.derived.zone[0].flatMap(ControlChartZone.init(rawValue:))?.isIdeal == true)
        #expect(a.derived.daysOffRoast[3] == nil)   // the espresso has no bean
        // Ratios: 250 / 15 for the filter brews, 36 / 18 for the espresso; each split column has only its own.
        let d = a.derived
        #expect((0..<3).allSatisfy { d.filterRatio[$0] == 250.0 / 15 && d.espressoRatio[$0] == nil && d.ratio[$0] == 250.0 / 15 })
        #expect(d.espressoRatio[3] == 2 && d.filterRatio[3] == nil && d.ratio[3] == 2)
        #expect(d.espressoRatio.nullCount == 3 && d.filterRatio.nullCount == 1)
        #expect(Kernel.median(d.filterRatio) == 250.0 / 15 && Kernel.median(d.espressoRatio) == 2 && Kernel.count(d.espressoRatio) == 1)
    }

    @Test("grind versus rating: sweet spot only for a downward parabola inside the settings")
    func grindRating() throws {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let g = b.addGrinder(Grinder(name: "C40"))
        for (k, s) in [18.0, 19, 20, 21, 22, 20].enumerated() {
            var r = BrewRow()
            r.id = "b\(k)"; r.method = m; r.grinder = g; r.grindSetting = s
            r.rating = 4 - 0.25 * (s - 20) * (s - 20)
            b.appendBrew(r)
        }
        let rows = BrewAnalysis(journal: b.finish()).grindRating(curves: true).groups
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.n == 6 && isClose(row.sweetSpot, 20))
        #expect(row.pearson.map { isClose($0, 0, absolute: 1e-12) } == true)
        #expect(row.curve?.x.count == 6)
    }

    @Test("week summary: tie-breaks for top method and best brew")
    func weekSummary() throws {
        var b = JournalBuilder()
        let bm = b.addMethod(BrewMethod(name: "Bialetti", category: .other))
        let am = b.addMethod(BrewMethod(name: "Aeropress", category: .immersion))
        let t0 = Timestamp(microseconds: 1_795_000_000_000_000)
        for (k, (method, rating, id)) in [(bm, 4.5, "z"), (am, 4.5, "a"), (bm, 3.0, "c"), (am, 2.0, "d")].enumerated() {
            var r = BrewRow()
            r.id = id; r.method = method; r.rating = rating
            r.brewDate = Timestamp(microseconds: t0.microseconds + Int64(k) * 60_000_000)
            b.appendBrew(r)
        }
        var options = StatsOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        let s = try #require(BrewAnalysis(journal: b.finish(), options: options).weekSummary())
        #expect(s.this.topMethod == "Aeropress")          // 2 – 2, name A–Z
        #expect(s.this.bestBrew?.id == "z")               // 4.5 – 4.5, earliest wins over the smaller id
        #expect(s.previous.brews == 0 && s.previous.meanRating == nil && s.previous.bestBrew == nil)
        let lines = s.csv().split(separator: "\r\n").map(String.init)
        #expect(lines[1] == "brews,4,0,4")
        #expect(lines[2] == "mean_rating,3.50,,")
        #expect(lines[3] == "mean_ey_pct,,,")
        #expect(lines[5] == "best_brew,z (4.5),,")
    }

    @Test("one summary for every period: a week's is the month's rule on seven days, only the columns are named apart")
    func periodSummaryNamingRule() throws {
        var b = JournalBuilder()
        let m = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        // 2026-11-02 (Mon, W45) … : three brews in W45, one in W44 (2026-10-28), one in October's W44 only.
        let days = ["2026-10-28", "2026-11-02", "2026-11-04", "2026-11-08"]
        for (k, day) in days.enumerated() {
            var r = BrewRow()
            r.id = "b\(k)"; r.method = m; r.rating = Double(k + 2)
            r.brewDate = Timestamp(microseconds: Int64(Day(iso: day)!.index) * 86_400_000_000 + 43_200_000_000)
            b.appendBrew(r)
        }
        var options = StatsOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        let a = BrewAnalysis(journal: b.finish(), options: options)
        let week = try IsoWeek(label: "2026-W45")
        let s = try #require(a.weekSummary(week: week))
        #expect(s == a.periodSummary(.week(week)))
        let thisWeek: ReportPeriod = .week(week), weekBefore: ReportPeriod = .week(week.advanced(by: -1))
        #expect(s.this.period == thisWeek)
        #expect(s.previous.period == weekBefore)
        #expect(s.this.brews == 3 && s.previous.brews == 1)
        let meanOfThree: Double = 4   // (3 + 4 + 5) / 3
        #expect(s.this.meanRating == meanOfThree)
        let weekLines = s.csv().split(separator: "\r\n").map(String.init)
        #expect(weekLines[0] == "metric,this_week,previous_week,change")
        let month = a.periodSummary(.month(year: 2026, month: 11))
        #expect(month.this.brews == 3 && month.previous.brews == 1)
        let monthLines = month.csv().split(separator: "\r\n").map(String.init)
        #expect(monthLines[0] == "metric,this_period,previous_period,change")
        // The same figures give the same rows whatever the columns are called.
        #expect(Array(weekLines.dropFirst()) == Array(monthLines.dropFirst()))
        #expect(PeriodSummary.header(for: .year(2026)) == PeriodSummary.periodHeader)
        #expect(PeriodSummary.header(for: .week(week)) == PeriodSummary.weekHeader)
    }

    @Test("CSV cells: numbers, empties, timestamps, formula guard, RFC 4180 quoting")
    func csvCells() {
        #expect(CSVCell.number(4.0).rendered == "4")
        #expect(CSVCell.number(-0.0).rendered == "0")
        #expect(CSVCell.number(0.1 + 0.2).rendered == "0.30000000000000004")
        #expect(CSVCell.number(-1.5).rendered == "-1.5")
        #expect(CSVCell.number(.nan).rendered == "" && CSVCell.number(nil).rendered == "")
        #expect(CSVCell.integer(nil).rendered == "")
        #expect(CSVCell.timestamp(Timestamp(microseconds: 0)).rendered == "1970-01-01T00:00:00Z")
        #expect(CSVCell.timestamp(Timestamp(microseconds: -1)).rendered == "1969-12-31T23:59:59.999999Z")
        #expect(CSVCell.decimal(19.3, places: 2).rendered == "19.30")
        #expect(CSVCell.decimal(20, places: 1).rendered == "20.0")
        #expect(CSVCell.decimal(0.1 + 0.2, places: 3).rendered == "0.300")
        #expect(CSVCell.decimal(-0.0004, places: 3).rendered == "0.000")
        #expect(CSVCell.decimal(-1.25, places: 1).rendered == "-1.2")   // exact binary tie: to even
        #expect(CSVCell.decimal(nil, places: 2).rendered == "" && CSVCell.decimal(.infinity, places: 2).rendered == "")
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // 2026-11-22T09:40:52Z is 10:40:52 in Berlin (CET, +01:00); 2026-07-01T12:00:00Z is 14:00 (CEST, +02:00).
        #expect(CSVCell.localTime(Timestamp(microseconds: 1_795_340_452_000_000), berlin).rendered == "2026-11-22T10:40:52+01:00")
        #expect(CSVCell.localTime(Timestamp(microseconds: 1_782_907_200_000_000), berlin).rendered == "2026-07-01T14:00:00+02:00")
        #expect(CSVCell.localTime(Timestamp(microseconds: 1_500_000), TimeZone(identifier: "UTC")!).rendered == "1970-01-01T00:00:01.500000+00:00")
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(CSVCell.localTime(Timestamp(microseconds: 0), newYork).rendered == "1969-12-31T19:00:00-05:00")
        #expect(CSVCell.localTime(nil, berlin).rendered == "")
        for bad in ["=1+1", "+x", "-x", "@x", "\tx", "\rx"] { #expect(CSVCell.text(bad).rendered == "'" + bad) }
        #expect(CSVCell.text("V60").rendered == "V60")
        #expect(CSVWriter.write(header: ["a", "b"], rows: [[.text("x,\"y\""), .text("line\nbreak")]])
                == "a,b\r\n\"x,\"\"y\"\"\",\"line\nbreak\"\r\n")
    }

    @Test("the control and rest charts' selections: pour-over on the filter chart, espresso on its own, the period's days")
    func chartRows() throws {
        var options = StatsOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        let a = BrewAnalysis(journal: Self.journal(), options: options)
        // Rows 0–2: V60 (pour-over), TDS 1.3, 15 g → 250 g, roast-dated bean, rated; row 3: espresso, TDS 10,
        // 18 g → 36 g (EY 20 %), no bean.
        #expect(a.measuredRows().indices == [0, 1, 2, 3])
        #expect(a.controlChartRows(espresso: false).indices == [0, 1, 2])
        #expect(a.controlChartRows(espresso: true).indices == [3])
        #expect(a.restChartRows().indices == [0, 1, 2])
        // t0 = 1 795 000 000 s is 2026-11-18 (UTC); every brew lies within three hours of it.
        let day = try #require(Day(year: 2026, month: 11, day: 18))
        #expect(a.controlChartRows(espresso: false, in: .range(day, day)).indices == [0, 1, 2])
        let before = Day(index: day.index - 1)
        #expect(a.controlChartRows(espresso: false, in: .range(before, before)).isEmpty)
        #expect(a.restChartRows(in: .month(year: 2026, month: 10)).isEmpty)
        #expect(!a.isDated(0, in: .year(2025)) && a.isDated(0, in: .year(2026)) && a.isDated(0, in: nil))
    }

    @Test("only pour-over is on the filter control chart, only espresso on the espresso chart")
    func controlChartCategories() {
        #expect(MethodCategory.allCases.filter { $0.isOnControlChart(espresso: false) } == [.pourOver])
        #expect(MethodCategory.allCases.filter { $0.isOnControlChart(espresso: true) } == [.espresso])
    }
}
