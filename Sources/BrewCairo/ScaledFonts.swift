import CCairo
import Synchronization

/// Scaled fonts held for the life of the process, so cairo never frees one that threads share.
///
/// cairo 1.16 (Debian 12's) is not safe when a scaled font that several threads use loses its last reference
/// on one thread while another thread creates (finds) or uses the same font: the process aborts in
/// `cairo_scaled_font_destroy` (`! scaled_font->cache_frozen`), later cairo releases fix the race. brewstats
/// draws charts on several threads at once — a report's charts, a batch's journals — always with the same few
/// faces and sizes, and cairo shares one scaled font per face, size, transform and options between all of them.
///
/// So every scaled font brewstats uses takes one extra reference here, never released, and no such font's
/// count returns to zero:
/// - the fonts contexts draw with (``keepDrawing(_:)``, from ``CairoContext/showText(_:x:y:font:)``);
/// - the fonts text is measured with (``measuring(_:size:)``: created once per face and size);
/// - for every face, the unhinted size-1 font the PDF backend creates for its font subsets
///   (``keepFace(_:)``).
///
/// The set stays small: faces (a handful) × sizes (about ten) × device scales × surface kinds — a few dozen
/// fonts, whose glyph caches cairo bounds globally.
enum ScaledFonts {
    private struct Key: Hashable {
        let face: Int
        let size: Double
    }

    private struct State {
        var kept: Set<Int> = []
        var measuring: [Key: Int] = [:]
    }

    private static let state = Mutex(State())

    /// Takes a process-lifetime reference to `scaled` (a context's current font) the first time it is seen.
    static func keepDrawing(_ scaled: OpaquePointer) {
        let bits = Int(bitPattern: scaled)
        state.withLock { s in
            // SAFETY: `scaled` is live (its context holds it); the reference taken here is never released.
            if s.kept.insert(bits).inserted { cairo_scaled_font_reference(scaled) }
        }
    }

    /// The scaled font that measures `face` at `size` points: identity device transform, unhinted metrics, as
    /// contexts draw (``CairoContext/init(surface:)``). Created on first use and kept for the process.
    static func measuring(_ face: OpaquePointer, size: Double) -> OpaquePointer {
        let key = Key(face: Int(bitPattern: face), size: size)
        let bits = state.withLock { s -> Int in
            if let bits = s.measuring[key] { return bits }
            let bits = Int(bitPattern: create(face, size: size))
            s.measuring[key] = bits
            s.kept.insert(bits)
            return bits
        }
        // SAFETY: `bits` is a scaled font this enum created and never releases.
        return OpaquePointer(bitPattern: bits)!
    }

    /// Creates and keeps, for a newly created `face`, the font cairo's PDF backend makes for the face's font
    /// subsets: size 1, identity transforms, default options with hint style none and hint metrics off.
    static func keepFace(_ face: OpaquePointer) {
        _ = measuring(face, size: 1)
    }

    /// A new scaled font of `face` at `size` with the drawing options (the caller owns the reference).
    private static func create(_ face: OpaquePointer, size: Double) -> OpaquePointer {
        var matrix = cairo_matrix_t()
        var identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, size, size)
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        defer { cairo_font_options_destroy(options) }
        // SAFETY: `face` is kept alive by ``FontResolver`` for the life of the process; the scaled font takes its
        // own reference to it. cairo never returns NULL (an error font at worst, which measures as zero).
        return cairo_scaled_font_create(face, &matrix, &identity, options)!
    }
}
