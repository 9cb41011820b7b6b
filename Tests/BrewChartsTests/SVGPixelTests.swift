import BrewChartGallery
@testable import BrewCharts
import CCairo
import Foundation
import Testing

/// Our SVG draws the picture cairo draws: every gallery chart and shot chart in every theme (42 pairs), rasterised by
/// librsvg's `rsvg-convert` (Debian's `librsvg2-bin`: an independent renderer, its own SVG parser, pango for text)
/// and compared pixel by pixel with the cairo PNG of the same layout, both at the PNG's scale (2 px per pt).
///
/// Three checks on 8-bit channels; the thresholds were set from the gallery's 42 pairs (largest value seen in
/// brackets) and from the mutations below, which each must fail:
/// - **Pixels.** A pixel differs when a channel differs by more than ``pixelThreshold`` (48); at most
///   ``differingShare`` (1.5 %) of the pixels may differ [1.14 %]. Anti-aliased edges legitimately differ: cairo
///   composites each scatter marker from a raster stamp placed to a quarter pixel, keeps colours in 16 bits where the
///   SVG says 8, and librsvg sets text through pango, whose advances come out up to about 1 % narrower than cairo's
///   unhinted ones (DejaVu Sans 10 pt, 50 characters: 3.4 px of 312 at 1×), so the end of a long label lands a pixel
///   or two to the left.
/// - **Blocks.** The mean of each channel over each 8 × 8 pixel block (4 × 4 pt) may differ by at most
///   ``blockThreshold`` (50) [49.6, at the end of the shot overlay's "Temperature goal" legend label; 43.0 in the
///   gallery]. Edge noise averages out within a block.
/// - **Unexplained pixels.** A differing pixel is explained when the other image has a pixel within ``reach``
///   (2 px) that matches it within ``pixelThreshold``: the same edge drawn a little elsewhere. At most
///   ``unexplainedLimit`` (64) unexplained pixels per 16 × 16 block [51, the drift at the end of a bold title].
///
/// The mutations, each made in a test-only copy of the drawing commands and written as SVG: one scatter marker
/// dropped (block difference 124, 45 unexplained), one bar dropped (153, 64), one tick label moved by
/// ``labelShift`` (8 pt; block differences 58 and 62). A label moved by less than about 4 pt can pass: that is within
/// what pango's narrower text advances already move the ends of long labels in librsvg's rendering.
@Suite(.serialized) struct SVGPixelTests {
    /// A channel difference above this (of 255) makes a pixel count as different.
    static let pixelThreshold = 48
    /// The largest share of pixels that may differ.
    static let differingShare = 0.015
    /// Side of the blocks compared by their mean, in pixels.
    static let block = 8
    /// The largest difference of a block's channel mean (of 255).
    static let blockThreshold = 50.0
    /// How far (pixels) a differing pixel may find its match in the other image.
    static let reach = 2
    /// Side of the blocks in which unexplained pixels are counted, in pixels.
    static let unexplainedBlock = 16
    /// The most differing pixels without a match within ``reach`` one such block may hold.
    static let unexplainedLimit = 64

