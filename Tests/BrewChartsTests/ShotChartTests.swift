import BrewCharts
import BrewStats
import Foundation
import Testing

/// The shot overlay and the shot metric-versus-rating chart.
@Suite struct ShotChartTests {
    /// Four flat pressure traces (2, 4, 6 and 10 bar) from the start of the shot, 0.5 s apart, lasting 10, 8, 9 and
    /// 6 s; first drops at 5, 6, 7 and 8 s, pre-infusion ending at 3, 3, 4 and 9 s.
    static var flatShots: [ShotTrace] {
        zip(zip([2.0, 4, 6, 10], [10.0, 8, 9, 6]), zip([5.0, 6, 7, 8], [3.0, 3, 4, 9])).enumerated().map { k, pair in
            let time = stride(from: 0.0, through: pair.0.1, by: 0.5).map { $0 }
            return ShotTrace(label: "shot \(k)", time: time, pressure: time.map { _ in pair.0.0 }, firstDrops: pair.1.0,
                             preinfusionEnd: pair.1.1, isLatest: k == 3)
        }
    }

    static func areaValue(_ chart: Chart, at t: Double) -> (lower: Double, upper: Double)? {
        for case .area(let area) in chart.marks {
            guard case .numbers(let xs) = area.x, let i = xs.firstIndex(of: t) else { continue }
            return (area.lower[i], area.upper[i])
        }
        return nil
    }

    static func lines(_ chart: Chart) -> [LineMark] {
        chart.marks.compactMap { if case .line(let l) = $0 { l } else { nil } }
    }

    static func rules(_ chart: Chart) -> [RuleMark] {
        chart.marks.compactMap { if case .rule(let r) = $0 { r } else { nil } }
    }

    @Test func bandQuantilesAtGridTimesEqualHandComputedValues() throws {
        let input = ShotChartFixtures.overlayInput(Self.flatShots)
        let chart = BrewstatsCharts.shotOverlay(input)
        #expect(chart.panels.isEmpty && chart.y.title == "Pressure (bar)")  // one panel: an ordinary chart
        #expect(chart.x.title == "Seconds from the start of the shot")
        // t = 0: all four shots → [2, 4, 6, 10]: q25 = 2 + 0.75 × 2 = 3.5, median 5, q75 = 6 + 0.25 × 4 = 7.
        let zero = try #require(Self.areaValue(chart, at: 0))
        #expect(zero.lower == 3.5 && zero.upper == 7)
        // t = 7: the 10-bar shot ended at 6 s → [2, 4, 6]: 3, 4, 5. t = 8.5: only the 2- and 6-bar shots: no band.
        #expect(Self.areaValue(chart, at: 7).map { [$0.lower, $0.upper] } == [3, 5])
        #expect(Self.areaValue(chart, at: 8.5) == nil)
        let median = try #require(Self.lines(chart).first { $0.label == "Pressure" })
        guard case .numbers(let mx) = median.x, case .numbers(let my) = median.y else { Issue.record("median"); return }
        #expect(median.series == 0 && median.width == 2)
        #expect(my[mx.firstIndex(of: 0)!] == 5 && my[mx.firstIndex(of: 7)!] == 4 && my[mx.firstIndex(of: 8.5)!].isNaN)
        // The marks: medians of {5, 6, 7, 8} = 6.5 (first drops) and {3, 3, 4, 9} = 3.5 (pre-infusion).
        let rules = Self.rules(chart)
        #expect(rules.first { $0.label == "First drops (median)" }?.value == .number(6.5))
        #expect(rules.first { $0.label == "Pre-infusion ends (median)" }?.value == .number(3.5))
    }

