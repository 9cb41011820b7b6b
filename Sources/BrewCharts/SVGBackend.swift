/// brewstats' own SVG 1.1 writer: a ``RenderBackend`` that writes each drawing call as one element.
///
/// Why not cairo's SVG surface: it writes every glyph as an outline (a `<symbol>` per glyph and a `<use>` per
/// character) and every coordinate through `printf` with six decimals; in a 1,000-brew report the SVGs were three
/// quarters of the bytes and `printf` under cairo's SVG writer a tenth of the CPU time. This writer draws the same
/// picture (the test suite rasterises both and compares them pixel by pixel, `SVGPixelTests`) with
/// - text as `<text>` at the baseline origin cairo draws it at, in the theme's font stack (``fontFamilies``): DejaVu
///   Sans, whose metrics laid the chart out; kerning and ligatures off, because cairo's text drawing applies neither,
///   so a browser sets the same advance widths cairo measured;
/// - paths with coordinates rounded to 0.01 pt (``SVGSyntax``), absolute or relative, whichever is shorter;
/// - styles as classes in one `<style>` block: each distinct fill, stroke, marker or text style once;
/// - each distinct scatter marker defined once (`<defs>`) and placed with `<use>` at every centre, each placement
///   composited on its own as ``Marker`` defines; placements whose marker lies wholly outside the current clip are
///   left out (they draw nothing);
/// - each clip a `<clipPath>` rectangle, nested `<g clip-path>` groups for nested clips (a clip rectangle used again
///   reuses its definition).
///
/// Output is deterministic: class names, marker and clip ids are numbered in order of first use (`a`, `b`, …;
/// `m0`, `m1`, …; `k0`, `k1`, …); nothing depends on the clock, the process or the thread. The root element keeps
/// cairo's contract with the report's pages, which show the file in an `<img>`: `width` and `height` in pt and a
/// `viewBox` in chart points, so the intrinsic size and aspect ratio are those of the cairo SVG before.
struct SVGBackend: RenderBackend {
    /// The font stack of chart text: DejaVu Sans (the metrics the layout used), then the family it grew from (same
    /// Latin metrics), then the closest common wide sans-serif, then the viewer's default sans-serif.
    static let fontFamilies = "\"DejaVu Sans\",\"Bitstream Vera Sans\",Verdana,sans-serif"

    private var width = 0.0, height = 0.0
    private var body: [UInt8] = []
    private var defs: [UInt8] = []
    /// CSS declarations in order of first use; the index names the class.
    private var classes: [String: Int] = [:]
    private var classOrder: [String] = []
    private var markerIDs: [Marker: Int] = [:]
    private var clipIDs: [Rect: Int] = [:]
    /// The visible area under each open clip group (the intersection of every clip pushed); empty: the canvas.
    private var visible: [Rect] = []

    init() { body.reserveCapacity(1 << 16) }

    mutating func begin(width: Double, height: Double, background: Color) {
        self.width = width
        self.height = height
        fill(.rect(Rect(x: 0, y: 0, width: width, height: height)), color: background)
    }

