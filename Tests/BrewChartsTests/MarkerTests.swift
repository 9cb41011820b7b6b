@testable import BrewCharts
import CCairo
import Foundation
import Testing

/// Replays into a display list with markers expanded by the protocol's default: the fills and strokes that
/// define what a marker looks like.
private struct Expanding: RenderBackend {
    var list = DisplayList()
    mutating func begin(width: Double, height: Double, background: Color) { list.begin(width: width, height: height, background: background) }
    mutating func fill(_ path: Path, color: Color) { list.fill(path, color: color) }
    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) { list.stroke(path, color: color, style: style) }
    mutating func text(_ string: String, at origin: Point, style: TextStyle) { list.text(string, at: origin, style: style) }
    mutating func pushClip(_ rect: Rect) { list.pushClip(rect) }
    mutating func popClip() { list.popClip() }
}

/// The clip of ``markerScene(theme:shift:)``.
private let sceneClip = Rect(x: 10, y: 10, width: 340, height: 180)

/// Every marker style of a theme, each at 120 overlapping centres (moved right by `shift`), some cut by a clip.
private func markerScene(theme: Theme, shift: Double = 0) -> (list: DisplayList, centres: [Point]) {
    var list = DisplayList()
    list.begin(width: 360, height: 200, background: theme.background)
    var state: UInt64 = 7
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    list.pushClip(sceneClip)
    var all: [Point] = []
    for series in theme.series.indices {
        let centres = (0..<120).map { _ in Point(x: next() * 360 + shift, y: next() * 200) }
        list.markers(MarkPainter.marker(theme.style(series), radius: 3.2, fillAlpha: 0.7), at: centres)
        all += centres
    }
    list.popClip()
    return (list, all)
}

/// Decodes PNG bytes into 8-bit grey levels (the scenes are grey).
private func greys(_ png: [UInt8]) throws -> [Int] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("brewstats-marker-\(UUID().uuidString).png")
    try Data(png).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let surface = try #require(cairo_image_surface_create_from_png(url.path))
    defer { cairo_surface_destroy(surface) }
    try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
    let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = try #require(cairo_image_surface_get_data(surface))
    return (0..<h).flatMap { y in (0..<w).map { x in Int(data[y * stride + 4 * x]) } }
}

