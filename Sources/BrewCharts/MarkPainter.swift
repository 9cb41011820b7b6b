import Foundation

/// The render stage for marks: every mark is drawn through ``Coordinates`` inside the plot clip.
struct MarkPainter {
    let layout: ChartLayout
    let coordinates: Coordinates
    var theme: Theme { layout.theme }

    /// Draws all marks in spec order. Text marks and labels are placed after the shapes so they stay readable.
    func paint(into list: inout DisplayList, placer: inout TextPlacer) {
        let plot = layout.plot
        list.pushClip(plot.insetBy(-6))
        var labels: [(String, Point, TextAlignment, TextStyle, Bool)] = []
        for (index, mark) in layout.chart.marks.enumerated() {
            switch mark {
            case .band(let band): bandLabel(band, labels: &labels)
            case .area(let area): paintArea(area, into: &list)
            case .bar(let bar): paintBar(bar, into: &list, labels: &labels)
            case .rule(let rule): paintRule(rule, into: &list, labels: &labels)
            case .line(let line): paintLine(line, into: &list, labels: &labels)
            case .point(let point):
                if let statistic = layout.statistics[index] { paintPoints(point, statistic, into: &list) }
            case .text(let text):
                guard let anchor = coordinates.point(text.x, text.y) else { continue }
                let style: TextStyle
                switch text.role {
                case .annotation: style = TextStyle(size: theme.labelSize, color: theme.mutedText)
                case .emphasis: style = TextStyle(size: theme.labelSize, bold: true, color: theme.emphasis)
                case .value: style = TextStyle(size: theme.tickSize, color: theme.text)
                }
                labels.append((text.text, Point(x: anchor.x + text.offset.x, y: anchor.y + text.offset.y), text.alignment, style,
                               text.role != .value))
            }
        }
        list.popClip()
        for (text, anchor, alignment, style, halo) in labels {
            guard let (fitted, origin, rect) = placer.place(text, at: anchor, alignment: alignment, style: style, padding: 2) else { continue }
            if halo { list.fill(.rect(rect.insetBy(-2)), color: theme.background.withAlpha(0.88)) }
            list.text(fitted, at: origin, style: style)
        }
    }

    /// Shaded ranges go first, under the grid, so grid lines stay visible through them.
    func paintBands(into list: inout DisplayList) {
        list.pushClip(layout.plot)
        for mark in layout.chart.marks {
            if case .band(let band) = mark { paintBand(band, into: &list) }
        }
        list.popClip()
    }

    func bandRect(_ band: BandMark) -> Rect {
        let plot = layout.plot
        let x0 = band.x.flatMap { coordinates.canvasX(value: $0.lowerBound) } ?? plot.x
        let x1 = band.x.flatMap { coordinates.canvasX(value: $0.upperBound) } ?? plot.maxX
        let y0 = band.y.flatMap { coordinates.canvasY(value: $0.lowerBound) } ?? plot.maxY
        let y1 = band.y.flatMap { coordinates.canvasY(value: $0.upperBound) } ?? plot.y
        return Rect(corner: Point(x: x0, y: y0), corner: Point(x: x1, y: y1))
    }

    func bandLabel(_ band: BandMark, labels: inout [(String, Point, TextAlignment, TextStyle, Bool)]) {
        guard let label = band.label else { return }
        let plot = layout.plot
        let rect = bandRect(band)
        let style = TextStyle(size: theme.tickSize, bold: true, color: theme.mutedText)
        let ascent = layout.measurer.measure(label, style: style).ascent
        labels.append((label, Point(x: max(rect.x, plot.x) + 6, y: max(rect.y, plot.y) + ascent + 5), .leading, style, true))
    }

