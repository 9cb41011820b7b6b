import BrewCairo
import BrewFiles
import Foundation

/// Output formats for rendered charts.
public enum ChartImageFormat: Sendable, Hashable {
    /// PNG at `scale` pixels per point (default 2: a 720 × 420 pt chart is 1440 × 840 px).
    case png(scale: Double = 2)
    /// SVG 1.1, byte-identical for identical charts: brewstats' own writer (`SVGBackend`), text as text.
    case svg
    /// PDF 1.5, byte-identical for identical charts and creation dates (a fixed one unless given).
    case pdf

    /// The format implied by a file extension (`png`, `svg`, `pdf`, case-insensitive), or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png()
        case "svg": self = .svg
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// The conventional extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .svg: "svg"
        case .pdf: "pdf"
        }
    }
}

/// The one error type of BrewCharts: rendering or writing a chart failed.
public struct ChartError: Error, Sendable, CustomStringConvertible {
    /// What was being done (e.g. "writing chart to /tmp/x/rating.png").
    public var context: String
    /// The drawing library's explanation (its status and message).
    public var reason: String
    /// When the chart could not be written: the system's reason alone (`strerror`, e.g. "No space left on device"),
    /// for a caller that names the file itself; `nil` for a drawing error.
    public var systemReason: String?

    /// Creates an error.
    public init(context: String, reason: String, systemReason: String? = nil) {
        self.context = context
        self.reason = reason
        self.systemReason = systemReason
    }

    /// `"<context>: <reason>"`.
    public var description: String { "\(context): \(reason)" }
}

/// Runs the chart pipeline — data → statistic → scales → positions → coordinates → guides → render — into a
/// backend.
public enum ChartRenderer {
    /// Draws `chart` into any backend, laying text out with `measurer` (which must match the backend's fonts).
    public static func draw<B: RenderBackend & ~Copyable>(_ chart: Chart, theme: Theme = .monochrome,
                                                          measurer: some TextMeasuring, into backend: inout B) {
        let (chart, theme) = prepared(chart, theme: theme, measurer: measurer)
        displayList(chart, theme: theme, measurer: measurer).replay(into: &backend)
    }

    /// The readable drawing log of `chart` (with the font-free ``ApproximateTextMeasurer``), for tests.
    public static func record(_ chart: Chart, theme: Theme = .monochrome) -> String {
        var backend = RecordingBackend()
        draw(chart, theme: theme, measurer: ApproximateTextMeasurer(), into: &backend)
        return backend.log
    }

    /// Encodes `chart` as PNG, SVG or PDF bytes.
    /// - Parameter creationDate: A PDF's creation date (ISO 8601, e.g. `2026-11-22T10:40:52+01:00`); `nil` for the
    ///   fixed default, which keeps the bytes identical for identical charts.
    /// - Throws: ``ChartError`` when the drawing library reports an error.
    public static func render(_ chart: Chart, format: ChartImageFormat, theme: Theme = .monochrome,
                              creationDate: String? = nil) throws -> [UInt8] {
        try layout(chart, theme: theme).render(format: format, creationDate: creationDate)
    }

    /// Lays `chart` out once (text measured, ticks and labels placed) for drawing into any number of formats: each
    /// ``LaidOutChart/render(format:creationDate:)`` replays the same drawing, and gives the bytes
    /// ``render(_:format:theme:creationDate:)`` gives.
    public static func layout(_ chart: Chart, theme: Theme = .monochrome) -> LaidOutChart {
        let (chart, theme) = prepared(chart, theme: theme, measurer: CairoTextMeasurer())
        return LaidOutChart(list: displayList(chart, theme: theme, measurer: CairoTextMeasurer()), width: chart.width,
                            height: chart.height, title: chart.title)
    }

    /// `chart` and `theme` as its size class draws them: unchanged for the regular class; for a phone
    /// (``ChartSizeClass``) the theme's phone type sizes, and a canvas as tall as the guides need above and below a
    /// plot of ``ChartSizeClass/phonePlotAspect`` × the width (laid out once to measure them).
    public static func prepared(_ chart: Chart, theme: Theme, measurer: some TextMeasuring) -> (Chart, Theme) {
        guard chart.sizeClass == .phone else { return (chart, theme) }
        let phone = theme.forPhone
        var sized = chart
        guard chart.panels.isEmpty else { return (sized, phone) }
        let probe = ChartLayout(chart: chart, theme: phone, measurer: measurer)
        let guides = chart.height - probe.plot.height
        sized.height = (guides + chart.width * ChartSizeClass.phonePlotAspect).rounded()
        return (sized, phone)
    }

    /// Encodes `chart` as PNG with the given encoder, for the `png-encode` benchmark (``PNGEncoding``).
    @_spi(Benchmarks)
    public static func renderPNG(
        _ chart: Chart, scale: Double = 2, theme: Theme = .monochrome, encoding: PNGEncoding
    ) throws -> [UInt8] {
        let list = displayList(chart, theme: theme, measurer: CairoTextMeasurer())
        return try CairoOutput.encode(list, width: chart.width, height: chart.height, format: .png(scale: scale),
                                      title: chart.title, png: encoding)
    }

