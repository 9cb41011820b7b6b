import Foundation

/// The render stage for marks: every mark is drawn through ``Coordinates`` inside the plot clip.
struct MarkPainter {
    let layout: ChartLayout
    let coordinates: Coordinates
    var theme: Theme { layout.theme }

    /// Whether a point mark of the chart was binned into a density grid (drawn beneath everything else).
    var hasDensity: Bool { layout.statistics.values.contains { if case .binned = $0.kind { true } else { false } } }

    /// Draws all marks: density cells first, then every other mark in spec order, then their labels.
    ///
    /// Density cells go beneath the other marks so reference outlines and lines stay visible over a cloud of a
    /// million brews; those lines then get a halo in the background colour. Labels are placed last, keeping
    /// clear of the data (``TextPlacer``), required labels first.
    func paint(into list: inout DisplayList, placer: inout TextPlacer) {
        let plot = layout.plot
        placer.obstacles = obstacles()
        list.pushClip(plot.insetBy(-6))
        for (index, mark) in layout.chart.marks.enumerated() {
            if case .point(let point) = mark, let statistic = layout.statistics[index], case .binned = statistic.kind {
                paintPoints(point, index: index, statistic, into: &list)
            }
        }
        var labels: [PendingLabel] = []
        for (index, mark) in layout.chart.marks.enumerated() {
            switch mark {
            case .band(let band):
                paintBandEdge(band, into: &list)
                bandLabel(band, labels: &labels)
            case .area(let area): paintArea(area, into: &list)
            case .bar(let bar): paintBar(bar, into: &list, labels: &labels)
            case .rule(let rule): paintRule(rule, into: &list, labels: &labels)
            case .line(let line): paintLine(line, into: &list, labels: &labels)
            case .point(let point):
                guard let statistic = layout.statistics[index] else { continue }
                if case .binned = statistic.kind { continue }
                paintPoints(point, index: index, statistic, into: &list)
            case .text(let text): textLabel(text, labels: &labels)
            }
        }
        list.popClip()
        place(labels, into: &list, placer: &placer)
    }

    /// Shaded ranges go first, under the grid, so grid lines stay visible through them. Their outlines are drawn
    /// later, in spec order.
    func paintBands(into list: inout DisplayList) {
        list.pushClip(layout.plot)
        for mark in layout.chart.marks {
            if case .band(let band) = mark { list.fill(.rect(bandRect(band)), color: theme.band) }
        }
        list.popClip()
    }

    /// A background-coloured stroke under `path`, so a line stays readable over density cells.
    func halo(_ path: Path, width: Double, into list: inout DisplayList) {
        guard hasDensity else { return }
        list.stroke(path, color: theme.background.withAlpha(0.8), style: StrokeStyle(width: width + 2.6, round: true))
    }

    func bandRect(_ band: BandMark) -> Rect {
        let plot = layout.plot
        let x0 = band.x.flatMap { coordinates.canvasX(value: $0.lowerBound) } ?? plot.x
        let x1 = band.x.flatMap { coordinates.canvasX(value: $0.upperBound) } ?? plot.maxX
        let y0 = band.y.flatMap { coordinates.canvasY(value: $0.lowerBound) } ?? plot.maxY
        let y1 = band.y.flatMap { coordinates.canvasY(value: $0.upperBound) } ?? plot.y
        return Rect(corner: Point(x: x0, y: y0), corner: Point(x: x1, y: y1))
    }

