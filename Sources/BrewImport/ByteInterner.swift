import BrewHashing

/// A hash map from byte strings to entity indices, probed without creating a `String` per lookup.
///
/// Keys are copied once into an arena; lookups hash the candidate bytes (FNV-1a, eight bytes a step) and compare
/// in place. Open addressing with linear probing; the table doubles past 50 % load. A value type: the per-row
/// reader owns its interners, so lookups pay no reference counting or exclusivity checks.
struct ByteInterner {
    private struct Entry {
        var start: Int
        var count: Int
        var hash: UInt64
        var value: Int32
    }

    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { entries.count }

    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // FNV-1a keyed by the length, a word at a time (folded after each word), then the tail's bytes.
        var h = FNV1a(basis: FNV1a.offsetBasis ^ UInt64(key.count))
        guard let base = key.baseAddress else { return h.value }
        var i = 0
        let n = key.count
        while i + 8 <= n {
            // SAFETY: `i + 8 <= n`, inside the key.
            h.combine(word: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            h.value ^= h.value >> 29
            i += 8
        }
        while i < n { h.combine(base[i]); i += 1 }
        return h.value ^ (h.value >> 32)
    }

    /// The value stored for `key`, if any.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Int32? {
        let h = Self.hash(key)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var s = Int(truncatingIfNeeded: h) & mask
                while true {
                    // SAFETY: `s` is masked into the table (a power of two); entry indices in it are in range.
                    let e = slots[s]
                    if e < 0 { return nil }
                    let entry = entries[Int(e)]
                    if entry.hash == h, entry.count == key.count, equal(entry, key) { return entry.value }
                    s = (s + 1) & mask
                }
            }
        }
    }

    /// Stores `value` for `key` (which must not be present yet).
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, value: Int32) {
        if (entries.count + 1) * 2 > slots.count { grow() }
        let h = Self.hash(key)
        entries.append(Entry(start: arena.count, count: key.count, hash: h, value: value))
        arena.append(contentsOf: key)
        place(Int32(entries.count - 1), hash: h)
    }

    /// Calls `body` with every key and its value, in the order they were inserted.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int32) -> Void) {
        arena.withUnsafeBufferPointer { a in
            for entry in entries {
                // SAFETY: the entry's range was appended to the arena.
                body(UnsafeBufferPointer(rebasing: a[entry.start..<entry.start + entry.count]), entry.value)
            }
        }
    }

    private func equal(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let k = key.baseAddress else { return true }  // both empty (counts matched)
        return arena.withUnsafeBufferPointer { a in
            // SAFETY: the entry's range was appended to the arena; `key.count == entry.count`.
            memcmpBytes(a.baseAddress! + entry.start, k, key.count)
        }
    }

    private mutating func place(_ entry: Int32, hash h: UInt64) {
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while slots[s] >= 0 { s = (s + 1) & mask }
        slots[s] = entry
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for k in entries.indices { place(Int32(k), hash: entries[k].hash) }
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
@inline(__always)
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
        // SAFETY: `i + 8 <= count`, inside both ranges.
        if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
            != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) {
            return false
        }
        i += 8
    }
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
