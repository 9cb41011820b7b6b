import BrewCharts
import BrewStats
import Foundation
import Testing

/// The shot overlay and the shot metric-versus-rating chart.
@Suite struct ShotChartTests {
    /// Four flat pressure traces (2, 4, 6 and 10 bar, 0–10 s on their own clocks) with first drops at 2, 4, 3 and
    /// 5 s: aligned, they span −2…8, −4…6, −3…7 and −5…5 s.
    static var flatShots: [ShotTrace] {
        let time = (0...10).map(Double.init)
        return zip([2.0, 4, 6, 10], [2.0, 4, 3, 5]).enumerated().map { k, pair in
            ShotTrace(label: "shot \(k)", time: time, pressure: time.map { _ in pair.0 }, firstDrops: pair.1, isLatest: k == 3)
        }
    }

    static func areaValue(_ chart: Chart, at t: Double) -> (lower: Double, upper: Double)? {
        for case .area(let area) in chart.marks {
            guard case .numbers(let xs) = area.x, let i = xs.firstIndex(of: t) else { continue }
            return (area.lower[i], area.upper[i])
        }
        return nil
    }

    @Test func bandQuantilesAtGridTimesEqualHandComputedValues() throws {
        let input = ShotChartFixtures.overlayInput(Self.flatShots)
        let chart = BrewstatsCharts.shotOverlay(input)
        #expect(chart.panels.isEmpty && chart.y.title == "Pressure (bar)")  // one channel: an ordinary chart
        // t = 0: all four shots → [2, 4, 6, 10]: q25 = 2 + 0.75 × 2 = 3.5, median 5, q75 = 6 + 0.25 × 4 = 7.
        let zero = try #require(Self.areaValue(chart, at: 0))
        #expect(zero.lower == 3.5 && zero.upper == 7)
        // t = 6: the 10-bar shot ended at 5 s → [2, 4, 6]: 3, 4, 5. t = −3: [4, 6, 10] → 5, 8.
        #expect(Self.areaValue(chart, at: 6).map { [$0.lower, $0.upper] } == [3, 5])
        #expect(Self.areaValue(chart, at: -3).map { [$0.lower, $0.upper] } == [5, 8])
        // t = 7 (two shots) and −4 (two shots): too few for a band.
        #expect(Self.areaValue(chart, at: 7) == nil && Self.areaValue(chart, at: -4) == nil)
        let median = try #require(chart.marks.compactMap { mark -> LineMark? in
            if case .line(let l) = mark, l.label == "Median" { return l } else { return nil }
        }.first)
        guard case .numbers(let mx) = median.x, case .numbers(let my) = median.y else { Issue.record("median"); return }
        #expect(my[mx.firstIndex(of: 0)!] == 5 && my[mx.firstIndex(of: 6)!] == 4 && my[mx.firstIndex(of: 7)!].isNaN)
    }

    @Test func latestShotIsTheLastMarkOfEveryPanel() throws {
        let shots = ShotChartFixtures.shots(12)
        let chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(shots))
        #expect(chart.panels.map { $0.y.title } == ["Pressure (bar)", "Flow (ml/s)", "Weight in the cup (g)"])
        #expect(chart.height == chart.panels.map(\.height).reduce(0, +))
        let latest = try #require(shots.last)
        for panel in chart.panels {
            guard case .line(let line)? = panel.marks.last, case .numbers(let x) = line.x else {
                Issue.record("\(panel.y.title ?? ""): the last mark is not a line"); continue
            }
            #expect(line.series == 0 && line.width == 2.2)
            #expect(x.first == latest.time[0] - latest.firstDrops!)  // aligned: its first sample is −first drops
        }
        // The legend (labels) on the first panel only; the time axis on the last only.
        #expect(chart.panels[0].marks.contains { if case .line(let l) = $0 { l.label == "Latest shot" } else { false } })
        #expect(chart.panels.dropFirst().allSatisfy { $0.marks.allSatisfy { if case .line(let l) = $0 { l.label == nil } else { true } } })
        #expect(chart.panels.map(\.x.visible) == [false, false, true])
        #expect(Set(chart.panels.map(\.x.domain)).count == 1 && Set(chart.panels.map(\.x.ticks)).count == 1)
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
        #expect(log.contains("text \"Seconds from first drops (negative: pre-infusion)\""))
    }

    /// A figure given another size (a PDF page's content width) scales its panels: everything stays on the canvas.
    @Test func resizedFigureKeepsItsPanelsOnTheCanvas() throws {
        var chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(12)))
        chart.width = 515
        chart.height *= 515.0 / 720
        let log = ChartRenderer.record(chart)
        let axisTitle = try #require(log.split(separator: "\n").first { $0.hasPrefix("text \"Seconds from first drops") })
        // `text "…" (x,y) size …`: the baseline y lies inside the resized canvas.
        let position = try #require(axisTitle.range(of: "\" (")).upperBound
        let y = try #require(Double(axisTitle[position...].prefix { $0 != ")" }.split(separator: ",").last ?? ""))
        #expect(y > chart.height * 0.8 && y < chart.height)
    }

    @Test func drawnShotsAreBoundedAndUnalignedShotsCounted() {
        let shots = ShotChartFixtures.shots(100, unaligned: true)
        let chart = BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(shots, drawnLimit: 20))
        let pressure = chart.panels[0]
        let thin = pressure.marks.filter { if case .line(let l) = $0 { l.series == Theme.guideSeries } else { false } }
        #expect(thin.count == 20)
        #expect(chart.panels.last!.notes.contains("The 20 latest of 99 shots are drawn as lines; the median and band use every shot"))
        #expect(chart.panels.last!.notes.contains("1 shot without a first-drops time left out (it cannot be aligned)"))
        #expect(chart.subtitle?.hasPrefix("n = 99 shots") == true)
    }

    /// A million samples, a NaN, channels shorter or longer than the time axis, an infinite first-drops time.
    @Test func hostileTracesStayBounded() throws {
        let time = (0..<1_000_000).map { Double($0) * 0.001 }
        var pressure = time.map { _ in 9.0 }
        pressure[500] = .nan
        let big = ShotTrace(label: "big", time: time, pressure: pressure, flow: [1, 2], firstDrops: 5, isLatest: true)
        let odd = ShotTrace(label: "odd", time: [0, 1, 2], pressure: [1, .infinity, 3, 4, 5], firstDrops: .infinity)
        let chart = BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [big, odd]))
        #expect(chart.panels.map { $0.y.title } == ["Pressure (bar)", "Flow (ml/s)"])
        guard case .line(let latest)? = chart.panels[0].marks.last, case .numbers(let x) = latest.x else {
            Issue.record("no latest line"); return
        }
        #expect(x.count == 1_500 && x.first == -5 && x.last == time[999_999] - 5)  // thinned, first and last samples kept
        guard case .line(let flow)? = chart.panels[1].marks.last, case .numbers(let fx) = flow.x else {
            Issue.record("no flow line"); return
        }
        #expect(fx == [-5, -4.999])  // two flow values: two points
        #expect(chart.panels[1].notes == ["1 shot without a first-drops time left out (it cannot be aligned)"])
        #expect(ChartRenderer.record(chart).hasPrefix("canvas 720x"))
    }

    @Test func emptyOverlaysSayWhy() {
        #expect(BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [])).emptyMessage == "No shots in this period")
        let unaligned = ShotTrace(label: "x", time: [0, 1], pressure: [1, 2], firstDrops: nil)
        #expect(BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [unaligned])).emptyMessage
            == "No shot has a first-drops time to align on")
        let bare = ShotTrace(label: "x", time: [0, 1], firstDrops: 0.5)
        #expect(BrewstatsCharts.shotOverlay(ShotOverlayInput(profile: "P", bean: "B", shots: [bare])).emptyMessage
            == "No shot records pressure, flow or weight")
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