    mutating func fill(_ path: Path, color: Color) {
        element(path, style: Self.fillStyle(color))
    }

    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) {
        element(path, style: "fill:none;" + Self.strokeStyle(color, style))
    }

    mutating func markers(_ marker: Marker, at centers: [Point]) {
        let id: Int
        if let known = markerIDs[marker] {
            id = known
        } else {
            var data: [UInt8] = []
            guard SVGSyntax.appendPathData(marker.outline, to: &data) else { return }
            id = markerIDs.count
            markerIDs[marker] = id
            var style = marker.fill.map { Self.fillStyle($0) } ?? "fill:none"
            style += ";" + Self.strokeStyle(marker.stroke, StrokeStyle(width: marker.lineWidth))
            defs.append(contentsOf: "<path id=\"m\(id)\" class=\"\(className(style))\" d=\"".utf8)
            defs.append(contentsOf: data)
            defs.append(contentsOf: "\"/>\n".utf8)
        }
        let reference = Array("<use xlink:href=\"#m\(id)\" x=\"".utf8)
        let extent = marker.extent
        let area = visible.last
        for center in centers {
            guard let x = SVGSyntax.hundredths(center.x), let y = SVGSyntax.hundredths(center.y) else { continue }
            if let area,
                !Rect(
                    x: center.x - extent, y: center.y - extent, width: 2 * extent,
                    height: 2 * extent).intersects(area) {
                continue
            }
            body.append(contentsOf: reference)
            SVGSyntax.append(hundredths: x, to: &body)
            body.append(contentsOf: "\" y=\"".utf8)
            SVGSyntax.append(hundredths: y, to: &body)
            body.append(contentsOf: "\"/>\n".utf8)
        }
    }

    mutating func text(_ string: String, at origin: Point, style: TextStyle) {
        guard let x = SVGSyntax.hundredths(origin.x), let y = SVGSyntax.hundredths(origin.y) else { return }
        var css = "font-size:" + SVGSyntax.text(style.size) + "px;" + Self.fillStyle(style.color)
        if style.bold { css += ";font-weight:bold" }
        body.append(contentsOf: "<text class=\"\(className(css))\" x=\"".utf8)
        SVGSyntax.append(hundredths: x, to: &body)
        body.append(contentsOf: "\" y=\"".utf8)
        SVGSyntax.append(hundredths: y, to: &body)
        body.append(contentsOf: (SVGSyntax.needsPreservedSpace(string) ? "\" xml:space=\"preserve\">" : "\">").utf8)
        SVGSyntax.appendEscaped(string, to: &body)
        body.append(contentsOf: "</text>\n".utf8)
    }

    mutating func pushClip(_ rect: Rect) {
        let id: Int
        if let known = clipIDs[rect] {
            id = known
        } else {
            id = clipIDs.count
            clipIDs[rect] = id
            defs.append(contentsOf: "<clipPath id=\"k\(id)\"><rect x=\"".utf8)
            SVGSyntax.append(rect.x, to: &defs)
            defs.append(contentsOf: "\" y=\"".utf8)
            SVGSyntax.append(rect.y, to: &defs)
            defs.append(contentsOf: "\" width=\"".utf8)
            SVGSyntax.append(max(0, rect.width), to: &defs)
            defs.append(contentsOf: "\" height=\"".utf8)
            SVGSyntax.append(max(0, rect.height), to: &defs)
            defs.append(contentsOf: "\"/></clipPath>\n".utf8)
        }
        let outer = visible.last ?? Rect(x: 0, y: 0, width: width, height: height)
        let left = max(outer.x, rect.x), top = max(outer.y, rect.y)
        visible.append(Rect(x: left, y: top, width: max(0, min(outer.maxX, rect.maxX) - left),
                            height: max(0, min(outer.maxY, rect.maxY) - top)))
        body.append(contentsOf: "<g clip-path=\"url(#k\(id))\">\n".utf8)
    }

    mutating func popClip() {
        guard visible.popLast() != nil else { return }
        body.append(contentsOf: "</g>\n".utf8)
    }

    /// The finished document (every clip group still open is closed).
    mutating func finish() -> [UInt8] {
        while !visible.isEmpty { popClip() }
        var out: [UInt8] = []
        out.reserveCapacity(body.count + defs.count + 64 * classOrder.count + 512)
        out.append(contentsOf: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
        out.append(contentsOf: "<svg xmlns=\"http://www.w3.org/2000/svg\" ".utf8)
        out.append(contentsOf: "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"".utf8)
        SVGSyntax.append(width, to: &out)
        out.append(contentsOf: "pt\" height=\"".utf8)
        SVGSyntax.append(height, to: &out)
        out.append(contentsOf: "pt\" viewBox=\"0 0 ".utf8)
        SVGSyntax.append(width, to: &out)
        out.append(UInt8(ascii: " "))
        SVGSyntax.append(height, to: &out)
        out.append(contentsOf: "\" version=\"1.1\">\n<style type=\"text/css\"><![CDATA[\n".utf8)
        // cairo's defaults where SVG's differ: miter limit 10 (SVG: 4). Text as cairo sets it: no kerning, no
        // ligatures, unhinted outlines at the exact size.
        out.append(contentsOf: "path{stroke-miterlimit:10}\n".utf8)
        out.append(contentsOf: "text{font-family:\(Self.fontFamilies);font-kerning:none;".utf8)
        out.append(contentsOf: "font-variant-ligatures:none;text-rendering:geometricPrecision}\n".utf8)
        for (index, declarations) in classOrder.enumerated() {
            out.append(contentsOf: ".\(Self.name(index)){\(declarations)}\n".utf8)
        }
        out.append(contentsOf: "]]></style>\n".utf8)
        if !defs.isEmpty {
            out.append(contentsOf: "<defs>\n".utf8)
            out.append(contentsOf: defs)
            out.append(contentsOf: "</defs>\n".utf8)
        }
        out.append(contentsOf: body)
        out.append(contentsOf: "</svg>\n".utf8)
        return out
    }

    /// One `<path>` of `path` in the class of `style`; nothing when a coordinate is not finite.
    private mutating func element(_ path: Path, style: String) {
        let mark = body.count
        body.append(contentsOf: "<path class=\"\(className(style))\" d=\"".utf8)
        guard SVGSyntax.appendPathData(path, to: &body) else {
            body.removeSubrange(mark...)
            return
        }
        body.append(contentsOf: "\"/>\n".utf8)
    }

    /// The class of `declarations`, registered on first use.
    private mutating func className(_ declarations: String) -> String {
        if let index = classes[declarations] { return Self.name(index) }
        let index = classOrder.count
        classes[declarations] = index
        classOrder.append(declarations)
        return Self.name(index)
    }

    /// Class name number `index`: `a` … `z`, then `ba`, `bb`, … (letters as digits of base 26, never a leading `a`
    /// past the first).
    static func name(_ index: Int) -> String {
        // Asked for every element drawn: the letters written from the last, into a small buffer.
        var digits: [UInt8] = []
        var rest = index
        repeat {
            digits.append(UInt8(ascii: "a") + UInt8(rest % 26))
            rest /= 26
        } while rest > 0
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    private static func fillStyle(_ color: Color) -> String {
        "fill:" + SVGSyntax.hex(color) + (color.alpha < 1 ? ";fill-opacity:" + SVGSyntax.opacity(color.alpha) : "")
    }

    /// The stroke declarations (no fill): width, colour, opacity, dashes, and round caps and joins when asked
    /// (SVG's defaults are cairo's: butt caps, miter joins, no dashes).
    private static func strokeStyle(_ color: Color, _ style: StrokeStyle) -> String {
        var css = "stroke:" + SVGSyntax.hex(color) + ";stroke-width:" + SVGSyntax.text(style.width)
        if color.alpha < 1 { css += ";stroke-opacity:" + SVGSyntax.opacity(color.alpha) }
        if !style.dash.isEmpty { css += ";stroke-dasharray:" + style.dash.map(SVGSyntax.text).joined(separator: ",") }
        if style.round { css += ";stroke-linecap:round;stroke-linejoin:round" }
        return css
    }
}

/// Encoding a display list as SVG (``SVGBackend``).
enum SVGOutput {
    /// The SVG document of `list` on a `width × height` pt canvas.
    static func encode(_ list: DisplayList, width: Double, height: Double) -> [UInt8] {
        var backend = SVGBackend()
        list.replay(into: &backend)
        // A list always begins with its canvas; one that does not still gets the requested size.
        return backend.finishing(width: width, height: height)
    }
}

extension SVGBackend {
    /// ``finish()`` with the canvas size set to `width × height` when no `begin` set it.
    mutating func finishing(width: Double, height: Double) -> [UInt8] {
        if self.width == 0 && self.height == 0 {
            self.width = width
            self.height = height
        }
        return finish()
    }
}
