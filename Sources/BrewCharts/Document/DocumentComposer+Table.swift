/// Column widths for a ``DocumentTable`` at a given total width.
///
/// Each column's natural width is its widest cell or heading plus padding (and 1 pt of slack). When the
/// natural widths fit, the spare width goes to the text (non-numeric) columns in proportion to their natural
/// widths, so the table spans the content width; a table of only numeric columns shares it equally. When they
/// do not fit, numeric columns keep their natural width (together at most 60 % of the total, scaled down
/// beyond that) and the text columns share the rest by water-filling: narrow columns keep their width and the
/// widest are cut to a common cap, their cells ellipsised.
struct TableColumns {
    /// The width of each column, summing to the available width (up to rounding).
    let widths: [Double]

    init(_ table: DocumentTable, width available: Double, padding: Double, minimum: Double = 24,
         measure: (String, _ header: Bool) -> Double) {
        let count = table.columnCount
        guard count > 0 else {
            widths = []
            return
        }
        // One point of slack keeps a cell that exactly fills its natural width clear of floating-point noise
        // in `width − padding` (it would otherwise be ellipsised).
        let extra = 2 * padding + 1
        var natural = Array(repeating: minimum, count: count)
        for (column, text) in table.header.enumerated() {
            natural[column] = max(natural[column], measure(text, true) + extra)
        }
        for row in table.rows {
            for (column, text) in row.enumerated() {
                natural[column] = max(natural[column], measure(text, false) + extra)
            }
        }
        let numeric = (0..<count).filter { table.numericColumns.contains($0) }
        let text = (0..<count).filter { !table.numericColumns.contains($0) }
        let total = natural.reduce(0, +)
        var widths = natural
        if total <= available {
            let spare = available - total
            if text.isEmpty {
                for column in 0..<count { widths[column] += spare / Double(count) }
            } else {
                let textTotal = text.reduce(0) { $0 + natural[$1] }
                for column in text { widths[column] += spare * natural[column] / textTotal }
            }
        } else {
            let numericTotal = numeric.reduce(0) { $0 + natural[$1] }
            let numericBudget = text.isEmpty ? available : min(numericTotal, 0.6 * available)
            if numericTotal > 0 {
                for column in numeric { widths[column] = natural[column] * numericBudget / numericTotal }
            }
            let cap = Self.waterLevel(text.map { natural[$0] }, budget: available - numericBudget)
            for column in text { widths[column] = min(natural[column], cap) }
        }
        self.widths = widths
    }

    /// The cap `c` with `Σ min(wᵢ, c) = budget` (or the even share when even that is too much).
    static func waterLevel(_ naturals: [Double], budget: Double) -> Double {
        guard !naturals.isEmpty else { return 0 }
        let sorted = naturals.sorted()
        var used = 0.0
        for (index, width) in sorted.enumerated() {
            let remaining = Double(sorted.count - index)
            if used + width * remaining >= budget { return max(0, (budget - used) / remaining) }
            used += width
        }
        return sorted.last!
    }
}

extension DocumentComposer {
    /// A table: header, then rows; when a row does not fit, the page is closed with a rule and the table
    /// continues on the next page under a repeated header. The header never stands alone at a page bottom.
    mutating func addTable(_ table: DocumentTable) {
        let columns = TableColumns(table, width: content.width, padding: style.cellPadding) { text, header in
            measurer.measure(text, style: header ? style.tableHeader : style.tableCell).width
        }
        guard !columns.widths.isEmpty else { return }
        let hasHeader = !table.header.isEmpty
        let rowHeight = style.rowHeight
        let headerHeight = hasHeader ? rowHeight + 2 : 1
        let firstRow = table.rows.isEmpty ? 0 : rowHeight
        var top = flow.place(height: headerHeight, gap: style.blockGap, keepWithNext: firstRow)
        paintHeader(table, columns: columns, top: top)
        for (index, row) in table.rows.enumerated() {
            if !flow.fits(rowHeight) {
                paintRule(at: flow.cursor, width: 0.8)
                flow.newPage()
                top = flow.place(height: headerHeight)
                paintHeader(table, columns: columns, top: top)
            }
            let rowTop = flow.place(height: rowHeight)
            if index % 2 == 1 {
                flow.page.fill(.rect(Rect(x: content.x, y: rowTop, width: content.width, height: rowHeight)),
                               color: style.theme.band)
            }
            paintCells(row, table: table, columns: columns, top: rowTop, style: style.tableCell)
        }
        paintRule(at: flow.cursor, width: 0.8)
    }

    private mutating func paintHeader(_ table: DocumentTable, columns: TableColumns, top: Double) {
        paintRule(at: top, width: 0.8)
        guard !table.header.isEmpty else { return }
        paintCells(table.header, table: table, columns: columns, top: top + 1, style: style.tableHeader)
        paintRule(at: top + 1 + style.rowHeight, width: 0.5)
    }

    private mutating func paintCells(_ cells: [String], table: DocumentTable, columns: TableColumns, top: Double,
                                     style textStyle: TextStyle) {
        let placer = TextPlacer(measurer: measurer, bounds: content)
        let y = baseline(top: top, lineHeight: style.rowHeight, style: textStyle)
        var x = content.x
        for (column, width) in columns.widths.enumerated() {
            defer { x += width }
            guard column < cells.count else { continue }
            let inner = max(0, width - 2 * style.cellPadding)
            // Cells are single lines: line breaks inside a cell become spaces.
            let cell = cells[column].split(whereSeparator: \.isNewline).joined(separator: " ")
            let fitted = placer.fit(cell, style: textStyle, maxWidth: inner)
            let textWidth = measurer.measure(fitted, style: textStyle).width
            let originX = table.numericColumns.contains(column) ? x + width - style.cellPadding - textWidth
                : x + style.cellPadding
            flow.page.text(fitted, at: Point(x: originX, y: y), style: textStyle)
        }
    }

    private mutating func paintRule(at y: Double, width: Double) {
        flow.page.stroke(.segment(Point(x: content.x, y: y), Point(x: content.maxX, y: y)), color: style.theme.axis,
                         style: StrokeStyle(width: width))
    }
}
