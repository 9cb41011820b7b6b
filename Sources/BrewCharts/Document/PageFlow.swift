/// The page state of a flowing layout: the finished pages, the page being filled and the cursor on it.
///
/// Content is placed in vertical slices. ``place(height:gap:keepWithNext:)`` puts a slice below the cursor
/// after `gap` points, or at the top of a new page when it (plus what must stay with it) does not fit. Gaps
/// are dropped at the top of a page, and shrink by the empty space the previous slice already left at its
/// bottom (a chart's own margin). Footers are added once the page count is known (``finishedPages(footer:)``).
struct PageFlow {
    let geometry: PageGeometry
    /// Drawing of each finished page's content (no background, no footer).
    private(set) var pages: [DisplayList] = []
    /// The content of the page being filled.
    var page = DisplayList()
    /// Top of the free space on the current page.
    private(set) var cursor: Double
    /// Whether anything has been placed on the current page.
    private(set) var isPageEmpty = true
    /// Blank space at the bottom of the last slice placed, which counts towards the next gap.
    private var trailingSpace = 0.0
    /// For each finished page, the share of its content height used, and whether the page ended because a section
    /// began (a heading, a title or an explicit page break came next) rather than because the next block did not fit.
    private(set) var fills: [(used: Double, endsSection: Bool)] = []
    /// Set by the composer while it places a block that begins a section (see ``fills``).
    var placingSectionStart = false

    init(geometry: PageGeometry) {
        self.geometry = geometry
        self.cursor = geometry.content.y
    }

    /// The content area of every page.
    var content: Rect { geometry.content }

    /// Whether `height` more points fit below the cursor after `gap`.
    func fits(_ height: Double, gap: Double = 0) -> Bool {
        isPageEmpty || cursor + effectiveGap(gap) + height <= content.maxY + 0.001
    }

    /// Reserves a slice of `height` points and returns its top.
    ///
    /// - Parameters:
    ///   - gap: Space wanted above the slice (dropped at the top of a page).
    ///   - keepWithNext: Extra height that must fit on the same page after the slice (for headings, and so a
    ///     paragraph's first line is not left alone); the cursor only advances by `height`.
    ///   - trailing: Blank space inside the slice at its bottom, subtracted from the next gap.
    mutating func place(height: Double, gap: Double = 0, keepWithNext: Double = 0, trailing: Double = 0) -> Double {
        if !fits(height + keepWithNext, gap: gap) { newPage() }
        let top = isPageEmpty ? cursor : cursor + effectiveGap(gap)
        cursor = top + height
        isPageEmpty = false
        trailingSpace = trailing
        return top
    }

    /// Finishes the current page and starts an empty one.
    mutating func newPage() {
        fills.append(((cursor - content.y) / content.height, placingSectionStart))
        pages.append(page)
        page = DisplayList()
        cursor = content.y
        isPageEmpty = true
        trailingSpace = 0
    }

    /// Every page (the current one included, so there is always at least one): background, content, then the
    /// footer drawn by `footer(pageIndex, pageCount, &list)`.
    func finishedPages(background: Color, footer: (Int, Int, inout DisplayList) -> Void) -> [DisplayList] {
        var all = pages
        if !isPageEmpty || all.isEmpty { all.append(page) }
        return all.enumerated().map { index, content in
            var list = DisplayList()
            list.begin(width: geometry.width, height: geometry.height, background: background)
            list.append(content, offsetBy: Point(x: 0, y: 0))
            footer(index, all.count, &list)
            return list
        }
    }

    private func effectiveGap(_ gap: Double) -> Double { max(0, gap - trailingSpace) }
}
