import CCairo
import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// How a PNG surface's pixels become a file.
public enum PNGEncoding: Sendable, Hashable {
    /// BrewCairo's encoder (``PNGEncoder``) with ``PNGCompression/chosen``. The default.
    case fast
    /// BrewCairo's encoder with other compression settings, for the `png-encode` benchmark that chose them.
    case compressed(PNGCompression)
    /// cairo's `cairo_surface_write_to_png_stream`: libpng defaults (adaptive filters, deflate level 6).
    /// Slower; kept as the reference the `png-encode` benchmark and the tests compare with.
    case cairo
}

/// The zlib and row-filter settings of a PNG.
public struct PNGCompression: Sendable, Hashable, CustomStringConvertible {
    /// The PNG row filters (each row is stored as its difference to a predictor before deflate).
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        /// Rows as they are.
        case none
        /// Difference to the pixel on the left.
        case sub
        /// Difference to the pixel above.
        case up
        /// Difference to the mean of left and above.
        case average
        /// Difference to the Paeth predictor of left, above and upper left.
        case paeth
        /// libpng's choice per row among all five (the smallest sum of absolute differences).
        case adaptive
    }

    /// zlib's strategy.
    public enum Strategy: String, Sendable, Hashable, CaseIterable {
        /// `Z_DEFAULT_STRATEGY`: matches at any distance up to 32 kB.
        case standard
        /// `Z_FILTERED`: fewer, longer matches, more Huffman coding.
        case filtered
        /// `Z_RLE`: matches at distance one only (runs), much faster to search.
        case rle
    }

    /// zlib's level, 1 (fastest) … 9 (smallest).
    public var level: Int
    /// The row filter.
    public var filter: Filter
    /// zlib's strategy.
    public var strategy: Strategy

    /// Creates settings.
    public init(level: Int, filter: Filter, strategy: Strategy) {
        self.level = level
        self.filter = filter
        self.strategy = strategy
    }

    /// The settings charts are written with: deflate level 3, no row filter, zlib's default strategy — chosen by
    /// measurement (`make bench`, family `png-compression`: the 33 gallery charts in three themes and a 1,000-brew
    /// report's 15 charts at 2×, 88 MB of packed pixels, each candidate encoding the same rasters; medians of 3):
    /// 493 ms and 3,288 kB. Level 6 was 15 % smaller (2,805 kB) at 2.5× the time (1,233 ms); levels 1 and 2 were no
    /// faster within the run's noise (478 and 515 ms) and larger (3,466 and 3,392 kB). Row filters only add bytes and
    /// time to charts' flat areas and thin lines (up, level 3: 3,576 kB; adaptive: 3,395 kB at 1,898 ms), and
    /// run-length matching (`Z_RLE`) gave 4,017–5,571 kB. Levels 4 and 5 use zlib's lazy matching, as 6 does, so cost
    /// near it.
    public static let chosen = PNGCompression(level: 3, filter: .none, strategy: .standard)

    /// `level-filter-strategy`, e.g. `3-none-standard`.
    public var description: String { "\(level)-\(filter.rawValue)-\(strategy.rawValue)" }

    var filterMask: Int32 {
        switch filter {
        case .none: 0x08
        case .sub: 0x10
        case .up: 0x20
        case .average: 0x40
        case .paeth: 0x80
        case .adaptive: 0xF8
        }
    }

    var zlibStrategy: Int32 {
        switch strategy {
        case .standard: 0
        case .filtered: 1
        case .rle: 3
        }
    }
}

/// A surface's pixels packed for PNG: one byte per pixel (grey), three (B, G, R) or four (B, G, R, straight alpha),
/// rows without padding. Made once, it can be encoded with several settings (the benchmark compares them).
public struct PNGRaster: Sendable {
    /// Packed rows.
    let pixels: [UInt8]
    /// Size in pixels.
    public let width: Int, height: Int
    /// 1, 3 or 4.
    public let channels: Int

    /// The PNG file with `compression`.
    /// - Throws: ``CairoError`` when libpng fails (out of memory).
    public func encoded(_ compression: PNGCompression = .chosen) throws -> [UInt8] {
        try PNGEncoder.compress(self, compression)
    }
}

/// Encodes a finished ARGB32 image surface with libpng (``PNGEncoding/fast``): pixels packed here, rows written by
/// libpng's full write API with the zlib level, strategy and row filter of ``PNGCompression`` (libpng's simplified
/// API, used before, fixes them).
///
/// Why not cairo's own writer: in the report benchmarks (`make bench`, families `report` and `charts`)
/// cairo's PNG writer, that is libpng and zlib at their default settings, took about half of a 10,000-brew
/// report's CPU time (`perf`: zlib 28 %, libpng 19 %). Charts are large flat areas; without row filters and
/// at deflate level 3 they encode several times faster (``PNGCompression/chosen`` says how those settings were
/// chosen). The `png-encode` benchmark family measures both encoders on the same surfaces in the same run, with the
/// file sizes.
///
/// Pixels: cairo stores premultiplied alpha in native-endian 32-bit words, that is B, G, R, A bytes on a
/// little-endian machine. An image whose every pixel is opaque is packed to B, G, R and written without
/// alpha (as cairo's writer does); otherwise alpha is un-premultiplied (libpng's 8-bit formats take
/// straight alpha) and kept.
///
/// **Grey.** An opaque image whose every pixel has R = G = B — every chart in the monochrome and dark themes,
/// anti-aliasing included — is written as 8-bit greyscale (colour type 0): the same pixels, a third of the bytes
/// to deflate. It decodes to exactly the RGB image (PNG greyscale expands to R = G = B = the grey value). `make bench`,
/// family `png-encode` (a 10,000-brew report's 11 charts drawn and encoded on one core): 216 ms and 1,425 kB as RGB
/// in the run before this path existed, 165 ms and 815 kB as grey in the run after.
enum PNGEncoder {
    static func encode(_ surface: OpaquePointer, _ compression: PNGCompression = .chosen) throws -> [UInt8] {
        try compress(raster(surface), compression)
    }

