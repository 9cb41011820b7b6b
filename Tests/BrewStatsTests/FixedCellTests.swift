import Foundation
import Testing
import TestSupport
@testable import BrewStats

/// ``CSVCell/fixed(_:places:)`` writes what Foundation's `String(format: "%.Nf")` writes, for every value and
/// number of places tried: exact halves, negative zero, the extremes, and 20,000 values drawn from a seeded generator.
@Suite struct FixedCellTests {
    func foundation(_ v: Double, _ places: Int) -> String {
        let s = String(format: "%.\(places)f", v)
        guard s.hasPrefix("-"), s.utf8.dropFirst().allSatisfy({ $0 == 48 || $0 == 46 }) else { return s }
        return String(s.dropFirst())
    }

    @Test func sameAsFoundation() {
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0625, 1.0005, 2.675, 1e-320, 5e-324, 0.1 + 0.2,
                                123_456.789, -0.0004, -0.0005, 1e21, -1e21, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, .leastNormalMagnitude]
        var rng = TestRNG(seed: 42)  // seeded: a failure is the same on every run
        for _ in 0..<20_000 {
            let scale = Double.random(in: -8...8, using: &rng)
            values.append(Double.random(in: -1...1, using: &rng) * pow(10, scale))
        }
        for v in values {
            for places in [0, 1, 2, 3, 6, 41] {
                #expect(CSVCell.fixed(v, places: places) == foundation(v, places), "\(v) at \(places)")
            }
        }
        #expect(CSVCell.fixed(-0.0004, places: 3) == "0.000")
        #expect(CSVCell.fixed(.nan, places: 2) == "" && CSVCell.fixed(.infinity, places: 2) == "")
    }
}
