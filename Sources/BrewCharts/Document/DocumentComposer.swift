/// Lays ``DocumentBlock``s out into pages: text wrapped with the layout's measurer, keep-with-next for titles
/// and headings, whole charts and figure rows, tables continued with their header repeated.
///
/// The measurer must match the backend that draws (``CairoTextMeasurer`` for PDF, ``ApproximateTextMeasurer``
/// for recorded logs), exactly as for charts.
struct DocumentComposer {
    let style: DocumentStyle
    let measurer: any TextMeasuring
    let breaker: LineBreaker
    var flow: PageFlow

    init(geometry: PageGeometry, theme: Theme, measurer: any TextMeasuring) {
        self.style = DocumentStyle(theme: theme)
        self.measurer = measurer
        self.breaker = LineBreaker(measurer: measurer)
        self.flow = PageFlow(geometry: geometry)
    }

    var content: Rect { flow.content }

    /// After ``compose(_:title:)``: each page's share of its content height used, and whether it ends a section
    /// (``PageFlow/fills``); the last page ends the document.
    var fills: [(used: Double, endsSection: Bool)] {
        flow.isPageEmpty && !flow.fills.isEmpty ? flow.fills
            : flow.fills + [((flow.cursor - content.y) / content.height, true)]
    }

    /// Lays out every block, then adds backgrounds and "brewstats · title · page N of M" footers.
    mutating func compose(_ blocks: [DocumentBlock], title: String) -> [DisplayList] {
        for (index, block) in blocks.enumerated() {
            let next = blocks[(index + 1)...].first { !isBlank($0) }
            add(block, nextLead: next.map(lead) ?? 0)
        }
        let style = self.style
        let measurer = self.measurer
        let geometry = flow.geometry
        return flow.finishedPages(background: style.theme.background) { index, count, list in
            Self.paintFooter(title: title, page: index + 1, of: count, geometry: geometry, style: style,
                             measurer: measurer, into: &list)
        }
    }

    // MARK: Blocks

    private mutating func add(_ block: DocumentBlock, nextLead: Double) {
        switch block {
        case .title, .heading, .pageBreak: flow.placingSectionStart = true
        default: flow.placingSectionStart = false
        }
        switch block {
        case .title(let title, let subtitle): addTitle(title, subtitle: subtitle, nextLead: nextLead)
        case .heading(let text): addHeading(text, nextLead: nextLead)
        case .paragraph(let text): addText(text, style: style.body, gap: style.blockGap)
        case .note(let text): addText(text, style: style.note, gap: style.blockGap * 0.75)
        case .bullets(let items): addBullets(items)
        case .figures(let figures): addFigures(figures)
        case .table(let table): addTable(table)
        case .chart(let chart, let height): addChart(chart, height: height)
        case .chartRow(let charts, let height): addChartRow(charts, height: height)
        case .pageBreak: if !flow.isPageEmpty { flow.newPage() }
        }
    }

    /// Whether a block draws nothing (so it is skipped when looking for what a heading must stay with).
    private func isBlank(_ block: DocumentBlock) -> Bool {
        switch block {
        case .title(let title, let subtitle):
            return title.allSatisfy(\.isWhitespace) && (subtitle ?? "").allSatisfy(\.isWhitespace)
        case .heading(let text), .paragraph(let text), .note(let text): return text.allSatisfy(\.isWhitespace)
        case .bullets(let items): return items.allSatisfy { $0.allSatisfy(\.isWhitespace) }
        case .figures(let figures): return figures.isEmpty
        case .table(let table): return table.columnCount == 0
        case .chart: return false
        case .chartRow(let charts, _): return charts.isEmpty
        case .pageBreak: return false
        }
    }

    /// The height of the smallest leading piece of `block` that must share a page with a heading before it.
    private func lead(_ block: DocumentBlock) -> Double {
        switch block {
        case .title, .heading: return style.lineHeight(style.heading)
        case .paragraph: return style.blockGap + 2 * style.lineHeight(style.body)
        case .note: return style.blockGap + style.lineHeight(style.note)
        case .bullets: return style.blockGap + style.lineHeight(style.body)
        case .figures(let figures):
            let columns = figureColumns(figures.count)
            return style.blockGap + tileRowHeight(
                Array(figures.prefix(columns)), tileWidth: tileWidth(columns: columns))
        case .table(let table): return style.blockGap + style.rowHeight * (table.header.isEmpty ? 1 : 2) + 4
        case .chart(let chart, let height): return chartCanvas(chart, height: height).height
        case .chartRow(_, let height): return min(max(height, 80), content.height + ChartLayout.margin)
        case .pageBreak: return 0
        }
    }

