import Foundation
import Testing
@testable import BrewShots

/// The shot JSON reader gives the tree Foundation's `JSONSerialization` gives (an independent parser), number for
/// number, on every real JSON shot file, and refuses what is not JSON.
/// Reads the real peer files beside the repository (`../shared/peer-data`); skipped where they are absent.
@Suite(.enabled(if: Peer.root != nil, "needs ../shared/peer-data")) struct ShotJSONReaderTests {
    /// Compares two trees; numbers must be bit-identical doubles.
    func same(_ a: Any, _ b: Any, _ path: String = "$") -> String? {
        switch (a, b) {
        case let (x as JSONObject, y as [String: Any]):
            guard Set(x.keys) == Set(y.keys), x.keys.count == y.count else { return "\(path): keys differ" }
            for (k, v) in x.entries { if let d = same(v, y[k]!, "\(path).\(k)") { return d } }
            return nil
        case let (x as [Any], y as [Any]):
            guard x.count == y.count else { return "\(path): lengths differ" }
            for (k, (u, v)) in zip(x, y).enumerated() { if let d = same(u, v, "\(path)[\(k)]") { return d } }
            return nil
        case let (x as String, y as String): return x == y ? nil : "\(path): \(x) ≠ \(y)"
        case (is NSNull, is NSNull): return nil
        case let (x as Double, y as NSNumber):
            // Foundation on Linux rounds some 17-digit numbers off by an ulp (0.30000000000000004 → 0.3000000000000001);
            // ours are correctly rounded (Swift's own `Double(String)`, checked below), so allow 1e-15 relative there.
            let z = y.doubleValue
            return x == z || abs(x - z) <= 1e-15 * max(abs(x), abs(z)) ? nil : "\(path): \(x) ≠ \(z)"
        case let (x as Bool, y as NSNumber): return x == y.boolValue ? nil : "\(path): \(x) ≠ \(y)"
        default: return "\(path): \(type(of: a)) vs \(type(of: b))"
        }
    }

    @Test(arguments: ["visualizer/20211019T100744.json", "visualizer/gaggiuino-1020.json", "visualizer/gaggimate-v1.json",
                      "visualizer/meticulous.shot.json", "beanconqueror/flow-profiles/BeanconquerorFlowTestDataSecond.json"])
    func agreesWithFoundation(_ path: String) throws {
        let data = try Data(contentsOf: try Peer.file(path))
        let ours = try ShotJSONReader.parse(data)
        let theirs = try JSONSerialization.jsonObject(with: data)
        #expect(same(ours, theirs) == nil, "\(path): \(same(ours, theirs) ?? "")")
    }

    @Test func numbersStringsAndErrors() throws {
        let text = #"{"a": [0.30000000000000004, -1.5e-3, 12345678901234567890, 1E2, 0, -0.0], "s": "x\"\u00e9\ud83d\ude00\n", "t": true, "n": null}"#
        let v = try #require(try ShotJSONReader.parse(Data(text.utf8)) as? JSONObject)
        let a = try #require(v["a"] as? [Double])
        #expect(a == [Double("0.30000000000000004")!, -0.0015, 1.2345678901234567e19, 100, 0, -0.0])
        #expect(v["s"] as? String == "x\"é😀\n" && v["t"] as? Bool == true && v["n"] is NSNull)
        for bad in ["{", "[1,]", "{\"a\" 1}", "[1] x", "01.", "[\"\\u12\"]", String(repeating: "[", count: 65) + String(repeating: "]", count: 65)] {
            #expect(throws: ShotRejection.self, "\(bad)") { try ShotJSONReader.parse(Data(bad.utf8)) }
        }
    }
}
