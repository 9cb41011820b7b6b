import Foundation
import Testing
@testable import BrewShots
import BrewHashing

/// The fast numeric path (plain decimals read from the bytes, and sample lists read without `[Any]`) gives exactly
/// what the general path gives: Swift's own `Double(String)` for the text, and ``ShotRead/number(_:)`` over the
/// reader's `[Any]` for a list.
@Suite struct ShotNumberTextTests {
    /// Hand-picked texts at the edges of the fast path's grammar and beyond it.
    static let tricky: [String] = [
        "0", "-0", "0.0", "-0.0", "00", "007", "0.000", "9.12", "-9.12", "93.5", "1", "-1", "10", "100.25",
        "+1", "+9.12", " 9.12", "9.12 ", "\t1", "1\n", "", " ", "-", "+", ".", ".5", "-.5", "5.", "-5.", "1..2",
        "1.2.3", "1,5", "18,5", " 18,5 ", "1e", "1e+", "1e-", "1E2", "1e2", "1e+2", "1e-2", "1.5e-3", "-1.5E+3",
        "1e22", "1e23", "1e-22", "1e-23", "9e22", "123456789012345e7", "1e039", "1e0039", "1e39", "-1e39", "3.5e38",
        "3.4028235e38", "3.4028236e38", "1e308", "1e309", "-1e309", "1e-320", "1e-400", "4.9e-324", "2.2250738585072014e-308",
        "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "infinity", "0x1p3", "0x10", "1_000", "1 000", "٣",
        "999999999999999", "9999999999999999", "0.999999999999999", "0.9999999999999999", "123456789012345",
        "1234567890123456", "12345678901234567890", "0.30000000000000004", "0.1", "0.2", "0.3", "2.675",
        "000000000000000000000000001.5", "1.500000000000000000000000000", "0.000000000000000000000001",
        "0.0000000000000000000001", "1000000000000000000000", "10000000000000000000000", "100000000000000000000000",
        String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1", "1" + String(repeating: "0", count: 30),
        "9007199254740993", "9007199254740992", "4503599627370497.5", "0.1e1", "10e-1", "1e-0", "-0e5", "0e-30",
        "a", "1a", "a1", "1e2e3", "--1", "-+1", "1-", "१", "1\u{0}2",
    ]

    /// Many generated texts: random digits (1–22), a point anywhere, signs, exponents (some past the fast range).
    static var generated: [String] {
        var random = SplitMix64(seed: SplitMix64.increment)  // a fixed, reproducible sequence
        func next() -> UInt64 { random.next() }
        var out: [String] = []
        for _ in 0 ..< 600 {
            let digits = Int(next() % 22) + 1
            var s = (0 ..< digits).map { _ in String(next() % 10) }.joined()
            let point = Int(next() % UInt64(digits + 1))
            if point > 0 && point < digits { s.insert(".", at: s.index(s.startIndex, offsetBy: point)) }
            if next() % 3 == 0 { s = "-" + s }
            switch next() % 6 {
            case 0: s += "e\(Int(next() % 60) - 30)"
            case 1: s += "E+\(next() % 25)"
            default: break
            }
            out.append(s)
        }
        return out
    }

