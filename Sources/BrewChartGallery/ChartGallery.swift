import BrewStats
import BrewCharts
import Foundation
import BrewHashing

/// Every brewstats chart kind drawn from deterministic synthetic inputs, for visual review and the README.
///
/// The inputs are generated with a fixed-seed SplitMix64 sequence, so the gallery is identical on every run.
/// It includes an empty chart and two one-million-point charts (merged by count, and binned).
public enum ChartGallery {
    /// The gallery charts, named for their files (e.g. `"5-equipment-usage"`).
    public static func charts() -> [(name: String, chart: Chart)] {
        var random = GalleryRandom(seed: 2025)
        let calendar = Chart.isoCalendar(.gmt)
        // 26 ISO weeks ending Monday 31 March 2025, so the axis crosses a year end.
        let lastWeek = calendar.date(from: DateComponents(year: 2025, month: 3, day: 31))!
        let starts = (0..<26).reversed().map { calendar.date(byAdding: .day, value: -7 * $0, to: lastWeek)! }
        func week(_ start: Date, _ value: Double, count: Int) -> BucketValue {
            BucketValue(start: start, end: start.addingTimeInterval(7 * 86_400), value: value, count: count)
        }
        let weekCounts = starts.enumerated().map { index, start in
            let n = [3, 9, 12].contains(index) ? 0 : Int(4 + 3 * sin(Double(index) / 3) + random.next() * 4)
            return week(start, Double(n), count: n)
        }
        let ratings = starts.enumerated().map { index, start in
            week(start, min(5, 3.1 + Double(index) * 0.04 + (random.next() - 0.5) * 0.9), count: 5)
        }.filter { $0.start != starts[9] }
        var rolling: [BucketValue] = []
        for index in 3..<ratings.count {
            let window = ratings[(index - 3)...index]
            rolling.append(week(ratings[index].start, window.map(\.value).reduce(0, +) / 4, count: 0))
        }
        let extraction = starts.map { week($0, 19.6 + (random.next() - 0.5) * 4.4, count: 4) }

        let grindInput = grindData(count: 180, random: &random)
        let days = (0..<220).map { _ in Double(Int(2 + random.next() * 40)) }
        let dayRatings = days.map { d in quantise(4.1 - 0.004 * (d - 12) * (d - 12) + (random.next() - 0.5) * 1.2) }
        let dayCurve = stride(from: 2.0, through: 41.0, by: 1.0).map {
            CurvePoint(x: $0, y: 4.1 - 0.004 * ($0 - 12) * ($0 - 12))
        }

        let filter = (0..<160).map { _ -> ExtractionPoint in
            let ey = 19.8 + (random.next() + random.next() - 1) * 4
            let ratio = 15.2 + random.next() * 2.6
            return ExtractionPoint(extraction: ey, tds: ey / (ratio - 2))
        }
        let espresso = (0..<90).map { _ -> ExtractionPoint in
            let ey = 19.5 + (random.next() + random.next() - 1) * 4
            let ratio = 1.7 + random.next() * 1.1
            return ExtractionPoint(extraction: ey, tds: ey / ratio)
        }
        let bigGrind = grindData(count: 1_000_000, random: &random)
        var bigControl: [ExtractionPoint] = []
        bigControl.reserveCapacity(1_000_000)
        for _ in 0..<1_000_000 {
            let ey = 20 + (random.next() + random.next() + random.next() - 1.5) * 4
            bigControl.append(ExtractionPoint(extraction: ey, tds: ey / (15 + random.next() * 3.5 - 2)))
        }

        return [
            ("1-brews-per-week", BrewstatsCharts.brewsPerBucket(
                weekCounts, bucket: .week, highlight: TrendHighlight(starts: lastWeek...lastWeek, label: "report week"),
                name: "report week (2025-W14)", span: "Last 26 weeks")),
            ("2-rating-trend", BrewstatsCharts.ratingTrend(ratings, rolling: rolling, bucket: .week)),
            ("3-extraction-trend", BrewstatsCharts.extractionTrend(
                filter: extraction, brewsInside: extraction.filter { (18...22).contains($0.value) }.count * 4,
                bucket: .week)),
            ("4-grind-vs-rating", BrewstatsCharts.grindVsRating(grindInput)),
            ("5-equipment-usage", BrewstatsCharts.equipmentUsage(
                methods: [UsageCount(name: "V60 02", count: 148), UsageCount(name: "AeroPress", count: 97),
                          UsageCount(name: "Espresso (Lelit Bianca)", count: 233),
                          UsageCount(name: "Chemex", count: 12),
                          UsageCount(name: "Kalita Wave 185 with the stainless steel dripper from the café downstairs",
                              count: 41),
                          UsageCount(name: "Französische Presse", count: 8),
                          UsageCount(name: "日本の急須 (kyūsu)", count: 5)],
                grinders: [UsageCount(name: "Comandante C40 MK4", count: 201),
                           UsageCount(name: "Niche Zero", count: 233),
                           UsageCount(name: "1Zpresso JX-Pro", count: 96),
                           UsageCount(name: "Baratza Encore ESP", count: 14)])),
            ("6-control-chart-filter", BrewstatsCharts.brewingControlChart(filter, kind: .filter())),
            ("6-control-chart-espresso", BrewstatsCharts.brewingControlChart(espresso, kind: .espresso)),
            ("7-rating-vs-days-off-roast",
                BrewstatsCharts.ratingVsDaysOffRoast(days: days, ratings: dayRatings, loess: dayCurve)),
            ("8-empty", BrewstatsCharts.brewsPerBucket([], bucket: .week, span: "Last 26 weeks")),
            ("9-grind-vs-rating-1m", BrewstatsCharts.grindVsRating(bigGrind)),
            ("9-control-chart-1m", BrewstatsCharts.brewingControlChart(bigControl, kind: .filter())),
        ]
    }