@Suite struct MarkerTests {
    @Test func aSeriesOfPointsIsOneMarkerCommand() {
        let list = ChartRenderer.displayList(ChartFixtures.controlEspresso, theme: .monochrome, measurer: ApproximateTextMeasurer())
        let batches = list.commands.compactMap { command -> Int? in
            if case .markers(_, let centres) = command { return centres.count }
            return nil
        }
        // One legend swatch, then every brew of the chart in one command.
        #expect(batches.count == 2)
        #expect(batches.first == 1)
        #expect(batches.last == ChartRenderer.record(ChartFixtures.controlEspresso).split(separator: "\n")
            .filter { $0.hasPrefix("stroke M") && $0.contains(" C") }.count - 1)
    }

    /// The cairo backend stamps markers; its PNG matches the markers' fills and strokes to within the stamps'
    /// placement (at most 1/8 pixel): closer than the fills and strokes moved by 1/8 pixel are to themselves.
    @Test(arguments: [Theme.monochrome, .dark])
    func cairoMarkersLookLikeTheirFillsAndStrokes(theme: Theme) throws {
        func drawn(shift: Double) throws -> [Int] {
            var expanding = Expanding()
            markerScene(theme: theme, shift: shift).list.replay(into: &expanding)
            return try greys(CairoOutput.encode(expanding.list, width: 360, height: 200, format: .png(scale: 2), title: "m"))
        }
        func mean(_ a: [Int], _ b: [Int]) -> Double { Double(zip(a, b).map { abs($0 - $1) }.reduce(0, +)) / Double(a.count) }
        let stamped = try greys(CairoOutput.encode(markerScene(theme: theme).list, width: 360, height: 200,
                                                   format: .png(scale: 2), title: "m"))
        let reference = try drawn(shift: 0), eighth = try drawn(shift: 1.0 / 16)
        try #require(stamped.count == reference.count)
        #expect(zip(stamped, reference).map { abs($0 - $1) }.max()! <= 64)
        #expect(mean(stamped, reference) < mean(eighth, reference))
        // Not two blank images, and a half-pixel misplacement would show.
        #expect(Set(reference).count > 50)
        #expect(mean(try drawn(shift: 0.25), reference) > 2 * mean(stamped, reference))
    }

    @Test(arguments: [ChartImageFormat.svg, .pdf])
    func vectorOutputWritesEachMarkerOnce(format: ChartImageFormat) throws {
        let (list, centres) = markerScene(theme: .monochrome)
        let bytes = format == .svg ? SVGOutput.encode(list, width: 360, height: 200)
            : try CairoOutput.encode(list, width: 360, height: 200, format: format, title: "markers")
        let text = String(decoding: bytes, as: UTF8.self)
        let styles = Theme.monochrome.series.count
        if format == .svg {
            // Each marker style is defined once; every placement the clip leaves visible is one <use>; placements
            // the clip hides entirely are left out.
            #expect(text.components(separatedBy: "<path id=\"m").count - 1 == styles)
            let uses = text.components(separatedBy: "<use xlink:href=\"#m").count - 1
            let inside = centres.filter { sceneClip.insetBy(5).contains($0) }.count
            let touching = centres.filter { sceneClip.insetBy(-5).contains($0) }.count
            #expect(uses >= inside && uses <= touching, "\(uses) uses, \(inside)…\(touching) expected")
        } else {
            #expect(text.components(separatedBy: "/Subtype /Form").count - 1 == styles)
        }
    }

    /// A marker placed only a few times (a legend swatch, merged points of one size) is drawn as paths: a form
    /// XObject per single placement would only add bytes. Once stamped, a marker stays stamped.
    @Test func fewPlacementsAreDrawnAsPaths() throws {
        let marker = MarkPainter.marker(Theme.monochrome.style(0), radius: 3.2, fillAlpha: 0.7)
        func pdf(_ batches: [Int]) throws -> String {
            var list = DisplayList()
            list.begin(width: 200, height: 100, background: .gray(1))
            for count in batches {
                list.markers(marker, at: (0..<count).map { Point(x: 10 + Double($0) * 5, y: 50) })
                // Something between batches keeps them apart (consecutive equal markers merge: see below).
                list.fill(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), color: .gray(0.5))
            }
            return String(decoding: try CairoOutput.encode(list, width: 200, height: 100, format: .pdf, title: "m"), as: UTF8.self)
        }
        func forms(_ text: String) -> Int { text.components(separatedBy: "/Subtype /Form").count - 1 }
        #expect(forms(try pdf([1, 1, CairoBackend.fewestStamped - 1])) == 0)
        #expect(forms(try pdf([CairoBackend.fewestStamped])) == 1)
        #expect(forms(try pdf([CairoBackend.fewestStamped, 1, 1])) == 1)
    }

    /// The same marker placed by consecutive calls (counted markers of equal size, one call each) becomes one
    /// command, so cairo stamps it; placements keep their order. A different marker in between keeps them apart.
    @Test func consecutiveEqualMarkersMerge() {
        let a = MarkPainter.marker(Theme.monochrome.style(0), radius: 3.2, fillAlpha: 0.7)
        let b = MarkPainter.marker(Theme.monochrome.style(0), radius: 4.5, fillAlpha: 0.7)
        var list = DisplayList()
        list.begin(width: 100, height: 100, background: .gray(1))
        for x in [10.0, 20, 30] { list.markers(a, at: [Point(x: x, y: 50)]) }
        list.markers(b, at: [Point(x: 40, y: 50)])
        list.markers(a, at: [Point(x: 50, y: 50)])
        let runs = list.commands.compactMap { command -> [Double]? in
            if case .markers(_, let centers) = command { return centers.map(\.x) }
            return nil
        }
        #expect(runs == [[10, 20, 30], [40], [50]])
    }

    /// A marker far larger than a scatter dot is drawn as paths: stamping it would need images the size of the
    /// marker, 16 of them, and a failed allocation would fail the chart.
    @Test(arguments: [ChartImageFormat.png(scale: 2), .pdf])
    func hugeMarkersAreDrawnAsPaths(format: ChartImageFormat) throws {
        let marker = MarkPainter.marker(Theme.monochrome.style(0), radius: 20_000, fillAlpha: 0.7)
        #expect(marker.extent > CairoBackend.largestStamped)
        var list = DisplayList()
        list.begin(width: 200, height: 100, background: .gray(1))
        list.markers(marker, at: (0..<20).map { Point(x: Double($0) * 10, y: 50) })
        let bytes = try CairoOutput.encode(list, width: 200, height: 100, format: format, title: "m")
        #expect(!bytes.isEmpty)
        if format == .pdf { #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "/Subtype /Form").count == 1) }
    }

    @Test func nonFiniteCentresAreDropped() {
        let marker = MarkPainter.marker(Theme.monochrome.style(0), radius: 3, fillAlpha: 0.7)
        var list = DisplayList()
        list.markers(marker, at: [Point(x: .nan, y: 1), Point(x: 2, y: 3), Point(x: 4, y: -.infinity)])
        list.markers(marker, at: [Point(x: .infinity, y: 1)])
        guard case .markers(_, let centres) = list.commands.first else { Issue.record("no markers command"); return }
        #expect(centres == [Point(x: 2, y: 3)])
        #expect(list.commands.count == 1)
    }
}
