import BrewAdvice
import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// What a report may claim: no look-ahead past its week, every bean of the week with its own finding, extraction
/// per convention with its n, and changes only between enough values. Expected values are computed here from the
/// journal's rows (``plainBrews``), not from the report.
@Suite struct HonestReportTests {
    static let journal = WeeklyReportTests.journal
    static let brews = WeeklyReportTests.brews
    static let now = instant(2026, 12, 1, 12, 0)

    static func options(_ week: String, includeLater: Bool = false) -> ReportOptions {
        var o = WeeklyReportTests.options(now: now, week: .named(.week(try! IsoWeek(label: week))))
        o.includeLaterBrews = includeLater
        return o
    }

    /// The journal without the brews dated after the last day of `week` (Berlin), selected here by Foundation's
    /// calendar.
    static func withoutLater(than week: String) -> (Journal, Int) {
        let weekStart = brews.compactMap(\.date).filter { isoWeekLabel($0, berlin) == week }.min()!
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = berlin
        let start = calendar.dateInterval(of: .weekOfYear, for: weekStart)!
        let keep = brews.filter { $0.date.map { $0 < start.end } ?? true }.map { Int32($0.row) }
        return (journal.filtered(Selection(keep)), brews.count - keep.count)
    }

    /// Every text output of a report (the five CSVs, summary.md, index.html without charts and the PDF's blocks).
    static func outputs(_ r: PeriodReport) -> [String] {
        [r.usage.csv(), r.weekly.csv(), r.methodStats.csv(), r.grindRating.csv(), r.comparison?.csv() ?? "",
         Render.markdown(r), Render.html(r),
         "\(Render.pdf(r).count - (r.laterBrewsNote == nil ? 0 : 1))",
         BeanFinding.of(r).map(\.line).joined(separator: "\n"), r.findings.map(r.sentence).joined(separator: "\n")]
    }

