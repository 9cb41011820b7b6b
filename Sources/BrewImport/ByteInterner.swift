/// A hash map from byte strings to entity indices, probed without creating a `String` per lookup.
///
/// Keys are copied once into an arena; lookups hash the candidate bytes (FNV-1a) and compare in place.
/// Open addressing with linear probing; the table doubles past 50 % load. A class, so the per-row readers
/// that hold one pay a single retain, not one per array.
final class ByteInterner {
    private var arena: [UInt8] = []
    private var starts: [Int] = []
    private var counts: [Int] = []
    private var hashes: [UInt64] = []
    private var values: [Int32] = []
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { values.count }

    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in key { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// The value stored for `key`, if any.
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int32? {
        let h = Self.hash(key)
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let e = slots[s]
            if e < 0 { return nil }
            let k = Int(e)
            if hashes[k] == h, counts[k] == key.count, equal(k, key) { return values[k] }
            s = (s + 1) & mask
        }
    }

    /// Stores `value` for `key` (which must not be present yet).
    func insert(_ key: UnsafeBufferPointer<UInt8>, value: Int32) {
        if (values.count + 1) * 2 > slots.count { grow() }
        let h = Self.hash(key)
        starts.append(arena.count)
        counts.append(key.count)
        arena.append(contentsOf: key)
        hashes.append(h)
        values.append(value)
        place(Int32(values.count - 1), hash: h)
    }

    private func equal(_ k: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[k]
        for i in 0..<key.count where arena[start + i] != key[i] { return false }
        return true
    }

    private func place(_ entry: Int32, hash h: UInt64) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = entry
    }

    private func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for k in 0..<values.count { place(Int32(k), hash: hashes[k]) }
    }
}
