import BrewCairo
import BrewFiles
import Foundation

/// Text measuring with the same fonts and unhinted metrics the cairo backend draws with.
public struct CairoTextMeasurer: TextMeasuring {
    /// The font family (fallback per character is automatic).
    public var family: String

    /// Creates a measurer for `family`.
    public init(family: String = "DejaVu Sans") { self.family = family }

    /// The size of `text` as cairo will draw it.
    public func measure(_ text: String, style: TextStyle) -> TextSize {
        let metrics = CairoText.measure(text, font: CairoFont(family: family, size: style.size, bold: style.bold))
        return TextSize(width: metrics.width, ascent: metrics.ascent, descent: metrics.descent)
    }
}

/// The cairo backend: replays drawing calls onto a ``CairoContext`` it owns for one drawing scope.
///
/// Markers placed many times are drawn as ``CairoStamp``s, one per distinct marker: made once, placed at every
/// centre.
struct CairoBackend: RenderBackend, ~Copyable {
    let context: CairoContext
    let family: String
    /// How this surface keeps stamps: vector (SVG, PDF) or raster at the PNG's scale.
    let stampTarget: CairoStamp.Target
    private var clipDepth = 0
    private var stamps: [Marker: CairoStamp] = [:]
    /// Markers placed fewer times than this in one command, and not stamped before, are drawn as paths: a
    /// legend swatch, or merged points whose sizes differ. A stamp costs more than a path for one placement
    /// (an extra form XObject in PDF, measured 2.5× the bytes for a 100,000-brew grind chart of merged points).
    static let fewestStamped = 8
    /// Markers reaching farther than this from their centre (points) are drawn as paths: a stamp's images grow with
    /// the square of the size, and a marker this large is no scatter dot.
    static let largestStamped = 32.0

    init(context: consuming CairoContext, format: CairoOutputFormat, family: String = "DejaVu Sans") {
        self.context = context
        self.family = family
        if case .png(let scale) = format { stampTarget = .raster(scale: scale) } else { stampTarget = .vector }
    }

    mutating func begin(width: Double, height: Double, background: Color) {
        set(background)
        context.rectangle(x: 0, y: 0, width: width, height: height)
        context.fill()
    }

    mutating func fill(_ path: Path, color: Color) {
        add(path)
        set(color)
        context.fill()
    }

    mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) {
        add(path)
        set(color)
        context.setLineWidth(style.width)
        context.setDash(style.dash)
        context.setLineCap(style.round ? .round : .butt)
        context.setLineJoin(style.round ? .round : .miter)
        context.stroke()
    }

    mutating func markers(_ marker: Marker, at centers: [Point]) {
        let stamp: CairoStamp
        if let made = stamps[marker] {
            stamp = made
        } else if centers.count < Self.fewestStamped || !(marker.extent <= Self.largestStamped) {
            drawMarkers(marker, at: centers)
            return
        } else {
            stamp = CairoStamp(target: stampTarget, extent: marker.extent) { context in
                Self.add(marker.outline, to: context)
                if let fill = marker.fill {
                    Self.set(fill, on: context)
                    context.fillPreserve()
                }
                Self.set(marker.stroke, on: context)
                context.setLineWidth(marker.lineWidth)
                context.stroke()
            }
            stamps[marker] = stamp
        }
        for center in centers { stamp.place(on: context, x: center.x, y: center.y) }
    }

    mutating func text(_ string: String, at origin: Point, style: TextStyle) {
        set(style.color)
        context.showText(string, x: origin.x, y: origin.y,
            font: CairoFont(family: family, size: style.size, bold: style.bold))
    }

    mutating func pushClip(_ rect: Rect) {
        context.save()
        context.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        context.clip()
        clipDepth += 1
    }

    mutating func popClip() {
        guard clipDepth > 0 else { return }
        context.restore()
        clipDepth -= 1
    }

    /// Ends the current PDF page: unwinds any open clips, then starts a blank page of the same size.
    mutating func showPage() {
        while clipDepth > 0 { popClip() }
        context.showPage()
    }

    /// Checks the sticky status and any marker's, and releases the context.
    consuming func close() throws {
        while clipDepth > 0 { popClip() }
        if let failure = stamps.values.lazy.compactMap(\.failure).first { throw failure }
        try context.close()
    }

    private func set(_ color: Color) { Self.set(color, on: context) }

    private func add(_ path: Path) { Self.add(path, to: context) }

    private static func set(_ color: Color, on context: borrowing CairoContext) {
        context.setColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    private static func add(_ path: Path, to context: borrowing CairoContext) {
        context.newPath()
        for element in path.elements {
            switch element {
            case .move(let p): context.move(toX: p.x, y: p.y)
            case .line(let p): context.line(toX: p.x, y: p.y)
            case .curve(let a, let b, let c): context.curve(x1: a.x, y1: a.y, x2: b.x, y2: b.y, x3: c.x, y3: c.y)
            case .close: context.closePath()
            }
        }
    }
}