    /// Draws `chart` on a PNG surface and packs its pixels, for the `png-encode` benchmark, which encodes the same
    /// pixels with each candidate ``PNGCompression``.
    @_spi(Benchmarks)
    public static func rasterPNG(_ chart: Chart, scale: Double = 2, theme: Theme = .monochrome) throws -> PNGRaster {
        let list = displayList(chart, theme: theme, measurer: CairoTextMeasurer())
        return try CairoOutput.raster(list, width: chart.width, height: chart.height, scale: scale, title: chart.title)
    }

    /// Renders `chart` and writes it atomically (temporary file beside `url`, then rename).
    ///
    /// - Parameters:
    ///   - format: The format; `nil` picks it from the extension of `url` (PNG if unknown).
    /// - Throws: ``ChartError`` naming the file when rendering or writing fails (e.g. a missing folder).
    public static func write(_ chart: Chart, to url: URL, format: ChartImageFormat? = nil, theme: Theme = .monochrome,
                             creationDate: String? = nil) throws {
        try write(chart, to: OutputFile(url), format: format, theme: theme, creationDate: creationDate)
    }

    /// Renders `chart` and writes it to `file` (on its own, or in a staging folder: BrewFiles' ``AtomicFile``).
    ///
    /// - Parameters:
    ///   - format: The format; `nil` picks it from the file's extension (PNG if unknown).
    /// - Throws: ``ChartError`` naming the file when rendering or writing fails (e.g. a missing folder).
    public static func write(_ chart: Chart, to file: OutputFile, format: ChartImageFormat? = nil,
                             theme: Theme = .monochrome,
                             creationDate: String? = nil) throws {
        let format = format ?? ChartImageFormat(fileExtension: file.url.pathExtension) ?? .png()
        try layout(chart, theme: theme).write(to: file, format: format, creationDate: creationDate)
    }

    /// Lays the chart out and paints it into a display list.
    static func displayList(_ chart: Chart, theme: Theme, measurer: some TextMeasuring) -> DisplayList {
        if !chart.panels.isEmpty { return ChartPanels.displayList(chart, theme: theme, measurer: measurer) }
        let layout = ChartLayout(chart: chart, theme: theme, measurer: measurer)
        var list = DisplayList()
        list.begin(width: chart.width, height: chart.height, background: theme.background)
        var placer = TextPlacer(measurer: measurer,
            bounds: Rect(x: 4, y: 0, width: chart.width - 8, height: chart.height))
        let guides = GuidePainter(layout: layout)
        guides.paintHeader(into: &list, placer: &placer)
        let isEmpty = chart.emptyMessage != nil || chart.marks.isEmpty
        if isEmpty {
            guides.paintEmpty(message: chart.emptyMessage ?? "No brews in this period", into: &list, placer: placer)
        } else {
            let coordinates = Coordinates(plot: layout.plot, x: layout.xScale, y: layout.yScale)
            let painter = MarkPainter(layout: layout, coordinates: coordinates)
            painter.paintBands(into: &list)
            guides.paintGrid(into: &list, coordinates: coordinates)
            // Axis labels are placed before mark labels so mark labels yield to them.
            var axisList = DisplayList()
            guides.paintAxes(into: &axisList, coordinates: coordinates, placer: &placer)
            painter.paint(into: &list, placer: &placer)
            axisList.replay(into: &list)
        }
        guides.paintNotes(into: &list, placer: placer)
        return list
    }
}

/// A chart laid out once (``ChartRenderer/layout(_:theme:)``): its drawing commands, replayed into each format's
/// surface. A report draws each chart as PNG and SVG from one layout instead of laying it out per format.
public struct LaidOutChart: Sendable {
    let list: DisplayList
    /// The canvas size in points.
    public let width: Double, height: Double
    /// The chart's title (a PDF's document title).
    public let title: String

    /// Encodes the chart as PNG, SVG or PDF bytes.
    /// - Parameter creationDate: A PDF's creation date (ISO 8601); `nil` for the fixed default.
    /// - Throws: ``ChartError`` when the drawing library reports an error.
    public func render(format: ChartImageFormat, creationDate: String? = nil) throws -> [UInt8] {
        if format == .svg { return SVGOutput.encode(list, width: width, height: height) }
        return try CairoOutput.encode(list, width: width, height: height, format: format, title: title,
            creationDate: creationDate)
    }

    /// Sends the chart's drawing calls to `backend`, as ``ChartRenderer/draw(_:theme:measurer:into:)`` with cairo's
    /// text metrics would.
    public func replay<B: RenderBackend & ~Copyable>(into backend: inout B) {
        list.replay(into: &backend)
    }

    /// Encodes the chart and writes it to `file` (as
    /// ``ChartRenderer/write(_:to:format:theme:creationDate:)-(_,OutputFile,_,_,_)``).
    /// - Throws: ``ChartError`` naming the file when rendering or writing fails.
    public func write(to file: OutputFile, format: ChartImageFormat, creationDate: String? = nil) throws {
        try CairoOutput.write(render(format: format, creationDate: creationDate), to: file)
    }

    /// Encodes the chart and writes it atomically to `url`, a file on its own (a temporary file beside it, then a
    /// rename).
    /// - Throws: ``ChartError`` naming the file when rendering or writing fails.
    public func write(to url: URL, format: ChartImageFormat, creationDate: String? = nil) throws {
        try write(to: OutputFile(url), format: format, creationDate: creationDate)
    }
}
