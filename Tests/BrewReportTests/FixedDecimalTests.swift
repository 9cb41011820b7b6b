import Foundation
import Testing
@testable import BrewPages
@testable import BrewReport

/// ``FixedDecimal`` against Foundation's `String(format:)`, which it replaces: the same text for every value,
/// ties, signs, zeros, huge and tiny numbers and non-finite values included.
@Suite struct FixedDecimalTests {
    @Test func sameTextAsStringFormat() {
        var values: [Double] = [0, -0.0, 0.125, 0.375, 2.675, 1.005, -1.005, 0.5, 1.5, 2.5, -2.5, 0.0049999, -0.004,
                                1e15, 1e22, -1e300, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, 19.3,
                                -0.13, 123456.789, .nan, -.nan, .infinity, -.infinity]
        // A fixed pseudo-random spread of magnitudes and signs (64-bit LCG).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(state >> 11) / Double(1 << 53)
            let exponent = Double(Int((state >> 3) % 24)) - 8
            values.append((state & 1 == 0 ? 1 : -1) * mantissa * pow(10, exponent))
        }
        for v in values {
            for d in [0, 1, 2, 3, 6] {
                #expect(FixedDecimal.text(v, decimals: d) == String(format: "%.\(d)f", v), "\(v) at \(d) decimals")
            }
        }
    }
}