    /// Every gallery chart and the shot charts, by name.
    static let charts: [(name: String, chart: Chart)] = ChartGallery.charts() + [
        ("10-shot-overlay", BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(40, unaligned: true)))),
        ("10-shot-overlay-500", BrewstatsCharts.shotOverlay(ShotChartFixtures.overlayInput(ShotChartFixtures.shots(500)))),
        ("11-shot-metric-vs-rating", BrewstatsCharts.shotMetricVsRating(ShotChartFixtures.metricInput())),
    ]

    static let themes = [Theme.monochrome, .dark, .colour]

    @Test(arguments: themes.indices)
    func everyGalleryChartMatchesItsPNG(themeIndex: Int) throws {
        let theme = Self.themes[themeIndex]
        for (name, chart) in Self.charts {
            let laidOut = ChartRenderer.layout(chart, theme: theme)
            let comparison = try Self.compare(laidOut.list, width: chart.width, height: chart.height, name: "\(name)-\(theme.name)")
            #expect(comparison.passes, "\(name)-\(theme.name): \(comparison)")
        }
    }

    /// One scatter marker left out of the SVG fails the comparison.
    @Test func aLostMarkerFails() throws {
        let chart = try #require(Self.charts.first { $0.name == "6-control-chart-filter" }?.chart)
        let list = ChartRenderer.layout(chart, theme: .monochrome).list
        var dropped = false
        let mutated = Self.rewritten(list) { command in
            guard !dropped, case .markers(let marker, let centres) = command, centres.count > 20 else { return [command] }
            dropped = true
            // The marker farthest from the others, so that no neighbour hides its absence.
            let lonely = centres.indices.max { a, b in Self.nearest(centres, a) < Self.nearest(centres, b) }!
            var rest = centres
            rest.remove(at: lonely)
            return [.markers(marker, rest)]
        }
        #expect(dropped)
        let comparison = try Self.compare(list, svgOf: mutated, width: chart.width, height: chart.height, name: "lost-marker")
        #expect(!comparison.passes && comparison.largestBlock > Self.blockThreshold, "\(comparison)")
    }

    /// One bar left out of the SVG fails the comparison.
    @Test func aLostBarFails() throws {
        let chart = try #require(Self.charts.first { $0.name == "1-brews-per-week" }?.chart)
        let list = ChartRenderer.layout(chart, theme: .monochrome).list
        // The tallest filled path with four corners in the bar colour: a bar, not the background or a band (a short
        // bar can hide among anti-aliased edges).
        func height(_ path: Path) -> Double {
            let points = path.elements.compactMap { element -> Point? in
                switch element {
                case .move(let p), .line(let p): p
                default: nil
                }
            }
            let ys = points.map(\.y)
            return (ys.max() ?? 0) - (ys.min() ?? 0)
        }
        var fills = 0, tallest = 0, tallestHeight = 0.0
        _ = Self.rewritten(list) { command in
            if case .fill(let path, let color) = command, path.elements.count == 5, color == Theme.monochrome.bar {
                fills += 1
                if height(path) > tallestHeight { tallest = fills; tallestHeight = height(path) }
            }
            return [command]
        }
        var seen = 0
        let mutated = Self.rewritten(list) { command in
            guard case .fill(let path, let color) = command, path.elements.count == 5, color == Theme.monochrome.bar
            else { return [command] }
            seen += 1
            return seen == tallest ? [] : [command]
        }
        #expect(fills > 3 && tallestHeight > 20)
        let comparison = try Self.compare(list, svgOf: mutated, width: chart.width, height: chart.height, name: "lost-bar")
        #expect(!comparison.passes, "\(comparison)")
    }

    /// How far the moved label moves (pt): 8 px at 2×, beyond ``reach`` and beyond the drift of librsvg's text.
    static let labelShift = 8.0

    /// One label moved by ``labelShift`` to the right in the SVG fails the comparison.
    @Test(arguments: ["2-rating-trend", "5-equipment-usage"])
    func aMovedLabelFails(name: String) throws {
        let chart = try #require(Self.charts.first { $0.name == name }?.chart)
        let list = ChartRenderer.layout(chart, theme: .monochrome).list
        // A tick, axis or mark label: the opaque text of median length in the middle third of the drawing order (not
        // the title, not a halo, which is drawn in the translucent background colour).
        var texts: [(index: Int, string: String)] = []
        _ = Self.rewritten(list) { command in
            if case .text(let string, _, let style) = command { texts.append((texts.count, style.color.alpha < 1 ? "" : string)) }
            return [command]
        }
        let middle = texts[(texts.count / 3)..<(2 * texts.count / 3)].filter { !$0.string.isEmpty }
        let byLength = middle.sorted { $0.string.count < $1.string.count }
        try #require(!byLength.isEmpty)
        let target = byLength[byLength.count / 2].index
        var seen = 0
        let mutated = Self.rewritten(list) { command in
            guard case .text(let string, let origin, let style) = command else { return [command] }
            seen += 1
            return seen - 1 == target ? [.text(string, Point(x: origin.x + Self.labelShift, y: origin.y), style)] : [command]
        }
        let comparison = try Self.compare(list, svgOf: mutated, width: chart.width, height: chart.height, name: "moved-\(name)")
        #expect(!comparison.passes, "\(comparison)")
    }

    /// The comparison of a chart's cairo PNG with the raster of an SVG.
    struct Comparison: CustomStringConvertible {
        var differing: Double
        var largestBlock: Double
        var blockAt: (x: Int, y: Int)
        var unexplained: Int
        var unexplainedAt: (x: Int, y: Int)
        var passes: Bool {
            differing <= SVGPixelTests.differingShare && largestBlock <= SVGPixelTests.blockThreshold
                && unexplained <= SVGPixelTests.unexplainedLimit
        }
        var description: String {
            String(format: "%.3f %% of pixels differ by more than %d; largest block mean difference %.1f at px (%d, %d); "
                   + "%d unexplained pixels in the block at px (%d, %d)",
                   differing * 100, SVGPixelTests.pixelThreshold, largestBlock, blockAt.x, blockAt.y,
                   unexplained, unexplainedAt.x, unexplainedAt.y)
        }
    }

    /// Compares the cairo PNG of `list` with the raster of its SVG.
    static func compare(_ list: DisplayList, width: Double, height: Double, name: String) throws -> Comparison {
        try compare(list, svgOf: list, width: width, height: height, name: name)
    }

    /// Compares the cairo PNG of `list` with the raster of the SVG of `svgList`.
    static func compare(_ list: DisplayList, svgOf svgList: DisplayList, width: Double, height: Double, name: String) throws -> Comparison {
        let png = try CairoOutput.encode(list, width: width, height: height, format: .png(scale: 2), title: name)
        let svg = SVGOutput.encode(svgList, width: width, height: height)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brewstats-svgpixels-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pngURL = folder.appendingPathComponent("\(name)-cairo.png"), svgURL = folder.appendingPathComponent("\(name).svg")
        let rasterURL = folder.appendingPathComponent("\(name)-rsvg.png")
        try Data(png).write(to: pngURL)
        try Data(svg).write(to: svgURL)
        let pixelsWide = Int((width * 2).rounded(.up)), pixelsHigh = Int((height * 2).rounded(.up))
        try rasterise(svgURL, to: rasterURL, width: pixelsWide, height: pixelsHigh)
        let a = try pixels(pngURL), b = try pixels(rasterURL)
        try #require(a.width == b.width && a.height == b.height, "\(name): \(a.width)×\(a.height) against \(b.width)×\(b.height)")
        if ProcessInfo.processInfo.environment["BREWSTATS_KEEP_PIXELS"] == nil {
            try? FileManager.default.removeItem(at: pngURL)
            try? FileManager.default.removeItem(at: svgURL)
            try? FileManager.default.removeItem(at: rasterURL)
        }
        return difference(a, b)
    }

    /// An image as 8-bit B, G, R, A rows (cairo's ARGB32 on a little-endian machine), alpha composited over black.
    struct Pixels {
        var width: Int, height: Int, stride: Int
        var bytes: [UInt8]
    }

    static func pixels(_ url: URL) throws -> Pixels {
        // SAFETY: the surface is created, read and destroyed here; its data holds height × stride bytes.
        let surface = try #require(cairo_image_surface_create_from_png(url.path))
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "cannot read \(url.lastPathComponent)")
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        return Pixels(width: width, height: height, stride: stride, bytes: Array(UnsafeBufferPointer(start: data, count: stride * height)))
    }

    /// The share of differing pixels, the largest block-mean difference, and the most unexplained pixels in a block
    /// (see the suite's discussion).
    static func difference(_ a: Pixels, _ b: Pixels) -> Comparison {
        var differing = 0
        let blocksWide = (a.width + block - 1) / block, blocksHigh = (a.height + block - 1) / block
        var sums = [Int](repeating: 0, count: blocksWide * blocksHigh * 3)
        var counts = [Int](repeating: 0, count: blocksWide * blocksHigh)
        let wideBlocksWide = (a.width + unexplainedBlock - 1) / unexplainedBlock
        var unexplained = [Int](repeating: 0, count: wideBlocksWide * ((a.height + unexplainedBlock - 1) / unexplainedBlock))
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = y * a.stride + 4 * x, j = y * b.stride + 4 * x
                var worst = 0
                let cell = (y / block) * blocksWide + x / block
                for c in 0..<3 {
                    let d = Int(a.bytes[i + c]) - Int(b.bytes[j + c])
                    worst = max(worst, abs(d))
                    sums[cell * 3 + c] += d
                }
                counts[cell] += 1
                if worst > pixelThreshold {
                    differing += 1
                    if !explained(a, b, x, y) || !explained(b, a, x, y) {
                        unexplained[(y / unexplainedBlock) * wideBlocksWide + x / unexplainedBlock] += 1
                    }
                }
            }
        }
        var largest = 0.0, at = (x: 0, y: 0)
        for cell in counts.indices {
            for c in 0..<3 {
                let mean = abs(Double(sums[cell * 3 + c]) / Double(counts[cell]))
                if mean > largest { (largest, at) = (mean, ((cell % blocksWide) * block, (cell / blocksWide) * block)) }
            }
        }
        let most = unexplained.indices.max { unexplained[$0] < unexplained[$1] } ?? 0
        return Comparison(differing: Double(differing) / Double(a.width * a.height), largestBlock: largest, blockAt: at,
                          unexplained: unexplained.isEmpty ? 0 : unexplained[most],
                          unexplainedAt: ((most % wideBlocksWide) * unexplainedBlock, (most / wideBlocksWide) * unexplainedBlock))
    }

    /// Whether pixel (x, y) of `a` has a pixel within ``reach`` pixels in `b` that differs by at most
    /// ``pixelThreshold`` in every channel: an edge drawn a little elsewhere, not something missing.
    static func explained(_ a: Pixels, _ b: Pixels, _ x: Int, _ y: Int) -> Bool {
        let i = y * a.stride + 4 * x
        for qy in max(0, y - reach)...min(b.height - 1, y + reach) {
            for qx in max(0, x - reach)...min(b.width - 1, x + reach) {
                let j = qy * b.stride + 4 * qx
                if abs(Int(a.bytes[i]) - Int(b.bytes[j])) <= pixelThreshold && abs(Int(a.bytes[i + 1]) - Int(b.bytes[j + 1])) <= pixelThreshold
                    && abs(Int(a.bytes[i + 2]) - Int(b.bytes[j + 2])) <= pixelThreshold { return true }
            }
        }
        return false
    }

    /// Runs `rsvg-convert` on `svg`, writing a `width × height` px PNG.
    static func rasterise(_ svg: URL, to png: URL, width: Int, height: Int) throws {
        let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(tool, "rsvg-convert is missing: install Debian's librsvg2-bin (make deps installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-w", "\(width)", "-h", "\(height)", "-f", "png", "-o", png.path, svg.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "rsvg-convert failed: \(String(decoding: message, as: UTF8.self))")
    }

    /// `list` with each command replaced by what `change` returns for it.
    static func rewritten(_ list: DisplayList, _ change: (DisplayList.Command) -> [DisplayList.Command]) -> DisplayList {
        var out = DisplayList()
        for command in list.commands {
            for replaced in change(command) {
                switch replaced {
                case .begin(let width, let height, let background): out.begin(width: width, height: height, background: background)
                case .fill(let path, let color): out.fill(path, color: color)
                case .stroke(let path, let color, let style): out.stroke(path, color: color, style: style)
                case .markers(let marker, let centres): out.markers(marker, at: centres)
                case .text(let string, let origin, let style): out.text(string, at: origin, style: style)
                case .pushClip(let rect): out.pushClip(rect)
                case .popClip: out.popClip()
                }
            }
        }
        return out
    }

    /// The distance from `centres[index]` to its nearest other centre.
    static func nearest(_ centres: [Point], _ index: Int) -> Double {
        var best = Double.infinity
        for (k, c) in centres.enumerated() where k != index {
            best = min(best, hypot(c.x - centres[index].x, c.y - centres[index].y))
        }
        return best
    }
}
