@testable import BrewCairo
import CCairo
import Foundation
import Testing

/// A marker like the control chart's: a translucent disc of radius 3.2 pt with a solid 0.8 pt outline.
private func disc(_ context: borrowing CairoContext) {
    context.newPath()
    context.move(toX: 3.2, y: 0)
    let k = 0.5522847498 * 3.2
    context.curve(x1: 3.2, y1: k, x2: k, y2: 3.2, x3: 0, y3: 3.2)
    context.curve(x1: -k, y1: 3.2, x2: -3.2, y2: k, x3: -3.2, y3: 0)
    context.curve(x1: -3.2, y1: -k, x2: -k, y2: -3.2, x3: 0, y3: -3.2)
    context.curve(x1: k, y1: -3.2, x2: 3.2, y2: -k, x3: 3.2, y3: 0)
    context.closePath()
    context.setColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 0.7)
    context.fillPreserve()
    context.setColor(red: 0.1, green: 0.1, blue: 0.1)
    context.setLineWidth(0.8)
    context.stroke()
}

/// Deterministic centres at arbitrary sub-pixel positions, many of them overlapping.
private let centres: [(Double, Double)] = {
    var state: UInt64 = 42
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<300).map { _ in (4 + next() * 112, 4 + next() * 52) }
}()

/// Draws the centres on a white 120 × 60 pt surface, each marker either drawn as paths or stamped, and
/// returns the premultiplied ARGB32 pixels (the surface is finished to PNG only to release it).
private func pixels(format: CairoOutputFormat = .png(scale: 2), offset: Double = 0,
                    place: (borrowing CairoContext, Double, Double) -> Void) throws -> [UInt32] {
    let surface = try CairoSurface(format: format, width: 120, height: 60)
    let context = try CairoContext(surface: surface)
    context.setColor(red: 1, green: 1, blue: 1)
    context.paint()
    for (x, y) in centres { place(context, x + offset, y) }
    try context.close()
    cairo_surface_flush(surface.handle)
    let w = Int(cairo_image_surface_get_width(surface.handle)), h = Int(cairo_image_surface_get_height(surface.handle))
    let stride = Int(cairo_image_surface_get_stride(surface.handle))
    let data = try #require(cairo_image_surface_get_data(surface.handle))
    var result: [UInt32] = []
    for y in 0..<h {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w { result.append(row[x]) }
    }
    _ = try surface.finish()
    return result
}

/// The largest and the mean difference of any colour channel between two images of the same size.
private func difference(_ a: [UInt32], _ b: [UInt32]) -> (max: Int, mean: Double) {
    var largest = 0, total = 0
    for (p, q) in zip(a, b) {
        for shift in [0, 8, 16] {
            let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
            largest = max(largest, d)
            total += d
        }
    }
    return (largest, Double(total) / Double(3 * a.count))
}

private func drawn(_ context: borrowing CairoContext, _ x: Double, _ y: Double) {
    context.save()
    cairo_translate(context.handle, x, y)
    disc(context)
    context.restore()
}

@Suite struct CairoStampTests {
    /// Stamped markers land within 1/8 device pixel of drawn ones, so they differ from the drawing less than the
    /// drawing differs from itself moved by 1/8 pixel; overlapping translucent fills compound as when drawn.
    @Test(arguments: [1.0, 2.0, 3.0])
    func rasterStampsMatchDrawnMarkers(scale: Double) throws {
        let stamp = CairoStamp(target: .raster(scale: scale), extent: 4, draw: disc)
        let reference = try pixels(format: .png(scale: scale), place: drawn)
        let stamped = try pixels(format: .png(scale: scale)) { stamp.place(on: $0, x: $1, y: $2) }
        let eighth = try pixels(format: .png(scale: scale), offset: 1 / (8 * scale), place: drawn)
        let (largest, mean) = difference(reference, stamped)
        #expect(stamp.failure == nil)
        #expect(largest <= 64, "largest channel difference \(largest)")
        #expect(mean < difference(reference, eighth).mean, "mean channel difference \(mean)")
        // The comparison notices a misplacement by half a device pixel.
        let shifted = try pixels(format: .png(scale: scale), offset: 0.5 / scale) { stamp.place(on: $0, x: $1, y: $2) }
        #expect(difference(reference, shifted).mean > 3 * mean)
    }

    /// On the quarter-pixel grid a stamp is the drawing itself: the same coverage, composited in the same order.
    @Test func rasterStampsOnTheQuarterPixelGridEqualDrawnMarkers() throws {
        let snap = { (v: Double) in (v * 8).rounded() / 8 }
        let stamp = CairoStamp(target: .raster(scale: 2), extent: 4, draw: disc)
        let reference = try pixels { drawn($0, snap($1), snap($2)) }
        let stamped = try pixels { stamp.place(on: $0, x: snap($1), y: snap($2)) }
        let (largest, mean) = difference(reference, stamped)
        #expect(largest <= 2, "largest channel difference \(largest)")
        #expect(mean < 0.15, "mean channel difference \(mean)")
    }

    @Test func svgDefinesTheDrawingOnceAndUsesItAtEachPlacement() throws {
        let svg = try Self.stamped(.svg)
        let uses = svg.components(separatedBy: "<use xlink:href=\"#surface").count - 1
        #expect(uses == centres.count)
        // One outline in the whole document: the stamp's.
        #expect(svg.components(separatedBy: " C ").count - 1 == 4)
        // The first placement is moved by its centre less the extent (the drawing's origin sits at (4, 4)).
        let (x, y) = centres[0]
        #expect(svg.contains("transform=\"matrix(1,0,0,1,\(Self.cairoNumber(x - 4)),\(Self.cairoNumber(y - 4)))\""))
    }

    @Test func pdfWritesTheDrawingOnceAsAFormXObject() throws {
        let pdf = try Self.stamped(.pdf)
        #expect(pdf.components(separatedBy: "/Subtype /Form").count - 1 == 1)
    }

    @Test func nonFiniteAndFarAwayPlacementsDrawNothing() throws {
        let stamp = CairoStamp(target: .raster(scale: 2), extent: 4, draw: disc)
        let blank = try pixels { _, _, _ in }
        let placed = try pixels { context, _, _ in
            for (x, y) in [(Double.nan, 10.0), (10, .infinity), (-1e9, 10), (1e7, 1e7), (-50, -50)] {
                stamp.place(on: context, x: x, y: y)
            }
        }
        #expect(placed == blank)
    }

    /// A vector document with the disc stamped at every centre, as text.
    static func stamped(_ format: CairoOutputFormat) throws -> String {
        let surface = try CairoSurface(format: format, width: 120, height: 60)
        let context = try CairoContext(surface: surface)
        let stamp = CairoStamp(target: .vector, extent: 4, draw: disc)
        for (x, y) in centres { stamp.place(on: context, x: x, y: y) }
        try context.close()
        #expect(stamp.failure == nil)
        return String(decoding: try surface.finish(), as: UTF8.self)
    }

    /// cairo's SVG number format: up to six decimals, trailing zeros dropped.
    static func cairoNumber(_ value: Double) -> String {
        var text = String(format: "%f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