    private mutating func addTitle(_ title: String, subtitle: String?, nextLead: Double) {
        let titleLines = breaker.lines(title, style: style.title, width: content.width)
        let subtitleLines = breaker.lines(subtitle ?? "", style: style.subtitle, width: content.width)
        guard !titleLines.isEmpty || !subtitleLines.isEmpty else { return }
        let titleHeight = style.lineHeight(style.title)
        let subtitleHeight = style.lineHeight(style.subtitle)
        let ruleGap = 8.0
        let height = Double(titleLines.count) * titleHeight + Double(subtitleLines.count) * subtitleHeight + ruleGap
        var y = flow.place(height: height, gap: style.blockGap, keepWithNext: nextLead)
        for line in titleLines {
            flow.page.text(line,
                at: Point(x: content.x, y: baseline(top: y, lineHeight: titleHeight, style: style.title)),
                style: style.title)
            y += titleHeight
        }
        for line in subtitleLines {
            flow.page.text(line,
                           at: Point(x: content.x,
                               y: baseline(top: y, lineHeight: subtitleHeight, style: style.subtitle)),
                           style: style.subtitle)
            y += subtitleHeight
        }
        y += ruleGap
        flow.page.stroke(.segment(Point(x: content.x, y: y), Point(x: content.maxX, y: y)), color: style.theme.axis,
                         style: StrokeStyle(width: 1))
    }

    private mutating func addHeading(_ text: String, nextLead: Double) {
        let lines = breaker.lines(text, style: style.heading, width: content.width)
        guard !lines.isEmpty else { return }
        let lineHeight = style.lineHeight(style.heading)
        var y = flow.place(height: Double(lines.count) * lineHeight, gap: style.blockGap + style.headingGap,
                           keepWithNext: nextLead)
        for line in lines {
            flow.page.text(line,
                           at: Point(x: content.x, y: baseline(top: y, lineHeight: lineHeight, style: style.heading)),
                           style: style.heading)
            y += lineHeight
        }
    }

    /// Wrapped text that may continue on the next page line by line (never leaving its first line alone at
    /// the bottom of a page).
    private mutating func addText(_ text: String, style textStyle: TextStyle, gap: Double, indent: Double = 0,
                                  marker: String? = nil) {
        let lines = breaker.lines(text, style: textStyle, width: content.width - indent)
        let lineHeight = style.lineHeight(textStyle)
        for (index, line) in lines.enumerated() {
            let first = index == 0
            let top = flow.place(height: lineHeight, gap: first ? gap : 0,
                                 keepWithNext: first && lines.count > 1 ? lineHeight : 0)
            let y = baseline(top: top, lineHeight: lineHeight, style: textStyle)
            if first, let marker {
                flow.page.text(marker, at: Point(x: content.x + 3, y: y), style: textStyle)
            }
            flow.page.text(line, at: Point(x: content.x + indent, y: y), style: textStyle)
        }
    }

    private mutating func addBullets(_ items: [String]) {
        var first = true
        for item in items where !item.allSatisfy(\.isWhitespace) {
            addText(item, style: style.body, gap: first ? style.blockGap : 3, indent: 15, marker: "•")
            first = false
        }
    }

    // MARK: Figures

    private mutating func addFigures(_ figures: [HeadlineFigure]) {
        guard !figures.isEmpty else { return }
        let columns = figureColumns(figures.count)
        let tileWidth = tileWidth(columns: columns)
        var start = 0
        while start < figures.count {
            let row = Array(figures[start..<min(start + columns, figures.count)])
            let height = tileRowHeight(row, tileWidth: tileWidth)
            let top = flow.place(height: height, gap: start == 0 ? style.blockGap : style.tileGap)
            for (offset, figure) in row.enumerated() {
                let tile = Rect(x: content.x + Double(offset) * (tileWidth + style.tileGap), y: top,
                                width: tileWidth, height: height)
                paintTile(figure, in: tile)
            }
            start += columns
        }
    }

