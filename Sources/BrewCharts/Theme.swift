/// How one data series looks: told apart by grey level, marker shape and dash in monochrome themes.
public struct SeriesStyle: Sendable, Hashable {
    /// Stroke and fill colour.
    public var color: Color
    /// Marker shape.
    public var shape: PointShape
    /// Dash pattern for lines; empty is solid.
    public var dash: [Double]
    /// Whether markers are filled (otherwise outlined).
    public var filled: Bool
    /// Creates a series style.
    public init(color: Color, shape: PointShape, dash: [Double] = [], filled: Bool = true) {
        self.color = color
        self.shape = shape
        self.dash = dash
        self.filled = filled
    }
}

/// Colours and type sizes for every chart element.
///
/// ``monochrome`` (the default) uses only black and greys on white; ``dark`` is its inverse for dark pages;
/// ``colour`` adds an Okabe–Ito palette (safe for colour-blind readers) to the series while keeping the shapes
/// and dashes, so it still reads in greyscale.
public struct Theme: Sendable, Hashable {
    /// A short name used in file names ("mono", "dark", "colour").
    public var name: String
    /// Canvas background.
    public var background: Color
    /// Titles and primary text.
    public var text: Color
    /// Subtitles, tick labels, notes.
    public var mutedText: Color
    /// Region names inside the plot (lighter than tick labels, so they never read as axis labels).
    public var regionText: Color
    /// Axis lines and tick marks.
    public var axis: Color
    /// Grid lines.
    public var grid: Color
    /// Bar fill.
    public var bar: Color
    /// Shaded ranges (ideal bands).
    public var band: Color
    /// Outline of shaded ranges.
    public var bandEdge: Color
    /// Emphasised marks (sweet spot).
    public var emphasis: Color
    /// Density ramp start: the shade of a cell with the fewest brews.
    public var densityLow: Color
    /// Density ramp end: the shade of the fullest cell. Kept short of the text colour, so reference lines and
    /// labels drawn over the densest cells stay readable.
    public var densityHigh: Color
    /// Series styles, indexed by a mark's `series` (wrapping around).
    public var series: [SeriesStyle]
    /// The font family.
    public var fontFamily: String
    /// Title size in points.
    public var titleSize: Double
    /// Subtitle size.
    public var subtitleSize: Double
    /// Axis title, legend and annotation size.
    public var labelSize: Double
    /// Tick label size.
    public var tickSize: Double
    /// Note size.
    public var noteSize: Double

    /// The series index used for quiet reference lines (e.g. lines of constant brew ratio).
    public static let guideSeries = 4

    /// The series index of emphasised bars (the report week's bar): drawn in ``emphasis``, not a series colour.
    public static let emphasisSeries = -1

    /// The fill of a bar of series `index`: ``bar`` for 0, ``emphasis`` for ``emphasisSeries``, else the series'
    /// colour.
    public func barColor(_ index: Int) -> Color {
        index == 0 ? bar : index == Self.emphasisSeries ? emphasis : style(index).color
    }

    /// The style of series `index` (wrapping around the list).
    public func style(_ index: Int) -> SeriesStyle { series[((index % series.count) + series.count) % series.count] }

    /// Black and greys on white. Series: 0 near-black filled discs and solid lines; 1 mid-grey open circles and
    /// dashed lines; 2 dark-grey triangles and dotted lines; 3 grey squares and dash-dot lines; 4 light-grey
    /// solid reference lines (``guideSeries``).
    public static let monochrome = Theme(
        name: "mono", background: .gray(1), text: .gray(0.08), mutedText: .gray(0.36), regionText: .gray(0.5),
        axis: .gray(0.3), grid: .gray(0.87), bar: .gray(0.3), band: .gray(0.94), bandEdge: .gray(0.72),
        emphasis: .gray(0),
        densityLow: .gray(0.9), densityHigh: .gray(0.3),
        series: [
            SeriesStyle(color: .gray(0.1), shape: .circle),
            SeriesStyle(color: .gray(0.42), shape: .circle, dash: [6, 3], filled: false),
            SeriesStyle(color: .gray(0.25), shape: .triangle, dash: [1.5, 2.5]),
            SeriesStyle(color: .gray(0.55), shape: .square, dash: [8, 3, 2, 3]),
            SeriesStyle(color: .gray(0.7), shape: .diamond),
        ],
        fontFamily: "DejaVu Sans", titleSize: 16, subtitleSize: 11, labelSize: 10, tickSize: 9.5, noteSize: 9)

    /// Light greys on near-black, for dark pages. The band is only a little lighter than the background and the
    /// grid clearly lighter than both, so grid lines stay visible inside shaded ranges; the density ramp stops at
    /// a mid grey, so dense cells do not glare.
    public static let dark = Theme(
        name: "dark", background: .gray(0.1), text: .gray(0.95), mutedText: .gray(0.68), regionText: .gray(0.56),
        axis: .gray(0.7), grid: .gray(0.27), bar: .gray(0.75), band: .gray(0.16), bandEdge: .gray(0.42),
        emphasis: .gray(1),
        densityLow: .gray(0.17), densityHigh: .gray(0.52),
        series: [
            SeriesStyle(color: .gray(0.93), shape: .circle),
            SeriesStyle(color: .gray(0.66), shape: .circle, dash: [6, 3], filled: false),
            SeriesStyle(color: .gray(0.8), shape: .triangle, dash: [1.5, 2.5]),
            SeriesStyle(color: .gray(0.55), shape: .square, dash: [8, 3, 2, 3]),
            SeriesStyle(color: .gray(0.4), shape: .diamond),
        ],
        fontFamily: "DejaVu Sans", titleSize: 16, subtitleSize: 11, labelSize: 10, tickSize: 9.5, noteSize: 9)

    /// The monochrome layout with Okabe–Ito colours for series and bars. Emphasis (the sweet-spot rule) stays
    /// near-black: every Okabe–Ito hue is taken by a series, and the warm ones sit too close to the orange points.
    public static let colour: Theme = {
        var theme = Theme.monochrome
        theme.name = "colour"
        theme.bar = .hex(0x0072B2)
        theme.band = .hex(0x009E73, alpha: 0.14)
        theme.bandEdge = .hex(0x009E73, alpha: 0.5)
        theme.emphasis = .gray(0.1)
        theme.densityLow = .hex(0xDCEAF5)
        theme.densityHigh = .hex(0x2B5C8A)
        theme.series = [
            SeriesStyle(color: .hex(0x0072B2), shape: .circle),
            SeriesStyle(color: .hex(0xE69F00), shape: .circle, dash: [6, 3], filled: false),
            SeriesStyle(color: .hex(0x009E73), shape: .triangle, dash: [1.5, 2.5]),
            SeriesStyle(color: .hex(0xCC79A7), shape: .square, dash: [8, 3, 2, 3]),
            SeriesStyle(color: .gray(0.7), shape: .diamond),
        ]
        return theme
    }()
}
