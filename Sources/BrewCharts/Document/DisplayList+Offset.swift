extension DisplayList {
    /// Appends `other` (e.g. a chart laid out on its own canvas) moved by `offset` and clipped to its canvas.
    ///
    /// The embedded list's `begin` becomes a fill of its canvas rectangle in its background colour, so a chart
    /// keeps its background on a page; everything it draws stays inside that rectangle.
    mutating func append(_ other: DisplayList, offsetBy offset: Point) {
        var clipped = false
        for command in other.commands {
            switch command {
            case .begin(let width, let height, let background):
                let canvas = Rect(x: offset.x, y: offset.y, width: width, height: height)
                fill(.rect(canvas), color: background)
                if !clipped {
                    pushClip(canvas)
                    clipped = true
                }
            case .fill(let path, let color): fill(path.offset(by: offset), color: color)
            case .stroke(let path, let color, let style): stroke(path.offset(by: offset), color: color, style: style)
            case .markers(let marker, let centers):
                markers(marker, at: centers.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) })
            case .text(let string, let origin, let style):
                text(string, at: Point(x: origin.x + offset.x, y: origin.y + offset.y), style: style)
            case .pushClip(let rect):
                pushClip(Rect(x: rect.x + offset.x, y: rect.y + offset.y, width: rect.width, height: rect.height))
            case .popClip: popClip()
            }
        }
        if clipped { popClip() }
    }
}

extension Path {
    /// The same path moved by `offset`.
    func offset(by offset: Point) -> Path {
        let move = { (p: Point) in Point(x: p.x + offset.x, y: p.y + offset.y) }
        var path = Path()
        for element in elements {
            switch element {
            case .move(let p): path.move(to: move(p))
            case .line(let p): path.line(to: move(p))
            case .curve(let a, let b, let c): path.curve(to: move(c), control1: move(a), control2: move(b))
            case .close: path.close()
            }
        }
        return path
    }
}