    private var tilePadding: Double { 8 }

    /// Tiles per row for `count` figures: as few rows as ``DocumentStyle/figuresPerRow`` allows, filled evenly
    /// (4 figures make two rows of 2, 5 make 3 + 2), so no row holds a lone tile when that can be avoided.
    private func figureColumns(_ count: Int) -> Int {
        guard count > 0 else { return 1 }
        let rows = (count + style.figuresPerRow - 1) / style.figuresPerRow
        return (count + rows - 1) / rows
    }

    private func tileWidth(columns: Int) -> Double {
        (content.width - Double(columns - 1) * style.tileGap) / Double(columns)
    }

    /// The height of a row of tiles: the tallest tile (details wrap to at most two lines).
    private func tileRowHeight(_ row: [HeadlineFigure], tileWidth: Double) -> Double {
        let details = row.map { detailLines($0, width: tileWidth).count }.max() ?? 0
        return 2 * tilePadding + style.lineHeight(style.figureLabel) + style.lineHeight(style.figureValue)
            + Double(details) * style.lineHeight(style.figureDetail)
    }

    private func detailLines(_ figure: HeadlineFigure, width: Double) -> [String] {
        let inner = width - 2 * style.cellPadding - 4
        var lines = breaker.lines(figure.detail ?? "", style: style.figureDetail, width: inner)
        if lines.count > 2 {
            lines = [lines[0], lines[1] + " " + lines[2...].joined(separator: " ")]
        }
        let placer = TextPlacer(measurer: measurer, bounds: content)
        return lines.map { placer.fit($0, style: style.figureDetail, maxWidth: inner) }
    }

    private mutating func paintTile(_ figure: HeadlineFigure, in tile: Rect) {
        flow.page.fill(.rect(tile), color: style.theme.band)
        flow.page.fill(.rect(Rect(x: tile.x, y: tile.y, width: 2.5, height: tile.height)), color: style.theme.axis)
        let placer = TextPlacer(measurer: measurer, bounds: tile)
        let x = tile.x + style.cellPadding + 4
        let inner = tile.width - 2 * style.cellPadding - 4
        var y = tile.y + tilePadding
        let parts: [(String, TextStyle)] = [(figure.label, style.figureLabel), (figure.value, style.figureValue)]
            + detailLines(figure, width: tile.width).map { ($0, style.figureDetail) }
        for (index, (text, var textStyle)) in parts.enumerated() {
            let lineHeight = style.lineHeight(textStyle)
            if index == 1 { textStyle.size = shrunkSize(text, style: textStyle, maxWidth: inner) }
            let fitted = placer.fit(text, style: textStyle, maxWidth: inner)
            flow.page.text(fitted, at: Point(x: x, y: baseline(top: y, lineHeight: lineHeight, style: textStyle)),
                style: textStyle)
            y += lineHeight
        }
    }

    /// The type size, between two thirds of `style.size` and `style.size` in half-point steps, at which `text`
    /// fits in `maxWidth` (the smallest when it fits at none; the caller ellipsises then).
    private func shrunkSize(_ text: String, style textStyle: TextStyle, maxWidth: Double) -> Double {
        let width = measurer.measure(text, style: textStyle).width
        guard width > maxWidth, width > 0 else { return textStyle.size }
        let smallest = (textStyle.size * 2 / 3 * 2).rounded(.up) / 2
        let wanted = (textStyle.size * maxWidth / width * 2).rounded(.down) / 2
        return max(smallest, wanted)
    }

    // MARK: Charts


    /// The canvas a chart is laid out on: the content width plus the chart's own side margins, so the chart's
    /// title lines up with the text; `height` clamped to 80 pt … one page. Without a given height, an ordinary chart
    /// (no panels) is at most half a page tall, so two fit on a page (a 420 pt chart becomes 389 pt on A4).
    ///
    /// Without a given height, a chart keeps its designed height even on a narrower page: titles, legend, axis
    /// labels and notes keep their type size, so scaling the height with the width would squash the plot between
    /// them (a control chart at page width lost a third of its plot and its labels collided). Narrower and as
    /// tall, the plot keeps about its designed proportions.
    private func chartCanvas(_ chart: Chart, height: Double?) -> Rect {
        let margin = ChartLayout.margin
        let width = content.width + 2 * margin
        // Two ordinary charts to a page: the first sits at the top with its top margin in the page margin.
        let half = ((content.height + margin) / 2).rounded(.down)
        var canvasHeight = height ?? (chart.panels.isEmpty ? min(chart.height, half) : chart.height)
        if !canvasHeight.isFinite { canvasHeight = 0.6 * width }
        canvasHeight = min(max(canvasHeight, 80), content.height + margin)
        return Rect(x: content.x - margin, y: 0, width: width, height: canvasHeight)
    }

