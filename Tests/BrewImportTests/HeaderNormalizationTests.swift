@testable import BrewImport
import Testing

/// ``CSVColumn/normalize(_:)``'s ASCII byte path gives what the general (Foundation) path gives.
@Suite struct HeaderNormalizationTests {
    @Test(arguments: [
        ("Dose (g)", "dose"), ("  Temp [°C] ", "temp"), ("(g)", "(g)"), ("Brew_Time-s.", "brewtimes"),
        ("a (b) [c]", "a(b)"), ("x [c] (d)", "x[c]"), ("\t\r\nWHEN\u{0B}\u{0C}", "when"), ("", ""), ("  ", ""),
        ("dose ( g )", "dose"), ("a(b", "a(b"), ("a)b)", "a)b)"), ("a\nb", "a\nb"), ("Ünit (g)", "ünit"),
    ])
    func handComputed(_ header: String, _ expected: String) {
        #expect(CSVColumn.normalize(header) == expected, "\(header.debugDescription)")
        #expect(CSVColumn.normalizeUnicode(header) == expected, "\(header.debugDescription)")
    }

    /// Every ASCII string of a pseudo-random sample (fixed seed), weighted toward the characters the rules treat
    /// specially, normalises the same on both paths.
    @Test func asciiPathAgreesWithTheGeneralPath() {
        let special = Array(" \t\n\r\u{0B}\u{0C}\u{1C}\u{1F}()[]_-.aZ09".unicodeScalars)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        for _ in 0 ..< 20_000 {
            var s = String.UnicodeScalarView()
            for _ in 0 ..< Int(next() % 12) {
                let scalar = next() % 3 == 0 ? Unicode.Scalar(UInt8(next() % 128)) : special[Int(next()) % special.count]
                s.append(scalar)
            }
            let header = String(s)
            #expect(CSVColumn.normalize(header) == CSVColumn.normalizeUnicode(header), "\(header.debugDescription)")
        }
    }
}
