import Foundation
import BrewStats

extension BrewstatsCharts {
    /// Heights of the overlay's panels: the first carries the title, subtitle and legend, the last the time axis.
    static let shotPanelHeights = (first: 250.0, middle: 175.0, last: 205.0)
    /// Samples of one trace drawn at most (a longer trace is thinned evenly, keeping its last sample).
    static let shotTraceSampleLimit = 1_500

    /// The shot overlay — every shot of one profile × bean on the time from the start of the shot, drawn with
    /// the series of the full shot view (``shotView(_:width:)``), as the group's median and interquartile band.
    ///
    /// Small multiples sharing the time axis (``Chart/panels``): one panel per ``ShotViewPanel`` that some shot
    /// records — pressure and its goal; flow, its goal and the weight flow; weight; temperatures (basket, goal,
    /// mix); resistance — each on its own scale, never a second axis. The time axis is seconds from the start of
    /// each shot (its own clock's zero).
    ///
    /// With a band (``ShotOverlayInput/bands`` has a value somewhere), in each panel, bottom to top: each shot's
    /// measured series (the solid ones of the full view) as a thin light line (the ``ShotOverlayInput/drawnLimit``
    /// latest shots; the band uses all), the interquartile band of each measured series (translucent; drawn only
    /// where it has values — the report layer leaves grid times that fewer than ``ShotOverlayInput/minimumCurves``
    /// shots reach empty; goals and second measurements get no band, so that overlapping bands do not hide one
    /// another), and each series' median in the full view's line style (measured solid, goal dashed, second
    /// measurement dotted), named in the panel's legend.
    ///
    /// Without a band (one or two shots, or shots that never overlap enough): a single shot is drawn as the full
    /// view draws it, every series in its own style; several shots draw their measured series, one line style per
    /// shot in input order (solid, dashed, dotted, dash-dot, then again), each named by its label — two or three
    /// compared shots read apart in monochrome.
    ///
    /// Dashed rules mark the first drops and the end of pre-infusion in every panel (named in the first): a shot's
    /// own times for one shot, else the median of the shots that have the time.
    ///
    /// The subtitle counts the shots and names the latest; it says "median and interquartile range" only when a
    /// band has a value somewhere. Empty inputs say why: "No shots in this period" or "No shot records a series to
    /// draw".
    ///
    /// - Parameters:
    ///   - input: The traces and their bands.
    ///   - width: Canvas width in points (the height follows from the panels).
    /// - Returns: A chart whose ``Chart/panels`` hold one chart per panel; a single empty chart when nothing can be
    ///   drawn.
    public static func shotOverlay(_ input: ShotOverlayInput, width: Double = 720) -> Chart {
        let title = "Shots — \(input.profile) · \(input.bean)"
        let shots = input.shots
        guard !shots.isEmpty else { return .empty(title: title, message: "No shots in this period") }
        let kinds = input.seriesKinds
        let panelKinds = ShotViewPanel.allCases.filter { p in kinds.contains { $0.panel == p } }
        guard !panelKinds.isEmpty, let range = input.timeRange else {
            return .empty(title: title, message: "No shot records a series to draw")
        }
        let latestIndex = shots.lastIndex(where: \.isLatest) ?? shots.count - 1
        let latest = shots[latestIndex]
        let others = shots.indices.filter { $0 != latestIndex }
        let hasBand = input.bands.values.contains { $0.median.contains { $0 != nil } }
        // With a band: the latest shots as thin lines. Without: every shot in its own style (a bounded number).
        let drawn = (others.suffix(max(0, input.drawnLimit - 1)) + [latestIndex]).sorted().map { shots[$0] }

        // One time axis for every panel, from the start of the shot (0) to the last sample.
        let lo = min(0, range.lowerBound)
        var hi = range.upperBound
        if hi - lo < 1 { hi = lo + 1 }
        let step = AnchoredTicks.step(lower: lo, upper: hi, anchor: 0, steps: [1, 2, 5, 10, 15, 30, 60, 120, 300],
                                      maxCount: 12)
        let domain = AnchoredTicks.snapped(lower: lo, upper: hi, anchor: 0, step: step)
        let ticks = AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound, anchor: 0, step: step)

