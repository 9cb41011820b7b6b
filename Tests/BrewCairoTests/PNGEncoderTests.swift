@testable import BrewCairo
import CCairo
import Foundation
import Testing

/// A scene with text, strokes and (when `background` is false) transparent and half-transparent pixels.
/// With `grey`, every colour is a grey (R = G = B), as in the monochrome theme.
private func drawing(_ encoding: PNGEncoding, background: Bool, grey: Bool = false) throws -> [UInt8] {
    let surface = try CairoSurface(format: .png(scale: 2), width: 90, height: 50)
    let context = try CairoContext(surface: surface)
    if background {
        context.setColor(red: 1, green: 1, blue: 1)
        context.paint()
    }
    let (fill, line) = grey ? ((0.4, 0.4, 0.4), (0.2, 0.2, 0.2)) : ((0.8, 0.1, 0.3), (0.1, 0.2, 0.9))
    context.setColor(red: fill.0, green: fill.1, blue: fill.2, alpha: 0.5)
    context.rectangle(x: 5, y: 5, width: 50, height: 30)
    context.fill()
    context.setColor(red: line.0, green: line.1, blue: line.2, alpha: 0.8)
    context.setLineWidth(3)
    context.move(toX: 0, y: 50)
    context.line(toX: 90, y: 3)
    context.stroke()
    context.setColor(red: 0, green: 0, blue: 0)
    context.showText("Crème 42", x: 10, y: 45, font: CairoFont(size: 11))
    try context.close()
    return try surface.finish(png: encoding)
}

/// Decodes PNG bytes with cairo's reader (libpng) into premultiplied ARGB32 words, row by row.
private func decode(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt32]) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("brewstats-png-\(UUID().uuidString).png")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    guard let surface = cairo_image_surface_create_from_png(url.path) else { throw CairoError(status: .noMemory, context: "decode") }
    defer { cairo_surface_destroy(surface) }
    try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
    // A PNG without alpha decodes to RGB24 (alpha byte undefined); normalise it to opaque.
    let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
    let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = try #require(cairo_image_surface_get_data(surface))
    var pixels: [UInt32] = []
    for y in 0..<h {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w { pixels.append(opaque ? row[x] | 0xFF00_0000 : row[x]) }
    }
    return (w, h, pixels)
}

@Suite struct PNGEncoderTests {
    @Test func opaqueImageIsRGBAndPixelIdenticalToCairosWriter() throws {
        let fast = try drawing(.fast, background: true)
        let reference = try drawing(.cairo, background: true)
        #expect(fast[25] == 2, "colour type 2 (RGB) for an opaque image")
        #expect(reference[25] == 2, "cairo also drops alpha from an opaque image")
        let a = try decode(fast), b = try decode(reference)
        #expect(a.width == 180 && a.height == 100)
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixels == b.pixels)
    }

    @Test func opaqueGreyImageIsGreyscaleAndPixelIdenticalToCairosWriter() throws {
        let fast = try drawing(.fast, background: true, grey: true)
        let reference = try drawing(.cairo, background: true, grey: true)
        #expect(fast[25] == 0, "colour type 0 (greyscale) when every pixel is an opaque grey")
        #expect(reference[25] == 2)
        #expect(fast.count < reference.count)
        let a = try decode(fast), b = try decode(reference)
        #expect(a.width == 180 && a.height == 100)
        #expect(a.pixels == b.pixels)
        // Anti-aliased edges and text must be among them, not only flat fills.
        #expect(Set(a.pixels).count > 20)
    }

    @Test func transparentGreyImageKeepsAlpha() throws {
        let fast = try drawing(.fast, background: false, grey: true)
        #expect(fast[25] == 6, "a grey image with transparent pixels stays RGBA")
    }

    @Test func transparentPixelsKeepAlphaAndAgreeWithCairoWithinRounding() throws {
        let fast = try drawing(.fast, background: false)
        let reference = try drawing(.cairo, background: false)
        #expect(fast[25] == 6, "colour type 6 (RGBA) when any pixel is not opaque")
        let a = try decode(fast), b = try decode(reference)
        #expect(a.pixels.count == b.pixels.count)
        var worst = 0, translucent = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            let alpha = Int(p >> 24)
            if alpha != 0 && alpha != 255 { translucent += 1 }
            for shift in stride(from: 0, through: 24, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        #expect(translucent > 1000, "the scene must exercise un-premultiplying")
        #expect(worst <= 1)
    }

    /// A flat grey image with one pixel changed in its last row: the scan must look at every row and every pixel.
    private func flatGrey(lastPixel: (red: Double, green: Double, blue: Double, alpha: Double)?) throws -> [UInt8] {
        let surface = try CairoSurface(format: .png(scale: 1), width: 33, height: 7)
        let context = try CairoContext(surface: surface)
        context.setColor(red: 0.5, green: 0.5, blue: 0.5)
        context.paint()
        if let p = lastPixel {
            // SOURCE replaces the pixel, alpha included (OVER would keep it opaque).
            cairo_set_operator(context.handle, CAIRO_OPERATOR_SOURCE)
            context.setColor(red: p.red, green: p.green, blue: p.blue, alpha: p.alpha)
            context.rectangle(x: 32, y: 6, width: 1, height: 1)
            context.fill()
        }
        try context.close()
        return try surface.finish(png: .fast)
    }

    @Test func onePixelDecidesTheColourType() throws {
        #expect(try flatGrey(lastPixel: nil)[25] == 0, "every pixel an opaque grey: greyscale")
        #expect(try flatGrey(lastPixel: (0.5, 0.5, 0.6, 1))[25] == 2, "one opaque pixel whose blue differs: RGB")
        #expect(try flatGrey(lastPixel: (0.6, 0.5, 0.5, 1))[25] == 2, "one opaque pixel whose red differs: RGB")
        #expect(try flatGrey(lastPixel: (0.5, 0.5, 0.5, 0.5))[25] == 6, "one translucent grey pixel: RGBA")
        // The odd pixel survives the encoding: 0.5 grey is 128 (cairo rounds 0.5 × 255 up); the last pixel's blue
        // 0.6 × 255 = 153.
        let decoded = try decode(try flatGrey(lastPixel: (0.5, 0.5, 0.6, 1)))
        #expect(decoded.pixels.count == 33 * 7)
        #expect(decoded.pixels[0] == 0xFF80_8080)
        #expect(decoded.pixels.last == 0xFF80_8099)
    }
}
