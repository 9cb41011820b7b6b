@testable import BrewImport
import Foundation
import TestSupport
import Testing

/// ``JSONRecordText`` writes what `JSONSerialization.data(withJSONObject:options: [.sortedKeys])` writes, byte for
/// byte, for values read by `JSONSerialization` (the reference is Foundation's writer itself).
@Suite struct JSONRecordTextTests {
    static func foundation(_ value: Any) -> String? {
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func handComputed() throws {
        let value = try Self.parsed(#"{"b": [1, 2.5, true, null], "a10": "x/y", "a9": {"Z": -3, "z": 1e2}, "A2": "\t"}"#)
        #expect(JSONRecordText.text(value) == #"{"A2":"\t","a9":{"z":100,"Z":-3},"a10":"x\/y","b":[1,2.5,true,null]}"#)
        #expect(JSONRecordText.text(value) == Self.foundation(value))
    }

    @Test func notAnObjectOrArray() throws {
        #expect(JSONRecordText.text("text") == nil)
        #expect(JSONRecordText.text(try Self.parsed("12")) == nil)
        #expect(JSONRecordText.text([Double.nan]) == nil)
    }

    /// Every code point below U+0080, and some beyond, as a string and as a key.
    @Test func stringsAndKeys() throws {
        var strings = (0 ..< 0x80).map { String(UnicodeScalar(UInt8($0))) }
        strings += ["é", "ß", "日本", "🙂", "\u{2028}", "\u{FEFF}", "e\u{301}", "\u{FFFD}", "a\"b\\c/d"]
        for s in strings {
            let value: [String: Any] = [s: s, "kk": [s]]
            #expect(JSONRecordText.text(value) == Self.foundation(value), "\(s.debugDescription)")
        }
    }

    /// Pseudo-random documents (fixed seed) of nested objects and arrays with keys that collate in interesting
    /// ways (case, digits, accents, punctuation) and numbers of every kind `JSONSerialization` reads.
    @Test func randomDocuments() throws {
        let keys = ["a", "A", "b", "B", "a1", "a2", "a10", "A10", "a9", "_x", "-x", ".x", "x_", "é", "E", "ß", "ss", "日",
                    "1", "2", "10", "01", "", " ", "Z", "z", "brew_id", "brewID", "brew-id", "🙂", "a b", "a/b"]
        let leaves = ["0", "-0", "1", "-1", "3.0", "2.5", "-0.5", "1e2", "1E-7", "1e22", "123456789012345678",
                      "9223372036854775807", "18446744073709551615", "1.7976931348623157e308", "0.1", "true", "false",
                      "null", #""""#, #""x\/y""#, #""\u0001\u001f\"\\""#, #""é 日 🙂""#, #""\t\n\r\b\f""#]
        var state: UInt64 = 0x853C_49E6_748F_EA9B
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        func value(_ depth: Int) -> String {
            switch depth > 2 ? 2 : next(4) {
            case 0:
                let members = (0 ..< next(6)).map { _ in "\"\(keys[next(keys.count)])\": \(value(depth + 1))" }
                return "{" + members.joined(separator: ",") + "}"
            case 1: return "[" + (0 ..< next(4)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default: return leaves[next(leaves.count)]
            }
        }
        for _ in 0 ..< 2_000 {
            let text = "{" + (0 ..< next(8)).map { _ in "\"\(keys[next(keys.count)])\": \(value(1))" }.joined(separator: ",") + "}"
            let document = try Self.parsed(text)
            #expect(JSONRecordText.text(document) == Self.foundation(document), "\(text)")
        }
    }

    /// The first 200 objects of each array (brews, beans, mills, …) of the real Beanconqueror backups and uploads in
    /// `peer-data`, and each whole document.
    @Test func realRecords() throws {
        var folder = Repo.root, found: URL?
        for _ in 0 ..< 3 {
            folder = folder.deletingLastPathComponent()
            let url = folder.appendingPathComponent("shared/peer-data/beanconqueror")
            if FileManager.default.fileExists(atPath: url.path) { found = url; break }
        }
        guard let found else { try Test.cancel("needs the real backups in ../shared/peer-data/beanconqueror") }
        let files = FileManager.default.enumerator(at: found, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        var records = 0
        for file in files {
            guard let document = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) else { continue }
            var values: [Any] = [document]
            if let root = document as? [String: Any] {
                for case let array as [Any] in root.values { values += array }
            }
            for value in values.prefix(200) where JSONSerialization.isValidJSONObject(value) {
                #expect(JSONRecordText.text(value) == Self.foundation(value), "\(file.lastPathComponent)")
                records += 1
            }
        }
        #expect(records > 10)
    }
}