        var subtitle: String
        if shots.count == 1 {
            subtitle = "one shot · \(latest.label)"
        } else {
            subtitle = "n = \(count(shots.count, "shot")) · latest: \(latest.label)"
            subtitle += hasBand ? " · median and interquartile range"
                                : " · no median: fewer than \(input.minimumCurves) shots at any time"
        }
        subtitle += " · seconds from the start of the shot"
        var notes: [String] = []
        if hasBand, others.count + 1 > drawn.count {
            notes.append(
                "The \(drawn.count) latest of \(shots.count) shots " +
                    "are drawn as lines; the median and band use every shot")
        }
        if hasBand {
            notes.append(
                "Median and band only where at least \(input.minimumCurves) of the \(shots.count) shots "
                    + "reach that time")
        }
        // The marks: one shot's own times, else the medians over the shots that have them.
        func mark(_ values: [Double]) -> Double? { BrewStats.median(values.filter(\.isFinite)) }
        let drops = mark(shots.compactMap(\.firstDrops)), preinfusion = mark(shots.compactMap(\.preinfusionEnd))
        let median = shots.count > 1 ? " (median)" : ""
        if shots.count > 1, drops != nil || preinfusion != nil {
            let d = shots.compactMap(\.firstDrops).filter(\.isFinite).count
            let p = shots.compactMap(\.preinfusionEnd).filter(\.isFinite).count
            notes.append("First drops: the median of the \(d) shots with a time; pre-infusion ends: of the \(p)")
        }
        if !hasBand, drawn.count < shots.count {
            notes.append("The \(drawn.count) latest of \(shots.count) shots are drawn")
        }
        if !hasBand, shots.count > 1, kinds.contains(where: { $0.style != 0 }) {
            notes.append(
                "Goals and second measurements are drawn for one shot, or as medians of \(input.minimumCurves) or more")
        }

