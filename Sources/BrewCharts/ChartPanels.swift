/// Small multiples: a chart whose ``Chart/panels`` are drawn one under another on one canvas, their plots aligned
/// so they share the x axis.
///
/// Layout: panel *k* takes `panels[k].height` points of the canvas, top to bottom (the figure's height should be
/// their sum; a figure given another height scales every panel's height in proportion). Every plot gets the same left
/// and right edge (the widest y labels of any panel set the left), so one x value is one canvas column in every panel;
/// give the panels the same x domain and ticks. The first panel draws its title, subtitle and legend as any chart does;
/// a later panel should have an empty title: its blank title line is tucked under the panel above, so its y-axis title
/// sits just below that panel. Show the x axis on the last panel only (``AxisSpec/visible`` false above it: the
/// vertical grid lines still mark the ticks), and put the notes there.
///
/// Drawn bottom panel first, so each panel's canvas covers only the blank top of the one below it.
enum ChartPanels {
    /// The points of blank space kept above a later panel's y-axis title.
    static let gap = 6.0

    static func displayList(_ chart: Chart, theme: Theme, measurer: some TextMeasuring) -> DisplayList {
        var panels = chart.panels
        // A figure resized as a whole (a PDF page's content width) resizes its panels in proportion.
        let natural = panels.map(\.height).reduce(0, +)
        if natural > 0, chart.height > 0, abs(chart.height - natural) > 0.01 {
            for k in panels.indices { panels[k].height *= chart.height / natural }
        }
        let heights = panels.map(\.height)
        let titleStyle = TextStyle(size: theme.titleSize, bold: true, color: theme.text)
        // The blank top of a panel with an empty title and no legend: margin, the title line, 16 points.
        let tucked = ChartLayout.margin + measurer.measure(" ", style: titleStyle).height + 16 - gap
        var tops: [Double] = []
        var y = 0.0
        for k in panels.indices {
            if k > 0 {
                panels[k].height += tucked
                tops.append(y - tucked)
            } else {
                tops.append(y)
            }
            y += heights[k]
        }
        var left = 0.0, right = Double.infinity
        for panel in panels where panel.emptyMessage == nil && !panel.marks.isEmpty {
            let plot = ChartLayout(chart: panel, theme: theme, measurer: measurer).plot
            left = max(left, plot.x)
            right = min(right, plot.maxX)
        }
        var list = DisplayList()
        list.begin(width: chart.width, height: chart.height, background: theme.background)
        for k in panels.indices.reversed() {
            var panel = panels[k]
            panel.width = chart.width
            panel.minimumPlotLeft = left
            panel.maximumPlotRight = right
            list.append(ChartRenderer.displayList(panel, theme: theme, measurer: measurer),
                offsetBy: Point(x: 0, y: tops[k]))
        }
        return list
    }
}
