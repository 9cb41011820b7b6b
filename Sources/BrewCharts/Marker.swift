/// A scatter marker: one outline, filled and stroked the same way, drawn at many centres.
///
/// Scatter plots draw the same small shape thousands of times. Handing the shape to the backend once with all
/// its centres lets a backend draw it once and place copies (``RenderBackend/markers(_:at:)``).
///
/// Drawing one marker at centre `c` means, in this order: fill `outline` moved by `c` in `fill` (when set),
/// then stroke it in `stroke` with `lineWidth`, butt caps and miter joins. Markers are drawn in the order of
/// their centres, each complete before the next, so translucent fills of overlapping markers compound.
public struct Marker: Sendable, Hashable {
    /// The shape around the origin (its centre), in points.
    public var outline: Path
    /// The fill colour, or `nil` for a hollow marker.
    public var fill: Color?
    /// The outline colour.
    public var stroke: Color
    /// The outline width in points.
    public var lineWidth: Double

    /// Creates a marker.
    public init(outline: Path, fill: Color?, stroke: Color, lineWidth: Double) {
        self.outline = outline
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
    }

    /// Half the side of the square, centred on the origin, that holds everything one marker paints: the
    /// outline's farthest coordinate plus the line width (half of it for the stroke, half for miter corners of
    /// 60° or more).
    public var extent: Double {
        var far = 0.0
        for element in outline.elements {
            switch element {
            case .move(let p), .line(let p): far = max(far, abs(p.x), abs(p.y))
            case .curve(let a, let b, let c): far = max(far, abs(a.x), abs(a.y), abs(b.x), abs(b.y), abs(c.x), abs(c.y))
            case .close: break
            }
        }
        // A miter corner reaches width / (2 sin(θ / 2)) past the outline at a corner of angle θ: 1 × width for
        // the sharpest marker corner (60°, the triangle). Sharper corners than that would be cut off.
        return far + lineWidth
    }
}

extension RenderBackend where Self: ~Copyable {
    /// Draws `marker` at each of `centers` with ``drawMarkers(_:at:)``.
    public mutating func markers(_ marker: Marker, at centers: [Point]) { drawMarkers(marker, at: centers) }

    /// Draws `marker` at each of `centers`, one after the other, as fills and strokes of the moved outline.
    ///
    /// This is the definition every backend's own `markers` must match; backends without a faster way use it.
    public mutating func drawMarkers(_ marker: Marker, at centers: [Point]) {
        for center in centers {
            let path = marker.outline.offset(by: center)
            if let fill = marker.fill { self.fill(path, color: fill) }
            stroke(path, color: marker.stroke, style: StrokeStyle(width: marker.lineWidth))
        }
    }
}