        var panels: [Chart] = []
        for (k, panel) in panelKinds.enumerated() {
            let first = k == 0, last = k == panelKinds.count - 1
            let here = kinds.filter { $0.panel == panel }
            var marks: [Mark] = []
            if let t = preinfusion {
                marks.append(.rule(RuleMark(.vertical, at: .number(t),
                                            label: first ? "Pre-infusion ends" + median : nil,
                                            emphasised: true)))
            }
            if let t = drops {
                marks.append(.rule(RuleMark(.vertical, at: .number(t), label: first ? "First drops" + median : nil,
                                            emphasised: true)))
            }
            if hasBand {
                var labelled = false
                for shot in drawn {
                    for kind in here where kind.style == 0 {
                        guard let line = traceLine(shot, kind.name, series: Theme.guideSeries, width: 0.9,
                                                   label: first && !labelled ? "Each shot" : nil) else { continue }
                        marks.append(.line(line))
                        labelled = true
                    }
                }
                var bandLabelled = false
                for kind in here where kind.style == 0 {
                    guard let band = input.bands[kind.name] else { continue }
                    for run in bandRuns(band) {
                        marks.append(.area(AreaMark(x: .numbers(run.map { band.grid[$0] }),
                                                    lower: run.map { band.lower[$0]! },
                                                    upper: run.map { band.upper[$0]! }, series: 0,
                                                    label: first && !bandLabelled ? "Middle half of the shots" : nil)))
                        bandLabelled = true
                    }
                }
                for kind in here {
                    guard let band = input.bands[kind.name] else { continue }
                    let n = min(band.grid.count, band.median.count)
                    let values = (0..<n).map { band.median[$0] ?? .nan }
                    guard values.contains(where: \.isFinite) else { continue }
                    marks.append(.line(LineMark(x: .numbers(Array(band.grid.prefix(n))), y: .numbers(values),
                                                series: kind.style, label: kind.name,
                                                width: kind.style == 0 ? 2 : 1.4)))
                }
            } else if shots.count == 1 {
                for kind in here {
                    if let line = traceLine(latest, kind.name, series: kind.style, width: kind.style == 0 ? 2 : 1.4,
                                            label: kind.name) { marks.append(.line(line)) }
                }
            } else {
                for (position, shot) in drawn.enumerated() {
                    for kind in here where kind.style == 0 {
                        let name = here.filter { $0.style == 0 }.count > 1 ? "\(shot.label) · \(kind.name)" : shot.label
                        if let line = traceLine(shot, kind.name, series: position % 4, width: shot.isLatest ? 2 : 1.4,
                                                label: name) { marks.append(.line(line)) }
                    }
                }
            }
            let x = AxisSpec(title: last ? "Seconds from the start of the shot" : nil, domain: domain,
                             format: .decimals(0), visible: last, ticks: ticks)
            let height = first ? shotPanelHeights.first : last ? shotPanelHeights.last : shotPanelHeights.middle
            panels.append(Chart(title: first ? title : "", subtitle: first ? subtitle : nil, x: x,
                                y: valueAxis(panel, marks: marks), marks: marks,
                                notes: last ? notes : [], width: width,
                                height: height + (last ? 9 * 1.4 * Double(notes.count) : 0)))
        }
        if panels.count == 1 {
            // One panel: an ordinary chart, titled as the figure, with the axis and notes.
            return panels[0]
        }
        var figure = Chart(title: title, subtitle: subtitle, notes: notes, width: width,
                           height: panels.map(\.height).reduce(0, +))
        figure.panels = panels
        return figure
    }

    /// A panel's value axis: from 0 (a sensor's small negative readings are drawn at the axis, not given room) to
    /// the largest value drawn, ticked on a nice step from 0 with at most six ticks. The temperature panel starts
    /// 5 °C below its lowest value (rounded down), as the full view's does.
    static func valueAxis(_ panel: ShotViewPanel, marks: [Mark]) -> AxisSpec {
        var high = 0.0, low = 0.0, smallest = Double.infinity
        for mark in marks {
            var values: [Double] = []
            switch mark {
            case .line(let line): if case .numbers(let v) = line.y { values = v }
            case .area(let area): values = area.upper + area.lower
            default: break
            }
            for v in values where v.isFinite { high = max(high, v); low = min(low, v); smallest = min(smallest, v) }
        }
        if high <= 0 { high = 1 }
        // Readings below zero by more than a twentieth of the range are data, not noise: keep them in view.
        if low > -0.05 * high { low = 0 }
        if panel == .temperature, smallest.isFinite { low = max(0, (smallest - 5).rounded(.down)) }
        if high <= low { high = low + 1 }
        let step = AnchoredTicks.step(lower: low, upper: high, anchor: 0,
                                      steps: [0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 500],
                                      maxCount: 6)
        let domain = AnchoredTicks.snapped(lower: low, upper: high, anchor: 0, step: step)
        let lower = low == 0 ? 0 : domain.lowerBound
        return AxisSpec(title: panel.axisTitle, domain: lower...max(domain.upperBound, lower + step),
                        ticks: AnchoredTicks.ticks(lower: lower, upper: domain.upperBound, anchor: 0, step: step))
    }

    /// The runs of consecutive grid indices where the band has finite lower and upper values.
    static func bandRuns(_ band: ShotBand) -> [[Int]] {
        let n = min(band.grid.count, band.lower.count, band.upper.count)
        var runs: [[Int]] = []
        var run: [Int] = []
        for i in 0..<n {
            if let a = band.lower[i], let b = band.upper[i], a.isFinite, b.isFinite, band.grid[i].isFinite {
                run.append(i)
            } else if !run.isEmpty {
                runs.append(run); run = []
            }
        }
        if !run.isEmpty { runs.append(run) }
        return runs.filter { $0.count >= 2 }
    }

    /// One shot's series `name` as a line on the time from the start of the shot, thinned to
    /// ``shotTraceSampleLimit`` samples; `nil` when the shot does not record the series.
    static func traceLine(_ shot: ShotTrace, _ name: String, series: Int, width: Double, label: String?) -> LineMark? {
        guard let v = shot.values(name) else { return nil }
        let t = shot.time
        let n = min(t.count, v.count)
        guard n >= 2 else { return nil }
        var indices = Array(0..<n)
        if n > shotTraceSampleLimit {
            let stride = Double(n - 1) / Double(shotTraceSampleLimit - 1)
            indices = (0..<shotTraceSampleLimit).map { min(n - 1, Int((Double($0) * stride).rounded())) }
        }
        return LineMark(x: .numbers(indices.map { t[$0] }), y: .numbers(indices.map { v[$0] }), series: series,
                        label: label, width: width)
    }
}
