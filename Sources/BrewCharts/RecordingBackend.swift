/// A backend that records every drawing call as a line of text, for readable chart tests and goldens.
/// Markers are recorded as the fills and strokes that define them (``RenderBackend/drawMarkers(_:at:)``).
///
/// Numbers are rounded to one decimal so goldens survive harmless floating-point noise. Example lines:
///
///     canvas 720x405 background #FFFFFF
///     fill M24,60 L40,60 L40,80 L24,80 Z #333333
///     stroke M24,380 L696,380 #404040 w1 dash[3,2]
///     text "Brews per week" (24,40) 16 bold #111111
///     clip (60,70 600x300)
public struct RecordingBackend: RenderBackend {
    /// The recorded lines, in drawing order.
    public private(set) var lines: [String] = []

    /// An empty recording.
    public init() {}

    /// The whole log, one call per line, ending in a newline.
    public var log: String { lines.joined(separator: "\n") + "\n" }

    /// Records the canvas.
    public mutating func begin(width: Double, height: Double, background: Color) {
        lines.append("canvas \(Self.format(width))x\(Self.format(height)) background \(background)")
    }

    /// Records a fill.
    public mutating func fill(_ path: Path, color: Color) {
        lines.append("fill \(Self.describe(path)) \(color)")
    }

    /// Records a stroke.
    public mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) {
        var line = "stroke \(Self.describe(path)) \(color) w\(Self.format(style.width))"
        if !style.dash.isEmpty { line += " dash[" + style.dash.map(Self.format).joined(separator: ",") + "]" }
        if style.round { line += " round" }
        lines.append(line)
    }

    /// Records text.
    public mutating func text(_ string: String, at origin: Point, style: TextStyle) {
        lines.append("text \"\(string)\" (\(Self.format(origin.x)),\(Self.format(origin.y))) \(Self.format(style.size))"
            + (style.bold ? " bold" : "") + " \(style.color)")
    }

    /// Records a clip.
    public mutating func pushClip(_ rect: Rect) {
        lines.append(
            "clip (\(Self.format(rect.x)),\(Self.format(rect.y)) " +
                "\(Self.format(rect.width))x\(Self.format(rect.height)))")
    }

    /// Records the end of a clip.
    public mutating func popClip() { lines.append("unclip") }

    /// One decimal, without a trailing ".0"; negative zero prints as 0.
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    static func describe(_ path: Path) -> String {
        let p: (Point) -> String = { "\(format($0.x)),\(format($0.y))" }
        return path.elements.map { element in
            switch element {
            case .move(let a): "M" + p(a)
            case .line(let a): "L" + p(a)
            case .curve(let a, let b, let c): "C" + p(a) + " " + p(b) + " " + p(c)
            case .close: "Z"
            }
        }.joined(separator: " ")
    }
}

/// A deterministic, font-free text measurer used with ``RecordingBackend``, so goldens do not depend on the
/// fonts installed. Widths approximate DejaVu Sans: 0.6 em per character, 1 em for wide (CJK) characters,
/// 0.32 em for spaces and narrow punctuation; ascent 0.76 em, descent 0.24 em.
public struct ApproximateTextMeasurer: TextMeasuring {
    /// Creates the measurer.
    public init() {}

    /// Approximate size of `text`.
    public func measure(_ text: String, style: TextStyle) -> TextSize {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20, 0x2E, 0x2C, 0x3A, 0x3B, 0x69, 0x6C, 0x49, 0x7C, 0x27, 0x21: ems += 0.32
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60: ems += 1.0
            default: ems += scalar.properties.generalCategory == .nonspacingMark ? 0 : (style.bold ? 0.66 : 0.6)
            }
        }
        return TextSize(width: ems * style.size, ascent: 0.76 * style.size, descent: 0.24 * style.size)
    }
}
