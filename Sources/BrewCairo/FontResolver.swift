import CCairo
import Foundation

/// A stretch of text drawn with one font face.
struct FontRun {
    /// A cairo font face owned by ``FontResolver`` for the life of the process.
    let face: OpaquePointer
    let text: String
}

/// Picks, for every character, the first font in fontconfig's preference order that has a glyph for it.
///
/// For each requested family and weight the resolver asks fontconfig once for its sorted, coverage-trimmed
/// font list (e.g. DejaVu Sans, then a CJK font) and creates cairo font faces lazily. Faces, patterns and the
/// font set are deliberately kept for the life of the process: fonts are few and reused by every chart.
/// Mutable state is guarded by a lock, so the shared instance is safe to use from any thread; each chain's
/// coverage of common scalars is fixed when it is made and read without the lock.
final class FontResolver: @unchecked Sendable {
    static let shared = FontResolver()

    private struct Key: Hashable {
        let family: String
        let bold: Bool
    }

    /// One family's fallback chain.
    private final class Chain {
        let request: OpaquePointer
        let fonts: [OpaquePointer]
        let charsets: [OpaquePointer?]
        var faces: [OpaquePointer?]
        var choice: [UInt32: Int] = [:]
        /// Which scalars below ``commonLimit`` the first font has, one bit each. Written once in `init`, so
        /// threads read it without the lock.
        let primaryCommon: [UInt64]
        /// Scalars below this (Latin, Greek, Cyrillic, punctuation, arrows, maths operators) are looked up in
        /// ``primaryCommon``.
        static let commonLimit: UInt32 = 0x2400

        init(family: String, bold: Bool) {
            // SAFETY: FcPatternCreate returns a new pattern owned by this chain (never destroyed: process lifetime).
            let request: OpaquePointer = FcPatternCreate()
            self.request = request
            family.withCString { name in
                // SAFETY: fontconfig copies the string; FcChar8 is an unsigned byte like CChar.
                _ = FcPatternAddString(request, "family", UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
            }
            _ = FcPatternAddInteger(request, "weight", bold ? 200 : 80)
            _ = FcConfigSubstitute(nil, request, FcMatchPattern)
            FcDefaultSubstitute(request)
            var result = FcResultMatch
            var fonts: [OpaquePointer] = [], charsets: [OpaquePointer?] = []
            if let set = FcFontSort(nil, request, 1, nil, &result) {
                let count = Int(set.pointee.nfont)
                for index in 0..<count {
                    // SAFETY: `fonts` holds `nfont` valid patterns owned by the (never destroyed) set.
                    guard let font = set.pointee.fonts[index] else { continue }
                    var charset: OpaquePointer?
                    _ = FcPatternGetCharSet(font, "charset", 0, &charset)
                    guard let prepared = FcFontRenderPrepare(nil, request, font) else { continue }
                    fonts.append(prepared)
                    charsets.append(charset)
                }
            }
            self.fonts = fonts
            self.charsets = charsets
            faces = Array(repeating: nil, count: fonts.count)
            primaryCommon = Chain.coverage(of: charsets.first ?? nil)
        }

        /// The bits of `charset` below ``commonLimit``, read page by page (256 scalars a page).
        private static func coverage(of charset: OpaquePointer?) -> [UInt64] {
            var bits = [UInt64](repeating: 0, count: Int(commonLimit) / 64)
            guard let charset else { return bits }
            var map = [FcChar32](repeating: 0, count: 8)
            var next: FcChar32 = 0
            // SAFETY: `map` has FC_CHARSET_MAP_SIZE (8) words, as fontconfig writes; the charset lives as long as
            // the (never destroyed) font set.
            var base = FcCharSetFirstPage(charset, &map, &next)
            while base != FcChar32.max, base < commonLimit {  // FcChar32.max: FC_CHARSET_DONE
                for (i, word) in map.enumerated() where word != 0 {
                    let first = Int(base) + 32 * i
                    bits[first / 64] |= UInt64(word) << UInt64(first % 64)
                }
                base = FcCharSetNextPage(charset, &map, &next)
            }
            return bits
        }

        /// Whether the first font has every scalar of `text`, all below ``commonLimit``; safe without the lock.
        func primaryHasAll(_ text: String) -> Bool {
            for scalar in text.unicodeScalars {
                let v = scalar.value
                guard v < Chain.commonLimit, primaryCommon[Int(v >> 6)] & (1 << UInt64(v & 63)) != 0 else {
                    return false
                }
            }
            return true
        }

        func face(at index: Int) -> OpaquePointer {
            if let face = faces[index] { return face }
            // SAFETY: the prepared pattern outlives the face (both are kept for the process lifetime).
            let face = cairo_ft_font_face_create_for_pattern(fonts[index])!
            faces[index] = face
            ScaledFonts.keepFace(face)
            return face
        }

        func fontIndex(for scalar: Unicode.Scalar) -> Int? {
            if let known = choice[scalar.value] { return known < 0 ? nil : known }
            var found = -1
            for (index, charset) in charsets.enumerated() {
                if let charset, FcCharSetHasChar(charset, scalar.value) != 0 {
                    found = index
                    break
                }
            }
            choice[scalar.value] = found
            return found < 0 ? nil : found
        }
    }

