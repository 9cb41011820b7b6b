import BrewChartGallery
@testable import BrewCharts
import Foundation
import Testing

/// What a recorded log draws: marker discs, label halo boxes, bars and text, parsed back from its lines.
struct RecordedMarks {
    var markers: [Rect] = []
    var haloBoxes: [Rect] = []
    var bars: [Rect] = []
    var texts: [String] = []

    init(_ log: String, background: String = "#FFFFFF", bar: String = "#4D4D4D") {
        for line in log.split(separator: "\n").map(String.init) {
            let tokens = line.split(separator: " ").map(String.init)
            if line.hasPrefix("text \"") {
                texts.append(String(line.dropFirst(6).prefix { $0 != "\"" }))
            } else if (line.hasPrefix("stroke M") || line.hasPrefix("fill M")), tokens.count > 4, tokens[2].hasPrefix("C") {
                // A circle: it starts at (cx + r, cy) and its first arc ends at (cx, cy + r).
                let start = Self.point(tokens[1].dropFirst()), end = Self.point(Substring(tokens[4]))
                let r = start.x - end.x
                markers.append(Rect(x: end.x - r, y: start.y - r, width: 2 * r, height: 2 * r))
            } else if line.hasPrefix("fill M"), tokens.count >= 7, tokens[5] == "Z" {
                let a = Self.point(tokens[1].dropFirst()), c = Self.point(tokens[3].dropFirst())
                let rect = Rect(corner: a, corner: c)
                if tokens[6] == "\(background)/88" { haloBoxes.append(rect) } else if tokens[6] == bar { bars.append(rect) }
            }
        }
    }

    static func point(_ text: Substring) -> Point {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        return Point(x: parts[0], y: parts[1])
    }
}

@Suite struct LabelPlacementTests {
    static let style = TextStyle(size: 10, color: .gray(0))

    @Test func aLabelTakesTheFirstSpotThatCoversNoData() {
        var placer = TextPlacer(measurer: ApproximateTextMeasurer(), bounds: Rect(x: 0, y: 0, width: 500, height: 500))
        placer.obstacles = [LabelObstacle(shape: .rect(Rect(x: 100, y: 90, width: 6, height: 6)), weight: 1)]
        let candidates = [LabelCandidate(anchor: Point(x: 100, y: 100), alignment: .leading),
                          LabelCandidate(anchor: Point(x: 100, y: 200), alignment: .leading),
                          LabelCandidate(anchor: Point(x: 100, y: 300), alignment: .leading)]
        let placed = placer.place("Sweet spot 16", candidates: candidates, style: Self.style)
        #expect(placed?.1 == Point(x: 100, y: 200))
    }

    @Test func whenEverySpotCoversDataTheLeastCoveringWins() {
        var placer = TextPlacer(measurer: ApproximateTextMeasurer(), bounds: Rect(x: 0, y: 0, width: 500, height: 500))
        func dot(_ x: Double, _ y: Double) -> LabelObstacle { LabelObstacle(shape: .rect(Rect(x: x, y: y, width: 4, height: 4)), weight: 1) }
        placer.obstacles = [dot(105, 95), dot(130, 95), dot(105, 195), dot(105, 295), dot(130, 295)]
        let candidates = [100.0, 200, 300].map { LabelCandidate(anchor: Point(x: 100, y: $0), alignment: .leading) }
        #expect(placer.place("Weak · under-extracted", candidates: candidates, style: Self.style)?.1 == Point(x: 100, y: 200))
    }

    @Test func textStillNeverOverlapsEarlierText() {
        var placer = TextPlacer(measurer: ApproximateTextMeasurer(), bounds: Rect(x: 0, y: 0, width: 500, height: 500))
        #expect(placer.place("1:16", at: Point(x: 100, y: 100), alignment: .leading, style: Self.style) != nil)
        let candidates = [LabelCandidate(anchor: Point(x: 102, y: 101), alignment: .leading)]
        #expect(placer.place("1:17", candidates: candidates, style: Self.style) == nil)
        #expect(placer.place("1:17", candidates: candidates, style: Self.style, required: true) != nil)
    }

    @Test func segmentsCountWhereTheyCrossALabel() {
        let box = Rect(x: 10, y: 10, width: 20, height: 10)
        #expect(LabelObstacle.segment(Point(x: 0, y: 0), Point(x: 40, y: 30), meets: box))
        #expect(!LabelObstacle.segment(Point(x: 0, y: 0), Point(x: 40, y: 0), meets: box))
        #expect(LabelObstacle.segment(Point(x: 15, y: 12), Point(x: 16, y: 13), meets: box))
    }

