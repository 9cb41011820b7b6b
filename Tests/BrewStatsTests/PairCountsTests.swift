import Testing
import TestSupport
@testable import BrewStats

/// Distinct (x, y) pairs with counts, as grind-vs-rating groups keep their points.
@Suite struct PairCountsTests {
    /// The expected result by the definition: finite pairs, −0 as +0, sorted by (x, y), counted with a dictionary.
    static func expected(_ x: [Double], _ y: [Double]) -> [(Double, Double, Int)] {
        var counts: [[Double]: Int] = [:]
        for (a, b) in zip(x, y) where a.isFinite && b.isFinite { counts[[a + 0.0, b + 0.0], default: 0] += 1 }
        return counts.map { ($0.key[0], $0.key[1], $0.value) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    static func check(_ x: [Double], _ y: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        let p = PairCounts(x: x, y: y)
        let want = expected(x, y)
        #expect(p.x == want.map(\.0) && p.y == want.map(\.1) && p.counts == want.map(\.2), sourceLocation: sourceLocation)
        #expect(p.total == want.reduce(0) { $0 + $1.2 }, sourceLocation: sourceLocation)
        #expect(p.expandedX.count == p.total && p.expandedY.count == p.total, sourceLocation: sourceLocation)
        #expect(p.distinctX == Array(Set(want.map(\.0))).sorted(), sourceLocation: sourceLocation)
    }

    @Test func fewDistinctPairsByHashing() {
        var rng = TestRNG(seed: 5)
        let x = (0..<5000).map { _ in Double(rng.next() % 30) }
        let y = (0..<5000).map { _ in Double(rng.next() % 11) / 2 }
        Self.check(x, y)
        Self.check([3, -0.0, 0, .nan, 3, .infinity], [1, 2, 2, 1, 1, 4])
        Self.check([], [])
    }

    @Test func manyDistinctPairsBySorting() {
        // More than 4,096 distinct pairs, and values past the hashing path's magnitude limit.
        var rng = TestRNG(seed: 6)
        let x = (0..<9000).map { _ in Double(rng.next() % 3000) / 7 }
        let y = (0..<9000).map { _ in Double(rng.next() % 5) }
        Self.check(x, y)
        Self.check([1e200, 1e200, 1], [1, 1, 2])
    }
}
