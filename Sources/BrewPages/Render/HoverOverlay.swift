import BrewCharts
import Foundation

/// A chart's hover details on the HTML page: an inline SVG overlay with one invisible circle per point, positioned
/// where the chart draws it, whose `<title>` the browser shows on hover — the series, then each axis title with the
/// logged value (a jittered point shows its real setting). A chart drawing more than ``hoverPointLimit`` points (or
/// merged or binned points) gets none: hundreds of circles would make the page heavy and the tooltips would stack.
/// Made from the wide layout; the phone layout gets none (a phone has no hover).
enum HoverOverlay {
    /// Most points a chart may draw for its hover overlay.
    static let hoverPointLimit = 300

    /// The inline `<svg>` hover overlay of `chart` (see the type's discussion), or `""` when it draws no
    /// individual point or more than ``hoverPointLimit``.
    /// - Parameter drawn: The chart already laid out (``ChartRenderer/layout(_:theme:)``, as the files were drawn);
    ///   `nil` to lay it out here.
    static func svg(_ chart: Chart, theme: Theme = .monochrome, drawn: LaidOutChart? = nil) -> String {
        let spots = hoverSpots(chart, theme: theme, drawn: drawn)
        guard !spots.isEmpty else { return "" }
        let e = HTMLText.escape
        var svg =
            "<svg class=\"hover\" aria-hidden=\"true\" viewBox=\"0 0 \(coordinate(chart.width)) " +
                "\(coordinate(chart.height))\" preserveAspectRatio=\"none\">"
        for s in spots {
            svg += "<circle cx=\"\(coordinate(s.x))\" cy=\"\(coordinate(s.y))\" " +
                "r=\"6\"><title>\(e(s.text))</title></circle>"
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
            let tooMany = mark.sizedByCount ? raw > 20 * hoverPointLimit
                : (mark.weights == nil && raw > hoverPointLimit)
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
                let noun = v.count == 1 ? String(mark.noun.dropLast(mark.noun.hasSuffix("s") ? 1 : 0)) : mark.noun
                let count = mark.sizedByCount ? " · \(v.count) \(noun)" : ""
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
            return { number(v[$0], decimals: decimals) }
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

    /// `v` with `decimals` decimals and the Unicode minus; `—` when not finite.
    static func number(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return "—" }
        let digits = FixedDecimal.text(abs(v), decimals: decimals)
        return digits.allSatisfy { $0 == "0" || $0 == "." } || v > 0 ? digits : "\u{2212}" + digits
    }
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
