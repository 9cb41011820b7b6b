/// A spot a label may take: its baseline anchor, how the text aligns on it, and a penalty added to the weight
/// of what it covers (a spot further from what the label names is worse, even when it covers nothing).
struct LabelCandidate: Sendable, Hashable {
    var anchor: Point
    var alignment: TextAlignment
    var penalty: Double = 0
}

/// Something drawn that a label should not hide: a data mark's box or a stretch of a line.
struct LabelObstacle: Sendable {
    enum Shape: Sendable {
        case rect(Rect)
        case segment(Point, Point)
    }
    var shape: Shape
    /// How bad covering it is: 1 for a data point, cell or bar; less for a stretch of a line.
    var weight: Double

    /// Whether `rect` covers any part of the obstacle.
    func intersects(_ rect: Rect) -> Bool {
        switch shape {
        case .rect(let box): return box.intersects(rect)
        case .segment(let a, let b): return Self.segment(a, b, meets: rect)
        }
    }

    /// Liang–Barsky: whether the segment from `a` to `b` passes through `rect`.
    static func segment(_ a: Point, _ b: Point, meets rect: Rect) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - rect.x), (dx, rect.maxX - a.x), (-dy, a.y - rect.y), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}

/// Text fitting and collision avoidance for labels.
///
/// ``fit(_:style:maxWidth:)`` shortens a label with a trailing ellipsis (on grapheme boundaries, so é and 日本
/// are never split) until it fits. ``place(_:candidates:style:maxWidth:padding:required:)`` tries a label at
/// each candidate spot in order and takes the first that overlaps no label placed earlier and covers no
/// ``obstacles`` (data marks); when every free spot covers data, it takes the one covering least (by weight,
/// earliest on ties). A label overlapping earlier text at every spot is refused (`nil`) unless `required`, so
/// labels never collide; earlier labels win.
struct TextPlacer {
    let measurer: any TextMeasuring
    let bounds: Rect
    private(set) var placed: [Rect] = []
    /// Data marks labels should keep clear of, set by the mark painter before it places mark labels.
    var obstacles: [LabelObstacle] = []

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
    func box(
        _ text: String, at anchor: Point, alignment: TextAlignment, style: TextStyle
    ) -> (origin: Point, rect: Rect) {
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

    /// The total weight of the obstacles `rect` covers, line segments scaled by `lineFactor`.
    func cost(of rect: Rect, lineFactor: Double = 1) -> Double {
        var total = 0.0
        for obstacle in obstacles where obstacle.intersects(rect) {
            if case .segment = obstacle.shape {
                total += obstacle.weight * lineFactor
            } else {
                total += obstacle.weight
            }
        }
        return total
    }

    /// Fits, positions and records a label at one spot; returns `nil` (and records nothing) when it would overlap
    /// an earlier label. The label is shifted horizontally to stay inside ``bounds``.
    mutating func place(_ text: String, at anchor: Point, alignment: TextAlignment, style: TextStyle,
                        maxWidth: Double = .infinity, padding: Double = 2, force: Bool = false) -> (String, Point,
                        Rect)? {
        place(text, candidates: [LabelCandidate(anchor: anchor, alignment: alignment)], style: style,
              maxWidth: maxWidth, padding: padding, required: force)
    }

    /// Fits a label and records it at the best of `candidates` (see ``TextPlacer``); `nil` when every spot
    /// overlaps earlier text and the label is not `required` (a required label then takes its first spot).
    ///
    /// `lineFactor` scales what covering a line costs: a label with a glyph halo hides far less of a line than
    /// one on an opaque box.
    mutating func place(_ text: String, candidates: [LabelCandidate], style: TextStyle, maxWidth: Double = .infinity,
                        padding: Double = 2, required: Bool = false, lineFactor: Double = 1) -> (String, Point, Rect)? {
        guard !candidates.isEmpty else { return nil }
        let fitted = fit(text, style: style, maxWidth: min(maxWidth, bounds.width))
        var best: (origin: Point, rect: Rect, cost: Double)?
        var first: (origin: Point, rect: Rect)?
        for candidate in candidates {
            var (origin, rect) = box(fitted, at: candidate.anchor, alignment: candidate.alignment, style: style)
            if rect.x < bounds.x { origin.x += bounds.x - rect.x; rect.x = bounds.x }
            if rect.maxX > bounds.maxX { origin.x -= rect.maxX - bounds.maxX; rect.x -= rect.maxX - bounds.maxX }
            if first == nil { first = (origin, rect) }
            let padded = rect.insetBy(-padding)
            if placed.contains(where: { $0.intersects(padded) }) { continue }
            let cost = candidates.count == 1 ? 0 : cost(of: padded, lineFactor: lineFactor) + candidate.penalty
            if best == nil || cost < best!.cost { best = (origin, rect, cost) }
            if cost == 0 { break }
        }
        guard let chosen = best.map({ ($0.origin, $0.rect) }) ?? (required ? first : nil) else { return nil }
        placed.append(chosen.1)
        return (fitted, chosen.0, chosen.1)
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
