import BrewChartGallery
@testable import BrewCharts
import Foundation
import Testing

@Suite struct ChartBehaviourTests {
    @Test func everyBuilderDrawsTheEmptyMessageForEmptyInput() {
        let charts: [Chart] = [
            BrewstatsCharts.brewsPerBucket([], bucket: .week, span: "Last 26 weeks"),
            BrewstatsCharts.brewsPerBucket([ChartFixtures.weekBucket(0, 0, count: 0)], bucket: .day, span: "May"),
            BrewstatsCharts.ratingTrend([], bucket: .week),
            BrewstatsCharts.extractionTrend(filter: [ChartFixtures.weekBucket(0, .nan, count: 0)], brewsInside: 0,
                                            bucket: .month),
            BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "G", method: "M", grindSettings: [], ratings: [])),
            BrewstatsCharts.equipmentUsage(methods: [], grinders: [UsageCount(name: "Unused", count: 0)]),
            BrewstatsCharts.brewingControlChart([]),
            BrewstatsCharts.brewingControlChart([], kind: .espresso),
            BrewstatsCharts.ratingVsDaysOffRoast(days: [1], ratings: [.nan]),
        ]
        for chart in charts {
            #expect(chart.emptyMessage == "No brews in this period", "\(chart.title)")
            #expect(ChartRenderer.record(chart).contains("text \"No brews in this period\""))
        }
    }

    @Test func zeroWeeksAreShownOnTheBaseline() {
        let log = ChartRenderer.record(ChartFixtures.brewsPerWeek)
        // Six weeks, three of them without brews: two bars before the report week, its own bar in the emphasis
        // colour, and three baseline marks.
        #expect(log.split(separator: "\n").filter { $0.hasPrefix("fill M") && $0.hasSuffix("#4D4D4D") }.count == 2)
        #expect(log.split(separator: "\n").filter { $0.hasPrefix("stroke") && $0.contains("#5C5C5C w1.5") }.count == 3)
        #expect(log.contains("3 weeks without brews"))
    }

    @Test func longNamesAreShortenedWithAnEllipsis() {
        let log = ChartRenderer.record(ChartFixtures.equipmentUsage)
        #expect(log.contains("…"))
        #expect(!log.contains("Oaxaca"))
        #expect(log.contains("text \"日本の急須\""))
        #expect(log.contains("text \"Müller Handmühle\""))
    }

    @Test func textFittingKeepsGraphemesWhole() {
        let placer = TextPlacer(measurer: ApproximateTextMeasurer(), bounds: Rect(x: 0, y: 0, width: 500, height: 500))
        let style = TextStyle(size: 10, color: .gray(0))
        #expect(placer.fit("Short", style: style, maxWidth: 100) == "Short")
        let fitted = placer.fit("Crème brûlée Éthiopie", style: style, maxWidth: 50)
        #expect(fitted.hasSuffix("…"))
        #expect(ApproximateTextMeasurer().measure(fitted, style: style).width <= 50)
        #expect(placer.fit("日本日本日本", style: style, maxWidth: 25) == "日…")
    }

    @Test func overlappingLabelsAreRefused() {
        var placer = TextPlacer(measurer: ApproximateTextMeasurer(), bounds: Rect(x: 0, y: 0, width: 500, height: 500))
        let style = TextStyle(size: 10, color: .gray(0))
        #expect(placer.place("1:16", at: Point(x: 100, y: 100), alignment: .leading, style: style) != nil)
        #expect(placer.place("1:17", at: Point(x: 105, y: 102), alignment: .leading, style: style) == nil)
        #expect(placer.place("1:18", at: Point(x: 100, y: 130), alignment: .leading, style: style) != nil)
    }

    @Test func recordedTextNeverOverlaps() {
        for (name, chart) in ChartFixtures.all {
            let layout = ChartLayout(chart: chart, theme: .monochrome, measurer: ApproximateTextMeasurer())
            _ = layout
            var backend = RecordingBackend()
            ChartRenderer.draw(chart, measurer: ApproximateTextMeasurer(), into: &backend)
            let boxes: [Rect] = backend.lines.compactMap { line in
                // Text in the (translucent) background colour is a glyph halo drawn under its label.
                guard line.hasPrefix("text \""), !line.hasSuffix("#FFFFFF/90") else { return nil }
                let parts = line.dropFirst(6).split(separator: "\"", maxSplits: 1)
                let text = String(parts[0])
                let rest = parts[1].split(separator: " ")
                let coords = rest[0].dropFirst().dropLast().split(separator: ",").compactMap { Double($0) }
                let size = Double(rest[1])!
                let measured = ApproximateTextMeasurer().measure(text, style: TextStyle(size: size, bold: line.contains(" bold "), color: .gray(0)))
                return Rect(x: coords[0], y: coords[1] - measured.ascent, width: measured.width, height: measured.height)
            }
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    #expect(!boxes[i].insetBy(0.5).intersects(boxes[j].insetBy(0.5)), "\(name): text \(i) overlaps text \(j)")
                }
            }
        }
    }

    @Test func controlChartRatioLinesFollowTheDefinition() {
        #expect(BrewingControlKind.filter(retention: 2).strength(extraction: 20, ratio: 16) == 20.0 / 14)
        #expect(BrewingControlKind.filter(retention: 2.2).strength(extraction: 20, ratio: 16)! < 20.0 / 13.7)
        #expect(BrewingControlKind.espresso.strength(extraction: 20, ratio: 2) == 10)
        #expect(BrewingControlKind.filter(retention: 2).strength(extraction: 20, ratio: 2) == nil)
        let log = ChartRenderer.record(ChartFixtures.controlFilter)
        for label in ["1:14", "1:16", "1:20"] { #expect(log.contains("text \"\(label)\""), "\(label)") }
        let espresso = ChartRenderer.record(ChartFixtures.controlEspresso)
        for label in ["1:1.5", "1:2", "1:3"] { #expect(espresso.contains("text \"\(label)\""), "\(label)") }
    }

    @Test func grindChartStatesNAndRSquaredAndLabelsTheSweetSpot() {
        let chart = ChartFixtures.grindVsRating
        #expect(chart.subtitle?.contains("6 rated brews") == true)
        #expect(chart.subtitle?.contains("the curve explains 12 % of the spread") == true)
        #expect(chart.subtitle?.contains("ρ") == false)
        #expect(ChartRenderer.record(chart).contains("text \"Sweet spot 16\""))
    }

    @Test func jitterIsDeterministic() {
        #expect(ChartRenderer.record(ChartFixtures.grindVsRating) == ChartRenderer.record(ChartFixtures.grindVsRating))
    }

    @Test func monochromeThemeUsesOnlyGreys() {
        let log = ChartRenderer.record(ChartFixtures.controlFilter) + ChartRenderer.record(ChartFixtures.ratingTrend)
        let colours = log.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("#") && $0.count >= 7 }
        #expect(!colours.isEmpty)
        for colour in colours {
            let hex = colour.dropFirst().prefix(6)
            #expect(hex.prefix(2) == hex.dropFirst(2).prefix(2) && hex.prefix(2) == hex.suffix(2), "\(colour) is not grey")
        }
    }

    @Test func seriesDifferByShapeOrDashNotOnlyByGrey() {
        let theme = Theme.monochrome
        for i in 0..<4 {
            for j in (i + 1)..<4 {
                #expect(theme.style(i).shape != theme.style(j).shape || theme.style(i).dash != theme.style(j).dash
                        || theme.style(i).filled != theme.style(j).filled)
            }
        }
    }
}

