@testable import BrewCharts
import Foundation
import Testing

@Suite struct ExtendedTickTests {
    static let ranges: [(Double, Double)] = [
        (0, 1), (0, 100), (0, 9), (-5, 5), (-1000, -10), (17, 30), (18, 22), (0.9, 1.7), (1e-9, 3e-9),
        (1e12, 5e12), (-3.7e8, 2.2e9), (0.1, 0.30000000000000004), (3, 3), (0, 0), (-2, -2), (1e-300, 1e-300),
        (5, 1), (0.001, 0.0013), (99.5, 100.5), (-0.5, 5.5),
    ]

    @Test(arguments: ranges)
    func ticksAreIncreasingEvenlySpacedAndCoverTheRangeWhenLoose(lower: Double, upper: Double) {
        let (values, step) = ExtendedTicks.ticks(lower: lower, upper: upper, count: 5, loose: true)
        let (lo, hi) = ExtendedTicks.widened(lower, upper)
        #expect(values.count >= 2 && values.count <= 12, "\(values)")
        #expect(step > 0)
        for (a, b) in zip(values, values.dropFirst()) {
            #expect(b > a)
            #expect(abs((b - a) - step) <= 1e-9 * max(abs(step), abs(a), abs(b)), "uneven \(values)")
        }
        let tolerance = 1e-9 * max(abs(lo), abs(hi))
        #expect(values.first! <= lo + tolerance && values.last! >= hi - tolerance, "\(values) does not cover \(lo)...\(hi)")
    }

    @Test(arguments: ranges)
    func stepIsANiceNumber(lower: Double, upper: Double) {
        let (_, step) = ExtendedTicks.ticks(lower: lower, upper: upper, count: 5)
        let mantissa = step / pow(10, floor(log10(step)))
        let nice: [Double] = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8]
        #expect(nice.contains { abs($0 - mantissa) < 1e-6 }, "step \(step) has mantissa \(mantissa)")
    }

    @Test func classicRanges() {
        #expect(ExtendedTicks.ticks(lower: 0, upper: 100, count: 6).values == [0, 20, 40, 60, 80, 100])
        #expect(ExtendedTicks.ticks(lower: 0, upper: 1, count: 6).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(ExtendedTicks.ticks(lower: 0, upper: 5, count: 6).values == [0, 1, 2, 3, 4, 5])
        #expect(ExtendedTicks.ticks(lower: -5, upper: 5, count: 5).values.contains(0))
    }

    @Test func decimalTicksAreExact() {
        let values = ExtendedTicks.ticks(lower: 0.9, upper: 1.7, count: 5).values
        #expect(values.allSatisfy { ($0 * 10).rounded() / 10 == $0 || ($0 * 100).rounded() / 100 == $0 }, "\(values)")
    }

    @Test func degenerateRangesAreWidened() {
        #expect(ExtendedTicks.widened(0, 0) == (-1, 1))
        let (lo, hi) = ExtendedTicks.widened(10, 10)
        #expect(lo == 9 && hi == 11)
        #expect(ExtendedTicks.widened(5, 1) == (1, 5))
        #expect(ExtendedTicks.widened(.nan, .nan) == (-1, 1))
    }
}

@Suite struct TimeTickTests {
    let calendar = Chart.isoCalendar(.gmt)

    func date(_ y: Int, _ m: Int, _ d: Int) -> Date { calendar.date(from: DateComponents(year: y, month: m, day: d))! }

    @Test func monthsAcrossAYearEndShowTheNewYear() {
        let (dates, unit) = TimeTicks.ticks(start: date(2024, 10, 7), end: date(2025, 4, 6), count: 8, calendar: calendar)
        #expect(unit == .months(1))
        let labels = TickFormatter.labels(dates, unit: unit, calendar: calendar)
        #expect(labels == ["Nov 2024", "Dec", "Jan 2025", "Feb", "Mar", "Apr"])
    }

