import Foundation

extension BrewstatsCharts {
    /// Heights of the overlay's panels: the first carries the title, subtitle and legend, the last the time axis.
    static let shotPanelHeights = (first: 250.0, middle: 175.0, last: 205.0)
    /// Samples of one trace drawn at most (a longer trace is thinned evenly, keeping its last sample).
    static let shotTraceSampleLimit = 1_500

    /// The shot overlay — every shot of one profile × bean aligned at its first drops, with the median and the
    /// interquartile band per channel, the latest shot on top.
    ///
    /// Small multiples sharing the time axis (``Chart/panels``): one panel per channel that some aligned shot
    /// records — pressure (bar), flow (ml/s), weight in the cup (g) — each on its own scale, never a second axis.
    /// The time axis is seconds from first drops: each shot's clock shifted by its ``ShotTrace/firstDrops``, so 0
    /// is when the first drops fell in every shot and negative times are pre-infusion; a dashed rule marks 0.
    ///
    /// In each panel, bottom to top: each shot as a thin light line (the ``ShotOverlayInput/drawnLimit`` latest
    /// shots; the band uses all), the interquartile band over them (translucent, so the lines show through; from
    /// ``ShotOverlayInput/bands``, drawn only where it has values — the report layer leaves grid times that fewer
    /// than ``ShotOverlayInput/minimumCurves`` shots reach empty), the median (dashed), and the latest shot
    /// (``ShotTrace/isLatest``, else the last shot given; solid, dark) as the last mark, on top of everything.
    ///
    /// The subtitle counts the aligned shots and names the latest; it says "median and interquartile range" only
    /// when a band has a value somewhere. A single shot reads "one shot · <label>" and draws no band; two shots (or
    /// shots that never overlap enough) say that no median is drawn.
    ///
    /// Shots without a first-drops time cannot be aligned: they are left out and counted in a note. Empty inputs
    /// say why: "No shots in this period", "No shot has a first-drops time to align on", or "No shot records
    /// pressure, flow or weight".
    ///
    /// - Parameters:
    ///   - input: The traces and their bands.
    ///   - width: Canvas width in points (the height follows from the panels).
    /// - Returns: A chart whose ``Chart/panels`` hold one chart per channel; a single empty chart when nothing can
    ///   be drawn.
    public static func shotOverlay(_ input: ShotOverlayInput, width: Double = 720) -> Chart {
        let title = "Shots — \(input.profile) · \(input.bean)"
        let aligned = input.shots.filter { $0.alignedTime != nil }
        guard !aligned.isEmpty else {
            return .empty(title: title, message: input.shots.isEmpty ? "No shots in this period"
                                                                     : "No shot has a first-drops time to align on")
        }
        let channels = ShotTraceChannel.allCases.filter { c in aligned.contains { $0.values(c) != nil } }
        guard !channels.isEmpty else { return .empty(title: title, message: "No shot records pressure, flow or weight") }
        let latest = aligned.last(where: \.isLatest) ?? aligned[aligned.count - 1]
        let latestIndex = aligned.lastIndex(where: \.isLatest) ?? aligned.count - 1
        let others = aligned.indices.filter { $0 != latestIndex }
        let drawn = others.suffix(max(0, input.drawnLimit)).map { aligned[$0] }

        // One time axis for every panel: the aligned shots' span (and the bands'), ticked from 0 (first drops).
        var lo = input.alignedTimeRange?.lowerBound ?? 0, hi = input.alignedTimeRange?.upperBound ?? 1
        for band in input.bands.values {
            for (t, m) in zip(band.grid, band.median) where m != nil && t.isFinite { lo = min(lo, t); hi = max(hi, t) }
        }
        if hi - lo < 1 { hi = lo + 1 }
        let step = AnchoredTicks.step(lower: lo, upper: hi, anchor: 0, steps: [1, 2, 5, 10, 15, 30, 60, 120, 300],
                                      maxCount: 10)
        let domain = AnchoredTicks.snapped(lower: lo, upper: hi, anchor: 0, step: step)
        let ticks = AnchoredTicks.ticks(lower: domain.lowerBound, upper: domain.upperBound, anchor: 0, step: step)

        // A band is stated only where it has a value: one or two shots, or shots too short to overlap, have none.
        let hasBand = input.bands.values.contains { $0.median.contains { $0 != nil } }
        var subtitle: String
        if aligned.count == 1 {
            subtitle = "one shot · \(latest.label)"
        } else {
            subtitle = "n = \(count(aligned.count, "shot")) · latest: \(latest.label)"
            subtitle += hasBand ? " · median and interquartile range"
                                : " · no median: fewer than \(input.minimumCurves) shots at any time"
        }
        var notes: [String] = []
        if others.count > drawn.count {
            notes.append("The \(drawn.count) latest of \(others.count + 1) shots are drawn as lines; the median and band use every shot")
        }
        if hasBand {
            notes.append("Median and band only where at least \(input.minimumCurves) of the \(aligned.count) shots reach that time")
        }
        let unaligned = input.shots.count - aligned.count
        if unaligned > 0 {
            notes.append("\(count(unaligned, "shot")) without a first-drops time left out (\(unaligned == 1 ? "it" : "they") cannot be aligned)")
        }

        var panels: [Chart] = []
        for (k, channel) in channels.enumerated() {
            let first = k == 0, last = k == channels.count - 1
            var marks: [Mark] = []
            marks.append(.rule(RuleMark(.vertical, at: .number(0), label: first ? "First drops" : nil)))
            var labelled = false
            for shot in drawn {
                guard let line = traceLine(shot, channel, series: Theme.guideSeries, width: 0.9,
                                           label: first && !labelled ? "Each shot" : nil) else { continue }
                marks.append(.line(line))
                labelled = true
            }
            if hasBand, let band = input.bands[channel] {
                for (i, run) in bandRuns(band).enumerated() {
                    marks.append(.area(AreaMark(x: .numbers(run.map { band.grid[$0] }), lower: run.map { band.lower[$0]! },
                                                upper: run.map { band.upper[$0]! }, series: 0,
                                                label: first && i == 0 ? "Middle half of the shots" : nil)))
                }
            }
            if hasBand, let band = input.bands[channel] {
                let n = min(band.grid.count, band.median.count)
                let median = (0..<n).map { band.median[$0] ?? .nan }
                if median.contains(where: \.isFinite) {
                    marks.append(.line(LineMark(x: .numbers(Array(band.grid.prefix(n))), y: .numbers(median), series: 1,
                                                label: first ? "Median" : nil, width: 2)))
                }
            }
            if let line = traceLine(latest, channel, series: 0, width: 2.2, label: first ? "Latest shot" : nil) {
                marks.append(.line(line))
            }
            let x = AxisSpec(title: last ? "Seconds from first drops (negative: pre-infusion)" : nil, domain: domain,
                             format: .decimals(0), visible: last, ticks: ticks)
            let height = first ? shotPanelHeights.first : last ? shotPanelHeights.last : shotPanelHeights.middle
            panels.append(Chart(title: first ? title : "", subtitle: first ? subtitle : nil, x: x,
                                y: valueAxis(channel, marks: marks), marks: marks,
                                notes: last ? notes : [], width: width,
                                height: height + (last ? 9 * 1.4 * Double(notes.count) : 0)))
        }
        if panels.count == 1 {
            // One channel: an ordinary chart, titled as the figure, with the axis and notes.
            return panels[0]
        }
        var figure = Chart(title: title, subtitle: subtitle, notes: notes, width: width,
                           height: panels.map(\.height).reduce(0, +))
        figure.panels = panels
        return figure
    }