    /// Bit-identical, `nil` matching `nil`.
    func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }

    @Test func exactAgreesWithSwiftsParser() {
        var fast = 0
        for text in Self.tricky + Self.generated {
            guard let v = ShotNumberText.exact(Array(text.utf8)) else { continue }
            fast += 1
            #expect(same(v, Double(text)), "\(text.debugDescription): \(v) vs \(String(describing: Double(text)))")
        }
        // The fast path is taken for most of the texts, so the agreement above is not vacuous.
        #expect(fast > 400)
    }

    @Test func handPickedValues() {
        #expect(ShotNumberText.exact(Array("9.12".utf8)) == 9.12)
        #expect(ShotNumberText.exact(Array("-1.5e-3".utf8)) == -0.0015)
        #expect(ShotNumberText.exact(Array("-0".utf8))?.sign == .minus)
        #expect(ShotNumberText.exact(Array("000000000000000000000000001.5".utf8)) == 1.5)
        for text in ["+1", " 1", "1 ", "", ".5", "5.", "1,5", "nan", "inf", "1e39", "1e23", "1234567890123456", "0x10"] {
            #expect(ShotNumberText.exact(Array(text.utf8)) == nil, "\(text.debugDescription)")
        }
    }

    /// A JSON list of strings, numbers and other values read as samples equals the general path's
    /// `[Any]` mapped through ``ShotRead/number(_:)``, entry for entry.
    @Test func sampleListAgreesWithGeneralPath() throws {
        func quoted(_ s: String) -> String {
            "\"" + s.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined() + "\""
        }
        let texts = Self.tricky + Self.generated
        func isJSONNumber(_ s: String) -> Bool {
            s.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
        }
        let bare = Array(texts.filter(isJSONNumber).prefix(200))
        let entries = texts.map(quoted) + bare
            + ["null", "true", "false", "{\"a\": [1, \"2\"]}", "[1, 2]", "\"9.\\u0031\"", "\"\\u0039\"", "-0", "12345678901234567890"]
        #expect(bare.count > 100)
        let json = "{\"elapsed\": [" + entries.joined(separator: ", ") + "], \"other\": {\"elapsed\": [\"1\"]}}"
        let general = try #require(try ShotJSONReader.parse(Data(json.utf8)) as? JSONObject)
        let fast = try #require(try ShotJSONReader.parse(Data(json.utf8), sampleKeys: ["elapsed"]) as? JSONObject)
        let expected = try #require(general["elapsed"] as? [Any]).map(ShotRead.number)
        let got = try #require(fast["elapsed"] as? JSONSamples).values
        #expect(got.count == entries.count && expected.count == entries.count)
        for (k, (a, b)) in zip(got, expected).enumerated() {
            #expect(same(a, b), "entry \(k) \(entries[k]): \(String(describing: a)) vs \(String(describing: b))")
        }
        // Only the path asked for is read as samples.
        #expect(((fast["other"] as? JSONObject)?["elapsed"]) is [Any])
    }

    /// A sample list keeps the reader's checks: malformed lists are refused, whatever the path.
    @Test func malformedSampleListsAreRefused() {
        for bad in [#"{"elapsed": ["1", }"#, #"{"elapsed": ["1" "2"]}"#, #"{"elapsed": ["1"#, #"{"elapsed": [1e]}"#,
                    #"{"elapsed": [1.]}"#, #"{"elapsed": [nul]}"#, #"{"elapsed": ["\u12"]}"#] {
            #expect(throws: ShotRejection.self, "\(bad)") { try ShotJSONReader.parse(Data(bad.utf8), sampleKeys: ["elapsed"]) }
        }
    }

    /// ``ShotRead/decimal(_:)`` with its fast path gives what `Double(s)`, then Foundation's trimming and a decimal
    /// comma, give (the reading written out here without the fast path).
    @Test func decimalAgreesWithTrimmedParse() {
        func reference(_ s: String) -> Double? {
            if let v = Double(s) { return v }
            let t = s.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
            return t.isEmpty ? nil : Double(t)
        }
        for text in Self.tricky + Self.generated {
            #expect(same(ShotRead.decimal(text), reference(text)), "\(text.debugDescription)")
            #expect(same(ShotRead.decimal(text.dropFirst(0)), reference(text)), "substring \(text.debugDescription)")
        }
    }

    /// ``ShotRead/trimmedBlanks(_:)`` trims exactly what Foundation's `.whitespacesAndNewlines` trims.
    @Test func trimmingAgreesWithFoundation() {
        let texts = ["", " ", "a", " a", "a ", "\ta\n", "\r\n", "a b", "\u{00A0}a", "a\u{00A0}", "\u{2028}a", "a\u{3000}",
                     "é", " é ", "\u{85}x", "x\u{0B}", "x\u{0C}", "日本", "🙂", "\u{200B}a"]
        for text in texts {
            #expect(ShotRead.trimmedBlanks(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }

    /// ``ShotRead/trimmedWhitespace(_:)`` trims exactly what Foundation's `.whitespaces` trims.
    @Test func whitespaceTrimmingAgreesWithFoundation() {
        let texts = ["", " ", "a", " a", "a ", "\ta\t", "\na\n", "\r", "a b", "\u{00A0}a", "a\u{00A0}", "\u{2028}a",
                     "a\u{3000}", "é", " é ", "\u{85}x", "x\u{0B}", "x\u{0C}", "日本", "🙂", "\u{200B}a", "\u{1680}x\u{202F}"]
        for text in texts {
            #expect(ShotRead.trimmedWhitespace(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
