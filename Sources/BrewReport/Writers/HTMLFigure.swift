import BrewCharts
import Foundation

/// A chart on the report page: full content width, a click that enlarges it, and hover details on its points
/// when it has few enough of them.
///
/// - **Enlarge**: the image links to a CSS-only lightbox (`:target`, no script): the chart at up to 1600 px on a
///   dark backdrop, scrollable on a phone (it is drawn at least 1000 px wide there), closed by its × link or
///   the browser's back button. The lightbox image links to the chart file itself.
/// - **Hover details**: a chart drawing at most ``hoverPointLimit`` individual points gets an inline SVG
///   overlay with one invisible circle per point, positioned where the chart draws it, whose `<title>` the
///   browser shows on hover: the series, then each axis title with the logged value (a jittered point shows
///   its real setting). Above the limit (or for merged or binned points) there is no overlay: hundreds of
///   circles would make the page heavy and the tooltips would stack.
/// - **Dark mode**: charts drawn on a light background follow `prefers-color-scheme: dark` through a CSS
///   `invert(1) hue-rotate(180deg)` filter — exact for the monochrome theme (white ↔ black, greys mirrored),
///   hue-preserving for the colour theme; charts drawn in the dark theme are left as they are.
enum HTMLFigure {
    /// Most points a chart may draw for its hover overlay (see the type's discussion).
    static let hoverPointLimit = 300

    /// One chart's `<figure>`: its image with the hover overlay and the lightbox, or, when no format is an image
    /// a browser shows (PDF only), a link to the file in place of the image.
    /// - Parameters:
    ///   - chart: The chart drawn, for the hover overlay; `nil` for none.
    ///   - overlay: The chart's overlay when already made (``hoverOverlay(_:theme:drawn:)`` from the layout the files
    ///     were drawn from); `nil` to make it here from `chart`.
    static func figure(stem: String, title: String, image: String?, links: [String], chart: Chart? = nil,
                       theme: Theme = .monochrome, overlay made: String? = nil) -> String {
        let e = HTML.escape
        let list = links.map { "<a href=\"\(e(HTMLReport.href($0)))\">\(e(($0 as NSString).pathExtension.uppercased()))</a>" }.joined(separator: " · ")
        guard let image else {
            let main = links.first.map { "<a class=\"file\" href=\"\(e(HTMLReport.href($0)))\">Open the chart (\(e(($0 as NSString).pathExtension.uppercased())))</a>" } ?? ""
            return "<figure id=\"\(e(stem))\">\(main)<figcaption>\(e(title)) <span class=\"muted\">\(list)</span></figcaption></figure>\n"
        }
        let src = e(HTMLReport.href(image))
        let zoom = e("zoom-" + stem)
        let tone = isLight(theme) ? " light" : ""
        let overlay = made ?? chart.map { hoverOverlay($0, theme: theme) } ?? ""
        return "<figure id=\"\(e(stem))\" class=\"chart\(tone)\"><a class=\"plot\" href=\"#\(zoom)\" title=\"Enlarge\">"
            + "<img src=\"\(src)\" alt=\"\(e(title))\" loading=\"lazy\">\(overlay)</a>"
            + "<figcaption>\(e(title)) <span class=\"muted\">\(list)</span></figcaption>"
            + "<div class=\"zoom\" id=\"\(zoom)\"><a class=\"close\" href=\"#\(e(stem))\" aria-label=\"Close\">×</a>"
            + "<a class=\"full\" href=\"\(src)\"><img src=\"\(src)\" alt=\"\(e(title)), enlarged\" loading=\"lazy\"></a></div></figure>\n"
    }

    /// Whether charts drawn in `theme` have a light background (and so are inverted in dark mode).
    static func isLight(_ theme: Theme) -> Bool {
        let c = theme.background
        return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue > 0.5
    }

    /// The inline `<svg>` hover overlay of `chart` (see the type's discussion), or `""` when it draws no
    /// individual point or more than ``hoverPointLimit``.
    /// - Parameter drawn: The chart already laid out (``ChartRenderer/layout(_:theme:)``, as the files were drawn);
    ///   `nil` to lay it out here.
    static func hoverOverlay(_ chart: Chart, theme: Theme, drawn: LaidOutChart? = nil) -> String {
        let spots = hoverSpots(chart, theme: theme, drawn: drawn)
        guard !spots.isEmpty else { return "" }
        let e = HTML.escape
        var svg = "<svg class=\"hover\" aria-hidden=\"true\" viewBox=\"0 0 \(coordinate(chart.width)) \(coordinate(chart.height))\" preserveAspectRatio=\"none\">"
        for s in spots {
            svg += "<circle cx=\"\(coordinate(s.x))\" cy=\"\(coordinate(s.y))\" r=\"6\"><title>\(e(s.text))</title></circle>"
        }
        return svg + "</svg>"
    }

    /// A point of the overlay: its canvas position (chart points) and its tooltip.
    struct Spot: Equatable {
        let x: Double
        let y: Double
        let text: String
    }