    @Test(arguments: ["2026-W30", "2026-W40", "2026-W46"])
    func aPastWeeksReportIsTheSameWithoutLaterBrews(week: String) throws {
        let (cut, later) = Self.withoutLater(than: week)
        #expect(later > 0)
        let full = try WeeklyReportTests.report(Self.options(week))
        let alone = try WeeklyReportTests.report(Self.options(week), journal: cut)
        #expect(full.laterBrewsLeftOut == later)
        #expect(alone.laterBrewsLeftOut == 0)
        // Identical but for the note that says later brews were left out.
        let strip = { (s: String) in
            s.components(separatedBy: "\n").filter { !$0.contains("dated after this week left out") && !$0.isEmpty }
        }
        for (a, b) in zip(Self.outputs(full), Self.outputs(alone)) { #expect(strip(a) == strip(b)) }
        // Asking for every brew does look ahead: the journal-wide summaries change.
        let ahead = try WeeklyReportTests.report(Self.options(week, includeLater: true))
        #expect(ahead.usage.csv() != alone.usage.csv())
        #expect(ahead.laterBrewsLeftOut == 0)
    }

    @Test func theWrittenFolderOfAPastWeekIsTheSameWithoutLaterBrews() throws {
        let (cut, _) = Self.withoutLater(than: "2026-W40")
        var o = Self.options("2026-W40")
        o.formats = [.svg]
        o.parallelRendering = false
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("honest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("full"), b = dir.appendingPathComponent("cut")
        try ReportWriter.write(try PeriodReport(journal: Self.journal, journalName: "j", importReport: nil, options: o),
                               options: o, to: a)
        try ReportWriter.write(try PeriodReport(journal: cut, journalName: "j", importReport: nil, options: o),
                               options: o, to: b)
        let files = relativeFiles(in: a)
        #expect(files == relativeFiles(in: b))
        for f in files where f.hasSuffix(".csv") || f.hasSuffix(".svg") {
            let x = try Data(contentsOf: a.appendingPathComponent(f)), y = try Data(contentsOf: b.appendingPathComponent(f))
            #expect(x == y, "\(f) differs")
        }
    }

    @Test func everyBeanOfTheWeekLeadsWithItsOwnFinding() throws {
        let week = "2026-W46"
        let r = try WeeklyReportTests.report(Self.options(week))
        let inWeek = WeeklyReportTests.inWeek(week)
        struct Key: Hashable { let bean: String, grinder: String, method: String }
        var expected: [Key: Int] = [:]
        for b in inWeek { if let bean = b.beanIndex.map({ "\($0)" }), let g = b.grinder, let m = b.method { expected[Key(bean: bean, grinder: g, method: m), default: 0] += 1 } }
        #expect(r.periodBeans.count == expected.count)
        let lastDay = inWeek.compactMap(\.date).max()!
        for p in r.periodBeans {
            let key = Key(bean: "\(p.beanIndex)", grinder: p.grinder, method: p.method)
            #expect(p.periodBrews == expected[key], "\(key)")
            let sofar = Self.brews.filter { $0.beanIndex == p.beanIndex && $0.grinder == p.grinder && $0.method == p.method
                && ($0.date.map { $0 <= lastDay } ?? false) }
            #expect(p.brews == sofar.count)
            let rated = sofar.filter { $0.rating != nil && $0.setting != nil }
            #expect(p.group.n == rated.count)
            let top = rated.map { $0.rating! }.max()
            #expect(p.best?.rating == top)
            #expect(p.last.row == sofar.max { ($0.date!, $1.row) < ($1.date!, $0.row) }?.row)
        }
        // Most brews this week first.
        #expect(zip(r.periodBeans, r.periodBeans.dropFirst()).allSatisfy { $0.periodBrews >= $1.periodBrews })
        // All of them in every output, none cut.
        let md = Render.markdown(r), html = Render.html(r)
        for f in BeanFinding.of(r) {
            #expect(md.contains(MarkdownRenderer.escape(f.title)))
            #expect(html.contains(HTMLText.escape(f.title)))
        }
    }

    /// Each bean of the week gains the advisor's next setting, on its grinder's dial and inside its range, and a
    /// past week's advice is what the advisor says from the brews up to that week alone.
    @Test func everyBeanOfTheWeekGetsANextSettingWithoutLookAhead() throws {
        let week = "2026-W40"
        let r = try WeeklyReportTests.report(Self.options(week))
        #expect(r.periodAdvice.count == r.periodBeans.count)
        for (p, advice) in zip(r.periodBeans, r.periodAdvice) where p.group.n > 0 {
            let a = try #require(advice)
            let grinder = r.analysis.journal.grinders[p.grinderIndex]
            let next = a.estimate.next
            #expect(next >= grinder.settingMin - 1e-9 && next <= grinder.settingMax + 1e-9)
            let k = (next - grinder.settingMin) / grinder.settingStep
            #expect(abs(k - k.rounded()) < 1e-6, "\(next) is not on the \(grinder.settingStep) grid")
            let finding = BeanFinding.of(p, advice: a, report: r)
            // A bag without a rated brew of its own is told where to start, with the earlier bags' expectation.
            let lead = a.points.isEmpty ? "next: start at \(a.text(next)) (" : "next: try \(a.text(next)) (expected "
            #expect(finding.facts.first?.hasPrefix(lead) == true, "\(finding.facts.first ?? "")")
            #expect(finding.leadsWithNext)
            // The same answer from the whole journal with the advisor's own cut-off at the week's last instant.
            let end = try #require(PeriodReport.endOfDay(try IsoWeek(label: week).lastDay, berlin))
            let asked = try DialInAdvisor.advise(journal: Self.journal, grinder: p.grinderIndex, method: p.methodIndex,
                                                 bean: p.beanIndex, asOf: end)
            #expect(asked.estimate.next == next)
            #expect(asked.points == a.points)
        }
    }

    @Test func extractionIsStatedPerConventionWithItsCount() throws {
        let week = "2026-W46"
        let r = try WeeklyReportTests.report(Self.options(week))
        let ws = try #require(r.comparison)
        let this = WeeklyReportTests.inWeek(week)
        let filter = this.filter { !$0.espresso }.compactMap(\.extraction)
        let espresso = this.filter(\.espresso).compactMap(\.extraction)
        #expect(ws.this.filterExtraction.n == filter.count)
        #expect(ws.this.espressoExtraction.n == espresso.count)
        if !filter.isEmpty {
            #expect(isClose(ws.this.filterExtraction.mean, filter.reduce(0, +) / Double(filter.count), relative: 1e-9))
        }
        if !espresso.isEmpty {
            #expect(isClose(ws.this.espressoExtraction.mean, espresso.reduce(0, +) / Double(espresso.count), relative: 1e-9))
        }
    }

    /// The extraction trend keeps filter and espresso apart and judges the ideal range brew by brew.
    @Test func theExtractionTrendJudgesBrewsNotWeeklyMeans() throws {
        let r = try WeeklyReportTests.report(Self.options("2026-W46"))
        let end = try IsoWeek(label: "2026-W46"), first = end.advanced(by: -25)
        let ex = r.analysis.periodTrend(first.firstDay...end.lastDay, bucket: .week)
        let labels = (0..<26).map { first.advanced(by: $0).label }
        let measured = Self.brews.filter { b in b.extraction != nil && b.date.map { labels.contains(isoWeekLabel($0, berlin)) } == true }
        #expect(ex.measured == measured.count)
        #expect(ex.inside == measured.filter { (18...22).contains($0.extraction!) }.count)
        for (k, label) in labels.enumerated() {
            let week = measured.filter { isoWeekLabel($0.date!, berlin) == label }
            let filter = week.filter { !$0.espresso }.map { $0.extraction! }, espresso = week.filter(\.espresso).map { $0.extraction! }
            #expect(ex.filter[k].n == filter.count && ex.espresso[k].n == espresso.count)
            if !filter.isEmpty { #expect(isClose(ex.filter[k].mean, filter.reduce(0, +) / Double(filter.count), relative: 1e-9)) }
            if !espresso.isEmpty { #expect(isClose(ex.espresso[k].mean, espresso.reduce(0, +) / Double(espresso.count), relative: 1e-9)) }
        }
        let chart = ReportCharts.chart(.extractionTrend, ChartSource(r, options: Self.options("2026-W46")))
        let share = Int((100 * Double(ex.inside) / Double(ex.measured)).rounded())
        #expect(chart.subtitle?.contains("\(ex.measured) brews with an extraction yield") == true)
        #expect(chart.subtitle?.contains("\(ex.inside) (\(share) %) inside the ideal range") == true)
    }

    @Test func aChangeNeedsEnoughValuesInBothWeeks() {
        let few = Headline.mean(label: "Filter EY", this: MeanCount(mean: 18.06, n: 2), previous: MeanCount(mean: 20.42, n: 1),
                                decimals: 1, unit: " %", changeUnit: " pp", what: "measured")
        #expect(few.value == "18.1 %")
        #expect(few.detail == "2 measured · last week 20.4 % (1 measured): too few to compare")
        let enough = Headline.mean(label: "Filter EY", this: MeanCount(mean: 18.06, n: 3), previous: MeanCount(mean: 20.42, n: 4),
                                   decimals: 1, unit: " %", changeUnit: " pp", what: "measured")
        #expect(enough.detail == "3 measured · −2.4 pp vs last week (20.4 %, 4 measured)")
        let tiny = Headline.mean(label: "Mean rating", this: MeanCount(mean: 3.7, n: 5), previous: MeanCount(mean: 3.749, n: 5),
                                 decimals: 1, unit: "", changeUnit: "", what: "rated")
        #expect(tiny.detail == "5 rated · 0.0 vs last week (3.7, 5 rated)")
    }
}