    @Test func weeklyTicksFallOnMondays() {
        let (dates, unit) = TimeTicks.ticks(start: date(2025, 3, 1), end: date(2025, 4, 15), count: 8, calendar: calendar)
        #expect(unit == .weeks(1))
        #expect(dates.allSatisfy { calendar.component(.weekday, from: $0) == 2 })
        #expect(TickFormatter.labels(dates, unit: unit, calendar: calendar).first == "3 Mar 2025")
    }

    @Test func dailyTicksForAFewDays() {
        let (dates, unit) = TimeTicks.ticks(start: date(2025, 1, 1), end: date(2025, 1, 5), count: 10, calendar: calendar)
        #expect(unit == .days(1))
        #expect(dates.count == 5)
    }

    @Test func multiYearRangesTickOnYears() {
        let (dates, unit) = TimeTicks.ticks(start: date(2015, 6, 1), end: date(2025, 6, 1), count: 6, calendar: calendar)
        #expect(unit == .years(2))
        #expect(TickFormatter.labels(dates, unit: unit, calendar: calendar) == ["2016", "2018", "2020", "2022", "2024"])
    }

    @Test func degenerateRangeIsWidenedToAWeek() {
        let day = date(2025, 1, 1)
        let (dates, _) = TimeTicks.ticks(start: day, end: day, count: 8, calendar: calendar)
        #expect(dates.count >= 2)
    }

    @Test func ticksRespectTheTimeZone() {
        let tokyo = Chart.isoCalendar(TimeZone(identifier: "Asia/Tokyo")!)
        let (dates, _) = TimeTicks.ticks(start: date(2025, 3, 1), end: date(2025, 4, 15), count: 8, calendar: tokyo)
        #expect(dates.allSatisfy { tokyo.component(.hour, from: $0) == 0 && tokyo.component(.weekday, from: $0) == 2 })
    }
}

@Suite struct TickFormatterTests {
    @Test func decimalsAreSharedAcrossTicks() {
        #expect(TickFormatter.labels([0, 0.5, 1, 1.5], format: .automatic) == ["0.0", "0.5", "1.0", "1.5"])
        #expect(TickFormatter.labels([0, 20, 40], format: .automatic) == ["0", "20", "40"])
        #expect(TickFormatter.labels([0.1, 0.2, 0.30000000000000004], format: .automatic) == ["0.1", "0.2", "0.3"])
    }

    @Test func negativesUseTheMinusSignAndNoNegativeZero() {
        #expect(TickFormatter.labels([-5, 0, 5], format: .automatic) == ["\u{2212}5", "0", "5"])
        #expect(TickFormatter.labels([-0.0001], format: .decimals(2)) == ["0.00"])
    }

    @Test func largeAndTinyValues() {
        #expect(TickFormatter.labels([0, 500_000, 1_000_000], format: .automatic) == ["0", "0.5M", "1.0M"])
        #expect(TickFormatter.labels([0, 2e6, 4e6], format: .automatic) == ["0", "2M", "4M"])
        #expect(TickFormatter.labels([10_000, 20_000], format: .automatic) == ["10\u{2009}000", "20\u{2009}000"])
        #expect(TickFormatter.labels([1e-9, 2e-9], format: .automatic) == ["1e-09", "2e-09"])
        #expect(TickFormatter.labels([.nan], format: .automatic) == ["–"])
    }

    @Test func affixes() {
        #expect(TickFormatter.labels([14, 16], format: .affixed(prefix: "1:", suffix: "")) == ["1:14", "1:16"])
    }
}

@Suite struct AnchoredTickTests {
    @Test func referenceEdgesFallOnTicks() {
        // The filter control chart's strength axis: the ideal box 1.15–1.35 % must be ticked.
        let step = AnchoredTicks.step(lower: 0.9, upper: 1.7, anchor: 1.15, steps: AnchoredTicks.referenceSteps(0.2), maxCount: 7)
        let ticks = AnchoredTicks.ticks(lower: 0.9, upper: 1.7, anchor: 1.15, step: step)
        #expect(ticks == [0.95, 1.15, 1.35, 1.55], "\(ticks)")
        #expect(TickFormatter.labels(ticks, format: .decimals(2)) == ["0.95", "1.15", "1.35", "1.55"])
    }