/// Encoding and writing through BrewCairo, with its errors mapped to ``ChartError``.
enum CairoOutput {
    static func encode(_ list: DisplayList, width: Double, height: Double, format: ChartImageFormat, title: String,
                       png encoding: PNGEncoding = .fast, creationDate: String? = nil) throws -> [UInt8] {
        let cairoFormat: CairoOutputFormat
        switch format {
        case .png(let scale): cairoFormat = .png(scale: scale)
        case .svg: cairoFormat = .svg
        case .pdf: cairoFormat = .pdf
        }
        do {
            var metadata = CairoDocumentMetadata(title: title)
            if let creationDate { metadata.creationDate = creationDate }
            let surface = try CairoSurface(format: cairoFormat, width: width, height: height, metadata: metadata)
            var backend = CairoBackend(context: try CairoContext(surface: surface), format: cairoFormat)
            list.replay(into: &backend)
            try backend.close()
            return try surface.finish(png: encoding)
        } catch let error as CairoError {
            throw ChartError(context: "rendering \(format.fileExtension.uppercased()) chart \"\(title)\"",
                reason: error.description)
        }
    }

    /// `list` drawn at `scale` px per pt, its pixels packed for PNG (``PNGRaster``).
    static func raster(
        _ list: DisplayList, width: Double, height: Double, scale: Double, title: String
    ) throws -> PNGRaster {
        do {
            let surface = try CairoSurface(format: .png(scale: scale), width: width, height: height)
            var backend = CairoBackend(context: try CairoContext(surface: surface), format: .png(scale: scale))
            list.replay(into: &backend)
            try backend.close()
            return try surface.finishRaster()
        } catch let error as CairoError {
            throw ChartError(context: "rendering PNG chart \"\(title)\"", reason: error.description)
        }
    }

    /// Encodes `pages` as one multi-page PDF of `width × height` pt pages, each list replayed onto its own page.
    ///
    /// An empty `pages` still yields a valid one-page (blank) document.
    static func encodePDF(pages: [DisplayList], width: Double, height: Double, title: String,
                          creationDate: String? = nil) throws -> [UInt8] {
        do {
            var metadata = CairoDocumentMetadata(title: title.isEmpty ? nil : title)
            if let creationDate { metadata.creationDate = creationDate }
            let surface = try CairoSurface(format: .pdf, width: width, height: height, metadata: metadata)
            var backend = CairoBackend(context: try CairoContext(surface: surface), format: .pdf)
            for (index, page) in pages.enumerated() {
                if index > 0 { backend.showPage() }
                page.replay(into: &backend)
            }
            try backend.close()
            return try surface.finish()
        } catch let error as CairoError {
            throw ChartError(context: "rendering PDF document \"\(title)\"", reason: error.description)
        }
    }

    /// Writes `bytes` to `file` (BrewFiles' ``AtomicFile``: on its own by a temporary file and a rename, in a staging
    /// folder in place); `noun` names what is written in the error context ("chart", "document").
    static func write(_ bytes: [UInt8], to file: OutputFile, noun: String = "chart") throws {
        do {
            try AtomicFile.write(bytes, to: file)
        } catch {
            throw ChartError(context: "writing \(noun) to \(file.shownPath)", reason: error.description,
                systemReason: error.reason)
        }
    }
}
