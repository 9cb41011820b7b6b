import Testing
@testable import BrewStats

/// ``QuadraticFit/sweetSpot(within:)``: the vertex of a downward parabola inside the values tried, else none.
@Suite struct SweetSpotTests {
    /// y = −(x − 20)² + 4 = −396 + 40x − x²: vertex 20.
    static let peak = QuadraticFit(n: 5, a: -396, b: 40, c: -1, vertex: 20)

    @Test func vertexInsideTheValuesTried() {
        #expect(Self.peak.sweetSpot(within: 18...22) == 20)
        #expect(Self.peak.sweetSpot(within: 20...24) == 20)   // an end of the range counts
    }

    @Test func noSweetSpotOutsideUpwardOrWithoutValues() {
        #expect(Self.peak.sweetSpot(within: 21...24) == nil)  // extrapolated
        #expect(Self.peak.sweetSpot(within: nil) == nil)
        let valley = QuadraticFit(n: 5, a: 404, b: -40, c: 1, vertex: 20)
        #expect(valley.sweetSpot(within: 18...22) == nil)     // a minimum, not a peak
        let line = QuadraticFit(n: 5, a: 1, b: 2, c: 0, vertex: .nan)
        #expect(line.sweetSpot(within: 0...100) == nil)
    }

    /// The fit the grind-vs-rating groups use agrees: ratings peaking at setting 22 of 18–26.
    @Test func fittedPeak() throws {
        let x: [Double] = [18, 20, 22, 24, 26, 19, 21, 23, 25]
        let y = x.map { 4.5 - 0.05 * ($0 - 22) * ($0 - 22) }
        let q = try #require(Regression.quadratic(x, y))
        let spot = try #require(q.sweetSpot(within: 18...26))
        #expect(abs(spot - 22) < 1e-9)
        #expect(q.sweetSpot(within: 23...26) == nil)
    }
}