    @Test(arguments: [(16.9, 23.0), (17.5, 22.4), (12.0, 27.3), (5.65, 14.0), (0.87, 2.03), (-3.2, 4.1)])
    func snappedDomainsNeverLeaveAGridLineHuggingAnEdge(lower: Double, upper: Double) {
        for anchor in [18.0, 1.15, 8.0, 0.0] {
            let step = AnchoredTicks.step(lower: lower, upper: upper, anchor: anchor,
                                          steps: AnchoredTicks.referenceSteps(4), maxCount: 8)
            let domain = AnchoredTicks.snapped(lower: lower, upper: upper, anchor: anchor, step: step)
            #expect(domain.lowerBound <= lower && domain.upperBound >= upper)
            let ticks = AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound, anchor: anchor, step: step)
            for edge in [domain.lowerBound, domain.upperBound] {
                let gap = ticks.map { abs($0 - edge) }.min() ?? step
                #expect(gap < 1e-9 || gap >= step / 2 - 1e-9, "tick \(gap) from the edge \(edge) of \(domain)")
            }
        }
    }

    @Test func grinderStepsGiveSettingTicks() {
        #expect(AnchoredTicks.unitSteps(0.25).prefix(4) == [0.25, 0.5, 1, 2])
        #expect(AnchoredTicks.unitSteps(1).prefix(3) == [1, 2, 5])
        #expect(AnchoredTicks.unitSteps(0.3).prefix(2) == [0.3, 0.6])
        // The Eureka Mignon range of the sample journal: ticks every half setting, not 0.4.
        let step = AnchoredTicks.step(lower: 1.9, upper: 5.4, anchor: 0, steps: AnchoredTicks.unitSteps(0.25), maxCount: 9)
        #expect(AnchoredTicks.ticks(lower: 1.9, upper: 5.4, anchor: 0, step: step) == [2, 2.5, 3, 3.5, 4, 4.5, 5])
    }

    @Test func degenerateInputsGiveNoTicksRatherThanACrash() {
        #expect(AnchoredTicks.ticks(lower: 0, upper: 1, anchor: 0, step: 0).isEmpty)
        #expect(AnchoredTicks.ticks(lower: .nan, upper: 1, anchor: 0, step: 1).isEmpty)
        #expect(AnchoredTicks.ticks(lower: 3, upper: 1, anchor: 0, step: 1) == [1, 2, 3])
        // Tick counts past what an Int holds (a hostile grind setting of 1e19, a step of 1e-300) used to trap.
        #expect(AnchoredTicks.ticks(lower: 1e19, upper: 2e19, anchor: 0, step: 1).isEmpty)
        #expect(AnchoredTicks.ticks(lower: -1e300, upper: 1e300, anchor: 0, step: 1e-300).isEmpty)
        #expect(AnchoredTicks.ticks(lower: 1e19, upper: 1e19 + 4096, anchor: 0, step: 1).isEmpty)
        #expect(AnchoredTicks.step(lower: 0, upper: 1e19, anchor: 0, steps: AnchoredTicks.unitSteps(1), maxCount: 9) > 0)
        let chart = BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "G", method: "M", grindSettings: [1, 1e19, 3],
                                                                     ratings: [3, 4, 5], settingStep: 1e-300))
        #expect(chart.title.hasPrefix("Grind vs rating"))
        _ = ChartRenderer.record(chart)
        // A plausible EY from absurd parts (yield 1e-19 g, TDS 1e20 %) puts the TDS axis at 1e20.
        let control = BrewstatsCharts.brewingControlChart([ExtractionPoint(extraction: 0.7, tds: 1e20),
                                                            ExtractionPoint(extraction: 20, tds: 1.3)], kind: .filter(retention: 2))
        #expect(!ChartRenderer.record(control).isEmpty)
        #expect(AnchoredTicks.snapped(lower: 2, upper: 2, anchor: 0, step: 1) == 2...3)
    }
}