    private let lock = NSLock()
    private var chains: [Key: Chain] = [:]
    private var fallbackFace: OpaquePointer?

    private func chain(for font: CairoFont) -> Chain {
        let key = Key(family: font.family, bold: font.bold)
        if let chain = chains[key] { return chain }
        let chain = Chain(family: font.family, bold: font.bold)
        chains[key] = chain
        return chain
    }

    private func defaultFace(_ chain: Chain) -> OpaquePointer {
        if !chain.fonts.isEmpty { return chain.face(at: 0) }
        if let fallbackFace { return fallbackFace }
        // No fonts at all: cairo's toy face still draws missing-glyph boxes.
        let face = cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
        fallbackFace = face
        ScaledFonts.keepFace(face)
        return face
    }

    /// The face used for characters every font lacks, and for font-wide metrics.
    func primaryFace(for font: CairoFont) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        return defaultFace(chain(for: font))
    }

    /// Splits `text` into runs that each use one face. Combining marks and joiners stay with the previous run.
    ///
    /// Text the first font covers entirely from its common scalars (nearly all chart text) is one run, found
    /// without holding the lock while the text is read: threads drawing charts at once do not queue here.
    func runs(of text: String, font: CairoFont) -> [FontRun] {
        guard !text.isEmpty else { return [] }
        lock.lock()
        let chain = chain(for: font)
        let primary = chain.fonts.isEmpty ? nil : chain.face(at: 0)
        lock.unlock()
        if let primary, chain.primaryHasAll(text) { return [FontRun(face: primary, text: text)] }
        lock.lock()
        defer { lock.unlock() }
        var runs: [FontRun] = []
        var current = ""
        var currentIndex: Int?
        for scalar in text.unicodeScalars {
            let isAttached = scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0x200D
                || (0xFE00...0xFE0F).contains(scalar.value)
            let index = isAttached ? currentIndex : (chain.fontIndex(for: scalar) ?? 0)
            if index != currentIndex, !current.isEmpty {
                let face = chain.fonts.isEmpty ? defaultFace(chain) : chain.face(at: currentIndex ?? 0)
                runs.append(FontRun(face: face, text: current))
                current = ""
            }
            currentIndex = index
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty {
            let face = chain.fonts.isEmpty ? defaultFace(chain) : chain.face(at: currentIndex ?? 0)
            runs.append(FontRun(face: face, text: current))
        }
        return runs
    }

    /// Whether every character of `text` has a glyph in some font of the chain.
    func isCovered(_ text: String, font: CairoFont) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let chain = chain(for: font)
        return text.unicodeScalars.allSatisfy { chain.fontIndex(for: $0) != nil }
    }
}
