import BrewCharts
import BrewColumns
import BrewImport
import BrewStats
import Foundation
import Testing
import TestSupport
@testable import BrewReport

/// Charts state what they draw: points at their logged settings, sweet spots at dialable settings, counts of
/// what is drawn, the evidence rules, the control charts' categories and the true reason for an empty chart.
/// Expected values are computed here from the journal's rows, not from the statistics layer.
@Suite struct ChartHonestyTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func load(_ name: String) throws -> Journal {
        var o = ImportOptions()
        o.timeZone = zone
        return try importJournal(at: Repo.sample(name), options: o).journal
    }

    static let store: Journal = try! load("journal.sqlite")

    static func options() -> ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = zone
        return o
    }

    static func source(_ journal: Journal, week: IsoWeek? = nil) -> ChartSource {
        ChartSource(analysis: BrewAnalysis(journal: journal, options: options().stats), week: week, options: options())
    }

    // MARK: Grind settings on the grinder's grid

    @Test func settingsRoundToAnyStep() {
        #expect(BrewstatsCharts.settingText(3.3, step: 0.25) == "3.25")
        #expect(BrewstatsCharts.settingValue(3.3, step: 0.25) == 3.25)
        #expect(BrewstatsCharts.settingText(3.4, step: 0.25) == "3.5")
        #expect(BrewstatsCharts.settingText(4.3, step: 0.5, anchor: 1) == "4.5")
        #expect(BrewstatsCharts.settingText(24.29, step: 1) == "24")
        #expect(BrewstatsCharts.settingText(22.37, step: nil) == "22.4")
        #expect(SettingGrid.inferredStep([4, 4.5, 7.5, 2]) == 0.5)
        #expect(SettingGrid.inferredStep([3.25, 3, 2.75]) == 0.25)
        #expect(SettingGrid.inferredStep([18, 24, 30]) == 1)
        #expect(SettingGrid.inferredStep([3.333]) == nil)
        // A CSV grinder carries the default step of 1: half settings infer the half grid.
        #expect(GrindSetting.text(4.3, grinder: Grinder(name: "Ode"), observed: [4, 4.5, 5]) == "4.5")
    }

    /// A group with enough brews whose quadratic explains under 10 % of the ratings (R² computed here) states no
    /// sweet spot anywhere: the finding says "no clear peak", its chart draws no sweet-spot line and says why.
    @Test func aGroupWithoutAClearPeakStatesNone() throws {
        let groups = BrewAnalysis(journal: Self.store, options: Self.options().stats).grindRating(curves: true).groups
        let weak = groups.filter { g in
            g.bean == nil && g.sweetSpot != nil && g.n >= 8 && Set(g.grind).count >= 4
                && (WeeklyReportTests.parabolaR2(g.grind, g.rating) ?? 0) < 0.10
        }
        #expect(!weak.isEmpty, "the sample journal has such a group (Fellow Ode Gen 2 × V60)")
        for g in weak {
            #expect(!g.statesSweetSpot)
            #expect(PeriodReport.sentence(g).contains(": no clear peak (\(g.n) rated brews)"))
            let chart = GrindRatingChart.chart(g, journal: Self.store)
            #expect(chart.notes.contains { $0.hasPrefix("No clear peak") })
            #expect(!ChartRenderer.record(chart, theme: .monochrome).contains("Sweet spot"))
        }
    }

    /// The same journal read from its store and from its CSV export states the same best settings.
    @Test func storeAndCSVStateTheSameBestSetting() throws {
        let csv = try Self.load("journal.csv")
        func findings(_ j: Journal) -> [String: String] {
            let groups = BrewAnalysis(journal: j, options: Self.options().stats).grindRating().groups
            var out: [String: String] = [:]
            for g in groups where g.sweetSpot != nil {
                let grinder = j.grinders.indices.contains(g.grinderIndex) ? j.grinders[g.grinderIndex] : nil
                // Bean labels differ between the encodings (a CSV names a bean by roaster + name): key on the name.
                let bean = g.bean.map { $0.components(separatedBy: " (").first ?? $0 } ?? ""
                // The setting as outputs state it (whether or not the evidence rule lets a finding state it); a bean's n
                // may differ where the encodings identify bags differently.
                out["\(g.grinder)|\(g.method)|\(bean)"] = GrindSetting.text(g.sweetSpot!, grinder: grinder, observed: g.points.distinctX)
            }
            return out
        }
        let a = findings(Self.store), b = findings(csv)
        #expect(!a.isEmpty)
        #expect(a == b)
        #expect(a["Fellow Ode Gen 2|V60|"] == "4.5")
        #expect(a["Eureka Mignon Specialità|Espresso|"] == "3.25")
    }

    /// Every brew of a grind chart is drawn at its logged setting and rating, repeated pairs as one marker
    /// counting them; the sweet-spot rule stands at the value its label states, on the grinder's grid.
    @Test func grindPointsAreNotMovedAndTheSweetSpotIsDialable() throws {
        let j = Self.store
        let t = j.brews
        let eureka = try #require(j.grinders.firstIndex { $0.name == "Eureka Mignon Specialità" })
        let groups = BrewAnalysis(journal: j, options: Self.options().stats).grindRating(curves: true).groups
        let g = try #require(groups.first { $0.grinderIndex == eureka && $0.bean == nil })
        // The logged (setting, rating) pairs of the group, counted from the rows.
        var logged: [String: Int] = [:]
        for i in 0..<t.count where t.grinder.code(i) == Int32(eureka) && t.method.code(i) == Int32(g.methodIndex)
            && t.grindSetting.isValid(i) && t.rating.isValid(i) && t.grindSetting.values[i].isFinite && t.rating.values[i].isFinite {
            logged["\(t.grindSetting.values[i])|\(t.rating.values[i])", default: 0] += 1
        }
        let chart = GrindRatingChart.chart(g, journal: j)
        let point = try #require(chart.marks.compactMap { if case .point(let p) = $0 { p } else { nil } }.first)
        #expect(point.jitter == nil && point.sizedByCount)
        guard case .numbers(let xs) = point.x, case .numbers(let ys) = point.y else { Issue.record("not numeric"); return }
        var drawn: [String: Int] = [:]
        for i in xs.indices { drawn["\(xs[i])|\(ys[i])", default: 0] += point.weights?[i] ?? 1 }
        #expect(drawn == logged)
        let rule = try #require(chart.marks.compactMap { if case .rule(let r) = $0 { r } else { nil } }.first)
        guard case .number(let at) = rule.value else { Issue.record("rule not numeric"); return }
        #expect(at == 3.25)
        #expect(rule.label == "Sweet spot 3.25")
        #expect(chart.subtitle?.contains("ρ") == false)
        #expect(chart.subtitle?.contains("the curve explains") == true)
        #expect(ChartRenderer.record(chart).contains("area is proportional"))
    }

    /// No LOESS curve under 10 brews or 5 settings, no sweet spot under 8 brews or 4 settings.
    @Test func grindChartsFollowTheEvidenceRules() {
        let j = Self.store
        let groups = BrewAnalysis(journal: j, options: Self.options().stats).grindRating(curves: true).groups
        var small = 0
        for g in groups {
            let settings = Set(g.points.x).count
            let input = GrindRatingChart.input(g, journal: j)
            if g.n < 10 || settings < 5 { #expect(input.loess.isEmpty, "\(g.grinder) \(g.bean ?? "") n = \(g.n)") }
            if g.n < 8 || settings < 4 {
                #expect(input.sweetSpot == nil)
                small += 1
                if g.sweetSpot != nil {
                    let notes = GrindRatingChart.chart(g, journal: j).notes
                    #expect(notes.contains { $0.hasPrefix("Too few brews (\(g.n) on \(settings) settings) to state a sweet spot") }, "\(notes)")
                }
            }
        }
        #expect(small > 0)
    }

    // MARK: Counts of what is drawn

    /// Brews with an extraction yield in the chart's 26 weeks, by hand: TDS × beverage ÷ dose within 0–35 %.
    @Test func extractionTrendCountsTheBrewsItDraws() throws {
        let j = Self.store
        let t = j.brews
        let a = BrewAnalysis(journal: j, options: Self.options().stats)
        let end = try #require(a.latestWeek)
        let first = end.advanced(by: -25)
        var expected = 0, withTDS = 0
        for i in 0..<t.count where t.tds.isValid(i) && t.doseGrams.isValid(i) {
            let day = Day(index: Int32(floor((Double(t.brewDate.values[i]) / 1e6 + Double(Self.zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t.brewDate.values[i]) / 1e6)))) / 86_400)))
            let week = IsoWeek(containing: day)
            guard week >= first, week <= end else { continue }
            withTDS += 1
            let dose = t.doseGrams.values[i]
            let beverage: Double
            if t.yieldGrams.isValid(i) { beverage = t.yieldGrams.values[i] }
            else if !t.category(at: i).isEspresso, t.waterGrams.isValid(i) { beverage = t.waterGrams.values[i] - 2 * dose }
            else { continue }
            let ey = t.tds.values[i] * beverage / dose
            if dose > 0, ey >= 0, ey <= 35 { expected += 1 }
        }
        let chart = ReportCharts.chart(.extractionTrend, Self.source(j))
        #expect(expected > 0 && expected < 360)
        #expect(chart.subtitle?.hasPrefix("\(expected) brews with an extraction yield") == true, "\(chart.subtitle ?? "")")
        var single = SingleChart(kind: .extractionTrend)
        single.options = Self.options()
        #expect(try single.make(j).kept == expected)
    }

    /// The weekly mean counts weeks from the journal's first brew on, not the empty weeks before it.
    @Test func brewsPerWeekMeanStartsAtTheJournal() throws {
        let j = Self.store
        let t = j.brews
        var weeks = Set<Int32>()
        for i in 0..<t.count where t.brewDate.isValid(i) {
            let seconds = Double(t.brewDate.values[i]) / 1e6
            let local = seconds + Double(Self.zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
            weeks.insert(IsoWeek(containing: Day(index: Int32(floor(local / 86_400)))).index)
        }
        let span = Int(weeks.max()! - weeks.min()!) + 1
        #expect(span < 26)
        let mean = Double(t.count) / Double(span)
        let chart = ReportCharts.chart(.brewsPerWeek, Self.source(j))
        let rule = chart.marks.compactMap { if case .rule(let r) = $0 { r } else { nil } }.first
        #expect(rule?.label == "mean \(String(format: "%.1f", mean)) per week")
        #expect(rule?.value == .number(mean))
        #expect(chart.notes.first?.contains("without brews") == false, "\(chart.notes)")
    }

    @Test func aWeekWithoutBrewsIsRefusedAsTheReportRefusesIt() throws {
        var single = SingleChart(kind: .brewsPerWeek)
        single.options = Self.options()
        single.week = try IsoWeek(label: "2027-W05")
        let error = #expect(throws: ReportError.self) { _ = try single.make(Self.store) }
        guard case .noBrews(let what, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(what == "in 2027-W05 or the week before it")
    }

    /// Unfiltered, the grind chart draws the largest grinder × method group, says so and counts it.
    @Test func grindChartNamesAndCountsTheGroupItDraws() throws {
        let j = Self.store
        let t = j.brews
        var groups: [String: Int] = [:]
        for i in 0..<t.count where t.grindSetting.isValid(i) && t.rating.isValid(i) && t.grinder.code(i) != nil && t.method.code(i) != nil {
            groups["\(j.grinders[Int(t.grinder.code(i)!)].displayName) × \(j.methods[Int(t.method.code(i)!)].displayName)", default: 0] += 1
        }
        let largest = try #require(groups.max { $0.value < $1.value })
        var single = SingleChart(kind: .grindRating)
        single.options = Self.options()
        let (chart, drawn) = try single.make(j)
        #expect(drawn == largest.value)
        #expect(drawn < t.count)
        #expect(chart.notes.contains { $0.hasPrefix("Drawn: \(largest.key), the group with most brews (\(largest.value) of the \(t.count) matched)") })
        // With a bean filter: the count printed is the drawn group's.
        let bean = "Finca \"El Injerto\", Lot 12"
        var filtered = single
        filtered.filter = JournalFilter(bean: bean)
        let (_, n) = try filtered.make(j)
        var byGroup: [String: Int] = [:]
        for i in 0..<t.count where t.grindSetting.isValid(i) && t.rating.isValid(i) && t.bean.code(i).map({ j.beans[Int($0)].displayName == bean }) == true {
            byGroup["\(t.grinder.code(i)!)-\(t.method.code(i)!)", default: 0] += 1
        }
        #expect(n == byGroup.values.max())
    }

    // MARK: Control charts

    /// The filter control chart holds pour-over brews only and counts what it left out.
    @Test func filterControlChartHoldsPourOverOnly() throws {
        let j = Self.store
        let t = j.brews
        let e = BrewAnalysis(journal: j, options: Self.options().stats).derived.extractionYield
        var pourOver = 0, immersion = 0, other = 0
        for i in 0..<t.count where e.isValid(i) && t.tds.isValid(i) {
            switch t.category(at: i) {
            case .pourOver: pourOver += 1
            case .immersion: immersion += 1
            case .other: other += 1
            case .espresso: break
            }
        }
        let chart = ReportCharts.chart(.controlChart, Self.source(j))
        #expect(chart.subtitle?.hasPrefix("\(pourOver) brews") == true, "\(chart.subtitle ?? "")")
        #expect(chart.notes.first == "Pour-over brews only (the ideal box is for drip and pour-over); left out: \(immersion) immersion, \(other) other-method brews.")
        #expect(immersion + other > 0)
    }

    /// Counts in the control chart's note are grouped as the chart's other numbers: by thin spaces from 10 000 up.
    @Test func controlChartNoteGroupsLargeCounts() {
        let note = BrewingControlChart.note(espresso: false, leftOut: [.immersion: 58_502, .other: 9_999])
        #expect(note == "Pour-over brews only (the ideal box is for drip and pour-over); left out: 58\u{2009}502 immersion, 9999 other-method brews.")
        #expect(BrewingControlChart.note(espresso: false, leftOut: [.other: 1]) == "Pour-over brews only (the ideal box is for drip and pour-over); left out: 1 other-method brew.")
    }

    // MARK: Empty states and gaps

    /// A small CSV journal: rated brews in three weeks, an unrated brew in a week between, no TDS anywhere.
    static func gappyJournal() throws -> Journal {
        let csv = """
        brewed_at,method,method_category,grinder,grind_setting,bean,dose_g,water_g,rating
        2026-10-05T08:00:00+02:00,V60,pour_over,C40,20,Kochere,15,250,3
        2026-10-06T08:00:00+02:00,V60,pour_over,C40,21,Kochere,15,250,4
        2026-10-12T08:00:00+02:00,V60,pour_over,C40,22,Kochere,15,250,4.5
        2026-10-19T08:00:00+02:00,V60,pour_over,C40,22,Kochere,15,250,
        2026-11-02T08:00:00+01:00,V60,pour_over,C40,23,Kochere,15,250,2
        """
        let folder = try Repo.scratch("chart-honesty")
        let url = folder.appendingPathComponent("gappy.csv")
        try csv.write(to: url, atomically: true, encoding: .utf8)
        var o = ImportOptions()
        o.timeZone = zone
        return try importJournal(at: url, options: o).journal
    }

    @Test func emptyExtractionChartsSayNoBrewHasATDS() throws {
        let j = try Self.gappyJournal()
        for kind in [ChartKind.extractionTrend, .controlChart] {
            let chart = ReportCharts.chart(kind, Self.source(j))
            #expect(chart.emptyMessage?.hasPrefix("No brew has a TDS measurement") == true, "\(kind): \(chart.emptyMessage ?? "nil")")
        }
    }

    /// The rolling line has a value only in rated weeks and breaks across the weeks without one.
    @Test func ratingTrendBreaksAtWeeksWithoutRatings() throws {
        let j = try Self.gappyJournal()
        let chart = ReportCharts.chart(.ratingTrend, Self.source(j))
        let line = try #require(chart.marks.compactMap { if case .line(let l) = $0 { l } else { nil } }.first)
        guard case .numbers(let ys) = line.y else { Issue.record("not numeric"); return }
        // Rated weeks: W41 (3, 4), W42 (4.5), W45 (2); W43 has an unrated brew, W44 none.
        #expect(ys.filter(\.isFinite).count == 3)
        #expect(ys.contains { $0.isNaN })
        #expect(chart.subtitle == "3 weeks with rated brews · 4 rated brews")
        #expect(chart.notes.contains { $0.contains("breaks") })
    }

    /// Every trend chart of a report marks the report week.
    @Test func trendChartsMarkTheReportWeek() throws {
        let week = try IsoWeek(label: "2026-W45")
        let source = Self.source(Self.store, week: week)
        let monday = ReportCharts.weekStart(week, Self.zone).timeIntervalSinceReferenceDate
        for kind in [ChartKind.ratingTrend, .extractionTrend] {
            let chart = ReportCharts.chart(kind, source)
            let band = chart.marks.compactMap { if case .band(let b) = $0, b.x != nil { b } else { nil } }.first
            #expect(band?.x?.contains(monday) == true, "\(kind)")
        }
        // A report week after the last rated week is still on the axis, marked.
        let later = try IsoWeek(label: "2026-W46")
        let gappy = ReportCharts.chart(.ratingTrend, Self.source(try Self.gappyJournal(), week: later))
        let laterMonday = ReportCharts.weekStart(later, Self.zone)
        #expect(gappy.x.dateDomain?.contains(laterMonday.addingTimeInterval(3 * 86_400)) == true)
        let bars = ReportCharts.chart(.brewsPerWeek, source).marks.compactMap { if case .bar(let b) = $0 { b } else { nil } }
        #expect(bars.contains { $0.series == Theme.emphasisSeries && $0.x == .dates([Date(timeIntervalSinceReferenceDate: monday)]) })
    }

    // MARK: What marker colour and shape encode

    /// The filter control chart draws one mark per pour-over method, most brews first, each in its own series, so
    /// the colour theme gives each method its hue (and every theme its shape), named in the legend.
    @Test func controlChartMarkersEncodeTheMethod() throws {
        let j = Self.store
        let t = j.brews
        let e = BrewAnalysis(journal: j, options: Self.options().stats).derived.extractionYield
        var perMethod: [String: Int] = [:]
        for i in 0..<t.count where e.isValid(i) && t.tds.isValid(i) && t.category(at: i) == .pourOver {
            perMethod[j.methods[Int(t.method.code(i)!)].displayName, default: 0] += 1
        }
        let expected = perMethod.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        #expect(expected.count > 1)
        let chart = ReportCharts.chart(.controlChart, Self.source(j))
        let points = chart.marks.compactMap { if case .point(let p) = $0 { p } else { nil } }
        #expect(points.compactMap(\.label) == expected)
        #expect(Set(points.map(\.series)).count == points.count)
        #expect(points.map(\.x.count) == expected.map { perMethod[$0]! })
        let log = ChartRenderer.record(chart, theme: .colour)
        #expect(log.contains("#0072B2") && log.contains("#E69F00"))
    }

    /// The rest chart tells espresso and filter brews apart.
    @Test func restChartMarkersEncodeEspressoAndFilter() {
        let chart = ReportCharts.chart(.restRating, Self.source(Self.store))
        let labels = chart.marks.compactMap { if case .point(let p) = $0 { p.label } else { nil } }
        #expect(Set(labels) == ["Espresso", "Filter"])
    }
}

/// Without a group of three brews, the chart draws the group with most brews (never a one-brew group while another
/// has two) and its note says which and lists the others.
@Suite struct SmallGroupPickTests {
    @Test func theLargestSmallGroupIsDrawnAndNamed() throws {
        let csv = """
            brewed_at,method,grinder,grind_setting,bean,roaster,dose_g,water_g,rating
            2026-03-02T07:00:00+01:00,AeroPress,Encore,20,Kirinyaga,Friedhats,15,250,3
            2026-03-03T07:00:00+01:00,V60,C40,24,Kirinyaga,Friedhats,15,250,4
            2026-03-04T07:00:00+01:00,V60,C40,26,Kirinyaga,Friedhats,15,250,3.5
            2026-03-05T07:00:00+01:00,Kalita,Ode,5,Kirinyaga,Friedhats,15,250,4
            """
        let url = try Repo.scratch("small-groups").appendingPathComponent("j.csv")
        try Data(csv.utf8).write(to: url)
        let journal = try importJournal(at: url).journal
        var single = SingleChart(kind: .grindRating)
        single.filter = JournalFilter(bean: "kirinyaga")
        single.options.stats.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let (chart, drawn) = try single.make(journal)
        // By hand: C40 × V60 has 2 brews, the two others 1 each.
        #expect(drawn == 2)
        let note = try #require(chart.notes.first { $0.hasPrefix("Drawn: ") })
        #expect(note.hasPrefix("Drawn: C40 × V60, the group with most brews (2 of the 4 matched); also "))
        #expect(note.contains("Encore × AeroPress (1)") && note.contains("Ode × Kalita (1)"))
    }
}
