@testable import BrewStats
@testable import BrewCharts
import Foundation
import Testing

/// The chart builders' small rules: what a curve's peak may be called, sweet-spot precision, the busiest week,
/// jitter and curves kept inside the rating scale.
@Suite struct ChartRuleTests {
    static func curve(_ ys: [Double]) -> [CurvePoint] { ys.enumerated().map { CurvePoint(x: Double($0.offset * 2), y: $0.element) } }

    @Test func aPeakIsClaimedOnlyWhenTheCurveRisesAndFallsByAQuarterPoint() {
        #expect(CurvePeak.classify(Self.curve([3.5, 3.9, 4.1, 3.8, 3.6])) == .peak(x: 4, evidence: nil))
        #expect(CurvePeak.classify(Self.curve([3.8, 3.75, 3.7, 3.62, 3.6])) == .flat)
        // Highest at the first point (the sample journal's rest curve): no interior peak.
        #expect(CurvePeak.classify(Self.curve([3.82, 3.75, 3.7, 3.6, 3.5])) == .edge(x: 0))
        // Rises by 0.5 but falls by only 0.1 after its top.
        #expect(CurvePeak.classify(Self.curve([3.0, 3.3, 3.5, 3.4])) == .edge(x: 4))
        #expect(CurvePeak.classify([]) == .none)
        #expect(CurvePeak.classify(Self.curve([4, .nan])) == .none)
    }

    /// A peak at 20 days between lows at 5 and 40: the groups are before 12.5, 12.5–30 and after 30 days.
    static let peakCurve = [CurvePoint(x: 5, y: 3), CurvePoint(x: 20, y: 4), CurvePoint(x: 40, y: 3)]

    @Test func aPeakIsClaimedOnlyWhenTheBrewsNearItRateClearlyAboveThoseOnEachSide() {
        let days = [5.0, 8, 12, 13, 20, 30, 31, 35, 40]
        // Group means 3, 4 and 3; pooled s = √((0.08 + 0.08 + 0.02) / 6) = 0.1732; the bar is 2 s √(2/3) = 0.283.
        let backed = CurvePeak.classify(Self.peakCurve, days: days, ratings: [3, 3.2, 2.8, 4, 4.2, 3.8, 3, 3.1, 2.9])
        #expect(backed == .peak(x: 20, evidence: PeakEvidence(before: 3, near: 3, after: 3, aboveBefore: 1, aboveAfter: 1, tooFew: false)))
        // The same shape over noisy brews near the peak: s = √(2 / 6) = 0.577, the bar 0.943 > 0.5.
        let noisy = CurvePeak.classify(Self.peakCurve, days: days, ratings: [3, 3, 3, 3.5, 2.5, 4.5, 3, 3, 3])
        guard case .unsupported(20, let evidence) = noisy else { Issue.record("\(noisy)"); return }
        #expect(evidence.near == 3 && !evidence.tooFew && evidence.reason == "not backed by the brews" && abs(evidence.aboveBefore - 0.5) < 1e-12 && abs(evidence.aboveAfter - 0.5) < 1e-12)
        // Two brews after the peak are too few, however clear the difference.
        let thin = CurvePeak.classify(Self.peakCurve, days: Array(days.dropLast()), ratings: [3, 3.2, 2.8, 4, 4.2, 3.8, 3, 3.1])
        guard case .unsupported(20, let few) = thin else { Issue.record("\(thin)"); return }
        #expect((few.before, few.near, few.after) == (3, 3, 2) && few.reason == "too few brews around it")
        // A brew exactly on a boundary counts as near; NaN pairs are ignored.
        let edge = CurvePeak.classify(Self.peakCurve, days: [12.5, .nan], ratings: [4, 4])
        guard case .unsupported(_, let one) = edge else { Issue.record("\(edge)"); return }
        #expect((one.before, one.near, one.after) == (0, 1, 0))
    }