    /// The pixels of a finished ARGB32 image surface, packed (see the type's discussion).
    static func raster(_ surface: OpaquePointer) throws -> PNGRaster {
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(surface) else {
            throw CairoError(status: .invalidSize, context: "encoding the PNG: not an ARGB32 image surface")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard littleEndian else {
            throw CairoError(status: .invalidSize, context: "encoding the PNG: big-endian pixels")
        }

        let (opaque, grey) = classify(data, width: width, height: height, stride: stride)
        let pixels: [UInt8]
        if grey {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
                // SAFETY: rows of `width` 32-bit pixels start every `stride` bytes of the surface's data; `out`
                // holds width × height bytes. Unaligned loads: cairo's strides are multiples of 4 anyway.
                let base = out.baseAddress!
                for y in 0..<height {
                    let row = UnsafeRawPointer(data + y * stride)
                    let o = base + y * width
                    for x in 0..<width {
                        o[x] = UInt8(truncatingIfNeeded: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) >> 8)
                    }
                }
                count = width * height
            }
        } else if opaque {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
                // SAFETY: as above; `out` holds width × height × 3 bytes.
                let base = out.baseAddress!
                for y in 0..<height {
                    let row = data + y * stride
                    let o = base + y * width * 3
                    for x in 0..<width {
                        o[3 * x] = row[4 * x]; o[3 * x + 1] = row[4 * x + 1]; o[3 * x + 2] = row[4 * x + 2]
                    }
                }
                count = width * height * 3
            }
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
                for y in 0..<height {
                    let row = data + y * stride
                    for x in 0..<width {
                        let i = 4 * x, o = (y * width + x) * 4, a = Int(row[i + 3])
                        out[o + 3] = UInt8(a)
                        for c in 0..<3 {
                            let v = Int(row[i + c])
                            out[o + c] = a == 0 ? 0 : a == 255 ? UInt8(v) : UInt8(min(255, (v * 255 + a / 2) / a))
                        }
                    }
                }
                count = width * height * 4
            }
        }
        return PNGRaster(pixels: pixels, width: width, height: height, channels: grey ? 1 : opaque ? 3 : 4)
    }

    /// The PNG of `raster` with `compression`, written by libpng's full write API (through the C shim
    /// `brewstats_png_encode`, which keeps libpng's error jumps inside C).
    static func compress(_ raster: PNGRaster, _ compression: PNGCompression) throws -> [UInt8] {
        let colourType: Int32 = raster.channels == 1 ? 0 : raster.channels == 3 ? 2 : 6
        var buffer = brewstats_png_buffer()
        var message = [CChar](repeating: 0, count: 128)
        let ok = raster.pixels.withUnsafeBufferPointer { pixels in
            // SAFETY: `pixels` holds height rows of width × channels bytes; the shim reads them and fills `buffer`
            // (malloc'd, freed below) or frees it on failure; `message` holds 128 bytes.
            brewstats_png_encode(pixels.baseAddress, UInt32(raster.width), UInt32(raster.height),
                                 raster.width * raster.channels,
                                 colourType, raster.channels == 1 ? 0 : 1, Int32(min(max(compression.level, 0), 9)),
                                 compression.zlibStrategy, compression.filterMask, &buffer, &message)
        }
        guard ok != 0, let data = buffer.data else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CairoError(status: .writeError, context: "encoding the PNG: libpng: \(reason)")
        }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }

    /// Whether every pixel is opaque, and whether every pixel is also grey (B = G = R).
    ///
    /// Reads each row as 32-bit words (B, G, R, A little-endian): opaque means every word ≥ 0xFF00_0000; grey
    /// compares B with G and G with R by shifting the word. The loop keeps two running flags instead of branching
    /// per pixel, so it vectorises.
    private static func classify(
        _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int
    ) -> (opaque: Bool, grey: Bool) {
        var grey = true
        for y in 0..<height {
            // SAFETY: row `y` holds `width` 32-bit pixels at `data + y * stride` (cairo's ARGB32 layout).
            let row = UnsafeRawPointer(data + y * stride)
            var alphaAll: UInt32 = 0xFF
            var colourDiff: UInt32 = 0
            for x in 0..<width {
                let w = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                alphaAll &= w >> 24
                colourDiff |= (w ^ (w >> 8)) & 0xFFFF
            }
            if alphaAll != 0xFF { return (false, false) }
            if colourDiff != 0 { grey = false }
        }
        return (true, grey)
    }

    private static let littleEndian = 1.littleEndian == 1
}
