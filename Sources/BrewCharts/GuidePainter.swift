/// The guide stage: titles, legend, grid, axes, tick labels and notes around the plot.
struct GuidePainter {
    let layout: ChartLayout
    var theme: Theme { layout.theme }
    var chart: Chart { layout.chart }

    /// Title, subtitle and legend (and the empty-chart message when the chart is empty).
    func paintHeader(into list: inout DisplayList, placer: inout TextPlacer) {
        let margin = ChartLayout.margin
        let width = chart.width - 2 * margin
        for (k, line) in layout.titleLines.enumerated() {
            let title = placer.fit(line, style: layout.titleStyle, maxWidth: width)
            list.text(title, at: Point(x: margin, y: layout.titleBaseline + Double(k) * layout.titleLineHeight),
                style: layout.titleStyle)
        }
        for (k, line) in layout.subtitleLines.enumerated() where !line.isEmpty {
            list.text(placer.fit(line, style: layout.subtitleStyle, maxWidth: width),
                      at: Point(x: margin, y: layout.subtitleBaseline + Double(k) * layout.subtitleLineHeight),
                      style: layout.subtitleStyle)
        }
        LegendPainter(layout: layout).paint(into: &list, placer: &placer)
    }

    /// Grid lines behind the marks.
    func paintGrid(into list: inout DisplayList, coordinates: Coordinates) {
        let plot = layout.plot
        let gridStyle = StrokeStyle(width: 0.8)
        if chart.y.grid, case .continuous(let scale) = layout.yScale {
            for tick in scale.ticks {
                let y = coordinates.canvasY(scale.unit(tick))
                guard y >= plot.y - 0.5, y <= plot.maxY + 0.5 else { continue }
                list.stroke(.segment(Point(x: plot.x, y: y), Point(x: plot.maxX, y: y)), color: theme.grid,
                    style: gridStyle)
            }
        }
        if chart.x.grid, case .continuous(let scale) = layout.xScale {
            for tick in scale.ticks {
                let x = coordinates.canvasX(scale.unit(tick))
                guard x >= plot.x - 0.5, x <= plot.maxX + 0.5 else { continue }
                list.stroke(.segment(Point(x: x, y: plot.y), Point(x: x, y: plot.maxY)), color: theme.grid,
                    style: gridStyle)
            }
        }
    }

