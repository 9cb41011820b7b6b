import BrewStats
import BrewCharts
import Foundation

/// Small deterministic inputs for every chart kind, shared by the golden and behaviour tests.
enum ChartFixtures {
    static let calendar = Chart.isoCalendar(.gmt)

    static func monday(_ year: Int, _ month: Int, _ day: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    static let lastWeek = monday(2025, 1, 13)
    static func week(_ back: Int) -> Date { calendar.date(byAdding: .day, value: -7 * back, to: lastWeek)! }

    /// Six weeks ending 2025-W03 (5 brews, the report week): 2025-W01 3 brews, 2024-W52 7, the others none.
    static var brewsPerWeek: Chart {
        let counts = [0: 5, 2: 3, 3: 7]
        return BrewstatsCharts.brewsPerBucket(
            (0..<6).reversed().map { weekBucket($0, Double(counts[$0] ?? 0), count: counts[$0] ?? 0) }, bucket: .week,
            highlight: TrendHighlight(starts: week(0)...week(0), label: "report week"), name: "report week (2025-W03)",
            span: "Last 6 weeks")
    }

    /// Week `back` weeks before ``lastWeek`` as a trend bucket.
    static func weekBucket(_ back: Int, _ value: Double, count: Int) -> BucketValue {
        BucketValue(start: week(back), end: week(back - 1), value: value, count: count)
    }

    static var ratingTrend: Chart {
        BrewstatsCharts.ratingTrend(
            (0..<5).map { weekBucket($0, 3 + Double($0) * 0.25, count: 2) },
            rolling: (0..<3).map { weekBucket($0, 3.4 + Double($0) * 0.1, count: 0) }, rollingWindow: 3,
            bucket: .week)
    }

    /// Two of the four weekly means (19 and 21) inside 18–22; of their 12 brews, 5 inside by their own EY.
    static var extractionTrend: Chart {
        BrewstatsCharts.extractionTrend(filter: (0..<4).map { weekBucket($0, [17.5, 19, 21, 22.5][$0], count: 3) },
                                        brewsInside: 5, bucket: .week)
    }

    static var grindVsRating: Chart {
        BrewstatsCharts.grindVsRating(GrindRatingInput(
            grinder: "Niche Zero", method: "V60", bean: "Kenya Kiambu",
            grindSettings: [14, 15, 15, 16, 17, 18], ratings: [3, 3.5, 4, 4.5, 4, 3],
            loess: [CurvePoint(x: 14, y: 3.1), CurvePoint(x: 16, y: 4.3), CurvePoint(x: 18, y: 3.2)],
            sweetSpot: 16, rSquared: 0.12))
    }

    static var equipmentUsage: Chart {
        BrewstatsCharts.equipmentUsage(
            methods: [UsageCount(name: "V60", count: 12), UsageCount(name: "Café de Olla clay pot from the market in Oaxaca", count: 3),
                      UsageCount(name: "日本の急須", count: 2)],
            grinders: [UsageCount(name: "Comandante C40", count: 10), UsageCount(name: "Müller Handmühle", count: 7)])
    }

    static var controlFilter: Chart {
        BrewstatsCharts.brewingControlChart([ExtractionPoint(extraction: 19.5, tds: 1.25), ExtractionPoint(extraction: 17, tds: 1.1),
                                             ExtractionPoint(extraction: 23, tds: 1.5)], kind: .filter(retention: 2))
    }

    static var controlEspresso: Chart {
        BrewstatsCharts.brewingControlChart([ExtractionPoint(extraction: 20, tds: 10), ExtractionPoint(extraction: 18.5, tds: 9)],
                                            kind: .espresso)
    }

    static var ratingVsDays: Chart {
        BrewstatsCharts.ratingVsDaysOffRoast(days: [3, 7, 7, 12, 20, 30], ratings: [3, 4, 3.5, 4.5, 4, 3],
                                             loess: [CurvePoint(x: 3, y: 3.2), CurvePoint(x: 12, y: 4.2), CurvePoint(x: 30, y: 3.1)])
    }

    static var empty: Chart { BrewstatsCharts.brewsPerBucket([], bucket: .week, span: "Last 26 weeks") }

    /// Every chart kind with its golden name.
    static var all: [(String, Chart)] {
        [("brews-per-week", brewsPerWeek), ("rating-trend", ratingTrend), ("extraction-trend", extractionTrend),
         ("grind-vs-rating", grindVsRating), ("equipment-usage", equipmentUsage), ("control-filter", controlFilter),
         ("control-espresso", controlEspresso), ("rating-vs-days-off-roast", ratingVsDays), ("empty", empty)]
    }
}

/// Compares text with a golden file beside the tests; `BREWSTATS_UPDATE_GOLDENS=1` rewrites the golden instead.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var updating: Bool { ProcessInfo.processInfo.environment["BREWSTATS_UPDATE_GOLDENS"] == "1" }

    /// The golden's contents, after rewriting it when updating; `nil` when it does not exist.
    static func check(_ name: String, _ actual: String) throws -> String? {
        let url = folder.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