    private mutating func addChart(_ chart: Chart, height: Double?) {
        let canvas = chartCanvas(chart, height: height)
        var sized = chart
        sized.width = canvas.width
        sized.height = canvas.height
        // The chart's own top margin separates it from the block above, and its bottom margin counts towards
        // the next gap. At the top of a page the top margin is pulled up into the page margin instead.
        let margin = ChartLayout.margin
        if !flow.fits(canvas.height) { flow.newPage() }
        let canvasTop: Double
        if flow.isPageEmpty {
            canvasTop = flow.place(height: canvas.height - margin, trailing: margin) - margin
        } else {
            canvasTop = flow.place(height: canvas.height, trailing: margin)
        }
        let list = ChartRenderer.displayList(sized, theme: style.chartTheme, measurer: measurer)
        flow.page.append(list, offsetBy: Point(x: canvas.x, y: canvasTop))
    }

    /// Charts side by side (``DocumentBlock/chartRow(_:height:)``): the row's canvas spans the content width and its
    /// margins, each chart an equal share, drawn in the phone size class at print sizes.
    private mutating func addChartRow(_ charts: [Chart], height: Double) {
        guard !charts.isEmpty else { return }
        let margin = ChartLayout.margin
        let width = content.width + 2 * margin
        let canvasHeight = min(max(height, 80), content.height + margin)
        let share = (width / Double(charts.count)).rounded(.down)
        if !flow.fits(canvasHeight) { flow.newPage() }
        let top = flow.isPageEmpty ? flow.place(height: canvasHeight - margin, trailing: margin) - margin
            : flow.place(height: canvasHeight, trailing: margin)
        for (k, chart) in charts.enumerated() {
            var sized = chart
            sized.sizeClass = .phone
            sized.width = share
            sized.height = canvasHeight
            sized.panels = chart.panels.map { panel in
                var p = panel
                p.sizeClass = .phone
                return p
            }
            let list = ChartRenderer.displayList(sized, theme: style.chartTheme, measurer: measurer)
            flow.page.append(list, offsetBy: Point(x: content.x - margin + Double(k) * share, y: top))
        }
    }

    // MARK: Helpers

    /// The baseline that centres one line of `textStyle` in a line box of `lineHeight` starting at `top`.
    func baseline(top: Double, lineHeight: Double, style textStyle: TextStyle) -> Double {
        let size = measurer.measure("Hg", style: textStyle)
        return top + (lineHeight - size.height) / 2 + size.ascent
    }

    private static func paintFooter(title: String, page: Int, of count: Int, geometry: PageGeometry,
                                    style: DocumentStyle, measurer: any TextMeasuring, into list: inout DisplayList) {
        let content = geometry.content
        let ruleY = content.maxY + 16
        list.stroke(.segment(Point(x: content.x, y: ruleY), Point(x: content.maxX, y: ruleY)),
                    color: style.theme.grid, style: StrokeStyle(width: 0.5))
        let prefix = "brewstats · "
        let suffix = " · page \(page) of \(count)"
        let placer = TextPlacer(measurer: measurer, bounds: content)
        let text: String
        if title.allSatisfy(\.isWhitespace) {
            text = "brewstats" + suffix
        } else {
            let room = content.width - measurer.measure(prefix + suffix, style: style.footer).width
            text = prefix + placer.fit(title, style: style.footer, maxWidth: max(room, 0)) + suffix
        }
        let width = measurer.measure(text, style: style.footer).width
        let size = measurer.measure("Hg", style: style.footer)
        list.text(text, at: Point(x: content.midX - width / 2, y: ruleY + 6 + size.ascent), style: style.footer)
    }
}