/// The axes the brewstats charts end up with, read from their layouts.
@Suite struct ChartAxisTests {
    func yTicks(_ chart: Chart) -> (ticks: [Double], lower: Double, upper: Double) {
        let layout = ChartLayout(chart: chart, theme: .monochrome, measurer: ApproximateTextMeasurer())
        guard case .continuous(let scale) = layout.yScale else { return ([], 0, 0) }
        return (scale.ticks, scale.lower, scale.upper)
    }

    @Test func ratingAxesTickEveryWholeRating() {
        for chart in [ChartFixtures.grindVsRating, ChartFixtures.ratingVsDays, ChartFixtures.ratingTrend] {
            #expect(yTicks(chart).ticks == [0, 1, 2, 3, 4, 5], "\(chart.title)")
        }
    }

    @Test func theControlChartTicksTheIdealBox() {
        let filter = yTicks(ChartFixtures.controlFilter)
        #expect(filter.ticks.contains(1.15) && filter.ticks.contains(1.35), "\(filter.ticks)")
        #expect(filter.lower == 0.95 && filter.upper == 1.75)
        #expect(yTicks(ChartFixtures.controlEspresso).ticks.contains { $0 == 8 } && yTicks(ChartFixtures.controlEspresso).ticks.contains(12))
        let layout = ChartLayout(chart: ChartFixtures.controlFilter, theme: .monochrome, measurer: ApproximateTextMeasurer())
        guard case .continuous(let x) = layout.xScale else { Issue.record("no x scale"); return }
        #expect(x.ticks.contains(18) && x.ticks.contains(22))
    }

    @Test func theExtractionTrendTicksTheIdealRangeAndNoGridLineHugsTheAxis() {
        let (ticks, lower, _) = yTicks(ChartFixtures.extractionTrend)
        #expect(ticks.contains(18) && ticks.contains(22), "\(ticks)")
        #expect(ticks.first.map { $0 - lower == 0 || $0 - lower >= 0.5 } == true, "\(ticks) from \(lower)")
    }

    @Test func trendChartsNameTheirTimeAxis() {
        for chart in [ChartFixtures.ratingTrend, ChartFixtures.extractionTrend, ChartFixtures.brewsPerWeek] {
            #expect(chart.x.title == "Week (Monday start)")
        }
    }
}

@Suite struct WeeklyTicksAcrossAYearEnd {
    let calendar = Chart.isoCalendar(.gmt)
    func date(_ y: Int, _ m: Int, _ d: Int) -> Date { calendar.date(from: DateComponents(year: y, month: m, day: d))! }

    @Test func weekFiftyThreeIsFollowedByWeekOne() {
        // 2020 has 53 ISO weeks: W53 starts Monday 28 December 2020, W01 of 2021 on 4 January.
        let (dates, unit) = TimeTicks.ticks(start: date(2020, 12, 7), end: date(2021, 1, 25), count: 10, calendar: calendar)
        #expect(unit == .weeks(1))
        let weeks = dates.map { calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: $0) }
        #expect(weeks.map(\.weekOfYear) == [50, 51, 52, 53, 1, 2, 3, 4])
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 7 * 86_400 })
        #expect(TickFormatter.labels(dates, unit: unit, calendar: calendar)[3...4] == ["28 Dec", "4 Jan 2021"])
    }

    @Test func twoWeekTicksStayTwoWeeksApartAcrossWeekFiftyThree() {
        let (dates, unit) = TimeTicks.ticks(start: date(2020, 10, 1), end: date(2021, 3, 1), count: 12, calendar: calendar)
        #expect(unit == .weeks(2))
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 14 * 86_400 }, "\(dates)")
        // 2015 also has 53 weeks.
        let (later, _) = TimeTicks.ticks(start: date(2015, 10, 1), end: date(2016, 3, 1), count: 12, calendar: calendar)
        #expect(zip(later, later.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 14 * 86_400 })
    }
}