    /// Points crowd the top of the sweet-spot rule on both sides, where its label used to go.
    static var crowdedGrindChart: Chart {
        BrewstatsCharts.grindVsRating(GrindRatingInput(
            grinder: "Niche Zero", method: "V60", grindSettings: [14, 15, 15.5, 16, 16, 16.5, 17, 17, 18],
            ratings: [3, 4.75, 5, 5, 4.75, 5, 5, 4.5, 3], sweetSpot: 16, rSquared: 0.2, settingStep: 0.5))
    }

    /// The gallery charts, built once (two of them hold a million points).
    static let gallery = ChartGallery.charts().map(\.chart)

    static var fixtures: [(String, Chart)] {
        ChartFixtures.all + [("crowded-grind", crowdedGrindChart), ("gallery-filter", Self.gallery[5]),
                             ("gallery-espresso", Self.gallery[6]), ("gallery-weeks", Self.gallery[0]),
                             ("gallery-grind", Self.gallery[3])]
    }

    @Test func noLabelBoxHidesADataPointOrABar() {
        var boxes = 0, markers = 0, bars = 0
        for (name, chart) in Self.fixtures {
            let recorded = RecordedMarks(ChartRenderer.record(chart))
            boxes += recorded.haloBoxes.count; markers += recorded.markers.count; bars += recorded.bars.count
            for box in recorded.haloBoxes {
                for marker in recorded.markers {
                    #expect(!box.insetBy(0.5).intersects(marker.insetBy(0.5)), "\(name): label box \(box) hides the point at \(marker)")
                }
                for bar in recorded.bars {
                    #expect(!box.insetBy(0.5).intersects(bar), "\(name): label box \(box) hides the bar \(bar)")
                }
            }
        }
        // The check saw labels, points and bars to keep apart (a parser that found none would pass vacuously).
        #expect(boxes > 0 && markers > 0 && bars > 0, "boxes \(boxes), markers \(markers), bars \(bars)")
    }

    @Test func theSweetSpotLabelLeavesTheCrowdedTopOfItsRule() {
        let recorded = RecordedMarks(ChartRenderer.record(Self.crowdedGrindChart))
        #expect(recorded.texts.contains("Sweet spot 16"))
        #expect(recorded.haloBoxes.count == 1)
    }

    @Test func everyRegionOfTheControlChartIsNamed() {
        let regions = ["Strong · under-extracted", "Strong · over-extracted", "Weak · under-extracted", "Weak · over-extracted",
                       "Strong", "Weak", "Under-extracted", "Over-extracted"]
        for chart in [ChartFixtures.controlFilter, ChartFixtures.controlEspresso, Self.gallery[5],
                      Self.gallery[6]] {
            let texts = RecordedMarks(ChartRenderer.record(chart)).texts
            for region in regions { #expect(texts.contains(region), "\(chart.title): \(region) is missing") }
        }
    }

    @Test func regionNamesAreQuieterThanTickLabels() {
        let log = ChartRenderer.record(ChartFixtures.controlFilter)
        let region = log.split(separator: "\n").last { $0.hasPrefix("text \"Weak · over-extracted\"") }
        let tick = log.split(separator: "\n").first { $0.hasPrefix("text \"1.15\"") }
        #expect(region?.hasSuffix("8.5 #808080") == true, "\(region ?? "")")
        #expect(tick?.hasSuffix("9.5 #5C5C5C") == true, "\(tick ?? "")")
    }

    @Test func densityIsDrawnBeneathTheIdealBoxAndTheRatioLines() {
        var random = GalleryRandom(seed: 3)
        let points = (0..<20_000).map { _ in ExtractionPoint(extraction: 16 + random.next() * 8, tds: 1 + random.next() * 0.6) }
        let log = ChartRenderer.record(BrewstatsCharts.brewingControlChart(points)).split(separator: "\n")
        let lastCell = log.lastIndex { $0.hasPrefix("fill M") && $0.contains(" Z #") && !$0.contains("/") } ?? 0
        let boxOutline = log.firstIndex { $0.hasPrefix("stroke M") && $0.hasSuffix("#4D4D4D w1.2") } ?? 0
        let ratioLine = log.firstIndex { $0.hasPrefix("stroke M") && $0.contains("#B3B3B3 w0.9") } ?? 0
        #expect(boxOutline > lastCell && ratioLine > lastCell)
        let texts = RecordedMarks(log.joined(separator: "\n")).texts
        #expect(texts.contains("brews per cell"))
        #expect(!texts.contains("Brew"))
    }

    @Test func mergedPointsHaveASizeKey() {
        let chart = BrewstatsCharts.grindVsRating(GrindRatingInput(
            grinder: "G", method: "M", grindSettings: (0..<3_000).map { Double(10 + $0 % 5) },
            ratings: (0..<3_000).map { Double($0 % 7) * 0.5 }))
        let texts = RecordedMarks(ChartRenderer.record(chart)).texts
        #expect(texts.contains("brews per marker"))
        #expect(!texts.contains("Brew"))
    }
}
