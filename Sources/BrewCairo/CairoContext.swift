import CCairo

/// How the ends of stroked lines look.
public enum CairoLineCap: Sendable, Hashable {
    /// Ends exactly at the end point.
    case butt
    /// A half disc beyond the end point.
    case round
    /// A half square beyond the end point.
    case square
}

/// How stroked corners look.
public enum CairoLineJoin: Sendable, Hashable {
    /// Sharp corners (limited by the miter limit).
    case miter
    /// Rounded corners.
    case round
    /// Cut-off corners.
    case bevel
}

/// The single owner of one `cairo_t` drawing onto a ``CairoSurface``.
///
/// All coordinates are in points, origin top left, y down. Drawing calls never throw: cairo records the
/// first error in a sticky status, which ``checkStatus(_:)`` and ``close()`` turn into a ``CairoError``.
/// Call ``close()`` at the end of each drawing scope; `deinit` only releases the handle.
public struct CairoContext: ~Copyable {
    let handle: OpaquePointer

    /// Creates a context drawing onto `surface`.
    ///
    /// cairo keeps its own reference to the surface, so the context stays valid even if the surface owner is
    /// finished first (drawing then records ``CairoStatus/surfaceFinished``).
    /// - Throws: ``CairoError`` when cairo cannot create the context (e.g. out of memory or a finished surface).
    public init(surface: borrowing CairoSurface) throws {
        // SAFETY: `surface.handle` is a live surface owned by `surface`; cairo_create takes its own reference.
        try self.init(drawingOn: surface.handle)
    }

    /// Creates a context drawing onto a live surface that its caller owns (e.g. a ``CairoStamp``'s).
    init(drawingOn surface: OpaquePointer) throws {
        let context = cairo_create(surface)!
        let status = cairo_status(context)
        if status != CAIRO_STATUS_SUCCESS {
            cairo_destroy(context)
            throw CairoError(status: CairoStatus(status), context: "creating a drawing context")
        }
        self.handle = context
        // Deterministic text metrics independent of the output device.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_destroy(handle)
    }

    /// The sticky status: success, or the first error recorded by any drawing call.
    public var status: CairoStatus { CairoStatus(cairo_status(handle)) }

    /// Throws if any drawing so far has failed.
    /// - Parameter scope: Words naming the drawing scope, used as the error context.
    /// - Throws: ``CairoError`` carrying the sticky status.
    public func checkStatus(_ scope: String) throws {
        try CairoError.check(cairo_status(handle), scope)
    }

    /// Ends drawing: checks the sticky status and releases the context.
    /// - Throws: ``CairoError`` when any drawing call failed.
    public consuming func close() throws {
        try CairoError.check(cairo_status(handle), "drawing")
    }

    // MARK: Pages

    /// Ends the current page of a multi-page (PDF) surface and starts a fresh, blank one of the same size.
    ///
    /// The graphics state (source, line style, clip, transform) carries over to the next page. The page in
    /// progress when the surface is finished is emitted automatically, so a document of `n` pages calls this
    /// `n − 1` times. On PNG surfaces it only flushes; on SVG surfaces (single-page) later drawing overlays the
    /// same page.
    public func showPage() { cairo_show_page(handle) }

    // MARK: State

    /// Pushes the graphics state (source, line style, clip, transform).
    public func save() { cairo_save(handle) }
    /// Pops the graphics state pushed by the matching ``save()``.
    public func restore() { cairo_restore(handle) }
    /// Sets the paint used by fill, stroke and text; components are 0…1.
    public func setColor(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(handle, red, green, blue, alpha)
    }
    /// Sets the stroke width in points.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(handle, width) }
    /// Sets the dash pattern (alternating on/off lengths in points); empty means solid.
    public func setDash(_ pattern: [Double], offset: Double = 0) {
        pattern.withUnsafeBufferPointer { buffer in
            // SAFETY: cairo copies the pattern before returning.
            cairo_set_dash(handle, buffer.baseAddress, Int32(buffer.count), offset)
        }
    }
    /// Sets how stroke ends look.
    public func setLineCap(_ cap: CairoLineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(handle, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(handle, CAIRO_LINE_CAP_SQUARE)
        }
    }
    /// Sets how stroke corners look.
    public func setLineJoin(_ join: CairoLineJoin) {
        switch join {
        case .miter: cairo_set_line_join(handle, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(handle, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    // MARK: Paths

    /// Discards the current path.
    public func newPath() { cairo_new_path(handle) }
    /// Starts a new sub-path at (x, y).
    public func move(toX x: Double, y: Double) { cairo_move_to(handle, x, y) }
    /// Adds a straight segment to (x, y).
    public func line(toX x: Double, y: Double) { cairo_line_to(handle, x, y) }
    /// Adds a cubic Bézier segment.
    public func curve(x1: Double, y1: Double, x2: Double, y2: Double, x3: Double, y3: Double) {
        cairo_curve_to(handle, x1, y1, x2, y2, x3, y3)
    }
    /// Closes the current sub-path.
    public func closePath() { cairo_close_path(handle) }
    /// Adds a closed rectangle sub-path.
    public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(handle, x, y, width, height)
    }
    /// Fills the current path (non-zero winding) and clears it.
    public func fill() { cairo_fill(handle) }
    /// Fills the current path (non-zero winding) and keeps it, e.g. to stroke it next.
    public func fillPreserve() { cairo_fill_preserve(handle) }
    /// Strokes the current path and clears it.
    public func stroke() { cairo_stroke(handle) }
    /// Intersects the clip with the current path and clears it.
    public func clip() { cairo_clip(handle) }
    /// Fills the whole clip region with the source.
    public func paint() { cairo_paint(handle) }

    // MARK: Text

    /// Draws `text` with its baseline starting at (x, y), falling back per character to any installed font
    /// that has a glyph (e.g. a CJK font for 日本) when the requested family lacks one.
    ///
    /// Empty strings draw nothing. Invalid UTF-8 cannot occur (Swift strings are valid).
    public func showText(_ text: String, x: Double, y: Double, font: CairoFont) {
        guard !text.isEmpty else { return }
        cairo_move_to(handle, x, y)
        for run in FontResolver.shared.runs(of: text, font: font) {
            cairo_set_font_face(handle, run.face)
            cairo_set_font_size(handle, font.size)
            // SAFETY: the context's current font, live while the context is; see ScaledFonts for why it is kept.
            ScaledFonts.keepDrawing(cairo_get_scaled_font(handle))
            // Each run advances the current point, so runs follow each other.
            cairo_show_text(handle, run.text)
        }
        cairo_new_path(handle)
    }
}
