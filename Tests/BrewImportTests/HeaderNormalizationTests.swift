@testable import BrewImport
import Foundation
import Testing

/// ``CSVColumn/normalize(_:)``'s ASCII byte path gives what the general (Foundation) path gives, and the general
/// path gives what its definition spelled with Foundation's trimming gives.
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

    @Test(arguments: [
        ("\u{3000}Dose (g)\u{2028}", "dose"), ("\u{00A0}Bean\u{85}", "bean"), ("É_tat", "état"), ("Ü ber", "über"),
        ("\u{00A0}", ""), ("Temp\u{00A0}[°C]", "temp\u{00A0}"), ("\u{FFFD}rating", "\u{FFFD}rating"),
    ])
    func unicodeHandComputed(_ header: String, _ expected: String) {
        #expect(CSVColumn.normalizeUnicode(header) == expected, "\(header.debugDescription)")
        #expect(CSVColumn.normalize(header) == expected, "\(header.debugDescription)")
    }

    /// The definition, spelled as directly as Foundation allows: trimmed of Unicode white space and line ends,
    /// lower-cased, a last `(…)` or `[…]` not at the start dropped, then space, tab, `_`, `-` and `.` removed.
    static func definition(_ header: String) -> String {
        var text = header.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        for (open, close) in [("(", ")"), ("[", "]")] where text.hasSuffix(close) {
            if let r = text.range(of: open, options: .backwards), r.lowerBound != text.startIndex {
                text = String(text[..<r.lowerBound])
            }
        }
        return String(text.unicodeScalars.filter { !" _-.\t".unicodeScalars.contains($0) }.map(Character.init))
    }

    /// Strings of a pseudo-random sample (fixed seed) of Unicode white space, line ends, combining marks, letters
    /// and the rules' special characters normalise as ``definition(_:)`` says.
    @Test func generalPathAgreesWithTheDefinition() {
        let special = Array(" \t\n\r()[]_-.aZ09\u{00A0}\u{1680}\u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{85}\u{200B}\u{FEFF}\u{0301}\u{FFFD}ÉßİΣ日🙂".unicodeScalars)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        for _ in 0 ..< 5_000 {
            var s = String.UnicodeScalarView()
            for _ in 0 ..< Int(next() % 10) { s.append(special[Int(next()) % special.count]) }
            let header = String(s)
            #expect(CSVColumn.normalizeUnicode(header) == Self.definition(header), "\(header.debugDescription)")
        }
    }
}