    /// Axis lines, ticks, tick labels and axis titles.
    func paintAxes(into list: inout DisplayList, coordinates: Coordinates, placer: inout TextPlacer) {
        let plot = layout.plot
        let axisStyle = StrokeStyle(width: 1)
        let tickStyle = layout.tickStyle
        if chart.x.visible {
            if !layout.xScale.isBand {
                list.stroke(.segment(Point(x: plot.x, y: plot.maxY), Point(x: plot.maxX, y: plot.maxY)),
                            color: theme.axis, style: axisStyle)
            }
            let tickSize = layout.measurer.measure("Hg", style: tickStyle)
            let baseline = plot.maxY + 7 + tickSize.ascent
            switch layout.xScale {
            case .continuous(let scale):
                for (tick, label) in zip(scale.ticks, scale.labels) {
                    let x = coordinates.canvasX(scale.unit(tick))
                    guard x >= plot.x - 0.5, x <= plot.maxX + 0.5 else { continue }
                    list.stroke(.segment(Point(x: x, y: plot.maxY), Point(x: x, y: plot.maxY + 4)), color: theme.axis,
                        style: axisStyle)
                    if let (text, origin, _) = placer.place(label, at: Point(x: x, y: baseline), alignment: .center,
                                                            style: tickStyle, padding: 4) {
                        list.text(text, at: origin, style: tickStyle)
                    }
                }
            case .band(let scale):
                let slotWidth = plot.width * scale.slotSize
                // A phone labels every k-th category when the names do not fit their slots (Jan, Mar, May, …), rather
                // than shorten each to an ellipsis.
                var every = 1
                if layout.isPhone {
                    let widest = scale.slots.map { slot -> Double in
                        if case .category(let name) = slot {
                            return layout.measurer.measure(name, style: tickStyle).width
                        }
                        return 0
                    }.max() ?? 0
                    while Double(every) * slotWidth - 4 < widest, every < scale.slots.count { every += 1 }
                }
                for (index, slot) in scale.slots.enumerated() where index % every == 0 {
                    guard case .category(let name) = slot else { continue }
                    let x = coordinates.canvasX(scale.center(ofSlot: index))
                    if let (text, origin, _) = placer.place(name, at: Point(x: x, y: baseline), alignment: .center,
                                                            style: tickStyle, maxWidth: Double(every) * slotWidth - 4,
                                                            padding: 1) {
                        list.text(text, at: origin, style: tickStyle)
                    }
                }
            }
            if let title = chart.x.title {
                let style = layout.axisTitleStyle
                if let (text, origin, _) = placer.place(title, at: Point(x: plot.midX, y: layout.xTitleBaseline),
                                                        alignment: .center, style: style, maxWidth: plot.width) {
                    list.text(text, at: origin, style: style)
                }
            }
        }
        if chart.y.visible {
            switch layout.yScale {
            case .continuous(let scale):
                for (tick, label) in zip(scale.ticks, scale.labels) {
                    let y = coordinates.canvasY(scale.unit(tick))
                    guard y >= plot.y - 0.5, y <= plot.maxY + 0.5 else { continue }
                    let anchor = Point(x: plot.x - 7, y: placer.centredBaseline(y, style: tickStyle))
                    if let (text, origin, _) = placer.place(label, at: anchor, alignment: .trailing, style: tickStyle,
                        padding: 0) {
                        list.text(text, at: origin, style: tickStyle)
                    }
                }
            case .band(let scale):
                let labelStyle = layout.labelStyle
                let headingStyle = TextStyle(size: theme.labelSize, bold: true, color: theme.text)
                let column = plot.x - 10 - ChartLayout.margin
                for (index, slot) in scale.slots.enumerated() {
                    let y = coordinates.canvasY(scale.center(ofSlot: index))
                    switch slot {
                    case .category(let name):
                        let anchor = Point(x: plot.x - 10, y: placer.centredBaseline(y, style: labelStyle))
                        if let (text, origin, _) = placer.place(name, at: anchor, alignment: .trailing,
                                                                style: labelStyle,
                                                                maxWidth: column, padding: 0) {
                            list.text(text, at: origin, style: labelStyle)
                        }
                    case .heading(let title):
                        let anchor = Point(x: ChartLayout.margin, y: placer.centredBaseline(y, style: headingStyle))
                        if let (text, origin, _) = placer.place(title, at: anchor, alignment: .leading,
                                                                style: headingStyle,
                                                                maxWidth: chart.width - 2 * ChartLayout.margin,
                                                                padding: 0) {
                            list.text(text, at: origin, style: headingStyle)
                        }
                    }
                }
            }
            if let title = chart.y.title {
                let style = layout.axisTitleStyle
                let x = layout.yScale.isBand ? ChartLayout.margin : ChartLayout.margin
                if let (text, origin, _) = placer.place(title, at: Point(x: x, y: layout.yTitleBaseline),
                                                        alignment: .leading,
                                                        style: style, maxWidth: chart.width - 2 * ChartLayout.margin) {
                    list.text(text, at: origin, style: style)
                }
            }
        }
    }

    /// Notes under everything, one per line, shortened to fit.
    func paintNotes(into list: inout DisplayList, placer: TextPlacer) {
        let style = layout.noteStyle
        let lineHeight = theme.noteSize * 1.4
        let ascent = layout.measurer.measure("Hg", style: style).ascent
        for (index, note) in layout.noteLines.enumerated() {
            let text = placer.fit(note, style: style, maxWidth: chart.width - 2 * ChartLayout.margin)
            list.text(text, at: Point(x: ChartLayout.margin, y: layout.notesTop + Double(index) * lineHeight + ascent),
                style: style)
        }
    }

    /// The empty-chart body: a quiet frame with the message centred.
    func paintEmpty(message: String, into list: inout DisplayList, placer: TextPlacer) {
        let plot = layout.plot
        list.stroke(.rect(plot), color: theme.grid, style: StrokeStyle(width: 1))
        let style = TextStyle(size: theme.labelSize * 1.4, color: theme.mutedText)
        let text = placer.fit(message, style: style, maxWidth: plot.width - 20)
        let (origin, _) = placer.box(text, at: Point(x: plot.midX, y: placer.centredBaseline(plot.midY, style: style)),
                                     alignment: .center, style: style)
        list.text(text, at: origin, style: style)
    }
}