    /// Renders every gallery chart into `folder` as `<name>-<theme>.<ext>`.
    /// - Returns: The files written, in gallery order.
    /// - Throws: ``ChartError`` when a chart cannot be rendered or written (e.g. the folder is missing).
    @discardableResult
    public static func write(
        to folder: URL, theme: Theme = .monochrome, format: ChartImageFormat = .png()
    ) throws -> [URL] {
        try charts().map { name, chart in
            let url = folder.appendingPathComponent("\(name)-\(theme.name).\(format.fileExtension)")
            try ChartRenderer.write(chart, to: url, format: format, theme: theme)
            return url
        }
    }

    static func quantise(_ rating: Double) -> Double { min(5, max(0, (rating * 4).rounded() / 4)) }

    static func grindData(count: Int, random: inout GalleryRandom) -> GrindRatingInput {
        var settings: [Double] = []
        var ratings: [Double] = []
        settings.reserveCapacity(count)
        ratings.reserveCapacity(count)
        for _ in 0..<count {
            let setting = Double(Int(17 + random.next() * 14))
            settings.append(setting)
            ratings.append(quantise(4.3 - 0.035 * (setting - 24) * (setting - 24) + (random.next() - 0.5) * 1.4))
        }
        // The quadratic fit peaks at 24; the LOESS curve follows the data more closely and wobbles around it.
        let fit = QuadraticCurve(a: 4.3 - 0.035 * 576, b: 0.035 * 48, c: -0.035)
        let curve = stride(from: 17.0, through: 30.0, by: 0.5).map {
            CurvePoint(x: $0, y: fit($0) + 0.12 * sin(1.3 * ($0 - 24.6)))
        }
        return GrindRatingInput(grinder: "Comandante C40 MK4", method: "V60", bean: "Ethiopia Guji Hambela (natural)",
                                grindSettings: settings, ratings: ratings, loess: curve, sweetSpot: 24, rSquared: 0.31,
                                quadratic: fit, settingStep: 1)
    }
}

/// SplitMix64 in [0, 1), for deterministic synthetic data.
public struct GalleryRandom {
    var random: SplitMix64
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }
    public mutating func next() -> Double { random.unitHalfOpen() }
}
