import CCairo
import Synchronization

/// A font request: family, size and weight. Families are resolved by fontconfig, with per-character fallback.
public struct CairoFont: Sendable, Hashable {
    /// The fontconfig family name; brewstats uses "DejaVu Sans".
    public var family: String
    /// The em size in points.
    public var size: Double
    /// Whether to use the bold face.
    public var bold: Bool

    /// Creates a font request.
    public init(family: String = "DejaVu Sans", size: Double, bold: Bool = false) {
        self.family = family
        self.size = size
        self.bold = bold
    }
}

/// The measured size of a line of text, in points.
public struct CairoTextMetrics: Sendable, Hashable {
    /// The advance width: how far the pen moves after drawing the text.
    public var width: Double
    /// Distance from the baseline up to the font's ascent line (positive).
    public var ascent: Double
    /// Distance from the baseline down to the font's descent line (positive).
    public var descent: Double
}

/// Text measuring without a drawing context, using the same fonts, fallback and unhinted metrics as
/// ``CairoContext/showText(_:x:y:font:)``, so layout computed with it matches what is drawn.
public enum CairoText {
    /// Measures one line of `text` in `font`.
    ///
    /// Empty text has zero width and the font's ascent and descent. Characters no installed font covers
    /// are measured with the primary font's missing-glyph box.
    public static func measure(_ text: String, font: CairoFont) -> CairoTextMetrics {
        let key = MeasuredText(text: text, font: font)
        let shard = measured[Int(UInt(bitPattern: key.hashValue) % UInt(measured.count))]
        if let known = shard.cache.withLock({ $0[key] }) { return known }
        let metrics = measureUncached(text, font: font)
        shard.cache.withLock { cache in
            if cache.count >= measuredLimit / measured.count { cache.removeAll(keepingCapacity: true) }
            cache[key] = metrics
        }
        return metrics
    }

    /// A text measured in a font: the key of ``measured``.
    private struct MeasuredText: Hashable {
        let text: String
        let font: CairoFont
    }

    /// Metrics already measured in this process. Layout measures the same strings again and again — tick labels,
    /// titles, the binary search of an ellipsised label, and the same labels in every chart and report of a batch —
    /// and cairo's measuring converts the text to glyphs under the scaled font's lock each time. The metrics of a
    /// text in a font never change, so a cached answer is the answer.
    ///
    /// The cache is split into ``measuredShards`` parts by the key's hash, each behind its own lock: a report draws
    /// its charts on several threads, each measuring hundreds of labels, and one lock for all of them was contended
    /// often enough that waiting for it (spinning, then sleeping) cost more than the look-ups themselves. A shard is
    /// emptied when it reaches its share of ``measuredLimit`` entries (a few megabytes in all), which a long batch
    /// reaches only after thousands of journals.
    private static let measured = (0..<measuredShards).map { _ in MeasuredShard() }
    private static let measuredShards = 64
    private static let measuredLimit = 20_000

    /// One part of ``measured``.
    private final class MeasuredShard: Sendable {
        let cache = Mutex<[MeasuredText: CairoTextMetrics]>([:])
    }

    private static func measureUncached(_ text: String, font: CairoFont) -> CairoTextMetrics {
        let resolver = FontResolver.shared
        var width = 0.0
        for run in resolver.runs(of: text, font: font) {
            var extents = cairo_text_extents_t()
            cairo_scaled_font_text_extents(ScaledFonts.measuring(run.face, size: font.size), run.text, &extents)
            width += extents.x_advance
        }
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(ScaledFonts.measuring(resolver.primaryFace(for: font), size: font.size), &extents)
        return CairoTextMetrics(width: width, ascent: extents.ascent, descent: extents.descent)
    }

    /// Whether some installed font has a glyph for every character of `text`.
    public static func isCovered(_ text: String, font: CairoFont) -> Bool {
        FontResolver.shared.isCovered(text, font: font)
    }
}
