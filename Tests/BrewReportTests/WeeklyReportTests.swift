import BrewCharts
import BrewColumns
import BrewStats
import BrewSynth
import Foundation
import Testing
import TestSupport
@testable import BrewPages
@testable import BrewReport

/// The weekly report model: which week, whether it is partial, and the figures it shows — each checked
/// against values computed here from the journal's rows with Foundation's calendars.
@Suite struct WeeklyReportTests {
    /// A generated journal ending Sunday 2026-11-22 (ISO week 2026-W47), Europe/Berlin.
    static let journal = JournalGenerator(GeneratorOptions(brewCount: 300, seed: 7)).makeJournal()
    static let brews = plainBrews(journal)

    static func options(now: Date, week: ReportOptions.PeriodChoice = .latestWeek) -> ReportOptions {
        var o = ReportOptions()
        o.stats.timeZone = berlin
        o.now = now
        o.period = week
        return o
    }

    static func week(_ label: String) -> IsoWeek { try! IsoWeek(label: label) }

    static func report(_ options: ReportOptions, journal: Journal = journal) throws -> PeriodReport {
        try PeriodReport(journal: journal, journalName: "test", importReport: nil, options: options)
    }

    static func inWeek(_ label: String, _ brews: [PlainBrew] = brews) -> [PlainBrew] {
        brews.filter { $0.date.map { isoWeekLabel($0, berlin) } == label }
    }

    // MARK: Week choice

    @Test func latestIsTheWeekOfTheLastBrew() throws {
        let last = try #require(Self.brews.compactMap(\.date).max())
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        #expect(r.week?.label == isoWeekLabel(last, berlin))
        #expect(r.week?.label == "2026-W47")
        #expect(r.partialReason == nil)
        #expect(r.periodTitle == "2026-W47 (16–22 Nov 2026)")
    }

    @Test(arguments: [(2026, 12, 2), (2027, 1, 4), (2026, 11, 23), (2027, 1, 1)])
    func lastIsTheWeekBeforeNow(_ y: Int, _ m: Int, _ d: Int) throws {
        let now = instant(y, m, d, 9, 30)
        let expected = isoWeekLabel(now.addingTimeInterval(-7 * 86400), berlin)
        let r = try Self.report(Self.options(now: now, week: .lastWeek))
        #expect(r.week?.label == expected)
    }

    /// `--last` in a week without brews in it nor in the week before gives the nearest-week hint a named week gets.
    @Test(arguments: [(2027, 1, 4), (2027, 1, 1)])
    func lastWithoutBrewsIsRefusedWithTheHint(_ y: Int, _ m: Int, _ d: Int) throws {
        var options = Self.options(now: instant(y, m, d, 9, 30), week: .lastWeek)
        options.readerDefaults = true
        #expect(throws: ReportError.self) { try Self.report(options) }
    }

