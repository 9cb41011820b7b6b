/// Text fitting and collision avoidance for labels.
///
/// ``fit(_:style:maxWidth:)`` shortens a label with a trailing ellipsis (on grapheme boundaries, so é and 日本
/// are never split) until it fits. ``place(_:at:alignment:style:maxWidth:padding:)`` lays a label out and
/// refuses it when it would overlap one placed earlier, so labels never collide; earlier labels win.
struct TextPlacer {
    let measurer: any TextMeasuring
    let bounds: Rect
    private(set) var placed: [Rect] = []

    init(measurer: any TextMeasuring, bounds: Rect) {
        self.measurer = measurer
        self.bounds = bounds
    }

    /// `text` if it fits in `maxWidth`, otherwise its longest prefix plus "…" that fits (at least "…").
    func fit(_ text: String, style: TextStyle, maxWidth: Double) -> String {
        if measurer.measure(text, style: style).width <= maxWidth { return text }
        let characters = Array(text)
        var low = 0
        var high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            let candidate = String(characters[0..<mid]).trimmingTrailingSpaces() + "…"
            if measurer.measure(candidate, style: style).width <= maxWidth { low = mid } else { high = mid - 1 }
        }
        return String(characters[0..<low]).trimmingTrailingSpaces() + "…"
    }

    /// The box of `text` with its baseline anchored at `anchor` under `alignment`.
    func box(_ text: String, at anchor: Point, alignment: TextAlignment, style: TextStyle) -> (origin: Point, rect: Rect) {
        let size = measurer.measure(text, style: style)
        let x: Double
        switch alignment {
        case .leading: x = anchor.x
        case .center: x = anchor.x - size.width / 2
        case .trailing: x = anchor.x - size.width
        }
        let origin = Point(x: x, y: anchor.y)
        return (origin, Rect(x: x, y: anchor.y - size.ascent, width: size.width, height: size.height))
    }

    /// Fits, positions and records a label; returns `nil` (and records nothing) when it would overlap an
    /// earlier label. The label is shifted horizontally to stay inside ``bounds``.
    mutating func place(_ text: String, at anchor: Point, alignment: TextAlignment, style: TextStyle,
                        maxWidth: Double = .infinity, padding: Double = 2, force: Bool = false) -> (String, Point, Rect)? {
        let fitted = fit(text, style: style, maxWidth: min(maxWidth, bounds.width))
        var (origin, rect) = box(fitted, at: anchor, alignment: alignment, style: style)
        if rect.x < bounds.x { origin.x += bounds.x - rect.x; rect.x = bounds.x }
        if rect.maxX > bounds.maxX { origin.x -= rect.maxX - bounds.maxX; rect.x -= rect.maxX - bounds.maxX }
        let padded = rect.insetBy(-padding)
        if !force, placed.contains(where: { $0.intersects(padded) }) { return nil }
        placed.append(rect)
        return (fitted, origin, rect)
    }

    /// Marks an area (e.g. a legend) as taken.
    mutating func reserve(_ rect: Rect) { placed.append(rect) }

    /// The baseline y that vertically centres text of `style` on `y`.
    func centredBaseline(_ y: Double, style: TextStyle) -> Double {
        let size = measurer.measure("Hg", style: style)
        return y + (size.ascent - size.descent) / 2
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
