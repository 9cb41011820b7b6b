import CCairo

/// The kinds of document BrewCairo can produce.
public enum CairoOutputFormat: Sendable, Hashable {
    /// A PNG raster. `scale` is the device pixels per point (2 gives crisp output on high-density screens).
    case png(scale: Double = 2)
    /// An SVG 1.1 document, with cairo's process-wide ids renumbered so output is byte-identical per input.
    case svg
    /// A PDF 1.5 document with a fixed creation date, so output is byte-identical per input.
    case pdf

    /// The conventional file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .svg: "svg"
        case .pdf: "pdf"
        }
    }
}

/// Document metadata written into PDF output (ignored by PNG and SVG).
public struct CairoDocumentMetadata: Sendable, Hashable {
    /// The document title, or `nil` for none.
    public var title: String?
    /// The creating application.
    public var creator: String
    /// The creation date as ISO 8601 (`YYYY-MM-DDThh:mm:ss`, optionally with a zone). Fixed by default so
    /// two renders of the same chart are byte-identical.
    public var creationDate: String

    /// Creates metadata; the defaults give deterministic output.
    public init(title: String? = nil, creator: String = "brewstats", creationDate: String = "2000-01-01T00:00:00Z") {
        self.title = title
        self.creator = creator
        self.creationDate = creationDate
    }
}

/// Collects the bytes cairo streams out of a vector surface or a PNG encoder.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// The C write callback shared by every stream: appends to the `ByteSink` passed as `closure`.
private let writeToSink: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    // SAFETY: `closure` is the unretained `ByteSink` of the surface being written; the surface owner keeps
    // the sink alive for at least as long as the C surface (it is a stored property of `CairoSurface`).
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    // SAFETY: cairo guarantees `data` points at `length` readable bytes for the duration of the call.
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}

/// The single owner of one `cairo_surface_t`: a PNG raster, or an SVG/PDF document streamed into memory.
///
/// Sizes are in points (1/72 inch). A PNG surface has `ceil(width × scale) × ceil(height × scale)` pixels and a
/// device scale, so drawing code always works in points. Draw with a ``CairoContext`` created from the surface,
/// close the context, then call ``finish()`` to obtain the encoded bytes. `deinit` only releases the handle;
/// everything that can fail happens in ``finish()``.
public struct CairoSurface: ~Copyable {
    let handle: OpaquePointer
    private let sink: ByteSink
    /// The output format chosen at creation.
    public let format: CairoOutputFormat
    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double

    /// Creates a surface of `width × height` points.
    ///
    /// - Parameters:
    ///   - format: PNG (with a scale factor), SVG or PDF.
    ///   - width: Width in points; must be finite and positive.
    ///   - height: Height in points; must be finite and positive.
    ///   - metadata: PDF metadata; the default fixes the creation date.
    /// - Throws: ``CairoError`` with ``CairoStatus/invalidSize`` for non-positive or huge sizes, or cairo's
    ///   status when the surface cannot be created. Nothing is leaked on failure.
    public init(format: CairoOutputFormat, width: Double, height: Double,
                metadata: CairoDocumentMetadata = CairoDocumentMetadata()) throws {
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 20_000, height <= 20_000 else {
            throw CairoError(status: .invalidSize, context: "creating a \(width) × \(height) pt surface")
        }
        let sink = ByteSink()
        let surface: OpaquePointer?
        switch format {
        case .png(let scale):
            guard scale.isFinite, scale > 0, scale <= 8 else {
                throw CairoError(status: .invalidSize, context: "creating a PNG surface at scale \(scale)")
            }
            surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((height * scale).rounded(.up)))
            if let surface { cairo_surface_set_device_scale(surface, scale, scale) }
        case .svg:
            // SAFETY: the sink outlives the surface (both are owned by this struct; deinit destroys the surface).
            surface = cairo_svg_surface_create_for_stream(
                writeToSink, Unmanaged.passUnretained(sink).toOpaque(), width, height)
            if let surface { cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1) }
        case .pdf:
            // SAFETY: as for SVG, the sink outlives the surface.
            surface = cairo_pdf_surface_create_for_stream(
                writeToSink, Unmanaged.passUnretained(sink).toOpaque(), width, height)
            if let surface {
                cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.creationDate)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
                if let title = metadata.title {
                    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
                }
            }
        }
        guard let surface else {
            throw CairoError(status: .noMemory, context: "creating a \(format.fileExtension) surface")
        }
        let status = cairo_surface_status(surface)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(surface)
            throw CairoError(status: CairoStatus(status), context: "creating a \(format.fileExtension) surface")
        }
        self.handle = surface
        self.sink = sink
        self.format = format
        self.width = width
        self.height = height
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    /// The surface's sticky status: success, or the first error any drawing on it produced.
    public var status: CairoStatus { CairoStatus(cairo_surface_status(handle)) }

    /// Finishes a PNG surface and returns its pixels packed for encoding, for the benchmark that encodes the same
    /// pixels with several settings (``PNGRaster/encoded(_:)``).
    /// - Throws: ``CairoError`` when drawing left an error status or the surface is not a PNG one.
    public consuming func finishRaster() throws -> PNGRaster {
        guard case .png = format else {
            throw CairoError(status: .invalidSize, context: "packing a \(format.fileExtension) surface as pixels")
        }
        cairo_surface_flush(handle)
        try CairoError.check(cairo_surface_status(handle), "drawing the PNG")
        return try PNGEncoder.raster(handle)
    }

    /// Finishes the document and returns its encoded bytes (PNG, SVG or PDF).
    ///
    /// SVG output has cairo's process-wide `surfaceN` (and other) ids renumbered in order of appearance,
    /// so the same drawing gives the same bytes in any process. Close every ``CairoContext`` drawing on this
    /// surface first; a context still open keeps drawing into a finished surface and records an error.
    /// - Parameter encoding: How a PNG is encoded (``PNGEncoding``); ignored by SVG and PDF.
    /// - Throws: ``CairoError`` when drawing left an error status or encoding fails.
    public consuming func finish(png encoding: PNGEncoding = .fast) throws -> [UInt8] {
        switch format {
        case .png:
            cairo_surface_flush(handle)
            try CairoError.check(cairo_surface_status(handle), "drawing the PNG")
            switch encoding {
            case .fast: return try PNGEncoder.encode(handle)
            case .compressed(let compression): return try PNGEncoder.encode(handle, compression)
            case .cairo: break
            }
            // SAFETY: the sink is alive for the whole call; cairo calls `writeToSink` synchronously.
            let status = cairo_surface_write_to_png_stream(
                handle, writeToSink, Unmanaged.passUnretained(sink).toOpaque())
            try CairoError.check(status, "encoding the PNG")
            return sink.bytes
        case .svg:
            cairo_surface_finish(handle)
            try CairoError.check(cairo_surface_status(handle), "finishing the SVG")
            return SVGIdentifiers.normalised(sink.bytes)
        case .pdf:
            cairo_surface_finish(handle)
            try CairoError.check(cairo_surface_status(handle), "finishing the PDF")
            return sink.bytes
        }
    }
}