    @Test func explicitWeekIsUsedAsGiven() throws {
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0), week: .named(.week(Self.week("2026-W40")))))
        #expect(r.week?.label == "2026-W40")
        #expect(r.comparison?.this.brews == Self.inWeek("2026-W40").count)
        #expect(r.comparison?.previous.brews == Self.inWeek("2026-W39").count)
    }

    @Test func explicitWeekAfterTheJournalStillComparesWithTheWeekBefore() throws {
        // W48 has no brew but W47 has: a report saying "0 brews, down from N" is still worth writing.
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0), week: .named(.week(Self.week("2026-W48")))))
        #expect(r.comparison?.this.brews == 0)
        #expect(r.comparison?.previous.brews == Self.inWeek("2026-W47").count)
    }

    @Test(arguments: ["2026-W49", "2025-W10", "2020-W53"])
    func explicitWeekWithoutBrewsNearItIsNoBrews(_ label: String) throws {
        #expect(Self.inWeek(label).isEmpty && Self.inWeek(Self.week(label).advanced(by: -1).label).isEmpty)
        let error = #expect(throws: ReportError.self) {
            _ = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0), week: .named(.week(Self.week(label)))))
        }
        guard case let .noBrews(what, _) = error else { Issue.record("expected noBrews, got \(String(describing: error))"); return }
        #expect(what.contains(label))
    }

    @Test func emptyJournalHasNoWeek() throws {
        let r = try Self.report(Self.options(now: instant(2026, 11, 20, 12, 0)), journal: .empty)
        #expect(r.week == nil && r.comparison == nil && r.coveredDays == nil)
        #expect(r.periodTitle == "no dated brews")
        let tiles = Headline.of(r)
        #expect(tiles.count == 1 && tiles[0].value == "0")
        #expect(r.findings.isEmpty)
    }

    // MARK: Partial weeks

    @Test(arguments: [(16, 0, 0), (19, 12, 0), (22, 23, 59)])
    func nowInsideTheWeekIsInProgress(_ day: Int, _ hour: Int, _ minute: Int) throws {
        let now = instant(2026, 11, day, hour, minute)
        let r = try Self.report(Self.options(now: now))
        #expect(r.week?.label == "2026-W47")
        #expect(r.partialReason == "in progress")
        #expect(r.coveredDays?.upperBound.description == localDay(now, berlin))
        #expect(r.coveredDays?.lowerBound.description == "2026-11-16")
        #expect(r.periodTitle.contains("partial: in progress"))
        // The covered days are named only when they are fewer than the week's seven.
        let expected = switch day {
        case 16: "2026-W47 (16–22 Nov 2026), partial: in progress, covers 16 Nov 2026"
        case 22: "2026-W47 (16–22 Nov 2026), partial: in progress"
        default: "2026-W47 (16–22 Nov 2026), partial: in progress, covers 16–\(day) Nov 2026"
        }
        #expect(r.periodTitle == expected)
    }

    @Test func nowJustAfterTheWeekIsComplete() throws {
        // Monday 00:00:30 Berlin is already the next week there (but still Sunday in UTC).
        let r = try Self.report(Self.options(now: instant(2026, 11, 23, 0, 0, 30)))
        #expect(r.partialReason == nil)
        #expect(r.coveredDays?.upperBound.description == "2026-11-22")
    }

    @Test func journalEndingMidWeekIsPartial() throws {
        // Brews from Monday 2026-11-02 for 10 days: the last week (W46) is cut short on a Wednesday or earlier.
        let short = JournalGenerator(GeneratorOptions(brewCount: 40, seed: 3, start: Day(year: 2026, month: 11, day: 2), days: 10)).makeJournal()
        let last = try #require(plainBrews(short).compactMap(\.date).max())
        let r = try Self.report(Self.options(now: instant(2026, 12, 20, 12, 0)), journal: short)
        #expect(r.week?.label == isoWeekLabel(last, berlin))
        #expect(r.partialReason == "journal ends")
        #expect(r.coveredDays?.upperBound.description == localDay(last, berlin))
        #expect(r.coveredDays?.lowerBound.description == "2026-11-09")
        #expect(r.periodTitle.contains("partial: journal ends"))
    }

    // MARK: Figures

    @Test func weekSummaryMatchesTheRows() throws {
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        let ws = try #require(r.comparison)
        for (figures, label) in [(ws.this, "2026-W47"), (ws.previous, "2026-W46")] {
            let rows = Self.inWeek(label)
            #expect(figures.period.label == label)
            #expect(figures.brews == rows.count)
            let ratings = rows.compactMap(\.rating)
            #expect(isClose(figures.meanRating, ratings.isEmpty ? nil : ratings.reduce(0, +) / Double(ratings.count), relative: 1e-12))
            #expect(figures.topMethod == Self.topMethod(rows))
            #expect(figures.bestBrew?.id == Self.bestBrew(rows)?.id)
        }
    }

    @Test func headlineShowsTheWeekSummary() throws {
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        let this = Self.inWeek("2026-W47"), previous = Self.inWeek("2026-W46")
        let tiles = Headline.of(r)
        var labels = ["Brews", "Mean rating"]
        if !(this + previous).filter({ !$0.espresso && $0.extraction != nil }).isEmpty { labels.append("Filter extraction") }
        if !(this + previous).filter({ $0.espresso && $0.extraction != nil }).isEmpty { labels.append("Espresso extraction") }
        #expect(tiles.map(\.label) == labels + ["Top method", "Best brew"])
        let diff = this.count - previous.count
        #expect(tiles[0].value == "\(this.count)")
        #expect(tiles[0].detail == "\(diff > 0 ? "+" : diff < 0 ? "−" : "")\(abs(diff)) vs last week (\(previous.count))")

        let rated = { (rows: [PlainBrew]) -> [Double] in rows.compactMap(\.rating) }
        let mean = { (x: [Double]) -> Double in x.reduce(0, +) / Double(x.count) }
        #expect(tiles[1].value == String(format: "%.2f", mean(rated(this))))
        #expect(tiles[1].detail.hasPrefix("\(rated(this).count) rated · "))
        if rated(this).count >= 3 && rated(previous).count >= 3 {
            #expect(tiles[1].detail.hasSuffix("vs last week (\(String(format: "%.2f", mean(rated(previous)))), \(rated(previous).count) rated)"))
        } else {
            #expect(tiles[1].detail.contains("too few to compare"))
        }

        let top = tiles[tiles.count - 2], bestTile = tiles[tiles.count - 1]
        #expect(top.value == Self.topMethod(this))
        #expect(top.detail == "last week: \(Self.topMethod(previous) ?? "—")")

        let best = try #require(Self.bestBrew(this))
        #expect(bestTile.value == "\(String(format: "%.1f", best.rating!)) / 5")
        // The brew as a reader knows it (method, bean, day), never its id.
        #expect(!bestTile.detail.contains(best.id!))
        #expect(bestTile.detail.contains(best.method!) && bestTile.detail.contains(best.bean!))
        // The same numbers in summary.md's table.
        let md = Render.markdown(r)
        #expect(md.contains("- **Brews**: \(this.count) — "))
        #expect(md.contains("- **Mean rating**: \(String(format: "%.2f", mean(rated(this)))) — "))
    }

    @Test func findingsArePooledGroupsThatMeetTheEvidenceRuleMostBrewsFirst() throws {
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        let findings = r.findings
        #expect(!findings.isEmpty)
        #expect(zip(findings, findings.dropFirst()).allSatisfy { $0.n >= $1.n })
        for g in r.grindRating.groups where g.bean == nil {
            // The rule, computed here: ≥ 8 brews on ≥ 4 settings, a parabola peak inside them, R² ≥ 0.10.
            let vertex = Self.parabolaVertex(g.grind, g.rating)
            let r2 = Self.parabolaR2(g.grind, g.rating)
            let inside = vertex.map { $0 >= g.grind.min()! && $0 <= g.grind.max()! } ?? false
            let expected = g.grind.count >= 8 && Set(g.grind).count >= 4 && g.sweetSpot != nil && inside && (r2 ?? 0) >= 0.10
            #expect(findings.contains(g) == expected, "\(g.grinder) × \(g.method)")
        }
        for g in findings {
            let spot = try #require(g.sweetSpot)
            #expect(spot >= g.grind.min()! && spot <= g.grind.max()!)
            let who = "\(g.grinder) × \(g.method) (all beans)"
            let r2 = try #require(Self.parabolaR2(g.grind, g.rating))
            // The setting on the grid of the grinder's step (or, without a grinder, the coarsest of 1, 0.5, 0.25
            // holding every logged setting), written without trailing zeros.
            func onGrid(_ value: Double, _ step: Double) -> String {
                let q = (value / step).rounded() * step
                return q == q.rounded() ? "\(Int(q))" : "\(q)"
            }
            let step = r.analysis.journal.grinders[g.grinderIndex].settingStep
            let inferred = [1, 0.5, 0.25].first { s in g.points.distinctX.allSatisfy { ($0 / s).rounded() * s == $0 } } ?? 0.25
            let tail = " (\(g.n) rated brews)"
            // How the spot reads (docs/definitions.md): flat when the parabola stays within 0.25 points of its peak
            // over more than half the settings tried (v ± √(0.25 ÷ −c)); weak below R² 0.30.
            let c = try #require(Self.parabola(g.grind, g.rating)).c
            let lo = max(g.grind.min()!, spot - (0.25 / -c).squareRoot()), hi = min(g.grind.max()!, spot + (0.25 / -c).squareRoot())
            let flat = hi - lo > 0.5 * (g.grind.max()! - g.grind.min()!)
            func words(_ step: Double) -> String {
                let core = flat && onGrid(lo, step) != onGrid(hi, step)
                    ? "anywhere from setting \(onGrid(lo, step)) to \(onGrid(hi, step)) rates about the same: the curve is flat there"
                    : "best around setting \(onGrid(spot, step))"
                return (r2 < 0.30 ? "a weak pattern: " : "") + core
            }
            #expect(r.sentence(g) == "\(who): \(words(step))" + tail)
            #expect(PeriodReport.sentence(g) == "\(who): \(words(inferred))" + tail)
            #expect(!r.sentence(g).contains("ρ"))
            // The sweet spot is the vertex of the least-squares parabola through the group's brews.
            let vertex = try #require(Self.parabolaVertex(g.grind, g.rating))
            #expect(isClose(spot, vertex, relative: 1e-6), "\(who): \(spot) vs \(vertex)")
        }
    }

    @Test func aGroupBelowTheRuleStatesNoSweetSpot() throws {
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        let small = try #require(r.grindRating.groups.first { $0.n < 8 })
        #expect(!small.statesSweetSpot)
        #expect(r.sentence(small).contains("no best setting yet (\(small.n) rated brew\(small.n == 1 ? "" : "s"); it needs 8 on 4 settings)"))
    }

    /// Every step the grinders of the generated journal use is exercised: 1, 0.5 and 0.25.
    @Test func findingsCoverEveryStepKind() throws {
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        let steps = Set(r.findings.map { r.analysis.journal.grinders[$0.grinderIndex].settingStep })
        #expect(steps.isSuperset(of: [1, 0.5]), "\(steps)")
    }

    /// A Fellow Ode Gen 2 logged on its dial in thirds is stated at a setting of that dial, by clicks from 1
    /// (`(whole − 1) × 3 + tenths`; past .2 the rest of the way to the next whole number is the third click): 4.6 is
    /// click 9 + 2 + 0.4 / 0.8 = 11.5, rounded to 12 = setting 5; 4.55 is 11.4375 → 11 = 4.2; 1.05 → 0.5 → 1 = 1.1.
    /// The dial's 1–11 bounds a fit past them. Logged in halves (not the dial in thirds), the grid rule holds.
    @Test func grindSettingsOnADialInThirds() {
        let ode = Grinder(name: "Fellow Ode Gen 2")
        let logged = [3.2, 4, 4.1, 4.2, 5, 5.1]
        #expect(GrindSetting.text(4.6, grinder: ode, observed: logged) == "5")
        #expect(GrindSetting.text(4.55, grinder: ode, observed: logged) == "4.2")
        #expect(GrindSetting.text(4.5, grinder: ode, observed: logged) == "4.2")
        #expect(GrindSetting.text(1.05, grinder: ode, observed: logged) == "1.1")
        #expect(GrindSetting.text(11.7, grinder: ode, observed: logged) == "11")
        #expect(GrindSetting.text(4.1, grinder: ode, observed: [4.1]) == "4.1")
        #expect(GrindSetting.text(.nan, grinder: ode, observed: logged) == "—")
        #expect(GrindSetting.text(4.6, grinder: ode, observed: [4.5, 5, 6]) == "4.5")
        #expect(GrindSetting.text(4.6, grinder: Grinder(name: "Other"), observed: logged) == "4.6")
    }

    @Test func grindSettingsInTheGrindersSteps() {
        let whole = Grinder(name: "C40", settingMin: 0, settingMax: 40, settingStep: 1)
        #expect(GrindSetting.text(22.37, grinder: whole, observed: [20, 22, 24]) == "22")
        #expect(GrindSetting.text(22.5, grinder: whole, observed: [20, 22]) == "23")
        #expect(GrindSetting.text(-0.2, grinder: whole, observed: [0, 1]) == "0")
        let half = Grinder(name: "Ode", settingMin: 1, settingMax: 11, settingStep: 0.5)
        #expect(GrindSetting.text(5.3, grinder: half, observed: [4.5, 5, 6]) == "5.5")
        #expect(GrindSetting.text(5.2, grinder: half, observed: [4.5, 5, 6]) == "5")
        let even = Grinder(name: "Big steps", settingMin: 0, settingMax: 40, settingStep: 2)
        #expect(GrindSetting.text(23.1, grinder: even, observed: [20, 22, 24]) == "24")
        let quarter = Grinder(name: "Mignon", settingMin: 0, settingMax: 10, settingStep: 0.25)
        #expect(GrindSetting.text(3.37, grinder: quarter, observed: [3, 3.25, 3.5]) == "3.25")
        // Settings off the grinder's grid (a CSV export's default step of 1, settings logged in halves): the grid
        // is inferred from the settings.
        #expect(GrindSetting.text(22.37, grinder: whole, observed: [21.5, 22, 23]) == "22.5")
        #expect(GrindSetting.text(22.37, grinder: nil, observed: []) == "22.4")
        #expect(GrindSetting.text(22, grinder: nil, observed: []) == "22")
        let broken = Grinder(name: "zero", settingStep: 0)
        #expect(GrindSetting.text(22.37, grinder: broken, observed: [22]) == "22")
        #expect(GrindSetting.text(22.37, grinder: broken, observed: [22.333]) == "22.4")
        #expect(GrindSetting.text(.nan, grinder: whole, observed: []) == "—")
        // Tenth-steps snap to their grid, which starts at the grinder's lowest setting.
        let fifths = Grinder(name: "Fifths", settingMin: 0, settingMax: 40, settingStep: 0.2)
        #expect(GrindSetting.text(22.29, grinder: fifths, observed: [22, 22.2, 22.4]) == "22.2")
        let offset = Grinder(name: "Offset fifths", settingMin: 0.1, settingMax: 40, settingStep: 0.2)
        #expect(GrindSetting.text(22.29, grinder: offset, observed: [22.1, 22.3, 22.5]) == "22.3")
        // A hostile step below any double's spacing at these settings is no known step.
        let tiny = Grinder(name: "tiny", settingMin: 0, settingMax: 40, settingStep: 1e-300)
        #expect(GrindSetting.text(22.37, grinder: tiny, observed: [22, 23]) == "22")
    }

    @Test func theChartLabelsTheSweetSpotAsTheFindingDoes() throws {
        // The chart of a finding's group names the same setting the finding does (one rule for both).
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        #expect(!r.findings.isEmpty)
        for g in r.findings {
            guard let spot = g.sweetSpot,
                  EvidenceRules.statesSweetSpot(n: g.n, distinctSettings: g.points.distinctX.count) else { continue }
            let chart = GrindRatingChart.chart(g, journal: r.analysis.journal)
            let text = GrindSetting.text(spot, grinder: r.analysis.journal.grinders[g.grinderIndex], observed: g.points.distinctX)
            #expect(chart.subtitle?.hasSuffix("sweet spot at \(text)") == true, "\(chart.subtitle ?? "")")
        }
    }

    @Test func aGroupsMergedPointsDrawWhatItsBrewsDraw() throws {
        // The group keeps distinct (grind, rating) pairs with counts; its chart equals one drawn from every brew.
        let r = try Self.report(Self.options(now: instant(2026, 12, 1, 12, 0)))
        let groups = r.analysis.grindRating(curves: true).groups.filter { $0.n >= 3 }
        #expect(!groups.isEmpty)
        for g in groups.prefix(4) {
            #expect(g.points.total == g.n && g.grind.count == g.n && g.points.x.count <= g.n)
            let merged = GrindRatingChart.chart(g, journal: r.analysis.journal)
            var raw = GrindRatingChart.input(g, journal: r.analysis.journal)
            raw.grindSettings = g.grind; raw.ratings = g.rating; raw.counts = nil
            var fromBrews = BrewstatsCharts.grindVsRating(raw)
            if let note = GrindRatingChart.evidenceNote(g) { fromBrews.notes.append(note) }
            #expect(ChartRenderer.record(merged) == ChartRenderer.record(fromBrews))
        }
    }

    @Test func spanLabels() {
        func d(_ s: String) -> Day { Day(iso: s)! }
        #expect(ReportPeriod.span(d("2026-11-16"), d("2026-11-22")) == "16–22 Nov 2026")
        #expect(ReportPeriod.span(d("2026-12-28"), d("2027-01-03")) == "28 Dec 2026 – 3 Jan 2027")
        #expect(ReportPeriod.span(d("2026-09-28"), d("2026-10-04")) == "28 Sep – 4 Oct 2026")
        #expect(ReportPeriod.span(d("2026-11-16"), d("2026-11-16")) == "16 Nov 2026")
    }

    // MARK: Independent helpers

    static func topMethod(_ rows: [PlainBrew]) -> String? {
        var counts: [String: Int] = [:]
        for r in rows { if let m = r.method { counts[m, default: 0] += 1 } }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }.first?.key
    }

    static func bestBrew(_ rows: [PlainBrew]) -> PlainBrew? {
        rows.filter { $0.rating != nil }.sorted {
            if $0.rating! != $1.rating! { return $0.rating! > $1.rating! }
            if $0.date != $1.date { return ($0.date ?? .distantFuture) < ($1.date ?? .distantFuture) }
            return ($0.id ?? "") < ($1.id ?? "")
        }.first
    }

    /// `v` with at most `decimals` decimals, trailing zeros dropped.
    /// `v` with exactly `decimals` decimals, as the headline writes figures (trailing zeros kept, U+2212 minus).
    static func fixedNumber(_ v: Double, _ decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (v * scale).rounded(.toNearestOrEven) / scale
        let s = String(format: "%.\(decimals)f", rounded)
        return s.hasPrefix("-") ? "\u{2212}" + s.dropFirst() : s
    }

    static func shortNumber(_ v: Double, _ decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (v * scale).rounded(.toNearestOrEven) / scale
        var s = String(rounded)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s == "-0" ? "0" : s
    }

    /// The least-squares parabola y = a + b·u + c·u² in centred u = x − mean(x), solved by Cramer's rule on the
    /// normal equations: (a, b, c, mean); `nil` when they are singular.
    static func parabola(_ x: [Double], _ y: [Double]) -> (a: Double, b: Double, c: Double, m: Double)? {
        let n = Double(x.count)
        let m = x.reduce(0, +) / n
        let u = x.map { $0 - m }
        func s(_ p: Int) -> Double { u.reduce(0) { $0 + pow($1, Double(p)) } }
        func t(_ p: Int) -> Double { zip(u, y).reduce(0) { $0 + pow($1.0, Double(p)) * $1.1 } }
        let a = [[n, s(1), s(2)], [s(1), s(2), s(3)], [s(2), s(3), s(4)]]
        let rhs = [t(0), t(1), t(2)]
        func det(_ k: [[Double]]) -> Double {
            k[0][0] * (k[1][1] * k[2][2] - k[1][2] * k[2][1]) - k[0][1] * (k[1][0] * k[2][2] - k[1][2] * k[2][0])
                + k[0][2] * (k[1][0] * k[2][1] - k[1][1] * k[2][0])
        }
        let d = det(a)
        guard abs(d) > 1e-12 else { return nil }
        var coef = [Double]()
        for c in 0..<3 {
            var k = a
            for r in 0..<3 { k[r][c] = rhs[r] }
            coef.append(det(k) / d)
        }
        return (coef[0], coef[1], coef[2], m)
    }

    /// R² of the least-squares parabola: 1 − Σ residual² ÷ Σ (y − ȳ)², clamped to 0…1; `nil` below 3 points,
    /// for singular normal equations or constant y.
    static func parabolaR2(_ x: [Double], _ y: [Double]) -> Double? {
        guard x.count >= 3, let p = parabola(x, y) else { return nil }
        let my = y.reduce(0, +) / Double(y.count)
        let tot = y.reduce(0) { $0 + ($1 - my) * ($1 - my) }
        guard tot > 0 else { return nil }
        let res = zip(x, y).reduce(0) { acc, q in
            let u = q.0 - p.m, e = q.1 - (p.a + p.b * u + p.c * u * u)
            return acc + e * e
        }
        return min(1, max(0, 1 - res / tot))
    }

    /// The vertex −b ÷ 2c of the least-squares fit y = a + b·x + c·x², solved by Cramer's rule on centred x.
    static func parabolaVertex(_ x: [Double], _ y: [Double]) -> Double? {
        parabola(x, y).map { $0.m - $0.b / (2 * $0.c) }
    }
}
