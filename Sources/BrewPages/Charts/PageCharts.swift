import BrewCharts
import BrewFiles
import BrewStats
import Foundation

/// The formats a page's charts are written in beyond the page's own SVGs: PNG and PDF are opt-in (`--formats`),
/// because the page shows SVG (our own writer, cheap) and a PNG or PDF chart costs cairo's raster or PDF writer.
public struct ChartOutputs: Sendable, Hashable {
    /// Write each chart as PNG too (at this many pixels per point), for pasting elsewhere.
    public var png: Double?
    /// Write each chart as PDF too.
    public var pdf: Bool
    /// Draw the page's SVGs (every page with an HTML page does; `brewstats chart` and a Markdown-only page need not).
    public var svg: Bool

    public init(png: Double? = nil, pdf: Bool = false, svg: Bool = true) {
        self.png = png
        self.pdf = pdf
        self.svg = svg
    }

    /// The outputs `--formats` asks for (`png`, `svg`, `pdf`): the page's SVGs always, PNG and PDF when listed.
    public init(_ formats: [ChartImageFormat]) {
        png = formats.lazy.compactMap { if case .png(let s) = $0 { s } else { nil } }.first
        pdf = formats.contains(.pdf)
        svg = true
    }
}

/// A chart drawn for a page: the files of each variant, named from its stem.
///
/// - `<stem>.svg`: the wide-screen layout in the page's theme (what a desktop browser shows, and the Markdown links)
/// - `<stem>-dark.svg`: the same layout in the theme's dark counterpart (``BrewCharts/Theme/darkVariant``), shown in
///   dark mode
/// - `<stem>-phone.svg`, `<stem>-phone-dark.svg`: the phone layout (``BrewCharts/ChartSizeClass/phone``), light and
///   dark
/// - `<stem>.png`, `<stem>.pdf`: the wide layout in the page's theme, when asked (``ChartOutputs``)
///
/// A dark theme asked for (`--theme dark`) draws no second variant: the page shows it in both schemes.
public struct DrawnChart: Sendable {
    public let request: ChartRequest
    /// The files, relative to the page's folder.
    public let svg: String?
    public let svgDark: String?
    public let phone: String?
    public let phoneDark: String?
    public let png: String?
    public let pdf: String?
    /// The hover overlay made from the wide layout (``HoverOverlay``), `""` when the chart gets none.
    public let hover: String

    /// Every file, in the order they are written.
    public var files: [String] { [svg, svgDark, phone, phoneDark, png, pdf].compactMap { $0 } }
    /// The files a reader may download (the wide SVG, PNG and PDF), for the figure's links.
    public var downloads: [String] { [svg, png, pdf].compactMap { $0 } }
}

/// Draws a page's chart requests in every variant and format it needs (``DrawnChart``), through the chart layer.
public enum PageCharts {
    /// The stem suffixes of a chart's variants, longest first.
    public static let variantSuffixes = ["-phone-dark", "-phone", "-dark"]

    /// `stem` without a variant suffix (`brews-per-week-phone-dark` → `brews-per-week`).
    public static func baseStem(_ stem: String) -> String {
        for suffix in variantSuffixes where stem.hasSuffix(suffix) { return String(stem.dropLast(suffix.count)) }
        return stem
    }

    /// Draws `requests` into `folder`, each chart one job: laid out once per variant and drawn from that layout
    /// into every format. On all cores when `parallel`; the first error in request order is the one thrown, so the
    /// outcome does not depend on scheduling.
    ///
    /// - Parameters:
    ///   - created: A PDF chart's creation date (ISO 8601), never the clock.
    ///   - hover: Whether to make each chart's hover overlay.
    public static func draw(_ requests: [ChartRequest], outputs: ChartOutputs, theme: Theme, into folder: PageFolder,
                            created: String?, parallel: Bool, hover: Bool = true) throws(PageError) -> [DrawnChart] {
        let dark = theme.darkVariant
        let separateDark = dark != theme
        @Sendable func run(_ k: Int) -> Result<DrawnChart, PageError> {
            let request = requests[k]
            let stem = request.stem
            func put(_ bytes: [UInt8], _ name: String) throws(PageError) {
                let file = folder.file(name)
                do {
                    try AtomicFile.write(bytes, to: file)
                } catch {
                    throw PageError(path: file.shownPath, reason: error.reason)
                }
            }
            func render(_ laid: LaidOutChart, _ format: ChartImageFormat, _ name: String) throws(PageError) {
                let bytes: [UInt8]
                do {
                    bytes = try laid.render(format: format, creationDate: created)
                } catch {
                    throw PageError(path: folder.file(name).shownPath, reason: "\(error)")
                }
                try put(bytes, name)
            }
            do {
                let wide = ChartRenderer.layout(request.chart, theme: theme)
                var svg: String?, svgDark: String?, phone: String?, phoneDark: String?, png: String?, pdf: String?
                if outputs.svg {
                    svg = stem + ".svg"
                    try render(wide, .svg, svg!)
                    let small = request.chart.sized(for: .phone)
                    phone = stem + "-phone.svg"
                    try render(ChartRenderer.layout(small, theme: theme), .svg, phone!)
                    if separateDark {
                        svgDark = stem + "-dark.svg"
                        try render(ChartRenderer.layout(request.chart, theme: dark), .svg, svgDark!)
                        phoneDark = stem + "-phone-dark.svg"
                        try render(ChartRenderer.layout(small, theme: dark), .svg, phoneDark!)
                    }
                }
                if let scale = outputs.png {
                    png = stem + ".png"
                    try render(wide, .png(scale: scale), png!)
                }
                if outputs.pdf {
                    pdf = stem + ".pdf"
                    try render(wide, .pdf, pdf!)
                }
                let overlay = hover && outputs.svg ? HoverOverlay.svg(request.chart, drawn: wide) : ""
                return .success(DrawnChart(request: request, svg: svg, svgDark: svgDark, phone: phone,
                                           phoneDark: phoneDark,
                                           png: png, pdf: pdf, hover: overlay))
            } catch {
                return .failure(error)
            }
        }
        var drawn: [DrawnChart] = []
        for outcome in parallelMap(requests.count, work: parallel ? Int.max : 0, { run($0) }) {
            switch outcome {
            case .success(let d): drawn.append(d)
            case .failure(let e): throw e
            }
        }
        return drawn
    }
}
