/// The paper and margins of a ``ReportDocument``, in points (1/72 inch).
///
/// Content flows inside the margins; the page footer sits in the bottom margin. Every page of a document has
/// the same geometry.
public struct PageGeometry: Sendable, Hashable {
    /// Page width.
    public var width: Double
    /// Page height.
    public var height: Double
    /// Left and right margin.
    public var sideMargin: Double
    /// Top margin.
    public var topMargin: Double
    /// Bottom margin; the footer is drawn inside it, so keep it at least 36 pt.
    public var bottomMargin: Double

    /// Creates a geometry. Margins are clamped so the content area is at least 100 × 100 pt.
    public init(
        width: Double, height: Double, sideMargin: Double = 50, topMargin: Double = 54, bottomMargin: Double = 62
    ) {
        self.width = max(width, 100)
        self.height = max(height, 100)
        self.sideMargin = min(max(sideMargin, 0), (self.width - 100) / 2)
        self.topMargin = min(max(topMargin, 0), self.height - 100)
        self.bottomMargin = min(max(bottomMargin, 0), self.height - 100 - self.topMargin)
    }

    /// A4 portrait, 595 × 842 pt (210 × 297 mm rounded to whole points), with 50 pt side margins.
    public static let a4 = PageGeometry(width: 595, height: 842)

    /// The area content flows into.
    public var content: Rect {
        Rect(x: sideMargin, y: topMargin, width: width - 2 * sideMargin, height: height - topMargin - bottomMargin)
    }
}

/// Type sizes, colours and spacing of a document, derived from a chart ``Theme`` so documents and their charts
/// share one look (same family, greys and background).
struct DocumentStyle {
    let theme: Theme

    var title: TextStyle { TextStyle(size: 22, bold: true, color: theme.text) }
    var subtitle: TextStyle { TextStyle(size: 12, color: theme.mutedText) }
    var heading: TextStyle { TextStyle(size: 13.5, bold: true, color: theme.text) }
    var body: TextStyle { TextStyle(size: 10.5, color: theme.text) }
    var note: TextStyle { TextStyle(size: 8.5, color: theme.mutedText) }
    var tableHeader: TextStyle { TextStyle(size: 9, bold: true, color: theme.text) }
    var tableCell: TextStyle { TextStyle(size: 9, color: theme.text) }
    var figureLabel: TextStyle { TextStyle(size: 8.5, color: theme.mutedText) }
    var figureValue: TextStyle { TextStyle(size: 18, bold: true, color: theme.text) }
    var figureDetail: TextStyle { TextStyle(size: 8.5, color: theme.mutedText) }
    var footer: TextStyle { TextStyle(size: 8, color: theme.mutedText) }

    /// Line advance as a multiple of the type size.
    let leading = 1.42
    /// Space between consecutive blocks.
    let blockGap = 12.0
    /// Extra space above a heading (on top of ``blockGap``).
    let headingGap = 10.0
    /// Height of one table row.
    let rowHeight = 16.0
    /// Horizontal padding inside table cells and figure tiles.
    let cellPadding = 5.0
    /// Figure tiles per row.
    let figuresPerRow = 3
    /// Gap between figure tiles.
    let tileGap = 10.0

    /// The line advance for `style`.
    func lineHeight(_ style: TextStyle) -> Double { (style.size * leading).rounded(toPlaces: 1) }

    /// The chart theme used inside documents: the document theme with print-sized text (the screen sizes are
    /// tuned for 720 pt canvases; a page's content is about 500 pt wide).
    var chartTheme: Theme {
        var chart = theme
        chart.titleSize = 12.5
        chart.subtitleSize = 9.5
        chart.labelSize = 8.5
        chart.tickSize = 8
        chart.noteSize = 7.5
        return chart
    }
}

private extension Double {
    /// Rounded to `places` decimals (for stable layout numbers in recorded logs).
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