@Suite struct LargeInputTests {
    @Test func aMillionDiscretePointsAreMergedByCount() throws {
        var settings: [Double] = []
        var ratings: [Double] = []
        for i in 0..<1_000_000 {
            settings.append(Double(10 + i % 21))
            ratings.append(Double((i / 21) % 21) * 0.25)
        }
        let chart = BrewstatsCharts.grindVsRating(GrindRatingInput(grinder: "G", method: "M", grindSettings: settings, ratings: ratings))
        let log = ChartRenderer.record(chart)
        #expect(log.contains("(1\u{2009}000\u{2009}000 at 441 positions)"))
        #expect(log.split(separator: "\n").count < 3_000)
        let svg = try ChartRenderer.render(chart, format: .svg)
        #expect(svg.count < 5_000_000)
    }

    @Test func aMillionContinuousPointsAreBinned() throws {
        var random = GalleryRandom(seed: 7)
        let points = (0..<1_000_000).map { _ in ExtractionPoint(extraction: 16 + random.next() * 8, tds: 1 + random.next() * 0.6) }
        let chart = BrewstatsCharts.brewingControlChart(points)
        let log = ChartRenderer.record(chart)
        #expect(log.contains("binned into a 72 × 44 grid"))
        #expect(log.split(separator: "\n").count < 4_000)
        let svg = try ChartRenderer.render(chart, format: .svg)
        #expect(svg.count < 5_000_000)
        let pdf = try ChartRenderer.render(chart, format: .pdf)
        #expect(pdf.count < 5_000_000)
    }

    @Test func justAboveTheIndividualLimitAggregates() {
        let n = PointMark.individualLimit + 1
        let statistic = PointStatistic.resolve(xs: (0..<n).map { Double($0 % 3) }, ys: Array(repeating: 1, count: n), jitter: nil, noun: "brews")
        #expect(statistic.kind == .aggregated)
        #expect(statistic.counts.reduce(0, +) == n)
        #expect(statistic.xs == [0, 1, 2])
    }

    @Test func nonFinitePointsAreDropped() {
        let statistic = PointStatistic.resolve(xs: [1, .nan, 3, .infinity], ys: [1, 2, .nan, 4], jitter: nil, noun: "brews")
        #expect(statistic.total == 1)
    }
}

@Suite struct OutputTests {
    @Test(arguments: [ChartImageFormat.svg, .pdf])
    func renderingTwiceGivesIdenticalBytes(format: ChartImageFormat) throws {
        for (_, chart) in ChartFixtures.all {
            #expect(try ChartRenderer.render(chart, format: format) == ChartRenderer.render(chart, format: format))
        }
    }

    @Test func pngOutputIsAPNGAtTwiceThePointSize() throws {
        let bytes = try ChartRenderer.render(ChartFixtures.equipmentUsage, format: .png())
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } == 1440)
    }

    @Test func writingIntoAMissingFolderThrowsAChartErrorNamingTheFile() {
        let url = URL(fileURLWithPath: "/no/such/brewstats/folder/usage.svg")
        #expect {
            try ChartRenderer.write(ChartFixtures.equipmentUsage, to: url)
        } throws: { error in
            guard let error = error as? ChartError else { return false }
            return error.context.contains("/no/such/brewstats/folder/usage.svg") && error.reason.lowercased().contains("writ")
        }
    }

    @Test func writeChoosesTheFormatFromTheExtension() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brewcharts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("usage.pdf")
        try ChartRenderer.write(ChartFixtures.equipmentUsage, to: url)
        #expect(try Data(contentsOf: url).prefix(5) == Data("%PDF-".utf8))
    }

    @Test func darkThemeInvertsTheBackground() {
        #expect(ChartRenderer.record(ChartFixtures.empty, theme: .dark).hasPrefix("canvas 720x420 background #1A1A1A"))
        #expect(ChartRenderer.record(ChartFixtures.empty).hasPrefix("canvas 720x420 background #FFFFFF"))
    }
}
