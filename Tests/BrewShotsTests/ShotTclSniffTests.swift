@testable import BrewShots
import Foundation
import Testing

/// ``ShotFormat/startsLikeTcl(_:)`` answers what the regular expression it stands for answers.
@Suite struct ShotTclSniffTests {
    static func expression(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).range(of: #"^[A-Za-z_][A-Za-z0-9_()]* +[{0-9-]"#, options: .regularExpression) != nil
    }

    @Test(arguments: [
        ("clock 1634630864", true), ("espresso_elapsed {0.0 0.1}", true), ("a(b)  -1", true), ("_ {", true),
        ("x1 9", true), ("1x 9", false), ("x 9", true), ("x", false), ("x ", false), ("x  a", false), ("x\t9", false),
        ("(x) 9", false), ("x-y 9", false), ("é 9", false), ("xé 9", false), ("x +9", false), ("", false),
    ])
    func handComputed(_ text: String, _ expected: Bool) {
        #expect(ShotFormat.startsLikeTcl(ArraySlice(text.utf8)) == expected, "\(text.debugDescription)")
        #expect(Self.expression(Array(text.utf8)) == expected, "\(text.debugDescription)")
    }

    /// Pseudo-random byte strings (fixed seed) over the bytes the expression treats specially, and some that are not
    /// ASCII, give the expression's answer.
    @Test func agreesWithTheExpression() {
        let alphabet: [UInt8] = Array("aZ_09()  {-+\t\n.@[`{".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        var state: UInt64 = 0xDA3E_39CB_94B9_5BDB
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for _ in 0 ..< 20_000 {
            let bytes = (0 ..< next(8)).map { _ in alphabet[next(alphabet.count)] }
            #expect(ShotFormat.startsLikeTcl(ArraySlice(bytes)) == Self.expression(bytes), "\(bytes)")
        }
    }
}