    /// The overlay's points: the chart drawn with cairo's text metrics (so the layout is the one of the written
    /// files) into a backend that keeps only the marker centres; each point mark's individual points are matched,
    /// in order, with the next marker call of the same length. Empty when the chart has no point mark, draws more
    /// than ``hoverPointLimit`` points, or a mark's points are not drawn one by one.
    static func hoverSpots(_ chart: Chart, theme: Theme, drawn: LaidOutChart? = nil) -> [Spot] {
        guard chart.emptyMessage == nil else { return [] }
        var points: [(mark: PointMark, values: [(x: String, y: String, count: Int)])] = []
        var total = 0
        for case .point(let mark) in chart.marks {
            // Cheap bound first: a mark of more points than the limit allows (20× for a count-sized mark, whose
            // repeats merge) gets no overlay, without hashing or formatting a large chart's points.
            let raw = min(mark.x.count, mark.y.count)
            let tooMany = mark.sizedByCount ? raw > 20 * hoverPointLimit : (mark.weights == nil && raw > hoverPointLimit)
            if tooMany { return [] }
            let values = pointValues(mark, chart: chart)
            // A count-sized mark draws one marker per distinct position; any other mark one per point (its values).
            total += values.isEmpty ? (mark.sizedByCount ? 0 : drawnCount(mark)) : values.count
            guard total <= hoverPointLimit else { return [] }
            if !values.isEmpty { points.append((mark, values)) }
        }
        guard total > 0 else { return [] }
        var capture = MarkerCapture()
        if let drawn {
            drawn.replay(into: &capture)
        } else {
            // The measurer ChartRenderer.render uses for the files, so the positions are the drawn ones.
            ChartRenderer.draw(chart, theme: theme, measurer: CairoTextMeasurer(), into: &capture)
        }
        var calls = capture.calls[...]
        var spots: [Spot] = []
        for (mark, values) in points {
            // The next run of consecutive marker calls holding exactly this mark's markers (one call for points
            // drawn one by one; one call per marker for count-sized markers, whose sizes differ).
            var found: (Range<Int>, [Point])?
            search: for k in calls.indices {
                var centers: [Point] = []
                for j in k..<calls.endIndex {
                    centers += calls[j]
                    if centers.count == values.count { found = (k..<(j + 1), centers); break search }
                    if centers.count > values.count || !mark.sizedByCount { break }
                }
            }
            guard let (range, centers) = found else { return [] }
            calls = calls[range.upperBound...]
            let xTitle = chart.x.title.map(axisName) ?? "x", yTitle = chart.y.title.map(axisName) ?? "y"
            for (c, v) in zip(centers, values) {
                let head = mark.label.map { $0 + ": " } ?? ""
                let count = mark.sizedByCount ? " · \(v.count) \(v.count == 1 ? String(mark.noun.dropLast(mark.noun.hasSuffix("s") ? 1 : 0)) : mark.noun)" : ""
                spots.append(Spot(x: c.x, y: c.y, text: "\(head)\(xTitle) \(v.x) · \(yTitle) \(v.y)\(count)"))
            }
        }
        return spots
    }

    /// How many points `mark` draws: its finite points, each counted by its weight (band-axis points count too).
    static func drawnCount(_ mark: PointMark) -> Int {
        let n = min(mark.x.count, mark.y.count)
        let xs = continuous(mark.x), ys = continuous(mark.y)
        var total = 0
        for i in 0..<n where (i >= xs.count || xs[i].isFinite) && (i >= ys.count || ys[i].isFinite) {
            total += max(0, mark.weights.map { i < $0.count ? $0[i] : 1 } ?? 1)
        }
        return total
    }