    func paintBand(_ band: BandMark, into list: inout DisplayList) {
        let rect = bandRect(band)
        list.fill(.rect(rect), color: theme.band)
        let edge = StrokeStyle(width: 0.8)
        if band.x != nil && band.y != nil {
            list.stroke(.rect(rect), color: theme.bandEdge, style: edge)
        } else if band.y != nil {
            list.stroke(.segment(Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y)), color: theme.bandEdge, style: edge)
            list.stroke(.segment(Point(x: rect.x, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)), color: theme.bandEdge, style: edge)
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

    func paintBar(_ bar: BarMark, into list: inout DisplayList, labels: inout [(String, Point, TextAlignment, TextStyle, Bool)]) {
        let color = bar.series == 0 ? theme.bar : theme.style(bar.series).color
        let valueStyle = TextStyle(size: theme.tickSize, color: theme.text)
        let zeroStyle = StrokeStyle(width: 1.5)
        if case .categories(let names) = bar.y, case .numbers(let values) = bar.x, case .band(let band) = layout.yScale {
            // Horizontal bars.
            guard let x0 = coordinates.canvasX(value: 0) else { return }
            for (name, value) in zip(names, values) where value.isFinite {
                guard let slot = band.band(name), let x1 = coordinates.canvasX(value: value) else { continue }
                let top = coordinates.canvasY(slot.start)
                let bottom = coordinates.canvasY(slot.start + slot.size)
                list.fill(.rect(Rect(corner: Point(x: x0, y: top), corner: Point(x: x1, y: bottom))), color: color)
                if bar.valueLabels {
                    let label = TickFormatter.labels([value], format: .automatic)[0]
                    let baseline = (top + bottom) / 2 + layout.measurer.measure(label, style: valueStyle).ascent * 0.36
                    labels.append((label, Point(x: max(x0, x1) + 5, y: baseline), .leading, valueStyle, false))
                }
            }
            return
        }
        // Vertical bars over categories, dates or numbers.
        guard let y0 = coordinates.canvasY(value: 0), case .numbers(let values) = bar.y else { return }
        let count = min(bar.x.count, values.count)
        let centres = coordinates.xs(bar.x)
        for i in 0..<count where values[i].isFinite {
            var left: Double
            var right: Double
            switch (bar.x, layout.xScale) {
            case (.categories(let names), .band(let band)):
                guard let slot = band.band(names[i]) else { continue }
                left = coordinates.canvasX(slot.start)
                right = coordinates.canvasX(slot.start + slot.size)
            default:
                guard let start = ChartLayout.continuous(bar.x)?[i], let span = bar.span,
                      let a = coordinates.canvasX(value: start), let b = coordinates.canvasX(value: start + span),
                      centres[i] != nil else { continue }
                let gap = min(3, (b - a) * 0.18)
                left = a + gap
                right = b - gap
            }
            guard let y1 = coordinates.canvasY(value: values[i]) else { continue }
            if values[i] == 0 {
                // A zero is data, not a gap: mark it on the baseline.
                list.stroke(.segment(Point(x: left, y: y0 - 0.75), Point(x: right, y: y0 - 0.75)), color: theme.mutedText, style: zeroStyle)
            } else {
                list.fill(.rect(Rect(corner: Point(x: left, y: y0), corner: Point(x: right, y: y1))), color: color)
            }
            if bar.valueLabels {
                let label = TickFormatter.labels([values[i]], format: .automatic)[0]
                labels.append((label, Point(x: (left + right) / 2, y: min(y0, y1) - 4), .center, valueStyle, false))
            }
        }
    }

    func paintRule(_ rule: RuleMark, into list: inout DisplayList, labels: inout [(String, Point, TextAlignment, TextStyle, Bool)]) {
        let plot = layout.plot
        let color = rule.emphasised ? theme.emphasis : theme.axis
        let style = rule.emphasised ? StrokeStyle(width: 1.5) : StrokeStyle(width: 1, dash: [4, 3])
        let labelStyle = TextStyle(size: theme.labelSize, bold: rule.emphasised, color: rule.emphasised ? theme.emphasis : theme.mutedText)
        let ascent = layout.measurer.measure("Hg", style: labelStyle).ascent
        switch rule.orientation {
        case .vertical:
            guard let ux = layout.xScale.unit(rule.value) else { return }
            let x = coordinates.canvasX(ux)
            list.stroke(.segment(Point(x: x, y: plot.y), Point(x: x, y: plot.maxY)), color: color, style: style)
            if let label = rule.label {
                let width = layout.measurer.measure(label, style: labelStyle).width
                let leftSide = x + 6 + width > plot.maxX
                labels.append((label, Point(x: leftSide ? x - 6 : x + 6, y: plot.y + ascent + 2),
                               leftSide ? .trailing : .leading, labelStyle, true))
            }
        case .horizontal:
            guard let uy = layout.yScale.unit(rule.value) else { return }
            let y = coordinates.canvasY(uy)
            list.stroke(.segment(Point(x: plot.x, y: y), Point(x: plot.maxX, y: y)), color: color, style: style)
            if let label = rule.label {
                labels.append((label, Point(x: plot.maxX - 4, y: y - 5), .trailing, labelStyle, true))
            }
        }
    }

    func paintLine(_ line: LineMark, into list: inout DisplayList, labels: inout [(String, Point, TextAlignment, TextStyle, Bool)]) {
        let style = theme.style(line.series)
        let xs = coordinates.xs(line.x)
        let ys = coordinates.ys(line.y)
        var path = Path()
        var run: [Point] = []
        var last: Point?
        func flush() {
            if run.count >= 2 {
                path.move(to: run[0])
                for p in run.dropFirst() { path.line(to: p) }
            }
            run = []
        }
        for i in 0..<min(xs.count, ys.count) {
            if let x = xs[i], let y = ys[i] {
                run.append(Point(x: x, y: y))
                last = Point(x: x, y: y)
            } else {
                flush()
            }
        }
        flush()
        list.stroke(path, color: style.color, style: StrokeStyle(width: line.width, dash: style.dash, round: style.dash.isEmpty))
        if let label = line.endLabel, let end = last {
            let plot = layout.plot
            let labelStyle = TextStyle(size: theme.tickSize, color: theme.mutedText)
            let size = layout.measurer.measure(label, style: labelStyle)
            if end.x < plot.maxX - size.width - 8 {
                // The line leaves through the top: label to its right, just below the edge.
                labels.append((label, Point(x: end.x + 5, y: end.y + size.ascent + 3), .leading, labelStyle, true))
            } else {
                // The line leaves through the right edge: label above it, ending at the edge.
                labels.append((label, Point(x: plot.maxX - 3, y: max(plot.y + size.ascent + 2, end.y - 5)), .trailing, labelStyle, true))
            }
        }
    }

    func paintPoints(_ mark: PointMark, _ statistic: PointStatistic, into list: inout DisplayList) {
        let style = theme.style(mark.series)
        switch statistic.kind {
        case .individual:
            for i in 0..<statistic.xs.count {
                guard let x = coordinates.canvasX(value: statistic.xs[i]), let y = coordinates.canvasY(value: statistic.ys[i]) else { continue }
                Self.marker(style, center: Point(x: x, y: y), radius: mark.radius, fillAlpha: 0.7, into: &list)
            }
        case .aggregated:
            let maxCount = Double(statistic.counts.max() ?? 1)
            // The largest marker fits the spacing of the discrete grid, so neighbours do not swallow each other.
            func spacing(_ values: [Double?]) -> Double {
                let sorted = Array(Set(values.compactMap { $0 })).sorted()
                return zip(sorted.dropFirst(), sorted).map { $0 - $1 }.filter { $0 > 0.5 }.min() ?? 40
            }
            let xsCanvas = statistic.xs.map { coordinates.canvasX(value: $0) }
            let ysCanvas = statistic.ys.map { coordinates.canvasY(value: $0) }
            let largest = max(mark.radius * 1.2, min(16, 0.48 * min(spacing(xsCanvas), spacing(ysCanvas))))
            let filled = SeriesStyle(color: style.color, shape: style.shape, dash: style.dash, filled: true)
            for i in 0..<statistic.xs.count {
                guard let x = coordinates.canvasX(value: statistic.xs[i]), let y = coordinates.canvasY(value: statistic.ys[i]) else { continue }
                let share = Double(statistic.counts[i]) / maxCount
                let radius = mark.radius * 0.7 + (largest - mark.radius * 0.7) * share.squareRoot()
                Self.marker(filled, center: Point(x: x, y: y), radius: radius, fillAlpha: 0.3, into: &list)
            }
        case .binned(let cw, let ch):
            let maxLog = log1p(Double(statistic.counts.max() ?? 1))
            for i in 0..<statistic.xs.count {
                guard let x0 = coordinates.canvasX(value: statistic.xs[i] - cw / 2), let x1 = coordinates.canvasX(value: statistic.xs[i] + cw / 2),
                      let y0 = coordinates.canvasY(value: statistic.ys[i] - ch / 2), let y1 = coordinates.canvasY(value: statistic.ys[i] + ch / 2)
                else { continue }
                let t = maxLog > 0 ? log1p(Double(statistic.counts[i])) / maxLog : 1
                // Cells overlap by a hair so anti-aliasing leaves no seams between them.
                list.fill(.rect(Rect(corner: Point(x: x0, y: y0), corner: Point(x: x1, y: y1)).insetBy(-0.3)),
                          color: theme.densityLow.mixed(with: theme.densityHigh, t))
            }
        }
    }

    /// Draws one marker of the series' shape; filled series get a translucent fill and a solid outline.
    static func marker(_ style: SeriesStyle, center c: Point, radius r: Double, fillAlpha: Double, into list: inout DisplayList) {
        let path: Path
        switch style.shape {
        case .circle: path = .circle(center: c, radius: r)
        case .square:
            let h = r * 0.89
            path = .rect(Rect(x: c.x - h, y: c.y - h, width: 2 * h, height: 2 * h))
        case .triangle:
            let h = r * 1.2
            path = .polygon([Point(x: c.x, y: c.y - h), Point(x: c.x + h * 0.87, y: c.y + h * 0.5), Point(x: c.x - h * 0.87, y: c.y + h * 0.5)])
        case .diamond:
            let h = r * 1.25
            path = .polygon([Point(x: c.x, y: c.y - h), Point(x: c.x + h, y: c.y), Point(x: c.x, y: c.y + h), Point(x: c.x - h, y: c.y)])
        }
        if style.filled { list.fill(path, color: style.color.withAlpha(fillAlpha)) }
        list.stroke(path, color: style.color, style: StrokeStyle(width: style.filled ? 0.8 : 1.2))
    }
}
