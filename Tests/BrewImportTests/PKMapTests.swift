@testable import BrewImport
import Testing
import TestSupport

/// The `Z_PK` → index map the store reader resolves relationships through: array slots for small keys, a
/// dictionary for the rest, answering like one dictionary whatever the order keys arrive in.
@Suite struct PKMapTests {
    @Test("Keys stored sparsely stay found once the array grows past them")
    func sparseKeysSurviveGrowth() {
        // A journal whose first 1,100 brews were deleted: its Z_PKs start far above the row count.
        var map = PKMap()
        for (i, key) in (1100...1125).enumerated() { map[Int64(key)] = Int32(i) }
        for (i, key) in (1126...1400).enumerated() { map[Int64(key)] = Int32(26 + i) }
        #expect(map.count == 301)
        for (i, key) in (1100...1400).enumerated() { #expect(map[Int64(key)] == Int32(i), "key \(key)") }
        #expect(map[1099] == nil && map[1401] == nil)
    }

    @Test("Reserving slots keeps keys stored before it")
    func reserveKeepsSparseKeys() {
        var map = PKMap()
        map[5000] = 1; map[-3] = 2
        map.reserve(keysBelow: 10_000)
        map[7] = 3
        #expect(map[5000] == 1 && map[-3] == 2 && map[7] == 3 && map.count == 3)
    }

    @Test("Random sets and removals agree with a dictionary", arguments: [1, 2, 3, 4])
    func agreesWithDictionary(seed: UInt64) {
        var rng = TestRNG(seed: seed)
        var map = PKMap(), model: [Int64: Int32] = [:]
        if seed == 4 { map.reserve(keysBelow: 3000) }
        for step in 0..<5000 {
            // Mostly keys near the count, some far away or negative, so both stores and the growth are exercised.
            let r = rng.next() % 100
            let key: Int64 = r < 70 ? Int64(rng.next() % 3000) + (seed == 2 ? 2000 : 0)
                : r < 90 ? Int64(rng.next() % 1_000_000) : -Int64(rng.next() % 50)
            let value: Int32? = rng.next() % 5 == 0 ? nil : Int32(step)
            map[key] = value
            model[key] = value
        }
        #expect(map.count == model.count)
        for (key, value) in model { #expect(map[key] == value, "key \(key)") }
        for key in Int64(-60)..<4000 { #expect(map[key] == model[key], "key \(key)") }
    }
}