    /// Every series of the shots gets its panel and its median in the full view's line style.
    @Test func everySeriesHasItsMedianInItsOwnStyle() throws {
        let shots = ShotChartFixtures.shots(12)
        let chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(shots))
        #expect(chart.panels.map { $0.y.title } == ["Pressure (bar)", "Flow (ml/s, g/s)", "Weight in the cup (g)", "Temperature (°C)"])
        #expect(chart.height == chart.panels.map(\.height).reduce(0, +))
        let medians = chart.panels.map { panel in
            Self.lines(panel).filter { $0.series != Theme.guideSeries }.map { "\($0.label ?? "-")/\($0.series)" }
        }
        #expect(medians == [["Pressure/0", "Pressure goal/1"], ["Flow/0"], ["Weight/0"], ["Basket/0", "Temperature goal/1"]])
        // Thin lines: each shot's measured series; the goal is drawn only as its median.
        let thin = Self.lines(chart.panels[0]).filter { $0.series == Theme.guideSeries }
        #expect(thin.count == 12 && thin.first?.label == "Each shot")
        // The temperature median at t = 0 is the hand-computed 92.5 (sin 0 = 0 in every shot); the goal 93.
        let basket = try #require(Self.lines(chart.panels[3]).first { $0.label == "Basket" })
        guard case .numbers(let y) = basket.y else { Issue.record("basket"); return }
        #expect(abs(y[0] - 92.5) < 1e-9)
        #expect((chart.panels[3].y.domain?.lowerBound ?? 0) >= 80)  // the temperature axis starts near its values
        #expect(chart.panels.map(\.x.visible) == [false, false, false, true])
        #expect(Set(chart.panels.map(\.x.domain)).count == 1 && Set(chart.panels.map(\.x.ticks)).count == 1)
        #expect(chart.panels.allSatisfy { Self.rules($0).count == 2 })
    }

    /// One shot draws as the full view draws it; two or three shots one line style each, named by their labels.
    @Test func withoutABandEveryShotIsDrawn() throws {
        let one = BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: Array(ShotChartFixtures.shots(1))))
        #expect(Self.lines(one.panels[0]).map(\.label) == ["Pressure", "Pressure goal"])
        #expect(Self.lines(one.panels[0]).map(\.series) == [0, 1])
        let shots = ShotChartFixtures.shots(3)
        let three = BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: shots))
        #expect(Self.lines(three.panels[0]).map(\.label) == shots.map(\.label))
        #expect(Self.lines(three.panels[0]).map(\.series) == [0, 1, 2])
        #expect(Self.lines(three.panels[0]).map(\.width) == [1.4, 1.4, 2])
        #expect(three.panels.last!.notes.contains("Goals and second measurements are drawn for one shot, or as medians of 3 or more"))
    }

    @Test func panelsShareOnePlotColumn() {
        let chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(12)))
        let log = ChartRenderer.record(chart)
        #expect(log.hasPrefix("canvas 720x"))
        // Every plot clip (the plot, and the plot widened by 6 points for markers) has the same left edge and width
        // in every panel: one x value is one canvas column.
        var plotClips = Set<String>()
        for line in log.split(separator: "\n") where line.hasPrefix("clip (") && !line.hasPrefix("clip (0,") {
            let parts = line.dropFirst("clip (".count).split(separator: " ")
            plotClips.insert(String(parts[0].split(separator: ",")[0]) + " " + String(parts[1].split(separator: "x")[0]))
        }
        #expect(plotClips.count == 2, "\(plotClips)")
        #expect(log.contains("text \"Pressure (bar)\"") && log.contains("text \"Weight in the cup (g)\""))
        #expect(log.contains("text \"Seconds from the start of the shot\""))
    }

    /// A figure given another size (a PDF page's content width) scales its panels: everything stays on the canvas.
    @Test func resizedFigureKeepsItsPanelsOnTheCanvas() throws {
        var chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(12)))
        chart.width = 515
        chart.height *= 515.0 / 720
        let log = ChartRenderer.record(chart)
        let axisTitle = try #require(log.split(separator: "\n").first { $0.hasPrefix("text \"Seconds from the start") })
        // `text "…" (x,y) size …`: the baseline y lies inside the resized canvas.
        let position = try #require(axisTitle.range(of: "\" (")).upperBound
        let y = try #require(Double(axisTitle[position...].prefix { $0 != ")" }.split(separator: ",").last ?? ""))
        #expect(y > chart.height * 0.8 && y < chart.height)
    }

    @Test func drawnShotsAreBounded() {
        let shots = ShotChartFixtures.shots(100, unaligned: true)
        let chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(shots, drawnLimit: 20))
        let pressure = chart.panels[0]
        let thin = pressure.marks.filter { if case .line(let l) = $0 { l.series == Theme.guideSeries } else { false } }
        #expect(thin.count == 20)
        #expect(chart.panels.last!.notes.contains("The 20 latest of 100 shots are drawn as lines; the median and band use every shot"))
        // The shot without a first-drops time is drawn and counted; the mark is the median of the other 99.
        #expect(chart.panels.last!.notes.contains("First drops: the median of the 99 shots with a time; pre-infusion ends: of the 100"))
        #expect(chart.subtitle?.hasPrefix("n = 100 shots") == true)
    }

    /// A million samples, a NaN, series shorter or longer than the time axis, an infinite first-drops time.
    @Test func hostileTracesStayBounded() throws {
        let time = (0..<1_000_000).map { Double($0) * 0.001 }
        var pressure = time.map { _ in 9.0 }
        pressure[500] = .nan
        let big = ShotTrace(label: "big", time: time, pressure: pressure, flow: [1, 2], firstDrops: 5, isLatest: true)
        let odd = ShotTrace(label: "odd", time: [0, 1, 2], pressure: [1, .infinity, 3, 4, 5], firstDrops: .infinity)
        let chart = BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [odd, big]))
        #expect(chart.panels.map { $0.y.title } == ["Pressure (bar)", "Flow (ml/s, g/s)"])
        guard case .line(let latest)? = chart.panels[0].marks.last, case .numbers(let x) = latest.x else {
            Issue.record("no latest line"); return
        }
        #expect(x.count == 1_500 && x.first == 0 && x.last == time[999_999])  // thinned, first and last samples kept
        guard case .line(let flow)? = chart.panels[1].marks.last, case .numbers(let fx) = flow.x else {
            Issue.record("no flow line"); return
        }
        #expect(fx == [0, 0.001])  // two flow values: two points
        #expect(Self.rules(chart.panels[0]).map(\.value) == [.number(5)])  // the infinite time is no mark
        #expect(ChartRenderer.record(chart).hasPrefix("canvas 720x"))
    }

    @Test func emptyOverlaysSayWhy() {
        #expect(BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [])).emptyMessage == "No shots in this period")
        let bare = ShotTrace(label: "x", time: [0, 1], firstDrops: 0.5)
        #expect(BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [bare])).emptyMessage
            == "No shot records a series to draw")
    }

    @Test func metricVsRatingPerBean() throws {
        // Bean A: two shots at (8 s, 4) share one marker, one at (10 s, 3); bean B one shot; one unrated shot, one
        // rated shot without the metric.
        let input = ShotMetricRatingInput(metric: "Time to first drops", unit: "s",
                                          values: [8, 8, 10, 9, 7, .nan], ratings: [4, 4, 3, 4.5, .nan, 2],
                                          beans: ["A", "A", "A", "B", "B", "A"])
        let chart = BrewstatsCharts.shotMetricVsRating(input)
        #expect(chart.subtitle == "n = 4 rated shots · 2 beans")
        #expect(chart.x.title == "Time to first drops (s)" && chart.y.title == "Rating (0–5)")
        let points = chart.marks.compactMap { mark -> PointMark? in if case .point(let p) = mark { p } else { nil } }
        #expect(points.map(\.label) == ["A (3)", "B (1)"] && points.map(\.series) == [0, 2])
        #expect(points.allSatisfy { $0.sizedByCount })
        #expect(points[0].x == .numbers([8, 8, 10]) && points[0].y == .numbers([4, 4, 3]))
        #expect(chart.notes.first == "1 shot without a rating and 1 rated shot without a time to first drops value not drawn")
        let log = ChartRenderer.record(chart)
        #expect(log.contains("text \"A (3)\"") && log.contains("text \"B (1)\""))
    }

    @Test func metricVsRatingGroupsSmallBeansAsOther() {
        let chart = BrewstatsCharts.shotMetricVsRating(ShotChartFixtures.metricInput())
        let points = chart.marks.compactMap { mark -> PointMark? in if case .point(let p) = mark { p } else { nil } }
        #expect(points.map(\.series) == [0, 2, 3, Theme.guideSeries])
        #expect(points.last?.label == "3 other beans (6)")  // shots 74–79: Huila blend, Decaf, Guji
        #expect(points[1].label == "Finca \"El Injerto… (22)")
    }

    @Test func emptyMetricChartsSayWhy() {
        func message(_ v: [Double], _ r: [Double]) -> String? {
            BrewstatsCharts.shotMetricVsRating(ShotMetricRatingInput(metric: "Time to first drops", unit: "s", values: v,
                                                                     ratings: r, beans: v.map { _ in "A" })).emptyMessage
        }
        #expect(message([], []) == "No shots in this period")
        #expect(message([8, 9], [.nan, .nan]) == "No shot is rated")
        #expect(message([.nan, .nan], [3, 4]) == "No shot has a time to first drops value")
        #expect(message([8, .nan], [.nan, 4]) == "No rated shot has a time to first drops value")
    }

    @Test(arguments: [Theme.monochrome, Theme.dark, Theme.colour])
    func rendersToEveryFormat(_ theme: Theme) throws {
        let charts = [BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(30))),
                      BrewstatsCharts.shotMetricVsRating(ShotChartFixtures.metricInput())]
        for chart in charts {
            let png = try ChartRenderer.render(chart, format: .png(), theme: theme)
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count < 5_000_000)
            let svg = try ChartRenderer.render(chart, format: .svg, theme: theme)
            #expect(String(decoding: svg.prefix(200), as: UTF8.self).contains("<svg") && svg.count < 5_000_000)
            let pdf = try ChartRenderer.render(chart, format: .pdf, theme: theme)
            #expect(pdf.starts(with: Array("%PDF".utf8)))
        }
        if let folder = ProcessInfo.processInfo.environment["BREWSTATS_SHOT_CHARTS"] {
            for (name, chart) in zip(["shot-overlay", "shot-metric-vs-rating"], charts) {
                try ChartRenderer.write(chart, to: URL(fileURLWithPath: folder).appendingPathComponent("\(name)-\(theme.name).png"),
                                        theme: theme)
            }
        }
    }
}