    /// The finite points of `mark` in drawing order, as text: each point (weights expanded) for a mark drawn point
    /// by point, or each distinct position with its count, ordered by x then y as the chart draws them, for a
    /// ``PointMark/sizedByCount`` mark. Empty above the limit or for points on a band axis.
    static func pointValues(_ mark: PointMark, chart: Chart) -> [(x: String, y: String, count: Int)] {
        let n = min(mark.x.count, mark.y.count)
        let xs = continuous(mark.x), ys = continuous(mark.y)
        guard xs.count == mark.x.count, ys.count == mark.y.count else { return [] }
        let fx = formatter(mark.x, chart: chart), fy = formatter(mark.y, chart: chart)
        func weight(_ i: Int) -> Int { max(0, mark.weights.map { i < $0.count ? $0[i] : 1 } ?? 1) }
        if mark.sizedByCount {
            // One entry per distinct position (the first index standing for it), counts summed.
            var first: [Key: Int] = [:], counts: [Key: Int] = [:]
            for i in 0..<n where xs[i].isFinite && ys[i].isFinite && weight(i) > 0 {
                let key = Key(x: xs[i] == 0 ? 0 : xs[i], y: ys[i] == 0 ? 0 : ys[i])
                if first[key] == nil { first[key] = i }
                counts[key, default: 0] += weight(i)
            }
            guard counts.count <= hoverPointLimit else { return [] }
            return counts.keys.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }.map { k in
                (fx(first[k]!), fy(first[k]!), counts[k]!)
            }
        }
        guard drawnCount(mark) <= hoverPointLimit else { return [] }
        var out: [(x: String, y: String, count: Int)] = []
        for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
            for _ in 0..<weight(i) { out.append((fx(i), fy(i), 1)) }
        }
        return out
    }

    /// A distinct (x, y) position of a count-sized mark.
    private struct Key: Hashable { let x: Double, y: Double }

    /// Numbers, or dates as seconds; `[]` for categories (points on a band axis get no overlay).
    static func continuous(_ channel: Channel) -> [Double] {
        switch channel {
        case .numbers(let v): v
        case .dates(let d): d.map(\.timeIntervalSinceReferenceDate)
        case .categories: []
        }
    }

    /// Text for the values of `channel`: dates as local days; numbers with the fewest decimals (0, 1 or 2) that
    /// show every value of the channel exactly to two decimals, so a channel's values line up.
    static func formatter(_ channel: Channel, chart: Chart) -> (Int) -> String {
        switch channel {
        case .numbers(let v):
            let finite = v.filter(\.isFinite)
            let decimals = (0...2).first { d in
                let scale = pow(10, Double(d))
                return finite.allSatisfy { abs(($0 * scale).rounded() - $0 * scale) < 1e-6 * max(1, abs($0 * scale)) }
            } ?? 2
            return { Format.number(v[$0], decimals: decimals) }
        case .dates(let d):
            let calendar = chart.calendar
            return { i in
                let c = calendar.dateComponents([.year, .month, .day], from: d[i])
                return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
            }
        case .categories(let c):
            return { c[$0] }
        }
    }

    /// An axis title without its unit in parentheses ("Grind setting (clicks)" → "Grind setting").
    static func axisName(_ title: String) -> String {
        guard let open = title.range(of: " (", options: .backwards), title.hasSuffix(")") else { return title }
        return String(title[..<open.lowerBound])
    }

    /// A canvas coordinate for SVG attributes: two decimals, trailing zeros dropped.
    static func coordinate(_ v: Double) -> String {
        var s = FixedDecimal.text(v, decimals: 2)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// The page's chart styles: one chart per row at the content width, the lightbox, the hover overlay and
    /// the dark-mode filter. On a screen narrower than 700 px a chart keeps 780 px of width (its smallest text,
    /// 8.5 pt in a 720 pt canvas, stays above 9 px) and scrolls sideways inside its own box; the page never does.
    static let css = """
    .charts{display:grid;grid-template-columns:minmax(0,1fr);gap:32px}
    figure{margin:0}figure.chart .plot{position:relative;display:block;border:1px solid var(--line);border-radius:4px;overflow:hidden;background:#fff;cursor:zoom-in}
    figure.chart .plot img{display:block;width:100%;height:auto}
    .hover{position:absolute;inset:0;width:100%;height:100%}.hover circle{fill:transparent;stroke:none}
    .hover circle:hover{stroke:#c00;stroke-width:2}
    figure a.file{display:block;padding:48px 16px;text-align:center;border:1px dashed var(--line);border-radius:4px}
    .zoom{display:none}.zoom:target{display:flex;position:fixed;inset:0;z-index:10;background:rgba(0,0,0,.96);overflow:auto;padding:44px 12px 12px}
    .zoom .full{margin:auto;cursor:zoom-out}.zoom img{display:block;width:min(1600px,calc(100vw - 24px));height:auto;background:#fff}
    .zoom .close{position:fixed;top:6px;right:14px;color:#fff;font-size:28px;text-decoration:none;line-height:1}
    @media (max-width:700px){.zoom img{width:1000px;max-width:none}
    figure.chart{overflow-x:auto}figure.chart .plot{width:780px;max-width:none}figure.chart figcaption{position:sticky;left:0;max-width:calc(100vw - 32px)}}
    @media (prefers-color-scheme:dark){figure.chart.light img{filter:invert(1) hue-rotate(180deg)}figure.chart.light .plot{background:#000}
    .hover circle:hover{stroke:#f66}}
    """
}

/// A drawing backend that keeps only the centres of each marker call, for ``HTMLFigure/hoverSpots(_:theme:drawn:)``.
private struct MarkerCapture: RenderBackend {
    var calls: [[Point]] = []
    mutating func begin(width: Double, height: Double, background: Color) {}
    mutating func fill(_ path: Path, color: Color) {}
    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) {}
    mutating func markers(_ marker: Marker, at centers: [Point]) { calls.append(centers) }
    mutating func text(_ string: String, at origin: Point, style: TextStyle) {}
    mutating func pushClip(_ rect: Rect) {}
    mutating func popClip() {}
}
