import BrewExport
import Foundation
import Testing
import TestSupport

@Suite struct DecimalTextTests {
    @Test(arguments: [0.0, -0.0, 1, 18, 18.5, 0.1, 0.125, -3.25, 1.0 / 3, 1e-7, 123_456.789, 9.1e12, 4.5e15, 1e300, 5e-324,
                      Double.greatestFiniteMagnitude, 0.3, 2.675, 93.4, 1.38])
    func readsBackBitForBit(value: Double) {
        let text = DecimalText.text(value)
        #expect(Double(text)?.bitPattern == value.bitPattern || (value == 0 && Double(text) == 0), "\(value) → \(text)")
    }

    @Test func plainWhereExact() {
        #expect(DecimalText.text(18) == "18")
        #expect(DecimalText.text(18.5) == "18.5")
        #expect(DecimalText.text(-0.125) == "-0.125")
        #expect(DecimalText.text(0.000001) == "0.000001")
        #expect(DecimalText.text(1500) == "1500")
    }

    @Test func randomValuesReadBack() {
        var rng = TestRNG(seed: 42)
        for _ in 0..<20_000 {
            let bits = rng.next()
            let v = Double(bitPattern: bits)
            guard v.isFinite else { continue }
            #expect(Double(DecimalText.text(v)) == v)
            let typed = Double(Int64(bitPattern: rng.next()) % 1_000_000) / 100  // as people type: 2 decimals
            #expect(Double(DecimalText.text(typed)) == typed)
        }
    }
}
