/// Drawing commands collected by the painters, replayed into any ``RenderBackend``.
///
/// Painting into a list first keeps the painters free of generics over noncopyable backends and lets a chart
/// be drawn into several backends from one layout.
struct DisplayList: RenderBackend {
    enum Command: Sendable {
        case begin(width: Double, height: Double, background: Color)
        case fill(Path, Color)
        case stroke(Path, Color, StrokeStyle)
        case markers(Marker, [Point])
        case text(String, Point, TextStyle)
        case pushClip(Rect)
        case popClip
    }

    private(set) var commands: [Command] = []

    mutating func begin(width: Double, height: Double, background: Color) {
        commands.append(.begin(width: width, height: height, background: background))
    }
    mutating func fill(_ path: Path, color: Color) {
        if !path.isEmpty, color.alpha > 0 { commands.append(.fill(path, color)) }
    }
    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) {
        if !path.isEmpty, color.alpha > 0, style.width > 0 { commands.append(.stroke(path, color, style)) }
    }
    /// Records the markers at the finite centres (a non-finite one has nothing to draw).
    mutating func markers(_ marker: Marker, at centers: [Point]) {
        guard !marker.outline.isEmpty else { return }
        let finite = centers.allSatisfy { $0.x.isFinite && $0.y.isFinite }
            ? centers : centers.filter { $0.x.isFinite && $0.y.isFinite }
        guard !finite.isEmpty else { return }
        // The same marker placed again right after: one command with both placements. Each placement is still
        // composited on its own and in order, so the drawing is the same; a backend that stamps a marker (cairo)
        // then stamps a run of equal counted markers instead of drawing each as paths.
        if case .markers(let last, let centers)? = commands.last, last == marker {
            commands[commands.count - 1] = .markers(marker, centers + finite)
            return
        }
        commands.append(.markers(marker, finite))
    }
    mutating func text(_ string: String, at origin: Point, style: TextStyle) {
        if !string.isEmpty { commands.append(.text(string, origin, style)) }
    }
    mutating func pushClip(_ rect: Rect) { commands.append(.pushClip(rect)) }
    mutating func popClip() { commands.append(.popClip) }

    /// Sends every command to `backend` in order.
    func replay<B: RenderBackend & ~Copyable>(into backend: inout B) {
        for command in commands {
            switch command {
            case .begin(let width, let height, let background):
                backend.begin(width: width, height: height, background: background)
            case .fill(let path, let color): backend.fill(path, color: color)
            case .stroke(let path, let color, let style): backend.stroke(path, color: color, style: style)
            case .markers(let marker, let centers): backend.markers(marker, at: centers)
            case .text(let string, let origin, let style): backend.text(string, at: origin, style: style)
            case .pushClip(let rect): backend.pushClip(rect)
            case .popClip: backend.popClip()
            }
        }
    }
}
