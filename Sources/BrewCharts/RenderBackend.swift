/// How a path's outline is drawn.
public struct StrokeStyle: Sendable, Hashable {
    /// Line width in points.
    public var width: Double
    /// Alternating on/off lengths in points; empty is solid.
    public var dash: [Double]
    /// Whether line ends and corners are rounded (otherwise butt ends and miter corners).
    public var round: Bool

    /// Creates a stroke style.
    public init(width: Double, dash: [Double] = [], round: Bool = false) {
        self.width = width
        self.dash = dash
        self.round = round
    }
}

/// A font request for chart text.
public struct TextStyle: Sendable, Hashable {
    /// Em size in points.
    public var size: Double
    /// Bold weight.
    public var bold: Bool
    /// Text colour.
    public var color: Color

    /// Creates a text style.
    public init(size: Double, bold: Bool = false, color: Color) {
        self.size = size
        self.bold = bold
        self.color = color
    }
}

/// The measured extent of one line of text, in points.
public struct TextSize: Sendable, Hashable {
    /// Advance width.
    public var width: Double
    /// Height above the baseline.
    public var ascent: Double
    /// Depth below the baseline (positive).
    public var descent: Double

    /// Creates a text size.
    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// Ascent plus descent.
    public var height: Double { ascent + descent }
}

/// Measures text for layout. The measurer used for layout must match the backend that draws.
public protocol TextMeasuring: Sendable {
    /// The size of `text` set on one line in `style`. Empty text has zero width.
    func measure(_ text: String, style: TextStyle) -> TextSize
}

/// The small drawing vocabulary every chart is rendered through: paths, fills, strokes, markers, text and clips.
///
/// Backends receive fully laid-out primitives in canvas points (origin top left, y down); they make no layout
/// decisions. ``RecordingBackend`` writes a readable log for tests; the cairo backend produces PNG and PDF,
/// ``SVGBackend`` SVG.
public protocol RenderBackend: ~Copyable {
    /// Called once before anything else with the canvas size and background colour.
    mutating func begin(width: Double, height: Double, background: Color)
    /// Fills `path` (non-zero winding).
    mutating func fill(_ path: Path, color: Color)
    /// Strokes `path`.
    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle)
    /// Draws `marker` at each of `centers` in order; the default implementation (fills and strokes) defines
    /// the result, a backend may only draw it faster.
    mutating func markers(_ marker: Marker, at centers: [Point])
    /// Draws one line of text with its baseline starting at `origin`.
    mutating func text(_ string: String, at origin: Point, style: TextStyle)
    /// Restricts drawing to `rect` until the matching ``popClip()``. Clips nest.
    mutating func pushClip(_ rect: Rect)
    /// Removes the clip pushed last.
    mutating func popClip()
}
