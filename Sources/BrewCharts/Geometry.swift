/// A position on the canvas in points, origin top left, y down.
public struct Point: Sendable, Hashable {
    /// Horizontal position in points.
    public var x: Double
    /// Vertical position in points (down is positive).
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle on the canvas, in points.
public struct Rect: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (never negative when built with ``init(x:y:width:height:)`` from sane inputs).
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle spanning two corners in any order.
    public init(corner a: Point, corner b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }

    /// Whether the two rectangles share interior area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The rectangle grown by `amount` on every side (negative shrinks).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }

    /// Whether `point` lies inside or on the edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }
}

/// A vector path: sub-paths of straight and cubic segments. Backends fill or stroke it.
public struct Path: Sendable, Hashable {
    /// One path instruction.
    public enum Element: Sendable, Hashable {
        /// Start a sub-path.
        case move(Point)
        /// Straight segment.
        case line(Point)
        /// Cubic Bézier segment with two control points.
        case curve(Point, Point, Point)
        /// Close the sub-path.
        case close
    }

    /// The instructions in order.
    public private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// Whether the path has no instructions.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a sub-path.
    public mutating func move(to point: Point) { elements.append(.move(point)) }
    /// Adds a straight segment.
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    /// Adds a cubic segment.
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, point))
    }
    /// Closes the sub-path.
    public mutating func close() { elements.append(.close) }

    /// A closed rectangle.
    public static func rect(_ rect: Rect) -> Path {
        polygon([Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y),
                 Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY)])
    }

    /// A closed polygon through `points`; fewer than two points give an empty path.
    public static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard points.count >= 2 else { return path }
        path.move(to: points[0])
        for point in points.dropFirst() { path.line(to: point) }
        path.close()
        return path
    }

    /// An open polyline through `points`; fewer than two points give an empty path.
    public static func polyline(_ points: [Point]) -> Path {
        var path = Path()
        guard points.count >= 2 else { return path }
        path.move(to: points[0])
        for point in points.dropFirst() { path.line(to: point) }
        return path
    }

    /// A straight segment.
    public static func segment(_ a: Point, _ b: Point) -> Path { polyline([a, b]) }

    /// A circle approximated by four cubic arcs (error below 0.03 % of the radius).
    public static func circle(center: Point, radius: Double) -> Path {
        let k = 0.5522847498 * radius
        let (cx, cy, r) = (center.x, center.y, radius)
        var path = Path()
        path.move(to: Point(x: cx + r, y: cy))
        path.curve(to: Point(x: cx, y: cy + r), control1: Point(x: cx + r, y: cy + k),
            control2: Point(x: cx + k, y: cy + r))
        path.curve(to: Point(x: cx - r, y: cy), control1: Point(x: cx - k, y: cy + r),
            control2: Point(x: cx - r, y: cy + k))
        path.curve(to: Point(x: cx, y: cy - r), control1: Point(x: cx - r, y: cy - k),
            control2: Point(x: cx - k, y: cy - r))
        path.curve(to: Point(x: cx + r, y: cy), control1: Point(x: cx + k, y: cy - r),
            control2: Point(x: cx + r, y: cy - k))
        path.close()
        return path
    }
}
