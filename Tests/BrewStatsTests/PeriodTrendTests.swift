import BrewColumns
import Foundation
import Testing
@testable import BrewStats

/// The trend charts' one bucket model, checked against per-week figures worked out by hand: four ISO weeks from
/// Monday 2026-11-02 (UTC), the second without brews.
@Suite struct PeriodTrendTests {
    /// Week 0: ratings 3 and 4, both EY 19.07 % (inside 18–22); week 1: nothing; week 2: rating 5 at EY 23.47 %
    /// (outside) and an unrated brew at 19.07 %; week 3: rating 2 without a TDS.
    static func journal() -> Journal {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let brews: [(week: Int, day: Int, rating: Double?, tds: Double?)] = [
            (0, 0, 3, 1.3), (0, 3, 4, 1.3), (2, 1, 5, 1.6), (2, 6, nil, 1.3), (3, 2, 2, nil),
        ]
        for (k, brew) in brews.enumerated() {
            let date = calendar.date(from: DateComponents(year: 2026, month: 11, day: 2 + 7 * brew.week + brew.day,
                                                          hour: 12))!
            var r = BrewRow()
            r.id = "b\(k)"; r.method = v60
            r.brewDate = Timestamp(microseconds: Int64(date.timeIntervalSince1970 * 1_000_000))
            // 250 g of water, 15 g of coffee: beverage 250 − 2 × 15 = 220 g; EY = TDS × 220 ÷ 15.
            r.doseGrams = 15; r.waterGrams = 250; r.tds = brew.tds; r.rating = brew.rating
            b.appendBrew(r)
        }
        return b.finish()
    }

    static func analysis() -> BrewAnalysis {
        var options = StatsOptions()
        options.timeZone = .gmt
        return BrewAnalysis(journal: journal(), options: options)
    }

    static let first = IsoWeek(containing: Day(year: 2026, month: 11, day: 2)!)

    static func trend(weeks: ClosedRange<Int>) -> PeriodTrend {
        let days = first.advanced(by: weeks.lowerBound).firstDay...first.advanced(by: weeks.upperBound).lastDay
        return analysis().periodTrend(days, bucket: .week)
    }

    @Test func everyFigureIsPerWeek() {
        let t = Self.trend(weeks: 0...3)
        #expect(t.count == 4 && t.label(0) == "2026-W45" && t.firstDay(1) == Day(year: 2026, month: 11, day: 9)!)
        #expect(t.brews == [2, 0, 2, 1])
        #expect(t.rating.map(\.mean) == [3.5, nil, 5, 2] && t.rating.map(\.n) == [2, 0, 1, 1])
        #expect(t.filter.map(\.n) == [2, 0, 2, 0] && t.espresso.allSatisfy { $0.n == 0 })
        #expect(t.filter[0].mean.map { abs($0 - 1.3 * 220 / 15) < 1e-9 } == true)
        #expect(t.filter[2].mean.map { abs($0 - (1.3 + 1.6) / 2 * 220 / 15) < 1e-9 } == true)
        #expect(t.insideIdeal == [2, 0, 1, 0] && t.inside == 3 && t.measured == 4)
    }

    @Test func theLastBucketsAreTheTrendOfTheirDays() {
        let all = Self.trend(weeks: 0...3)
        #expect(all.suffix(2) == Self.trend(weeks: 2...3))
        #expect(all.suffix(3) == Self.trend(weeks: 1...3))
        #expect(all.suffix(4) == all && all.suffix(9) == all)
        #expect(all.suffix(0).count == 0 && all.suffix(-1).count == 0 && all.suffix(0).inside == 0)
    }

    /// Over two weeks: (3.5), (3.5 alone: week 1 has none), (5 alone), (5 + 2) ÷ 2.
    @Test func theRollingRatingLooksBackOverRatedWeeks() {
        let rolling = Self.trend(weeks: 0...3).rollingRating(window: 2)
        #expect(rolling == [3.5, 3.5, 5, 3.5])
        #expect(Self.trend(weeks: 1...1).rollingRating(window: 4) == [nil])
    }

    @Test func bucketsHaveNominalLengths() {
        #expect(TrendBucket.day.nominalSeconds == 86_400)
        #expect(TrendBucket.week.nominalSeconds == 604_800)
        #expect(abs(TrendBucket.month.nominalSeconds - 365.2425 / 12 * 86_400) < 1e-6)
    }

    /// `weekly.csv`'s brews, mean rating and mean extraction yield are the trend's by week: the hand figures of the
    /// fixture's four weeks (EY = TDS × 220 ÷ 15), week 1 without brews.
    @Test func theWeeklyFileReadsTheTrendByWeek() {
        let rows = Self.analysis().weekly().rows, t = Self.trend(weeks: 0...3)
        #expect(rows.map(\.week.label) == ["2026-W45", "2026-W46", "2026-W47", "2026-W48"])
        #expect(rows.map(\.brews) == [2, 0, 2, 1] && rows.map(\.meanRating) == [3.5, nil, 5, 2])
        let hand: [Double?] = [1.3 * 220 / 15, nil, (1.3 + 1.6) / 2 * 220 / 15, nil]
        for (row, expected) in zip(rows, hand) {
            #expect((row.meanExtraction == nil) == (expected == nil), "\(row.week.label)")
            if let m = row.meanExtraction, let e = expected { #expect(abs(m - e) < 1e-9, "\(row.week.label)") }
        }
        #expect(rows.map(\.meanExtraction) == t.extraction.map(\.mean) && t.extraction.map(\.n) == [2, 0, 2, 0])
    }

    /// The trend's `extraction` (weekly.csv's `mean_ey_pct`) averages both conventions of a bucket together, while
    /// `filter` and `espresso` keep them apart: a V60 at EY 1.3 × 220 ÷ 15 and an espresso of 36 g at TDS 10 % from
    /// 18 g (EY 10 × 36 ÷ 18 = 20 %) on one day.
    @Test func theWeeklyExtractionIsOverBothConventions() {
        var b = JournalBuilder()
        let v60 = b.addMethod(BrewMethod(name: "V60", category: .pourOver))
        let shot = b.addMethod(BrewMethod(name: "Shot", category: .espresso))
        let noon = Timestamp(microseconds: Int64(Day(year: 2026, month: 11, day: 4)!.index) * 86_400_000_000
                                 + 12 * 3_600_000_000)
        var r = BrewRow()
        r.id = "f"; r.method = v60; r.brewDate = noon; r.doseGrams = 15; r.waterGrams = 250; r.tds = 1.3
        b.appendBrew(r)
        r = BrewRow()
        r.id = "e"; r.method = shot; r.brewDate = noon; r.doseGrams = 18; r.yieldGrams = 36; r.tds = 10
        b.appendBrew(r)
        var options = StatsOptions()
        options.timeZone = .gmt
        let a = BrewAnalysis(journal: b.finish(), options: options)
        let week = Self.first.firstDay...Self.first.lastDay
        let t = a.periodTrend(week, bucket: .week)
        let filter = 1.3 * 220 / 15, espresso = 10.0 * 36 / 18
        #expect(t.filter[0].n == 1 && t.espresso[0].n == 1 && t.extraction[0].n == 2)
        #expect(t.espresso[0].mean.map { abs($0 - espresso) < 1e-9 } == true)
        #expect(t.extraction[0].mean.map { abs($0 - (filter + espresso) / 2) < 1e-9 } == true)
        #expect(a.weekly().rows.map(\.meanExtraction) == [t.extraction[0].mean])
    }
}
