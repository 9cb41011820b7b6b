@testable import BrewCharts
import Foundation
import Testing

/// The SVG writer's colour and class names, against values worked out here by a second method (Foundation's
/// `String(format:)` for the hex digits, base-26 arithmetic by hand for the class names).
@Suite("SVG colour and class names")
struct SVGNamingTests {
    /// `#rrggbb` by `String(format:)`, shortened to `#rgb` when every channel's two digits are equal.
    static func reference(_ c: Color) -> String {
        let v = [c.red, c.green, c.blue].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        let long = String(format: "#%02x%02x%02x", v[0], v[1], v[2])
        guard v.allSatisfy({ $0 % 17 == 0 }) else { return long }
        return String(format: "#%x%x%x", v[0] / 17, v[1] / 17, v[2] / 17)
    }

    @Test("Hex colours, long and short forms, clamped channels")
    func hexColours() {
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * 1.2 - 0.1  // some below 0 and above 1
        }
        var colours = [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1),
                       Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0),
                       Color(red: 0x12 / 255.0, green: 0x34 / 255.0, blue: 0xab / 255.0)]
        for _ in 0..<500 { colours.append(Color(red: next(), green: next(), blue: next())) }
        for c in colours { #expect(SVGSyntax.hex(c) == Self.reference(c), "\(c)") }
        #expect(SVGSyntax.hex(Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0)) == "#369")
        #expect(SVGSyntax.hex(Color(red: 0x12 / 255.0, green: 0x34 / 255.0, blue: 0xab / 255.0)) == "#1234ab")
    }

    @Test("Class names are base-26 letters")
    func classNames() {
        #expect(SVGBackend.name(0) == "a")
        #expect(SVGBackend.name(25) == "z")
        #expect(SVGBackend.name(26) == "ba")
        #expect(SVGBackend.name(27) == "bb")
        #expect(SVGBackend.name(26 * 26) == "baa")
        // 1000 = 1·26² + 12·26 + 12: b, m, m.
        #expect(SVGBackend.name(1000) == "bmm")
    }
}
