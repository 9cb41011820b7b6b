import BrewStats
@testable import BrewCharts
import Foundation
import Testing

/// The one trend design, checked for each bucket (day, week, month) against positions worked out by hand: a
/// bucket's point stands at its start, the axis and the highlight reach half a nominal bucket beyond, the line
/// breaks at a missing bucket and the note counts it.
@Suite struct TrendChartTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static var calendar: Calendar { Chart.isoCalendar(zone) }

    /// Buckets 0, 1 and 3 of `bucket` from 2026-03-02 (a Monday, the 1st-of-month case starts on 2026-03-01):
    /// bucket 2 is missing. Values 3, 4, 5 with 2, 3, 4 brews.
    static func buckets(_ bucket: TrendBucket) -> [BucketValue] {
        func start(_ k: Int) -> Date {
            switch bucket {
            case .day: calendar.date(from: DateComponents(year: 2026, month: 3, day: 2 + k))!
            case .week: calendar.date(from: DateComponents(year: 2026, month: 3, day: 2 + 7 * k))!
            case .month: calendar.date(from: DateComponents(year: 2026, month: 3 + k, day: 1))!
            }
        }
        return [(0, 3.0, 2), (1, 4.0, 3), (3, 5.0, 4)].map { k, v, n in
            BucketValue(start: start(k), end: start(k + 1), value: v, count: n)
        }
    }

    static func points(_ chart: Chart) -> [PointMark] {
        chart.marks.compactMap { if case .point(let p) = $0 { p } else { nil } }
    }
    static func lines(_ chart: Chart) -> [LineMark] {
        chart.marks.compactMap { if case .line(let l) = $0 { l } else { nil } }
    }
    static func bands(_ chart: Chart) -> [BandMark] {
        chart.marks.compactMap { if case .band(let b) = $0 { b } else { nil } }
    }

    static func dates(_ channel: Channel) -> [Date] { if case .dates(let d) = channel { d } else { [] } }
    static func numbers(_ channel: Channel) -> [Double] { if case .numbers(let v) = channel { v } else { [] } }

    @Test(arguments: TrendBucket.allCases)
    func theRatingTrendPlacesEveryBucketAtItsStart(_ bucket: TrendBucket) throws {
        let values = Self.buckets(bucket)
        let highlight = TrendHighlight(starts: values[1].start...values[2].start, label: "report period")
        let chart = BrewstatsCharts.ratingTrend(values, bucket: bucket, highlight: highlight, timeZone: Self.zone)
        let points = Self.points(chart)
        let lines = Self.lines(chart)
        let bands = Self.bands(chart)
        #expect(points.count == 1 && lines.count == 1 && bands.count == 1)
        #expect(Self.dates(points[0].x) == values.map(\.start))
        #expect(Self.numbers(points[0].y) == [3, 4, 5])
        // The line: the three values with one NaN between buckets 1 and 3.
        let y = Self.numbers(lines[0].y)
        #expect(y.count == 4 && y[0] == 3 && y[1] == 4 && y[2].isNaN && y[3] == 5)
        #expect(chart.notes == ["The line breaks where a \(bucket.rawValue) has no rated brew (1 gap)."])
        #expect(chart.subtitle == "3 \(bucket.rawValue)s with rated brews · 9 rated brews")
        #expect(points[0].label == "\(bucket.adjective.capitalized) mean")
        let half = bucket.nominalSeconds / 2
        let domain = try #require(chart.x.dateDomain)
        #expect(domain.lowerBound == values[0].start.addingTimeInterval(-half))
        #expect(domain.upperBound == values[2].start.addingTimeInterval(half))
        let band = try #require(bands[0].x)
        #expect(band.lowerBound == values[1].start.timeIntervalSinceReferenceDate - half)
        #expect(band.upperBound == values[2].start.timeIntervalSinceReferenceDate + half)
        #expect(bands[0].label == "report period")
        #expect(chart.x.title == bucket.axisTitle && chart.title == "Rating trend, \(bucket.adjective)")
    }

    @Test func aRollingMeanReplacesTheJoinedMeansAndKeepsToRatedBuckets() throws {
        let values = Self.buckets(.week)
        // A rolling value for every bucket, the missing one included: it is not drawn.
        let starts = values.map(\.start) + [values[1].end]
        let rolling = starts.map {
            BucketValue(start: $0, end: $0.addingTimeInterval(7 * 86_400), value: 3.5, count: 0)
        }
        let chart = BrewstatsCharts.ratingTrend(values, rolling: rolling, rollingWindow: 4, bucket: .week)
        let line = try #require(Self.lines(chart).first)
        #expect(line.label == "4-week rolling mean")
        #expect(Self.numbers(line.y).filter(\.isFinite) == [3.5, 3.5, 3.5])
        #expect(Self.dates(line.x).count == 4)
    }

    @Test(arguments: TrendBucket.allCases)
    func theExtractionTrendCountsBrewsFilterAndEspressoApart(_ bucket: TrendBucket) {
        let filter = Self.buckets(bucket).map { BucketValue(start: $0.start, end: $0.end, value: 17 + $0.value,
                                                            count: $0.count) }
        let espresso = [filter[0]].map { BucketValue(start: $0.start, end: $0.end, value: 20, count: 5) }
        // 9 filter brews and 5 espresso brews; 7 of the 14 inside their ideal range.
        let chart = BrewstatsCharts.extractionTrend(filter: filter, espresso: espresso, brewsInside: 7, bucket: bucket)
        #expect(chart.title == "Extraction yield, \(bucket.adjective)")
        #expect(chart.subtitle
                == "14 brews with an extraction yield (9 filter, 5 espresso) · 7 (50 %) inside the ideal range")
        let points = Self.points(chart)
        #expect(points.map(\.label) == ["Filter, \(bucket.adjective) mean", "Espresso, \(bucket.adjective) mean"])
        #expect(chart.notes.first == "Lines break where a \(bucket.rawValue) has no measured brew (1 gap).")
        // Without espresso: one series, named by the bucket alone.
        let single = BrewstatsCharts.extractionTrend(filter: filter, brewsInside: 3, bucket: bucket)
        #expect(single.subtitle == "9 brews with an extraction yield · 3 (33 %) inside the ideal range")
        #expect(Self.points(single).map(\.label) == ["\(bucket.adjective.capitalized) mean"])
    }

    @Test func aWeekIsHighlightedHalfAWeekEitherSideOfItsMonday() throws {
        let values = Self.buckets(.week)
        // A report week two weeks after the last value: still on the axis.
        let monday = Self.calendar.date(byAdding: .day, value: 14, to: values[2].start)!
        let chart = BrewstatsCharts.ratingTrend(values, bucket: .week,
                                                highlight: TrendHighlight(starts: monday...monday, label: "report week"))
        let band = try #require(Self.bands(chart).first?.x)
        let t = monday.timeIntervalSinceReferenceDate
        #expect(band == (t - 3.5 * 86_400)...(t + 3.5 * 86_400))
        #expect(chart.x.dateDomain?.upperBound == monday.addingTimeInterval(3.5 * 86_400))
    }
}
