import BrewCharts
import Testing
import TestSupport
@testable import BrewPages

/// A chart's hover details on the HTML page (``HoverOverlay``), and the figure that shows a chart: its variants in a
/// `<picture>`, never through a CSS filter.
@Suite struct HoverOverlayTests {
    /// A grind chart of the given (setting, rating) points.
    static func scatter(_ points: [(Double, Double)]) -> Chart {
        Chart(title: "Grind", x: AxisSpec(title: "Grind setting (clicks)"), y: AxisSpec(title: "Rating (0–5)", domain: 0...5),
              marks: [.point(PointMark(x: .numbers(points.map(\.0)), y: .numbers(points.map(\.1)), label: "Brew"))])
    }

    @Test func smallChartsGetOneHoverTitlePerPoint() throws {
        let points: [(Double, Double)] = [(18, 2.5), (20, 4.0), (22, 4.5), (24, 3.0)]
        let spots = HoverOverlay.hoverSpots(Self.scatter(points), theme: .monochrome)
        #expect(spots.map(\.text) == ["Brew: Grind setting 18 · Rating 2.5", "Brew: Grind setting 20 · Rating 4.0",
                                      "Brew: Grind setting 22 · Rating 4.5", "Brew: Grind setting 24 · Rating 3.0"])
        // Positions follow the data: x grows with the setting, y (down the canvas) falls as the rating rises.
        #expect(zip(spots, spots.dropFirst()).allSatisfy { $0.x < $1.x })
        let byRating = spots.enumerated().sorted { points[$0.offset].1 < points[$1.offset].1 }.map(\.element.y)
        #expect(zip(byRating, byRating.dropFirst()).allSatisfy { $0 > $1 })
        #expect(spots.allSatisfy { $0.x > 0 && $0.x < 720 && $0.y > 0 && $0.y < 420 })
        // Equal spacing in the data is equal spacing on the canvas (a linear scale, no jitter here).
        #expect(isClose(spots[1].x - spots[0].x, spots[3].x - spots[2].x, relative: 1e-9))

        let overlay = HoverOverlay.svg(Self.scatter(points), theme: .monochrome)
        #expect(overlay.hasPrefix("<svg class=\"hover\" aria-hidden=\"true\" viewBox=\"0 0 720 420\""))
        #expect(overlay.components(separatedBy: "<circle ").count - 1 == 4)
        #expect(overlay.contains("<title>Brew: Grind setting 22 · Rating 4.5</title>"))
    }

    /// The report makes each chart's overlay from the layout its files were drawn from: the same overlay as laying
    /// the chart out again.
    @Test func overlayFromTheDrawnLayoutIsTheOverlay() {
        let points: [(Double, Double)] = [(18, 2.5), (20, 4.0), (22, 4.5), (24, 3.0), (24, 3.5)]
        let chart = Self.scatter(points)
        let drawn = ChartRenderer.layout(chart, theme: .monochrome)
        #expect(HoverOverlay.hoverSpots(chart, theme: .monochrome, drawn: drawn) == HoverOverlay.hoverSpots(chart, theme: .monochrome))
        let overlay = HoverOverlay.svg(chart, theme: .monochrome, drawn: drawn)
        #expect(overlay.components(separatedBy: "<circle ").count - 1 == 5)
    }

    @Test func largeChartsGetNoHoverOverlay() {
        let limit = HoverOverlay.hoverPointLimit
        let many = (0...limit).map { (Double($0 % 30), Double($0 % 11) / 2) }
        #expect(many.count == limit + 1)
        #expect(HoverOverlay.svg(Self.scatter(many), theme: .monochrome) == "")
        #expect(HoverOverlay.hoverSpots(Self.scatter(Array(many.prefix(limit))), theme: .monochrome).count == limit)
        #expect(HoverOverlay.svg(Chart.empty(title: "x"), theme: .monochrome) == "")
        // Two marks: a small one beside one past the limit — the chart as a whole is too large.
        var both = Self.scatter(Array(many.prefix(10)))
        both.marks += Self.scatter(Array(many.prefix(limit))).marks
        #expect(HoverOverlay.hoverSpots(both, theme: .monochrome).isEmpty)
    }

    @Test func aChartIsAPictureOfItsVariantsWithALightboxAndNoFilter() {
        let request = ChartRequest(stem: "grind-x", title: "Grind", chart: Self.scatter([(18, 3), (20, 4)]))
        let drawn = DrawnChart(request: request, svg: "grind-x.svg", svgDark: "grind-x-dark.svg", phone: "grind-x-phone.svg",
                               phoneDark: "grind-x-phone-dark.svg", png: "grind-x.png", pdf: nil, hover: "")
        let html = HTMLRenderer.figure(request, drawn: drawn)
        #expect(html.contains("<picture><source media=\"(max-width: 999px) and (prefers-color-scheme: dark)\" srcset=\"grind-x-phone-dark.svg\"><source media=\"(max-width: 999px)\" srcset=\"grind-x-phone.svg\"><source media=\"(prefers-color-scheme: dark)\" srcset=\"grind-x-dark.svg\"><img src=\"grind-x.svg\""))
        // The image is a link to its lightbox, which exists and shows the chart file; the figure links its downloads.
        #expect(html.contains("<a class=\"plot\" href=\"#zoom-grind-x\""))
        #expect(html.contains("<div class=\"zoom\" id=\"zoom-grind-x\">"))
        #expect(html.contains("<a class=\"close\" href=\"#grind-x\""))
        #expect(html.contains("<a href=\"grind-x.svg\">SVG</a> · <a href=\"grind-x.png\">PNG</a>"))
        #expect(!html.contains("<script"))
        // Dark mode is the dark drawing: the style sheet filters nothing.
        #expect(!HTMLStyle.css.contains("filter"))
        #expect(HTMLStyle.css.contains(".zoom{display:none}.zoom:target{display:flex"))
    }
}
