@testable import BrewCairo
import Foundation
import Testing

/// Draws a small scene with text so output exercises glyph definitions.
private func scene(_ format: CairoOutputFormat) throws -> [UInt8] {
    let surface = try CairoSurface(format: format, width: 120, height: 60)
    let context = try CairoContext(surface: surface)
    context.setColor(red: 1, green: 1, blue: 1)
    context.paint()
    context.setColor(red: 0, green: 0, blue: 0)
    context.rectangle(x: 10, y: 10, width: 40, height: 20)
    context.fill()
    context.showText("Crème 日本", x: 10, y: 50, font: CairoFont(size: 12))
    try context.close()
    return try surface.finish()
}

@Suite struct CairoSurfaceTests {
    @Test func pngHasRequestedPixelSizeAtScale() throws {
        let bytes = try scene(.png(scale: 2))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR width and height, big-endian, at offsets 16 and 20.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 240)
        #expect(height == 120)
    }

    @Test func pngScaleOneKeepsPointSize() throws {
        let bytes = try scene(.png(scale: 1))
        #expect(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } == 120)
    }

    @Test func svgIsByteIdenticalAcrossRenders() throws {
        let first = try scene(.svg)
        let second = try scene(.svg)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains("id=\"glyph1\""))
    }

    @Test func pdfIsByteIdenticalAndHasFixedDate() throws {
        let first = try scene(.pdf)
        let second = try scene(.pdf)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.5"))
        // cairo 1.16 writes the date without the "D:" prefix; later releases add it.
        #expect(text.contains("/CreationDate (D:20000101000000Z)") || text.contains("/CreationDate (20000101000000Z)"))
    }

    @Test(arguments: [(0.0, 10.0), (-1, 10), (10, .nan), (10, .infinity), (1e6, 10)])
    func invalidSizesThrowInvalidSize(width: Double, height: Double) {
        #expect {
            _ = try CairoSurface(format: .svg, width: width, height: height)
        } throws: { error in
            (error as? CairoError)?.status == .invalidSize
        }
    }

    @Test func unbalancedRestoreIsReportedWhenClosing() throws {
        let surface = try CairoSurface(format: .png(scale: 1), width: 10, height: 10)
        let context = try CairoContext(surface: surface)
        context.restore()
        #expect(context.status == .invalidRestore)
        var caught: CairoError?
        do {
            try context.close()
        } catch let error as CairoError {
            caught = error
        }
        #expect(caught?.status == .invalidRestore)
        #expect(caught?.description.contains("drawing") == true)
    }

    @Test func invalidDashIsSticky() throws {
        let surface = try CairoSurface(format: .svg, width: 10, height: 10)
        let context = try CairoContext(surface: surface)
        context.setDash([-1, 2])
        #expect(throws: CairoError.self) { try context.checkStatus("dashing") }
    }

    @Test func statusDescriptionsComeFromCairo() {
        #expect(CairoStatus.writeError.description.lowercased().contains("writ"))
        #expect(CairoStatus.success.description.lowercased().contains("no error"))
        #expect(CairoStatus(rawValue: 11) == .writeError)
    }
}

@Suite struct SVGIdentifierTests {
    @Test func renumbersDefinitionsAndReferencesInOrder() {
        let input = ##"<g id="surface17"><use xlink:href="#glyph3-2"/><path id="glyph3-2"/><g clip-path="url(#clip9)"/><clipPath id="clip9"/></g><use xlink:href="#surface17"/>"##
        let output = String(decoding: SVGIdentifiers.normalised(Array(input.utf8)), as: UTF8.self)
        #expect(output == ##"<g id="surface1"><use xlink:href="#glyph1"/><path id="glyph1"/><g clip-path="url(#clip1)"/><clipPath id="clip1"/></g><use xlink:href="#surface1"/>"##)
    }

    /// The edge cases of the two passes: a definition counts only after a space or at the very start (so `grid="…"`
    /// defines nothing), a name defined twice keeps its first number, references to undefined names and `#` not after
    /// `"` or `(` stay as they are, and a reference at the very end of the input is renamed.
    @Test func renamesOnlyDefinedNamesAndKeepsEverythingElse() {
        let input = ##"id="a7" <p grid="b2"/><q id="b9"/><r id="a7"/><s id="a3"/>"#b2" "#zz" x#a3 (#a3) "#a7""##
        let output = String(decoding: SVGIdentifiers.normalised(Array(input.utf8)), as: UTF8.self)
        // a7 → a1, b9 → b1, a3 → a2 (per-prefix counters in order of definition); b2 is never defined.
        #expect(output == ##"id="a1" <p grid="b2"/><q id="b1"/><r id="a1"/><s id="a2"/>"#b2" "#zz" x#a3 (#a2) "#a1""##)
    }

    @Test func leavesDocumentsWithoutIdsAlone() {
        let input = Array(#"<svg><path d="M0 0"/></svg>"#.utf8)
        #expect(SVGIdentifiers.normalised(input) == input)
    }
}

@Suite struct CairoTextTests {
    @Test func measuresWithPositiveMetrics() {
        let font = CairoFont(size: 10)
        let wide = CairoText.measure("WWWW", font: font)
        let narrow = CairoText.measure("iiii", font: font)
        #expect(wide.width > narrow.width)
        #expect(wide.ascent > 5 && wide.ascent < 12)
        #expect(wide.descent > 0)
        #expect(CairoText.measure("", font: font).width == 0)
    }

    @Test func sizeScalesWidthLinearly() {
        let small = CairoText.measure("Grind setting", font: CairoFont(size: 10)).width
        let large = CairoText.measure("Grind setting", font: CairoFont(size: 20)).width
        #expect(abs(large - 2 * small) < 0.01 * large)
    }

    @Test func accentedAndCJKTextIsCoveredByFallback() {
        #expect(CairoText.isCovered("Crème brûlée, Müller", font: CairoFont(size: 10)))
        #expect(CairoText.isCovered("日本の急須", font: CairoFont(size: 10)))
        #expect(CairoText.measure("日本", font: CairoFont(size: 10)).width > 15)
    }
}