    @Test func theRestChartSaysSoWhenTheFitIsFlatOrPeaksAtAnEdge() {
        let days = [3.0, 7, 12, 20, 30], ratings = [4.0, 3.5, 3.5, 4, 3]
        func subtitle(_ ys: [Double]) -> String {
            BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: ratings, loess: Self.curve(ys)).subtitle ?? ""
        }
        // By its shape the fit peaks at 4 days, but one brew is near it (2 to 6 days) and none before.
        #expect(subtitle([3.5, 3.9, 4.1, 3.8, 3.6]).hasSuffix("no clear peak (fit highest at 4 days; too few brews around it)"))
        let days9 = [5.0, 8, 12, 13, 20, 30, 31, 35, 40], ratings9 = [3, 3.2, 2.8, 4, 4.2, 3.8, 3, 3.1, 2.9]
        let backed = BrewstatsCharts.ratingVsDaysOffRoast(days: days9, ratings: ratings9, loess: Self.peakCurve).subtitle ?? ""
        #expect(backed.hasSuffix("fitted rating peaks at 20 days (3 near, 3 before, 3 after)"))
        #expect(subtitle([3.8, 3.75, 3.7, 3.62, 3.6]).contains("flat"))
        #expect(subtitle([3.82, 3.75, 3.7, 3.6, 3.5]).hasSuffix("no clear peak (fit highest at 0 days)"))
    }

    @Test func theSweetSpotIsLabelledAtTheGrindersPrecision() {
        #expect(BrewstatsCharts.settingText(24.29, step: 1) == "24")
        #expect(BrewstatsCharts.settingText(24.29, step: 0.5) == "24.5")
        #expect(BrewstatsCharts.settingText(24.1, step: 0.5) == "24")
        #expect(BrewstatsCharts.settingText(3.34, step: 0.25) == "3.25")
        #expect(BrewstatsCharts.settingText(3.4, step: 0.25) == "3.5")
        #expect(BrewstatsCharts.settingText(3.34, step: nil) == "3.3")
        #expect(BrewstatsCharts.settingText(5.2, step: 0.5, anchor: 1) == "5")
        #expect(BrewstatsCharts.settingText(22.29, step: 0.2, anchor: 0.1) == "22.3")
        #expect(BrewstatsCharts.settingText(3.34, step: 0.5, anchor: 0.25) == "3.25")
        #expect(BrewstatsCharts.settingText(.infinity, step: 1) == "—")
        let chart = BrewstatsCharts.grindVsRating(GrindRatingInput(
            grinder: "Fellow Ode", method: "V60", grindSettings: [3, 3.5, 4, 4.5, 5], ratings: [3, 4, 4.5, 4, 3],
            sweetSpot: 4.29, quadratic: QuadraticCurve(a: -10, b: 6.86, c: -0.8), settingStep: 0.5))
        #expect(chart.subtitle?.hasSuffix("sweet spot at 4.5") == true)
        let log = ChartRenderer.record(chart)
        #expect(log.contains("text \"Sweet spot 4.5\""))
        #expect(log.contains("text \"quadratic fit\"") && !log.contains("text \"LOESS\""))
    }

    @Test func theBusiestWeekIsNamedByCountAndIsoWeek() {
        let notes = ChartFixtures.brewsPerWeek.notes
        #expect(notes.first == "Busiest week: 7 brews (2024-W52); 3 weeks without brews.", "\(notes)")
        #expect(ChartFixtures.brewsPerWeek.subtitle == "Last 6 weeks · 5 brews vs 10 before")
        let calendar = ChartFixtures.calendar
        #expect(BrewstatsCharts.label(ChartFixtures.monday(2021, 1, 4), .week, calendar) == "2021-W01")
        #expect(BrewstatsCharts.label(ChartFixtures.monday(2020, 12, 28), .week, calendar) == "2020-W53")
        #expect(BrewstatsCharts.label(ChartFixtures.monday(2026, 11, 5), .day, calendar) == "2026-11-05")
        #expect(BrewstatsCharts.label(ChartFixtures.monday(2026, 11, 1), .month, calendar) == "2026-11")
    }

    /// One bar design for every bucket: a period's days against the days before, its bars emphasised, the rate
    /// over the days the journal covers and the mean over every bar drawn, worked out by hand. Four days of which
    /// the last two (5 and 1 brews) are the period, covered for 2 days: 6 brews (3 per day) vs 2 before (2 and
    /// none); the mean is 8 ÷ 4 = 2 per day.
    @Test func aPeriodsDaysAreTheSameBarDesign() {
        let day = 86_400.0, start = ChartFixtures.monday(2026, 11, 2)
        let counts = [2, 0, 5, 1]
        let buckets = counts.indices.map { k in
            BucketValue(start: start.addingTimeInterval(Double(k) * day),
                        end: start.addingTimeInterval(Double(k + 1) * day), value: Double(counts[k]), count: counts[k])
        }
        let first = buckets[2].start, last = buckets[3].start
        let chart = BrewstatsCharts.brewsPerBucket(
            buckets, bucket: .day, highlight: TrendHighlight(starts: first...last, label: "report period"),
            name: "this period", span: "4–5 Nov and before, daily", covered: first..<buckets[3].end)
        #expect(chart.title == "Brews per day")
        #expect(chart.subtitle == "4–5 Nov and before, daily · 6 brews (3 per day) vs 2 before",
                "\(chart.subtitle ?? "")")
        #expect(chart.notes == ["Busiest day: 5 brews (2026-11-04); 1 day without brews."], "\(chart.notes)")
        let bars = chart.marks.compactMap { if case .bar(let b) = $0 { b } else { nil } }
        #expect(bars.count == 2 && bars[1].series == Theme.emphasisSeries && bars[1].label == "this period")
        #expect(bars[1].x == .dates([first, last]) && bars[1].y == .numbers([5, 1]))
        let rule = chart.marks.compactMap { if case .rule(let r) = $0 { r } else { nil } }.first
        #expect(rule?.value == .number(2) && rule?.label == "mean 2 per day")
    }

    @Test func jitterIsMirroredInwardsAtTheBoundsOfTheScale() {
        let n = 500
        let statistic = PointStatistic.resolve(xs: (0..<n).map { Double($0 % 5) }, ys: (0..<n).map { $0 % 2 == 0 ? 0 : 5 },
                                               jitter: Jitter(width: 0.5, height: 0.3), noun: "brews", yValid: 0...5)
        #expect(statistic.ys.allSatisfy { (0...5).contains($0) })
        #expect(statistic.ys.enumerated().filter { $0.offset % 2 == 0 }.contains { $0.element > 0 })
        #expect(statistic.ys.enumerated().filter { $0.offset % 2 == 1 }.contains { $0.element < 5 })
        #expect(PointStatistic.jittered(4.9, by: 0.2, inside: 0...5) == 4.7)
        #expect(PointStatistic.jittered(0.05, by: -0.1, inside: 0...5) == 0.15000000000000002)
        #expect(PointStatistic.jittered(7, by: 0.1, inside: 0...5) == 5)
    }

    @Test func curvesAreClippedToTheValidRatingRange() {
        let chart = BrewstatsCharts.grindVsRating(GrindRatingInput(
            grinder: "G", method: "M", grindSettings: [10, 12, 14, 16], ratings: [0, 3, 4, 0],
            loess: [CurvePoint(x: 10, y: -0.4), CurvePoint(x: 13, y: 3.9), CurvePoint(x: 16, y: -0.3)]))
        let layout = ChartLayout(chart: chart, theme: .monochrome, measurer: ApproximateTextMeasurer())
        let coordinates = Coordinates(plot: layout.plot, x: layout.xScale, y: layout.yScale)
        let zero = coordinates.canvasY(value: 0)!, five = coordinates.canvasY(value: 5)!
        let lines = ChartRenderer.record(chart).split(separator: "\n")
        guard let loess = lines.lastIndex(where: { $0.hasPrefix("stroke M") && $0.contains("w2.4") }) else {
            Issue.record("no LOESS line"); return
        }
        let clip = "clip (\(RecordingBackend.format(layout.plot.x - 6)),\(RecordingBackend.format(five)) "
            + "\(RecordingBackend.format(layout.plot.width + 12))x\(RecordingBackend.format(zero - five)))"
        #expect(lines[loess - 1] == clip || lines[loess - 2] == clip, "\(lines[loess - 2]) / \(lines[loess - 1])")
    }
}
