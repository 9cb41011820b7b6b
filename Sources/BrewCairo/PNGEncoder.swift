import CCairo
import CPNG

/// How a PNG surface's pixels become a file.
public enum PNGEncoding: Sendable, Hashable {
    /// libpng's simplified writer with `PNG_IMAGE_FLAG_FAST` (no row filters, deflate level 3). The default.
    case fast
    /// cairo's `cairo_surface_write_to_png_stream`: libpng defaults (adaptive filters, deflate level 6).
    /// Slower; kept as the reference the `png-encode` benchmark and the tests compare with.
    case cairo
}

/// Encodes a finished ARGB32 image surface with libpng's simplified API (``PNGEncoding/fast``).
///
/// Why not cairo's own writer: in the report benchmarks (`make bench`, families `report` and `charts`)
/// cairo's PNG writer, that is libpng and zlib at their default settings, took about half of a 10,000-brew
/// report's CPU time (`perf`: zlib 28 %, libpng 19 %). Charts are large flat areas; without row filters and
/// at deflate level 3 they encode several times faster. The `png-encode` benchmark family measures both
/// encoders on the same surfaces in the same run, with the file sizes.
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
    static func encode(_ surface: OpaquePointer) throws -> [UInt8] {
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32, let data = cairo_image_surface_get_data(surface) else {
            throw CairoError(status: .invalidSize, context: "encoding the PNG: not an ARGB32 image surface")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard littleEndian else { throw CairoError(status: .invalidSize, context: "encoding the PNG: big-endian pixels") }

        let (opaque, grey) = classify(data, width: width, height: height, stride: stride)
        var pixels: [UInt8]
        let format: UInt32
        if grey {
            format = 0  // PNG_FORMAT_GRAY: one 8-bit channel
            pixels = [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
                // SAFETY: rows of `width` 32-bit pixels start every `stride` bytes of the surface's data; `out`
                // holds width × height bytes. Unaligned loads: cairo's strides are multiples of 4 anyway.
                let base = out.baseAddress!
                for y in 0..<height {
                    let row = UnsafeRawPointer(data + y * stride)
                    let o = base + y * width
                    for x in 0..<width { o[x] = UInt8(truncatingIfNeeded: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) >> 8) }
                }
                count = width * height
            }
        } else if opaque {
            format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR)
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
            format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
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
        let channels = grey ? 1 : opaque ? 3 : 4
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Deflate never grows data by more than a few bytes per 16 kB block; one retry covers the rest.
        var capacity = pixels.count + pixels.count / 100 + height + 4096
        for _ in 0..<2 {
            var size = png_alloc_size_t(capacity)
            var out = [UInt8](repeating: 0, count: capacity)
            let ok = pixels.withUnsafeBytes { src in
                out.withUnsafeMutableBytes { dst in
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, png_int_32(width * channels), nil)
                }
            }
            if ok != 0 {
                out.removeSubrange(Int(size)...)
                return out
            }
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            guard Int(size) > capacity else {
                throw CairoError(status: .writeError, context: "encoding the PNG: libpng: \(message)")
            }
            capacity = Int(size)
        }
        throw CairoError(status: .writeError, context: "encoding the PNG: the output did not fit")
    }

    /// Whether every pixel is opaque, and whether every pixel is also grey (B = G = R).
    ///
    /// Reads each row as 32-bit words (B, G, R, A little-endian): opaque means every word ≥ 0xFF00_0000; grey
    /// compares B with G and G with R by shifting the word. The loop keeps two running flags instead of branching
    /// per pixel, so it vectorises.
    private static func classify(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> (opaque: Bool, grey: Bool) {
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