    /// A panel's value axis: from 0 (a sensor's small negative readings are drawn at the axis, not given room) to
    /// the largest value drawn, ticked on a nice step from 0 with at most six ticks.
    static func valueAxis(_ channel: ShotTraceChannel, marks: [Mark]) -> AxisSpec {
        var high = 0.0, low = 0.0
        for mark in marks {
            var values: [Double] = []
            switch mark {
            case .line(let line): if case .numbers(let v) = line.y { values = v }
            case .area(let area): values = area.upper + area.lower
            default: break
            }
            for v in values where v.isFinite { high = max(high, v); low = min(low, v) }
        }
        if high <= 0 { high = 1 }
        // Readings below zero by more than a twentieth of the range are data, not noise: keep them in view.
        if low > -0.05 * high { low = 0 }
        let step = AnchoredTicks.step(lower: low, upper: high, anchor: 0, steps: [0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 500],
                                      maxCount: 6)
        let domain = AnchoredTicks.snapped(lower: low, upper: high, anchor: 0, step: step)
        let lower = low == 0 ? 0 : domain.lowerBound
        return AxisSpec(title: channel.axisTitle, domain: lower...max(domain.upperBound, lower + step),
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

    /// One shot's channel as a line on the aligned time axis, thinned to ``shotTraceSampleLimit`` samples; `nil`
    /// when the shot does not record the channel or cannot be aligned.
    static func traceLine(_ shot: ShotTrace, _ channel: ShotTraceChannel, series: Int, width: Double,
                          label: String?) -> LineMark? {
        guard let t = shot.alignedTime, let v = shot.values(channel) else { return nil }
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