    func paintBandEdge(_ band: BandMark, into list: inout DisplayList) {
        let rect = bandRect(band)
        var edges: [Path] = []
        if band.x != nil && band.y != nil {
            edges = [.rect(rect)]
        } else if band.y != nil {
            edges = [.segment(Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y)),
                     .segment(Point(x: rect.x, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY))]
        }
        // Over density cells the outline is drawn darker, on a halo, so the box shows through the cloud.
        let style = StrokeStyle(width: hasDensity ? 1.2 : 0.8)
        for edge in edges {
            halo(edge, width: style.width, into: &list)
            list.stroke(edge, color: hasDensity ? theme.axis : theme.bandEdge, style: style)
        }
    }

    func paintArea(_ area: AreaMark, into list: inout DisplayList) {
        let xs = coordinates.xs(area.x)
        var upper: [Point] = []
        var lower: [Point] = []
        for i in 0..<min(xs.count, area.lower.count, area.upper.count) {
            guard let x = xs[i], let a = coordinates.canvasY(value: area.lower[i]),
                  let b = coordinates.canvasY(value: area.upper[i]), a.isFinite, b.isFinite else { continue }
            lower.append(Point(x: x, y: a))
            upper.append(Point(x: x, y: b))
        }
        list.fill(.polygon(upper + lower.reversed()), color: theme.style(area.series).color.withAlpha(0.16))
    }

    /// One bar on the canvas: its rectangle (from the baseline to the value) and value.
    struct BarGeometry {
        var rect: Rect
        var value: Double
        var horizontal: Bool
    }

    /// The bars of a bar mark on the canvas, skipping non-finite values and unknown categories.
    func barGeometry(_ bar: BarMark) -> [BarGeometry] {
        var result: [BarGeometry] = []
        if case .categories(let names) = bar.y, case .numbers(let values) = bar.x,
            case .band(let band) = layout.yScale {
            guard let x0 = coordinates.canvasX(value: 0) else { return [] }
            for (name, value) in zip(names, values) where value.isFinite {
                guard let slot = band.band(name), let x1 = coordinates.canvasX(value: value) else { continue }
                let top = coordinates.canvasY(slot.start), bottom = coordinates.canvasY(slot.start + slot.size)
                result.append(
                    BarGeometry(rect: Rect(corner: Point(x: x0, y: top), corner: Point(x: x1, y: bottom)), value: value,
                        horizontal: true))
            }
            return result
        }
        guard let y0 = coordinates.canvasY(value: 0), case .numbers(let values) = bar.y else { return [] }
        let centres = coordinates.xs(bar.x)
        // The bars' starts as numbers, made once for the mark (a date channel is converted as a whole).
        let starts = ChartLayout.continuous(bar.x)
        for i in 0..<min(bar.x.count, values.count) where values[i].isFinite {
            var left: Double
            var right: Double
            switch (bar.x, layout.xScale) {
            case (.categories(let names), .band(let band)):
                guard let slot = band.band(names[i]) else { continue }
                left = coordinates.canvasX(slot.start)
                right = coordinates.canvasX(slot.start + slot.size)
            default:
                guard let start = starts?[i], let span = bar.span,
                      let a = coordinates.canvasX(value: start), let b = coordinates.canvasX(value: start + span),
                      centres[i] != nil else { continue }
                let gap = min(3, (b - a) * 0.18)
                left = a + gap
                right = b - gap
            }
            guard let y1 = coordinates.canvasY(value: values[i]) else { continue }
            result.append(
                BarGeometry(rect: Rect(corner: Point(x: left, y: y0), corner: Point(x: right, y: y1)), value: values[i],
                    horizontal: false))
        }
        return result
    }

    /// The canvas rectangles of a bar mark's non-zero bars.
    func barRects(_ bar: BarMark) -> [Rect] { barGeometry(bar).filter { $0.value != 0 }.map(\.rect) }

    func paintBar(_ bar: BarMark, into list: inout DisplayList, labels: inout [PendingLabel]) {
        let color = theme.barColor(bar.series)
        let valueStyle = TextStyle(size: theme.tickSize, color: theme.text)
        for geometry in barGeometry(bar) {
            let r = geometry.rect
            // Formatted only for a bar that shows its value: a day-by-day chart draws hundreds of bars without labels.
            let label = bar.valueLabels ? TickFormatter.labels([geometry.value], format: .automatic)[0] : ""
            if geometry.horizontal {
                list.fill(.rect(r), color: color)
                if bar.valueLabels {
                    let baseline = r.midY + layout.measurer.measure(label, style: valueStyle).ascent * 0.36
                    labels.append(PendingLabel(label, at: Point(x: r.maxX + 5, y: baseline), .leading, valueStyle))
                }
                continue
            }
            if geometry.value == 0 {
                // A zero is data, not a gap: mark it on the baseline.
                list.stroke(.segment(Point(x: r.x, y: r.maxY - 0.75), Point(x: r.maxX, y: r.maxY - 0.75)),
                            color: theme.mutedText,
                            style: StrokeStyle(width: 1.5))
            } else {
                list.fill(.rect(r), color: color)
            }
            if bar.valueLabels {
                labels.append(PendingLabel(label, at: Point(x: r.midX, y: r.y - 4), .center, valueStyle))
            }
        }
    }

    func paintRule(_ rule: RuleMark, into list: inout DisplayList, labels: inout [PendingLabel]) {
        let plot = layout.plot
        let color = rule.emphasised ? theme.emphasis : theme.axis
        let style = rule.emphasised ? StrokeStyle(width: 1.5) : StrokeStyle(width: 1, dash: [4, 3])
        let labelStyle = TextStyle(size: theme.labelSize, bold: rule.emphasised,
            color: rule.emphasised ? theme.emphasis : theme.mutedText)
        let path: Path
        switch rule.orientation {
        case .vertical:
            guard let ux = layout.xScale.unit(rule.value) else { return }
            let x = coordinates.canvasX(ux)
            path = .segment(Point(x: x, y: plot.y), Point(x: x, y: plot.maxY))
            if let label = rule.label { labels.append(verticalRuleLabel(label, x: x, style: labelStyle)) }
        case .horizontal:
            guard let uy = layout.yScale.unit(rule.value) else { return }
            let y = coordinates.canvasY(uy)
            path = .segment(Point(x: plot.x, y: y), Point(x: plot.maxX, y: y))
            if let label = rule.label { labels.append(horizontalRuleLabel(label, y: y, style: labelStyle)) }
        }
        halo(path, width: style.width, into: &list)
        list.stroke(path, color: color, style: style)
    }

    func paintLine(_ line: LineMark, into list: inout DisplayList, labels: inout [PendingLabel]) {
        let style = theme.style(line.series)
        var path = Path()
        for run in runs(line) {
            path.move(to: run[0])
            for p in run.dropFirst() { path.line(to: p) }
        }
        // Lines stop at the bounds of the valid range (a LOESS fit does not dip below a rating of 0).
        let valid = validBand()
        if let valid { list.pushClip(valid) }
        halo(path, width: line.width, into: &list)
        list.stroke(path, color: style.color,
            style: StrokeStyle(width: line.width, dash: style.dash, round: style.dash.isEmpty))
        if valid != nil { list.popClip() }
        if let label = line.endLabel, let pending = lineEndLabel(label, line: line) { labels.append(pending) }
    }

    /// The visible runs of a line on the canvas: consecutive finite points, at least two per run.
    ///
    /// A point that repeats the previous canvas point, or that lies on the straight segment from the point
    /// before it to the next one (within ``LineSimplification/tolerance`` points), is left out: the stroke is
    /// the same, and a curve of a million points (a LOESS fit with tied x) costs only its corners.
    func runs(_ line: LineMark) -> [[Point]] {
        let xs = coordinates.xs(line.x)
        let ys = coordinates.ys(line.y)
        var result: [[Point]] = []
        var run: [Point] = []
        for i in 0..<min(xs.count, ys.count) {
            if let x = xs[i], let y = ys[i] {
                LineSimplification.append(Point(x: x, y: y), to: &run)
            } else {
                if run.count >= 2 { result.append(run) }
                run = []
            }
        }
        if run.count >= 2 { result.append(run) }
        return result
    }

    /// The canvas strip of the y axis's valid range (the plot's width, plus the marker overhang), or `nil`.
    func validBand() -> Rect? {
        guard let valid = layout.chart.y.valid, let top = coordinates.canvasY(value: valid.upperBound),
              let bottom = coordinates.canvasY(value: valid.lowerBound) else { return nil }
        let plot = layout.plot
        let y0 = max(plot.y - 6, min(top, bottom)), y1 = min(plot.maxY + 6, max(top, bottom))
        return Rect(x: plot.x - 6, y: y0, width: plot.width + 12, height: max(0, y1 - y0))
    }

    func paintPoints(_ mark: PointMark, index: Int, _ statistic: PointStatistic, into list: inout DisplayList) {
        let style = theme.style(mark.series)
        switch statistic.kind {
        case .individual:
            var centers: [Point] = []
            centers.reserveCapacity(statistic.xs.count)
            for i in 0..<statistic.xs.count {
                guard let x = coordinates.canvasX(value: statistic.xs[i]),
                    let y = coordinates.canvasY(value: statistic.ys[i]) else { continue }
                centers.append(Point(x: x, y: y))
            }
            list.markers(Self.marker(style, radius: mark.radius, fillAlpha: 0.7), at: centers)
        case .aggregated:
            let filled = SeriesStyle(color: style.color, shape: style.shape, dash: style.dash, filled: true)
            for i in 0..<statistic.xs.count {
                guard let x = coordinates.canvasX(value: statistic.xs[i]),
                    let y = coordinates.canvasY(value: statistic.ys[i]) else { continue }
                let radius = layout.markerRadius(index, count: statistic.counts[i])
                Self.marker(filled, center: Point(x: x, y: y), radius: radius, fillAlpha: 0.3, into: &list)
            }
        case .binned:
            let largest = layout.largestCount[index]
            for (i, rect) in cellRects(statistic) {
                // Cells overlap by a hair so anti-aliasing leaves no seams between them.
                let shade = cellShade(statistic, i, largest: largest)
                list.fill(.rect(rect.insetBy(-0.3)), color: theme.densityLow.mixed(with: theme.densityHigh, shade))
            }
        }
    }

    /// The canvas rectangles of a binned statistic's cells, with their indices.
    func cellRects(_ statistic: PointStatistic) -> [(Int, Rect)] {
        guard case .binned(let cw, let ch) = statistic.kind else { return [] }
        return statistic.xs.indices.compactMap { i in
            guard let x0 = coordinates.canvasX(value: statistic.xs[i] - cw / 2),
                let x1 = coordinates.canvasX(value: statistic.xs[i] + cw / 2),
                  let y0 = coordinates.canvasY(value: statistic.ys[i] - ch / 2),
                      let y1 = coordinates.canvasY(value: statistic.ys[i] + ch / 2)
            else { return nil }
            return (i, Rect(corner: Point(x: x0, y: y0), corner: Point(x: x1, y: y1)))
        }
    }

    /// A cell's position on the density ramp: log(1 + count) ÷ log(1 + largest count), so sparse cells still show.
    /// `largest` is the statistic's largest count (``ChartLayout/largestCount``), taken once per mark.
    func cellShade(_ statistic: PointStatistic, _ i: Int, largest: Int?) -> Double {
        let maxLog = log1p(Double(largest ?? 1))
        return maxLog > 0 ? log1p(Double(statistic.counts[i])) / maxLog : 1
    }

    /// Draws one marker of the series' shape at `center` (see ``marker(_:radius:fillAlpha:)``).
    static func marker(
        _ style: SeriesStyle, center: Point, radius: Double, fillAlpha: Double, into list: inout DisplayList
    ) {
        list.markers(marker(style, radius: radius, fillAlpha: fillAlpha), at: [center])
    }

    /// The marker of the series' shape with radius `r`: filled series get a translucent fill (`fillAlpha`)
    /// and a solid 0.8 pt outline, hollow ones a 1.2 pt outline.
    static func marker(_ style: SeriesStyle, radius r: Double, fillAlpha: Double) -> Marker {
        let outline: Path
        switch style.shape {
        case .circle: outline = .circle(center: Point(x: 0, y: 0), radius: r)
        case .square:
            let h = r * 0.89
            outline = .rect(Rect(x: -h, y: -h, width: 2 * h, height: 2 * h))
        case .triangle:
            let h = r * 1.2
            outline = .polygon([Point(x: 0, y: -h), Point(x: h * 0.87, y: h * 0.5), Point(x: -h * 0.87, y: h * 0.5)])
        case .diamond:
            let h = r * 1.25
            outline = .polygon([Point(x: 0, y: -h), Point(x: h, y: 0), Point(x: 0, y: h), Point(x: -h, y: 0)])
        }
        return Marker(outline: outline, fill: style.filled ? style.color.withAlpha(fillAlpha) : nil,
                      stroke: style.color,
                      lineWidth: style.filled ? 0.8 : 1.2)
    }
}

/// Streaming simplification of a polyline that leaves its drawing unchanged (see ``MarkPainter/runs(_:)``).
enum LineSimplification {
    /// Largest distance, in points, by which a dropped point may lie off the segment that replaces it: far
    /// below what any output resolution shows.
    static let tolerance = 0.01

    /// Appends `p` to `run`, first dropping `run`'s last point when `p` repeats it or when it lies on the
    /// segment from the point before it to `p` (between the two, within ``tolerance``).
    static func append(_ p: Point, to run: inout [Point]) {
        guard let last = run.last else { run.append(p); return }
        if last == p { return }
        if run.count >= 2 {
            let a = run[run.count - 2]
            let dx = p.x - a.x, dy = p.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 0 {
                let along = ((last.x - a.x) * dx + (last.y - a.y) * dy) / length
                let off = abs((last.x - a.x) * dy - (last.y - a.y) * dx) / length
                if off <= tolerance && along >= 0 && along <= length { run[run.count - 1] = p; return }
            }
        }
        run.append(p)
    }
}
