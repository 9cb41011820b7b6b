import CCairo

/// A small drawing (a scatter marker) made once and placed many times on one kind of surface.
///
/// Drawing a marker as a path costs the same on every placement: cairo rasterises it again for PNG, and writes
/// and compresses its path again for SVG and PDF. A stamp draws it once:
/// - **Vector** (SVG, PDF): into a recording surface, which cairo writes once (an SVG `<g>` in the definitions,
///   a PDF form XObject) and references at each placement (`<use>`, `Do`).
/// - **Raster** (PNG): into small images, one per quarter-pixel phase in x and y (16 at most, each made on
///   first use), composited at whole device pixels. A placement is off by at most 1/8 device pixel.
///
/// Each placement is composited on its own, in order, so translucent parts of overlapping placements compound
/// exactly as separate fills and strokes would (painting a group is painting its parts, by associativity of
/// *over*). The drawing is clipped to the square of half side `extent` around its origin.
///
/// The stamp owns its cairo surfaces; `deinit` releases them. Like cairo objects, a stamp belongs to one thread.
public final class CairoStamp {
    /// Where the stamp is placed, which decides how it is kept.
    public enum Target: Sendable, Hashable {
        /// SVG or PDF output.
        case vector
        /// A PNG image surface with `scale` device pixels per point.
        case raster(scale: Double)
    }

    /// Quarter-pixel phases per axis.
    static let phases = 4

    private let target: Target
    private let extent: Double
    private let draw: (borrowing CairoContext) -> Void
    private var recording: OpaquePointer?
    private var sprites: [OpaquePointer?]
    /// The side of a raster sprite in device pixels, and the device pixel of its origin at phase 0.
    private let side: Int, origin: Int

    /// The first error met while making the drawing, or `nil`. Placements of a failed stamp draw nothing.
    public private(set) var failure: CairoError?

    /// Creates a stamp; `draw` paints the drawing around the origin (in points) and is called on first use (and
    /// once per raster phase used).
    /// - Parameter extent: Half the side of the square around the origin holding everything `draw` paints.
    public init(target: Target, extent: Double, draw: @escaping (borrowing CairoContext) -> Void) {
        self.target = target
        self.extent = extent.isFinite ? max(extent, 0.5) : 0.5
        self.draw = draw
        sprites = []
        if case .raster(let scale) = target {
            origin = Int((self.extent * scale).rounded(.up)) + 1
            side = 2 * origin + 1
            sprites = Array(repeating: nil, count: Self.phases * Self.phases)
        } else {
            origin = 0
            side = 0
        }
    }

    deinit {
        if let recording { cairo_surface_destroy(recording) }
        for case let sprite? in sprites { cairo_surface_destroy(sprite) }
    }

    /// Paints the drawing with its origin at (`x`, `y`) (in points, user space without a transform) onto
    /// `context`, within the context's clip. Non-finite positions and positions far off any surface draw nothing.
    public func place(on context: borrowing CairoContext, x: Double, y: Double) {
        guard x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 else { return }
        switch target {
        case .vector:
            guard let recording = vectorDrawing() else { return }
            cairo_set_source_surface(context.handle, recording, x - extent, y - extent)
            cairo_paint(context.handle)
        case .raster(let scale):
            // Quarter device pixels, rounded to the nearest: the whole pixel and the phase within it.
            let qx = Int((x * scale * Double(Self.phases)).rounded()),
                qy = Int((y * scale * Double(Self.phases)).rounded())
            let px = qx >> 2, py = qy >> 2
            guard let sprite = rasterDrawing(phase: (qy & 3) * Self.phases + (qx & 3), scale: scale) else { return }
            let left = Double(px - origin) / scale, top = Double(py - origin) / scale, size = Double(side) / scale
            cairo_set_source_surface(context.handle, sprite, left, top)
            cairo_rectangle(context.handle, left, top, size, size)
            cairo_fill(context.handle)
        }
    }

    private func vectorDrawing() -> OpaquePointer? {
        if let recording { return recording }
        guard failure == nil else { return nil }
        // Bounds at the origin, the drawing moved into them: cairo 1.16's SVG output misplaces the parts of
        // a recording whose bounds start elsewhere.
        var bounds = cairo_rectangle_t(x: 0, y: 0, width: 2 * extent, height: 2 * extent)
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &bounds)!
        guard made(surface, "recording a marker", transform: (extent, extent)) else { return nil }
        recording = surface
        return surface
    }

    private func rasterDrawing(phase: Int, scale: Double) -> OpaquePointer? {
        if let sprite = sprites[phase] { return sprite }
        guard failure == nil else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        cairo_surface_set_device_scale(surface, scale, scale)
        let fx = Double(phase % Self.phases) / Double(Self.phases),
            fy = Double(phase / Self.phases) / Double(Self.phases)
        guard made(surface, "rasterising a marker",
            transform: ((Double(origin) + fx) / scale, (Double(origin) + fy) / scale))
        else { return nil }
        sprites[phase] = surface
        return surface
    }

    /// Runs `draw` on `surface` (moved by `transform`); on failure records it, destroys the surface and returns false.
    private func made(_ surface: OpaquePointer, _ scope: String, transform: (Double, Double)) -> Bool {
        do {
            try CairoError.check(cairo_surface_status(surface), scope)
            let context = try CairoContext(drawingOn: surface)
            cairo_translate(context.handle, transform.0, transform.1)
            draw(context)
            try context.close()
            cairo_surface_flush(surface)
            return true
        } catch {
            failure = error as? CairoError ?? CairoError(status: .noMemory, context: scope)
            cairo_surface_destroy(surface)
            return false
        }
    }
}
