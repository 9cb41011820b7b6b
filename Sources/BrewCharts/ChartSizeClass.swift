/// The screen a chart is laid out for. A chart is drawn for its screen, not shrunk onto it: the phone class has its
/// own layout, so no chart text is under 11 CSS px on a 390 px phone and no chart needs sideways scrolling.
///
/// - canvas width: regular — the spec's (720 pt, 480 pt on bean pages); phone — ``ChartSizeClass/phoneWidth`` (340 pt,
///   shown at the phone's content width: 358 CSS px at 390 px)
/// - canvas height: regular — the spec's; phone — the guides' room plus a plot of ``ChartSizeClass/phonePlotAspect`` ×
///   the width
/// - text: regular — the theme's (ticks 9.5 pt); phone — at least 11 pt (``Theme/forPhone``)
/// - title, subtitle, notes: regular — one line each, shortened with an ellipsis to fit; phone — wrapped over as many
///   lines as they need
/// - legend: regular — one row under the subtitle; entries that do not fit are left out; phone — below the plot, as
///   many rows as it needs
/// - ticks: regular — about one per 70 pt of axis; phone — the same rule on the shorter axis (fewer ticks); a spec's
///   explicit ticks thinned to at most 5
public enum ChartSizeClass: Sendable, Hashable {
    case regular
    case phone

    /// The phone canvas width in points: shown at 358 CSS px (a 390 px screen less the page's 16 px margins), its
    /// 11 pt text is 11.6 CSS px.
    public static let phoneWidth = 340.0
    /// The phone plot's height as a share of the canvas width.
    public static let phonePlotAspect = 0.62
    /// The smallest text size of the phone class, in points.
    public static let phoneMinimumTextSize = 11.0
    /// At most this many explicit ticks on a phone axis (every other one is kept until they fit).
    public static let phoneTickLimit = 5
}

extension Chart {
    /// This chart laid out for `size`: the same data and marks, the phone class's canvas width (the height follows
    /// from the guides when it is drawn; see ``ChartSizeClass``). Panels follow their figure.
    public func sized(for size: ChartSizeClass) -> Chart {
        guard size == .phone else { return self }
        var chart = self
        chart.sizeClass = .phone
        let scale = ChartSizeClass.phoneWidth / max(1, width)
        chart.width = ChartSizeClass.phoneWidth
        chart.height = max(200, height * scale)
        chart.panels = panels.map { panel in
            var p = panel
            p.sizeClass = .phone
            p.width = ChartSizeClass.phoneWidth
            p.height = max(120, panel.height * max(scale, 0.75))
            return p
        }
        if !chart.panels.isEmpty { chart.height = chart.panels.map(\.height).reduce(0, +) }
        for axis in [\Chart.x, \Chart.y] {
            if let ticks = chart[keyPath: axis].ticks { chart[keyPath: axis].ticks = Self.thinned(ticks) }
        }
        return chart
    }

    /// `ticks` with every other one dropped until at most ``ChartSizeClass/phoneTickLimit`` are left (the first kept).
    static func thinned(_ ticks: [Double]) -> [Double] {
        var t = ticks
        while t.count > ChartSizeClass.phoneTickLimit {
            t = t.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        return t
    }
}

extension Theme {
    /// The theme with the phone class's type sizes: nothing under ``ChartSizeClass/phoneMinimumTextSize``.
    public var forPhone: Theme {
        var t = self
        let floor = ChartSizeClass.phoneMinimumTextSize
        t.titleSize = max(14, floor)
        t.subtitleSize = max(11.5, floor)
        t.labelSize = max(11.5, floor)
        t.tickSize = floor
        t.noteSize = floor
        return t
    }

    /// The dark counterpart drawn for a page read in dark mode: ``dark`` for the monochrome theme, the colour theme's
    /// palette on the dark background for ``colour``, and itself for a dark theme. Every mark keeps its contrast: it is
    /// drawn in the dark theme's colours, not inverted.
    public var darkVariant: Theme {
        if isDark { return self }
        guard name == Theme.colour.name else { return .dark }
        var t = Theme.dark
        t.name = "colour-dark"
        t.bar = .hex(0x56B4E9)
        t.band = .hex(0x009E73, alpha: 0.22)
        t.bandEdge = .hex(0x009E73, alpha: 0.6)
        t.series = [
            SeriesStyle(color: .hex(0x56B4E9), shape: .circle),
            SeriesStyle(color: .hex(0xE69F00), shape: .circle, dash: [6, 3], filled: false),
            SeriesStyle(color: .hex(0x009E73), shape: .triangle, dash: [1.5, 2.5]),
            SeriesStyle(color: .hex(0xCC79A7), shape: .square, dash: [8, 3, 2, 3]),
            SeriesStyle(color: .gray(0.45), shape: .diamond),
        ]
        return t
    }

    /// Whether the theme draws on a dark background (relative luminance under one half).
    public var isDark: Bool {
        let c = background
        return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue < 0.5
    }
}
